import Foundation
import IntentMark

/// `intentmark apply DOC EDITS.json [--to FORMAT] [-o FILE] [OPTIONS]`: replays an edit script
/// (``EditScript``) on a document and writes the result (Markdown by default).
struct ApplyCommand {
    private var convert = ConvertCommand()
    private var documentPath: String?
    private var scriptPath: String?

    /// Parses the arguments after `apply`; `nil` when `--help` was asked for.
    /// - Throws: ``UsageError`` for an unknown flag, a missing or invalid value, or a wrong
    ///   number of files.
    init?(parsing arguments: [String]) throws {
        convert.format = .markdown
        var reader = ArgumentReader(arguments)
        while let argument = reader.next() {
            switch argument {
            case .positional(let path):
                if documentPath == nil {
                    documentPath = path
                } else if scriptPath == nil {
                    scriptPath = path
                } else {
                    throw UsageError("apply takes a document and an edit script (got a third file, '\(path)')")
                }
            case .option(let name, let inlineValue):
                if name == "-h" || name == "--help" { return nil }
                guard try convert.parseOption(name, inlineValue: inlineValue, reader: &reader) else {
                    throw UsageError("unknown option '\(name)' for apply")
                }
            }
        }
        guard documentPath != nil, scriptPath != nil else {
            throw UsageError("apply needs a document and an edit script: intentmark apply DOC.md EDITS.json")
        }
        if convert.jobs != nil { throw UsageError("-j/--jobs applies to convert into a directory, not to apply") }
        // The parsing options apply to the script's Markdown proposals even when DOC is JSON.
        try convert.resolveFormatAndCheckOptions(documentIsJSON: false)
    }

    /// Reads the document and the script, applies the script, writes the result; nothing is
    /// written when any step fails.
    /// - Throws: ``IntentMarkError`` for a document that cannot be read or parsed,
    ///   ``EditScriptError`` for an invalid script or replacement.
    func execute() throws -> ExitStatus {
        try convert.writeOutput { try convert.output(of: try edited()) }
    }

    /// The document with the script applied, read as `convert` reads its input: a path ending in
    /// `.json` (or `-f json`) as the JSON document form, any other as Markdown (`-`: standard input).
    private func edited() throws -> IntentDocument {
        var reader = convert
        reader.inputPath = documentPath
        if documentPath?.lowercased().hasSuffix(".json") == true { reader.readsJSON = true }
        let document = try reader.readDocument()
        let script = try EditScript(jsonData: try IntentDocument.readFile(at: URL(fileURLWithPath: scriptPath ?? "-")))
        return try script.applied(to: document, options: convert.options)
    }
}

extension ApplyCommand: Subcommand {
    static var helpText: String { HelpText.apply }
}
