import Foundation
import IntentModel
import MarkdownParsing

/// The link reference definitions of a whole source, as text that gives a re-parsed region the
/// same references the whole has: definitions on lines of their own between blocks, copied; and
/// definitions libcmark-gfm read inside blocks (in a list item, a block quote), which cannot be
/// copied out of their container, resolved by asking the parser and written anew.
enum LinkDefinitions {
    /// The definitions of `source` (parsed into `parsed`, whose top-level blocks have `lines`),
    /// or a reason to re-parse everything on every edit.
    /// - Returns: Definitions in the order that resolves each label as the whole source does:
    ///   those read inside blocks first (each label's winning definition), then those between
    ///   blocks, in source order.
    /// - Throws: The parser's errors.
    static func gather(
        in source: String, lineStarts: [Int], of parsed: IntentDocument, lines: [ClosedRange<Int>], parser: MarkdownParser
    ) throws -> (definitions: String, fullParseReason: String?) {
        let found = scan(source, lineStarts: lineStarts, of: parsed, lines: lines)
        guard let labels = found.labelsInBlocks else {
            return (found.definitions, "a link reference definition inside a block spans lines")
        }
        guard !labels.isEmpty else { return (found.definitions, nil) }
        guard let resolved = try resolve(labels, in: source, parser: parser) else {
            return (found.definitions, "a link reference definition inside a block could not be read")
        }
        return (resolved + found.definitions, nil)
    }

    /// The definitions between blocks (each line that reads as one, with the lines that continue
    /// it), and the labels of `]:` inside blocks that may hold definitions (`nil` when one has no
    /// `[` before it on its line).
    private static func scan(
        _ source: String, lineStarts: [Int], of parsed: IntentDocument, lines: [ClosedRange<Int>]
    ) -> (definitions: String, labelsInBlocks: [String]?) {
        var covered = [Bool](repeating: false, count: lineStarts.count + 1)
        var mayHold = [Bool](repeating: false, count: lineStarts.count + 1)
        for (range, holds) in zip(lines, IncrementalMarkdownDocument.topLevelMayHoldDefinitions(parsed)) {
            for line in range where line >= 1 && line <= lineStarts.count {
                covered[line] = true
                mayHold[line] = holds
            }
        }
        var definitions = ""
        var labels: [String]? = []
        var seen = Set<String>()
        var text = source
        var inDefinition = false
        let frontMatterEnd = parsed.frontMatter?.sourceRange?.upperBound ?? 0
        text.withUTF8 { bytes in
            for line in 1...lineStarts.count where lineStarts[line - 1] >= frontMatterEnd {
                let start = lineStarts[line - 1]
                let end = line < lineStarts.count ? lineStarts[line] : bytes.count
                let lineText = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
                if covered[line] {
                    inDefinition = false
                    // Inside a block a definition can also follow a list marker or a quote's
                    // `>` (`> [x]: /u`): any `]:` there may be one.
                    guard mayHold[line], lineText.contains("]:") else { continue }
                    guard let found = labelsBeforeColons(in: lineText) else {
                        labels = nil
                        continue
                    }
                    for label in found where seen.insert(label).inserted { labels?.append(label) }
                } else if lineText.allSatisfy({ $0.isWhitespace }) {
                    inDefinition = false
                } else if inDefinition || IncrementalMarkdownDocument.globalRule(in: lineText) != nil {
                    // A definition, and the lines that continue it (a title on the next line).
                    inDefinition = true
                    definitions += lineText
                    if !lineText.hasSuffix("\n") { definitions += "\n" }
                }
            }
        }
        return (definitions, labels)
    }

    /// The text between `[` and each `]:` of `line` (a label a definition may have), or `nil`
    /// when a `]:` has no unescaped `[` before it on the line.
    static func labelsBeforeColons(in line: String) -> [String]? {
        let bytes = Array(line.utf8)
        var labels: [String] = []
        var index = 0
        while index + 1 < bytes.count {
            defer { index += 1 }
            guard bytes[index] == UInt8(ascii: "]"), bytes[index + 1] == UInt8(ascii: ":"),
                index == 0 || bytes[index - 1] != UInt8(ascii: "\\")
            else { continue }
            var open = index - 1
            while open >= 0, !(bytes[open] == UInt8(ascii: "[") && (open == 0 || bytes[open - 1] != UInt8(ascii: "\\"))) { open -= 1 }
            guard open >= 0 else { return nil }
            labels.append(String(decoding: bytes[(open + 1)..<index], as: UTF8.self))
        }
        return labels
    }

    /// Definitions for `labels` that resolve them as `source` does: each label is probed by a
    /// paragraph holding only a reference to it, after the whole source; a label that resolves
    /// gets a definition with the same destination and title. `nil` when the probes are not read
    /// as paragraphs of their own (the source ends in an open fence or HTML block).
    private static func resolve(_ labels: [String], in source: String, parser: MarkdownParser) throws -> String? {
        var lineFeeds = 0
        for byte in source.utf8 where byte == UInt8(ascii: "\n") { lineFeeds += 1 }
        let ending = source.isEmpty || source.utf8.last == UInt8(ascii: "\n") ? "\n" : "\n\n"
        let firstProbeLine = lineFeeds + (ending == "\n" ? 1 : 2) + 1
        var probed = source + ending
        for label in labels { probed += "[" + label + "]\n\n" }
        let (document, lines) = try parser.parseReportingTopLevelLines(probed)
        let blocks = IncrementalMarkdownDocument.topLevelBlocks(of: document)
        guard lines.count >= labels.count, blocks.count == lines.count,
            lines.suffix(labels.count).map(\.lowerBound) == labels.indices.map({ firstProbeLine + 2 * $0 })
        else { return nil }
        var definitions = ""
        for (label, block) in zip(labels, blocks.suffix(labels.count)) {
            let run = document.storedRun(at: document.runIndex(containingUTF8Offset: block.range.lowerBound))
            let attributes = document.attributes(of: run.attributes)
            guard let destination = attributes.linkDestination else { continue }
            definitions += "[" + label + "]: <" + escaped(destination) + ">"
            if let title = attributes.linkTitle { definitions += " \"" + escaped(title) + "\"" }
            definitions += "\n"
        }
        return definitions
    }

    /// `text` with a backslash before every ASCII punctuation character, so that the parser reads
    /// it back as it is (no entity, no escape, no closing bracket or quote).
    private static func escaped(_ text: String) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if scalar.isASCII,
                (33...47).contains(scalar.value) || (58...64).contains(scalar.value) || (91...96).contains(scalar.value)
                    || (123...126).contains(scalar.value)
            {
                result.unicodeScalars.append("\\")
            }
            result.unicodeScalars.append(scalar)
        }
        return result
    }
}
