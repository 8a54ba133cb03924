import Foundation
import IntentModel

/// One element of ``IncrementalMarkdownDocument``'s tree: a top-level block's Markdown source —
/// from its first line to the next block's first line, so the blank lines and link reference
/// definitions after it are part of it — and its stretch of a parse's intent document. The first
/// element is the prefix: the source before the first block (blank lines, front matter,
/// definitions), with no block. Blocks that share a source line (libcmark-gfm gives a table made
/// of a paragraph's last line the paragraph's first line) are one element. When the document has
/// footnotes, the last elements are the footnote definitions libcmark-gfm moved to the
/// document's end, one each, with their text and no source (their source lines are in the elements before,
/// after those elements' blocks, as link reference definitions are).
///
/// A class, so that the tree's rebalancing copies and frees one reference per node, not the
/// element's strings and arrays.
final class SourceBlock: SummarizedTreeElement {
    /// The block's source lines, with the lines after it up to the next block.
    let source: String
    /// The parse whose document holds the block's runs.
    let region: ParsedRegion
    /// The block's text in `region.document` (UTF-8 offsets), up to the next block's text.
    let textRange: Range<Int>
    /// The identities of the element's top-level blocks, in order (none for the prefix).
    let identities: [Int]
    /// Whether this is the prefix, the source before the first block.
    let isPrefix: Bool
    /// Whether this is a footnote definition moved to the end (one of the last elements, with no
    /// source).
    let isFootnoteDefinition: Bool
    /// How many of the source's lines belong to the blocks (the rest are blank lines and
    /// definitions between blocks).
    let blockLines: Int
    /// Where the blocks may hold a link reference definition.
    let holding: LinkDefinitions.Holding
    let summary: SourceBlockSummary

    init(
        source: String, region: ParsedRegion, textRange: Range<Int>, identities: [Int], isPrefix: Bool = false,
        isFootnoteDefinition: Bool = false, blockLines: Int = 0, holding: LinkDefinitions.Holding = .none
    ) {
        self.source = source
        self.region = region
        self.textRange = textRange
        self.identities = identities
        self.isPrefix = isPrefix
        self.isFootnoteDefinition = isFootnoteDefinition
        self.blockLines = blockLines
        self.holding = holding
        var source = source
        var text = region.document.text
        let (sourceUTF16, lineFeeds) = source.withUTF8 { Self.utf16CountAndLineFeeds($0[...]) }
        let textUTF16 = text.withUTF8 { Self.utf16CountAndLineFeeds($0[textRange]).utf16 }
        let bracketLabels = isPrefix ? 0 : source.withUTF8 { DefinitionIndex.bracketLabelMask(of: $0) }
        let labelColon = source.withUTF8 { Self.containsLabelColon($0) }
        summary = SourceBlockSummary(
            sourceUTF8: source.utf8.count, sourceUTF16: sourceUTF16, lineFeeds: lineFeeds, textUTF8: textRange.count,
            textUTF16: textUTF16, blocks: identities.count, bracketLabels: bracketLabels, labelColonElements: labelColon ? 1 : 0)
    }

    /// The UTF-16 length of valid UTF-8 `bytes` (a unit per scalar, two for a four-byte one) and
    /// its line feeds, in one pass.
    static func utf16CountAndLineFeeds(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> (utf16: Int, lineFeeds: Int) {
        // Branch-free counts, which the compiler turns into vector code: a unit per byte that
        // is no continuation byte, and one more per four-byte sequence's lead byte.
        var units = 0
        var lineFeeds = 0
        for byte in bytes {
            units &+= Int(truncatingIfNeeded: (byte & 0xC0 != 0x80 ? 1 : 0) &+ (byte >= 0xF0 ? 1 : 0) as UInt8)
            lineFeeds &+= byte == UInt8(ascii: "\n") ? 1 : 0
        }
        return (units, lineFeeds)
    }

    /// Whether `bytes` hold `]:`.
    static func containsLabelColon(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return false }
        var index = 0
        // `memchr` finds each `]`, and the byte after it is read.
        while index + 1 < bytes.count, let found = memchr(base + index, Int32(UInt8(ascii: "]")), bytes.count - index - 1) {
            let bracket = UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) - base
            if base[bracket + 1] == UInt8(ascii: ":") { return true }
            index = bracket + 1
        }
        return false
    }

    /// A copy whose source has `lines` appended (lines a re-parse left before its first block).
    func appendingSource(_ lines: String) -> SourceBlock {
        SourceBlock(
            source: source + lines, region: region, textRange: textRange, identities: identities, isPrefix: isPrefix,
            isFootnoteDefinition: isFootnoteDefinition, blockLines: blockLines, holding: holding)
    }

    /// The UTF-8 offset of every line's start in `bytes` (a line starts at 0 and after each line
    /// ending, a carriage return alone included: ``LineEndings``).
    static func lineStarts(of bytes: some Sequence<UInt8>) -> [Int] {
        LineEndings.lineStarts(of: bytes)
    }

    /// The elements for a parse of `source` into `region` (its top-level blocks' `lines`, 1-based,
    /// and `blocks`, text ranges and identities, in order): the source before the first block,
    /// with its text range, and one element per group of blocks that share lines; `nil` when a
    /// block cannot be placed (a last block reported at line 0). `textEnd`: where the last
    /// element's text ends (the region's text end, or the first footnote definition's start).
    /// `lineStarts`: the source's (``lineStarts(of:)``), when the caller has them.
    static func elements(
        of source: String, lines: [ClosedRange<Int>], blocks: [(range: Range<Int>, identity: Int?)], region: ParsedRegion,
        textEnd: Int? = nil, lineStarts known: [Int]? = nil
    ) -> (leading: String, leadingText: Range<Int>, elements: [SourceBlock])? {
        guard let groups = groups(of: lines) else { return nil }
        let utf8 = Array(source.utf8)
        let lineStarts = known ?? Self.lineStarts(of: utf8)
        func lineStart(_ line: Int) -> Int { line - 1 < lineStarts.count ? lineStarts[max(0, line - 1)] : utf8.count }
        func text(_ range: Range<Int>) -> String { String(decoding: utf8[range], as: UTF8.self) }
        let textCount = textEnd ?? region.document.text.utf8.count
        // Holdings of the document's top-level blocks in order (the footnote definitions last).
        let holdings = LinkDefinitions.holding(region.document).prefix(blocks.count)
        var elements: [SourceBlock] = []
        elements.reserveCapacity(groups.count)
        for (index, group) in groups.enumerated() {
            let sourceEnd = index + 1 < groups.count ? lineStart(groups[index + 1].line) : utf8.count
            let textEnd = group.blocks.upperBound < blocks.count ? blocks[group.blocks.upperBound].range.lowerBound : textCount
            elements.append(
                SourceBlock(
                    source: text(lineStart(group.line)..<sourceEnd), region: region,
                    textRange: blocks[group.blocks.lowerBound].range.lowerBound..<textEnd,
                    identities: blocks[group.blocks].compactMap(\.identity),
                    blockLines: lines[group.blocks].map(\.upperBound).max().map { $0 - group.line + 1 } ?? 0,
                    holding: holdings.count == blocks.count ? LinkDefinitions.Holding.widest(holdings[group.blocks]) : .containers))
        }
        let firstStart = groups.first.map { lineStart($0.line) } ?? utf8.count
        return (text(0..<firstStart), 0..<(blocks.first?.range.lowerBound ?? textCount), elements)
    }

    /// Top-level blocks grouped so that no two groups share a line: each group's blocks (indices)
    /// and its first line. A block reported at line 0 goes with the block after it.
    static func groups(of lines: [ClosedRange<Int>]) -> [(blocks: Range<Int>, line: Int)]? {
        var starts = lines.map(\.lowerBound)
        var next = Int.max
        for index in starts.indices.reversed() {
            if starts[index] < 1 { starts[index] = next } else { next = starts[index] }
        }
        guard starts.allSatisfy({ $0 != Int.max }) else { return nil }
        var groups: [(blocks: Range<Int>, line: Int)] = []
        var reached = 0
        for index in lines.indices {
            if let last = groups.last, starts[index] <= reached {
                groups[groups.count - 1].blocks = last.blocks.lowerBound..<(index + 1)
                groups[groups.count - 1].line = min(last.line, starts[index])
            } else {
                groups.append((index..<(index + 1), starts[index]))
            }
            reached = max(reached, lines[index].upperBound, starts[index])
        }
        return groups
    }
}
