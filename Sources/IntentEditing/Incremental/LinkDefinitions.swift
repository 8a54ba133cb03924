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
    /// - Returns: Definitions that resolve each label as the whole source does, in two parts that
    ///   go in this order: those read inside blocks (each label's winning definition, resolved by
    ///   the parser), and those between blocks, in source order.
    /// - Throws: The parser's errors.
    static func gather(
        in source: String, lineStarts: [Int], of parsed: IntentDocument, lines: [ClosedRange<Int>], parser: MarkdownParser
    ) throws -> (probed: String, between: String, fullParseReason: String?) {
        let found = scan(source, lineStarts: lineStarts, of: parsed, lines: lines)
        guard let labels = found.labelsInBlocks else {
            return ("", found.definitions, "a link reference definition inside a block may span lines (line \(found.line))")
        }
        guard !labels.isEmpty else { return ("", found.definitions, nil) }
        guard let resolved = try resolve(labels, in: source, parser: parser) else {
            return ("", found.definitions, "a link reference definition inside a block could not be read")
        }
        return (labels.compactMap { resolved[$0] }.joined(), found.definitions, nil)
    }

    /// The definitions between blocks (every line no block covers, each stretch of them ending
    /// with a blank line), and the labels of `]:` inside blocks that may hold definitions (`nil` when one has no
    /// `[` before it on its line, whose number is given).
    private static func scan(
        _ source: String, lineStarts: [Int], of parsed: IntentDocument, lines: [ClosedRange<Int>]
    ) -> (definitions: String, labelsInBlocks: [String]?, line: Int) {
        // The top-level block each line belongs to (-1: none).
        var blockOfLine = [Int](repeating: -1, count: lineStarts.count + 1)
        for (index, range) in lines.enumerated() {
            for line in range where line >= 1 && line <= lineStarts.count { blockOfLine[line] = index }
        }
        let holding = holding(parsed)
        var definitions = DefinitionStretches()
        var labels: [String]? = []
        var unreadLine = 0
        var seen = Set<String>()
        var colons: (block: Int, start: Int, found: LabelColons)? = nil
        var text = source
        let frontMatterEnd = parsed.frontMatter?.sourceRange?.upperBound ?? 0
        text.withUTF8 { bytes in
            for line in 1...lineStarts.count where lineStarts[line - 1] >= frontMatterEnd {
                let start = lineStarts[line - 1]
                let end = line < lineStarts.count ? lineStarts[line] : bytes.count
                let block = blockOfLine[line]
                if block >= 0 {
                    definitions.endStretch()
                    // Inside a block a definition can also follow a list marker or a quote's
                    // `>` (`> [x]: /u`): any `]:` there may be one.
                    guard block < holding.count, holding[block] != .none,
                        SourceBlock.containsLabelColon(UnsafeBufferPointer(rebasing: bytes[start..<end]))
                    else { continue }
                    // The label may start on an earlier line of the block: a `]:` with no `[` before
                    // it in the block is no definition; one whose `[` is on an earlier line is
                    // read in a paragraph (no container prefixes between), not in a container.
                    // The block's colons are read once, on its first line that has one.
                    let blockStart = lineStarts[max(0, min(lines[block].lowerBound, line) - 1)]
                    if colons?.block != block || colons?.start != blockStart {
                        let lastLine = min(max(lines[block].upperBound, line), lineStarts.count)
                        let blockEnd = lastLine < lineStarts.count ? lineStarts[lastLine] : bytes.count
                        colons = (block, blockStart, LabelColons(bytes[blockStart..<blockEnd]))
                    }
                    guard
                        let found = colons?.found.labels(
                            in: bytes, endingIn: start..<end, acrossLines: holding[block] == .paragraph)
                    else {
                        if labels != nil { unreadLine = line }
                        labels = nil
                        continue
                    }
                    // A footnote definition's own label (`[^1]:`) defines no link.
                    for label in found where !label.hasPrefix("^") && seen.insert(label).inserted { labels?.append(label) }
                } else if DefinitionStretches.isBlank(bytes[start..<end]) {
                    definitions.endStretch()
                } else {
                    definitions.add(String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self))
                }
            }
        }
        return (definitions.text, labels, unreadLine)
    }

    /// Where a top-level block may hold a link reference definition.
    enum Holding {
        /// Nowhere: a code block or an HTML block.
        case none
        /// At the start of a paragraph inside it (a list, a block quote, a table).
        case containers
        /// At its start: a paragraph, whose lines carry no container prefixes.
        case paragraph

        /// Where any of `holdings` may hold one (containers before a paragraph before none).
        static func widest(_ holdings: ArraySlice<Holding>) -> Holding {
            if holdings.contains(.containers) { return .containers }
            return holdings.contains(.paragraph) ? .paragraph : .none
        }
    }

    /// For each top-level block of `document`, in order, where it may hold a definition.
    static func holding(_ document: IntentDocument) -> [Holding] {
        var result: [Holding] = []
        var currentRoot: BlockID?? = .none
        for run in document.storedRuns {
            let root = run.block.map { document.topLevelBlock(of: $0) }
            guard root != currentRoot else { continue }
            currentRoot = root
            var holds = Holding.containers
            if let root {
                switch document.kind(of: root) {
                case .codeBlock: holds = .none
                case .paragraph: holds = run.inlinePresentationIntent.contains(.blockHTML) ? .none : .paragraph
                default: holds = .containers
                }
            }
            result.append(holds)
        }
        return result
    }

    /// The text between `[` and each `]:` of `bytes` at or after `lineStart` (a label a
    /// definition may have), or `nil` when a `[` before a `]:` is on an earlier line and
    /// `acrossLines` is false (container prefixes may lie between). A `]:` with no unescaped `[`
    /// before it in `bytes` (the block so far), or with an unescaped `]` between (a label holds
    /// none), is no definition and is skipped (``LabelColons``). One pass over `bytes`.
    static func labelsBeforeColons(in bytes: [UInt8], from lineStart: Int, acrossLines: Bool) -> [String]? {
        LabelColons(bytes).labels(in: bytes, endingIn: lineStart..<bytes.count, acrossLines: acrossLines)
    }

    /// Definitions for `labels` that resolve them as `source` does: each label is probed by a
    /// paragraph holding only a reference to it, after the whole source; a label that resolves
    /// gets a definition with the same destination and title (followed by a blank line), under
    /// its label. `nil` when the probes are not read as paragraphs of their own (the source ends
    /// in an open fence or HTML block).
    static func resolve(_ labels: [String], in source: String, parser: MarkdownParser) throws -> [String: String]? {
        let lineEndings = LineEndings.count(in: source.utf8)
        let ending = source.isEmpty || LineEndings.endsWithEnding(source.utf8) ? "\n" : "\n\n"
        let firstProbeLine = lineEndings + (ending == "\n" ? 1 : 2) + 1
        var probed = source + ending
        var probeLines: [Int] = []
        var line = firstProbeLine
        for label in labels {
            probed += "[" + label + "]\n\n"
            probeLines.append(line)
            line += 2 + LineEndings.count(in: label.utf8)
        }
        let (document, allLines) = try parser.parseReportingTopLevelLines(probed)
        let allBlocks = IncrementalMarkdownDocument.topLevelBlocks(of: document)
        // Footnote definitions libcmark-gfm moved to the end come after the probes.
        let body = IncrementalMarkdownDocument.footnoteSectionStart(of: document, blocks: allBlocks) ?? allBlocks.count
        let (lines, blocks) = (allLines.prefix(body), allBlocks.prefix(body))
        guard allBlocks.count == allLines.count, lines.count >= labels.count,
            lines.suffix(labels.count).map(\.lowerBound) == probeLines
        else { return nil }
        var definitions: [String: String] = [:]
        for (label, block) in zip(labels, blocks.suffix(labels.count)) {
            let run = document.storedRun(at: document.runIndex(containingUTF8Offset: block.range.lowerBound))
            let attributes = document.attributes(of: run.attributes)
            guard let destination = attributes.linkDestination else { continue }
            var definition = "[" + label + "]: <" + escaped(destination) + ">"
            if let title = attributes.linkTitle { definition += " \"" + escaped(title, lineEndsAsReferences: true) + "\"" }
            // A blank line after each, so that each is an entry of its own in the index.
            definitions[label] = definition + "\n\n"
        }
        return definitions
    }

    /// `text` with a backslash before every ASCII punctuation character, so that the parser reads
    /// it back as it is (no entity, no escape, no closing bracket or quote); with
    /// `lineEndsAsReferences` (a title), each line feed or carriage return written as a numeric
    /// character reference, so that the title stays on one line and the spaces after a line end
    /// in it are not read as a continuation line's indentation.
    private static func escaped(_ text: String, lineEndsAsReferences: Bool = false) -> String {
        var result = ""
        for scalar in text.unicodeScalars {
            if lineEndsAsReferences, scalar == "\n" || scalar == "\r" {
                result += scalar == "\n" ? "&#10;" : "&#13;"
                continue
            }
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
