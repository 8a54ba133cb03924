import Foundation
import IntentMark

/// `intentmark toc [FILE|-] [-o FILE] [PARSING OPTIONS]`: prints a document's table of contents
/// as a Markdown list of links to its headings' anchors (``IntentDocument/tableOfContents``).
struct TableOfContentsCommand {
    private var convert = ConvertCommand()

    /// Parses the arguments after `toc`; `nil` when `--help` was asked for.
    /// - Throws: ``UsageError`` for an unknown flag, a missing or invalid value, or two inputs.
    init?(parsing arguments: [String]) throws {
        let parsed = try convert.parseSingleInput(arguments, command: "toc") { command, name, inlineValue, reader in
            guard name == "-o" || name == "--output" else { return false }
            command.outputPath = try reader.value(for: name, inlineValue: inlineValue)
            return true
        }
        guard parsed else { return nil }
    }

    /// Reads the document and writes its table of contents.
    /// - Throws: ``IntentMarkError`` when the input cannot be read or parsed.
    func execute() throws -> ExitStatus {
        try convert.writeOutput { Data(Self.markdownList(try convert.readDocument().tableOfContents).utf8) }
    }

    /// The entries as a Markdown list, nested by level relative to the shallowest heading:
    /// `- [Title](#anchor)`, two spaces per level; a heading with no anchor (punctuation alone)
    /// is listed without a link, an empty one not at all. Link text escapes the characters
    /// Markdown could read as syntax there (`\\`, backtick, `*`, `_`, brackets, `<`, `>`, `&`, `~`).
    static func markdownList(_ entries: [TableOfContentsEntry]) -> String {
        let entries = entries.filter { !$0.title.allSatisfy(\.isWhitespace) }
        let shallowest = entries.map(\.level).min() ?? 1
        var result = ""
        var previousLevel = shallowest
        for entry in entries {
            // A list item can nest only one level below the one before it.
            let level = min(entry.level, previousLevel + 1)
            previousLevel = level
            result += String(repeating: "  ", count: level - shallowest)
            result +=
                entry.anchor.isEmpty ? "- " + escaped(entry.title) + "\n" : "- [" + escaped(entry.title) + "](#" + entry.anchor + ")\n"
        }
        return result
    }

    private static func escaped(_ title: String) -> String {
        var result = ""
        for character in title {
            if "\\`*_[]<>&~".contains(character) { result.append("\\") }
            result.append(character == "\n" ? " " : character)
        }
        return result
    }
}

extension TableOfContentsCommand: Subcommand {
    static var helpText: String { HelpText.toc }
}
