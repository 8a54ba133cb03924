import Foundation
import IntentModel

extension IncrementalMarkdownDocument {
    /// A line holding `]:` and where it lies: in a top-level block (where that block may hold a
    /// definition, and the line's place among the block's lines) or between blocks (`holding`
    /// `nil`). A definition inside a list item or a block quote is one only where a paragraph
    /// of it starts, so the same line can define a link or not as an edit elsewhere moves the
    /// blocks around it.
    struct DefinitionLineContext: Hashable {
        var line: [UInt8]
        var holding: LinkDefinitions.Holding?
        var lineInBlock: Int
    }

    /// The labels (normalized) of the `]:` lines whose place changed between the region's
    /// elements before the edit and its parse after, though their text did not — an edit that
    /// joins a list item to the paragraph before it, or makes a quote's second line its
    /// first; empty when none did; `nil` when a label cannot be read.
    func definitionLinesMoved(new: String, region: Range<Int>, parsed: ParsedBlocks) -> Set<String>? {
        var before: [DefinitionLineContext: Int] = [:]
        tree.forEachElement(in: region) { element in
            var source = element.source
            guard source.withUTF8(SourceBlock.containsLabelColon) else { return }
            Self.forEachLabelColonLine(in: Array(source.utf8)) { line, index in
                let inBlock = !element.isPrefix && index < element.blockLines
                // A line of a code or HTML block is no definition wherever it moves.
                guard !inBlock || element.holding != .none else { return }
                before[
                    DefinitionLineContext(line: line, holding: inBlock ? element.holding : nil, lineInBlock: inBlock ? index : -1),
                    default: 0] += 1
            }
        }
        var after: [DefinitionLineContext: Int] = [:]
        let holdings = LinkDefinitions.holding(parsed.document).prefix(parsed.lines.count)
        let groups = SourceBlock.groups(of: parsed.lines) ?? []
        Self.forEachLabelColonLine(in: Array(new.utf8)) { line, index in
            // 1-based lines of the region, as the parse reports them.
            let number = index + 1
            var context = DefinitionLineContext(line: line, holding: nil, lineInBlock: -1)
            if let group = groups.last(where: { $0.line <= number }) {
                let lastLine = parsed.lines[group.blocks].map(\.upperBound).max() ?? 0
                if number <= lastLine {
                    context.holding =
                        holdings.count == parsed.lines.count ? LinkDefinitions.Holding.widest(holdings[group.blocks]) : .containers
                    context.lineInBlock = number - group.line
                }
            }
            if context.holding != LinkDefinitions.Holding.none { after[context, default: 0] += 1 }
        }
        guard before != after else { return [] }
        return Self.definitionKeys(in: Set(before.keys).union(after.keys).filter { before[$0] != after[$0] }.map(\.line))
    }

    /// The labels (normalized) of the `]:` lines inside the region's blocks that may hold a
    /// definition (list items, block quotes, paragraphs), before the edit and after it; `nil`
    /// when one cannot be read. A definition there may take its destination and title from the
    /// lines after it, lazily continued or not, and whether it is one at all depends on the
    /// paragraph it would start: no line-by-line reading of the text can say what an edit
    /// there did to it, so those labels are refreshed (their first definitions found again by
    /// a parse, and the blocks that use them parsed again) whenever the region's text changed.
    func labelsInsideBlocks(new: String, region: Range<Int>, parsed: ParsedBlocks) -> Set<String>? {
        // The text to read labels in: a paragraph's block lines whole (a label may start on an
        // earlier line of it), a container's lines with `]:` one by one (its lines carry
        // prefixes a label cannot span).
        var texts: [[UInt8]] = []
        func add(_ bytes: ArraySlice<UInt8>, holding: LinkDefinitions.Holding) {
            switch holding {
            case .none: return
            case .paragraph:
                if bytes.withContiguousStorageIfAvailable(SourceBlock.containsLabelColon) ?? true { texts.append(Array(bytes)) }
            case .containers: Self.forEachLabelColonLine(in: Array(bytes)) { line, _ in texts.append(line) }
            }
        }
        tree.forEachElement(in: region) { element in
            var source = element.source
            guard !element.isPrefix, element.holding != .none, source.withUTF8(SourceBlock.containsLabelColon) else { return }
            let bytes = Array(source.utf8)
            let starts = LineEndings.lineStarts(of: bytes)
            add(bytes[..<(element.blockLines < starts.count ? starts[element.blockLines] : bytes.count)], holding: element.holding)
        }
        let bytes = Array(new.utf8)
        let starts = LineEndings.lineStarts(of: bytes)
        let holdings = LinkDefinitions.holding(parsed.document).prefix(parsed.lines.count)
        for group in SourceBlock.groups(of: parsed.lines) ?? [] {
            let lastLine = parsed.lines[group.blocks].map(\.upperBound).max() ?? 0
            guard group.line >= 1, group.line - 1 < starts.count, lastLine >= group.line else { continue }
            let holding = holdings.count == parsed.lines.count ? LinkDefinitions.Holding.widest(holdings[group.blocks]) : .containers
            add(bytes[starts[group.line - 1]..<(lastLine < starts.count ? starts[lastLine] : bytes.count)], holding: holding)
        }
        return Self.definitionKeys(in: texts)
    }

    /// Calls `body` with each line of `bytes` that holds `]:` and starts no footnote definition
    /// (without its line end), and its 0-based index.
    static func forEachLabelColonLine(in bytes: [UInt8], _ body: ([UInt8], Int) -> Void) {
        var lineStart = 0
        var index = 0
        while lineStart < bytes.count {
            let (contentEnd, next) = LineEndings.line(in: bytes, from: lineStart)
            let line = bytes[lineStart..<contentEnd]
            // A footnote definition's line is the footnote checks' (``footnoteRefusal(toReparse:as:)``).
            if zip(line, line.dropFirst()).contains(where: { $0 == (UInt8(ascii: "]"), UInt8(ascii: ":")) }), definitionLabel(line) == nil {
                body(Array(line), index)
            }
            lineStart = next
            index += 1
        }
    }
}
