import Foundation
import IntentMark

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `intentmark convert [FILE|-] --to FORMAT [OPTIONS]`.
struct ConvertCommand {
    /// The input files in order (`-` is standard input); several are read as one document, joined
    /// by a blank line (Markdown) or appended (JSON). Empty: standard input.
    var inputPaths: [String] = []
    /// The first input, for commands that take one.
    var inputPath: String? {
        get { inputPaths.first }
        set { inputPaths = newValue.map { [$0] } ?? [] }
    }
    /// `-f`/`--from`: whether the input is the JSON document form rather than Markdown.
    var readsJSON = false
    /// Whether a `-e`/`--extension` was given (the first one replaces the default set).
    private var extensionWasGiven = false
    var outputPath: String?
    var format: OutputFormat = .runs
    /// Whether `--to` was given; without it the format follows the `-o` file's extension.
    var formatWasGiven = false
    var options = MarkdownParsingOptions()
    var htmlOptions = HTMLWritingOptions()
    var plainTextOptions = PlainTextOptions()
    /// `--result-options`: lower the document before writing it (json and runs).
    var resultOptions: ResultOptions? = nil
    var styleSheet = StyleSheet.default
    /// `--width`, `--color`: how `--to terminal` renders.
    var terminal = TerminalFlags()
    /// Convert the document embedded in the binary instead of reading input.
    var embeddedDefault = false

    init() {}

    /// Parses the arguments after `convert`; `nil` when `--help` was asked for.
    /// - Throws: ``UsageError`` for an unknown flag, a missing or invalid value, or two inputs.
    init?(parsing arguments: [String]) throws {
        var reader = ArgumentReader(arguments)
        while let argument = reader.next() {
            switch argument {
            case .positional(let path):
                inputPaths.append(path)
            case .option(let name, let inlineValue):
                if name == "-h" || name == "--help" { return nil }
                guard try parseOption(name, inlineValue: inlineValue, reader: &reader) else {
                    throw UsageError("unknown option '\(name)' for convert")
                }
            }
        }
        if !formatWasGiven, let outputPath, let inferred = OutputFormat(inferringFrom: outputPath) { format = inferred }
        if inputPaths.isEmpty, isatty(STDIN_FILENO) != 0 {
            throw UsageError("no input: give a FILE, '-' for standard input, or pipe Markdown in")
        }
    }

    /// Reads one option of `convert` (output format and file, writing and parsing options);
    /// `false` when `name` is none of them.
    /// - Throws: ``UsageError`` for a missing or invalid value.
    mutating func parseOption(_ name: String, inlineValue: String?, reader: inout ArgumentReader) throws -> Bool {
        switch name {
        case "--to", "-t":
            let value = try reader.value(for: name, inlineValue: inlineValue)
            guard let chosen = OutputFormat(name: value) else {
                throw UsageError("unknown format '\(value)' for \(name) (formats: \(OutputFormat.namesWithAliases))")
            }
            format = chosen
            formatWasGiven = true
        case "--from", "-f":
            let value = try reader.value(for: name, inlineValue: inlineValue)
            switch value.lowercased() {
            case "markdown", "md", "gfm", "commonmark": readsJSON = false
            case "json": readsJSON = true
            default: throw UsageError("unknown input format '\(value)' for \(name) (formats: markdown (md, gfm, commonmark), json)")
            }
        case "--extension", "-e":
            // As cmark-gfm: each names one extension to enable; the first replaces the default set.
            let value = try reader.value(for: name, inlineValue: inlineValue)
            guard let named = MarkdownExtensions.named.first(where: { $0.name == value })?.option else {
                throw UsageError(
                    "unknown extension '\(value)' for \(name) (extensions: \(MarkdownExtensions.named.map(\.name).joined(separator: ", ")))"
                )
            }
            if !extensionWasGiven { options.extensions = [] }
            extensionWasGiven = true
            options.extensions.insert(named)
        case "-o", "--output":
            outputPath = try reader.value(for: name, inlineValue: inlineValue)
        case "--result-options":
            let value = try reader.value(for: name, inlineValue: inlineValue)
            guard let parsed = ResultOptions(list: value) else {
                throw UsageError(
                    "unknown result option in '\(value)' (options: \(ResultOptions.named.map(\.name).joined(separator: ", ")))")
            }
            resultOptions = parsed
        case "--style":
            let value = try reader.value(for: name, inlineValue: inlineValue)
            switch value {
            case "default": styleSheet = .default
            case "github": styleSheet = .github
            default:
                // An unreadable file is an input error (status 1); a file that is not a
                // style sheet, a usage error (64) — each one line.
                let data = try IntentDocument.readFile(at: URL(fileURLWithPath: value))
                do {
                    styleSheet = try StyleSheet(jsonData: data)
                } catch let error as IntentMarkError {
                    guard case .invalidStyleSheet(let reason) = error else { throw error }
                    throw UsageError("--style \(value): \(reason)")
                }
            }
        case "--unsafe":
            try Self.noValue(name, inlineValue)
            htmlOptions.unsafe = true
        default:
            if try ParsingFlags.parse(name, inlineValue: inlineValue, reader: &reader, into: &options) { return true }
            return try terminal.parse(name, inlineValue: inlineValue, reader: &reader)
        }
        return true
    }

    /// The system's reason for a file error, in a few words, lowercase as the tool's other
    /// reasons ("is a directory", "no such file or directory").
    static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        func posixReason(_ code: Int) -> String { OutputFile.systemReason(Int32(code)) }
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return posixReason(underlying.code)
        }
        if nsError.domain == NSPOSIXErrorDomain { return posixReason(nsError.code) }
        switch nsError.code {
        case NSFileNoSuchFileError, NSFileReadNoSuchFileError: return "no such file or directory"
        case NSFileWriteNoPermissionError, NSFileReadNoPermissionError: return "permission denied"
        default: return "the system refused (\(nsError.domain) \(nsError.code))"
        }
    }

    private static func noValue(_ name: String, _ inlineValue: String?) throws {
        try ParsingFlags.noValue(name, inlineValue)
    }

    /// Reads, converts and writes.
    /// - Throws: ``IntentMarkError`` when the input cannot be read or converted.
    func execute() throws -> ExitStatus {
        try writeOutput { try output(of: try readDocument()) }
    }

    /// Writes what `produce` makes to `-o`'s file or standard output. The output file is made
    /// first, so an output that cannot be written fails before any work, and is discarded when
    /// `produce` throws: nothing half-made is ever left.
    /// - Throws: What `produce` throws; file errors of the output.
    func writeOutput(_ produce: () throws -> Data) throws -> ExitStatus {
        let outputFile = try outputPath.flatMap { $0 == "-" ? nil : try OutputFile(path: $0) }
        let output: Data
        do {
            output = try produce()
        } catch {
            outputFile?.discard()
            throw error
        }
        if let outputFile {
            try outputFile.commit(output)
        } else {
            IntentMarkCommand.write(output, to: .standardOutput)
        }
        return .success
    }

    /// Reads the input: the embedded document, the input files (Markdown, or the JSON form with
    /// `-f json`) or standard input.
    /// - Throws: ``IntentMarkError`` when the input cannot be read or parsed.
    func readDocument() throws -> IntentDocument {
        let document: IntentDocument
        if embeddedDefault {
            document = try IntentDocument(markdown: EmbeddedDocument.data, options: options)
        } else if readsJSON {
            var joined = IntentDocument()
            for path in inputPaths.isEmpty ? ["-"] : inputPaths {
                let data = path == "-" ? try Self.readStandardInput() : try IntentDocument.readFile(at: URL(fileURLWithPath: path))
                let next = try IntentDocument(jsonData: data)
                joined.append(joined.runRecords.isEmpty ? next : next.renumbered(above: joined.largestIdentity))
            }
            document = joined
        } else if inputPaths.count == 1, let path = inputPaths.first, path != "-" {
            document = try IntentDocument(contentsOf: URL(fileURLWithPath: path), options: options)
        } else if inputPaths.count > 1 {
            // As pandoc: the files joined by a blank line, read as one document; relative links
            // resolve against the first file.
            var data = Data()
            for (index, path) in inputPaths.enumerated() {
                if index > 0 { data.append(contentsOf: Array("\n\n".utf8)) }
                data.append(path == "-" ? try Self.readStandardInput() : try IntentDocument.readFile(at: URL(fileURLWithPath: path)))
            }
            var joinedOptions = options
            if joinedOptions.baseURL == nil, let first = inputPaths.first, first != "-" {
                joinedOptions.baseURL = URL(fileURLWithPath: first)
            }
            document = try IntentDocument(markdown: data, options: joinedOptions)
        } else {
            document = try IntentDocument(markdown: Self.readStandardInput(), options: options)
        }
        return document
    }

    /// The bytes of `document` in the chosen format, with the chosen options.
    /// - Throws: ``IntentMarkError`` when the JSON form cannot be encoded.
    func output(of document: IntentDocument) throws -> Data {
        let output: Data
        let written = resultOptions.map { document.lowered(to: $0, styleSheet: styleSheet, plainTextOptions: plainTextOptions) } ?? document
        switch format {
        case .json: output = try written.jsonData() + Data("\n".utf8)
        case .runs: output = Data(written.runDump().utf8)
        case .plain: output = Data((document.plainText(options: plainTextOptions) + "\n").utf8)
        case .html:
            var html = htmlOptions
            html.tagFilter = options.extensions.contains(.tagfilter)
            output = Data(document.html(options: html).utf8)
        case .markdown:
            output = written.markdown().data(using: .utf8) ?? Data()
        case .terminal:
            let toFile = outputPath.map { $0 != "-" } ?? false
            output = Data(TerminalRenderer(options: terminal.renderingOptions(writingToFile: toFile)).render(document).utf8)
        case .rtf:
            output = RTFWriter(options: RTFWritingOptions(styleSheet: styleSheet, plainTextOptions: plainTextOptions)).writeData(document)
        }
        return output
    }

    /// All of standard input.
    /// - Throws: ``IntentMarkError/unreadableFile(path:reason:)`` (path `-`) when it cannot be
    ///   read — a directory redirected to it (`intentmark < /tmp`), a closed descriptor.
    static func readStandardInput() throws -> Data {
        do {
            return try FileHandle.standardInput.readToEnd() ?? Data()
        } catch {
            throw IntentMarkError.unreadableFile(path: "-", reason: reason(error))
        }
    }
}
