import Foundation
import IntentModel

/// The rules of Markdown an incremental update must respect, read from source text.
extension IncrementalMarkdownDocument {

    /// Whether `bytes` start (after a byte order mark) with `---` or `+++`, as front matter does.
    static func mayStartFrontMatter(_ bytes: [UInt8]) -> Bool {
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        return bytes[start...].starts(with: Array("---".utf8)) || bytes[start...].starts(with: Array("+++".utf8))
    }

    /// The lines of `text` holding `]:` anywhere: a definition can also start after a list
    /// marker or a quote's `>` (`2) [^1]: n` defines `^1` inside a list item), so an edit that
    /// changes any such line may make or remove one. (Lines end as ``LineEndings`` says.)
    static func linesWithLabelColons(in text: [UInt8]) -> [ArraySlice<UInt8>] {
        let ranges = text.withUnsafeBufferPointer { bytes in
            var ranges: [Range<Int>] = []
            var lineStart = 0
            while lineStart < bytes.count {
                let (contentEnd, next) = LineEndings.line(in: bytes, from: lineStart)
                var index = lineStart
                while index + 1 < contentEnd, !(bytes[index] == UInt8(ascii: "]") && bytes[index + 1] == UInt8(ascii: ":")) { index += 1 }
                if index + 1 < contentEnd { ranges.append(lineStart..<contentEnd) }
                lineStart = next
            }
            return ranges
        }
        return ranges.map { text[$0] }
    }

    /// The stretches of `text` that may hold link reference or footnote definitions, in order:
    /// each run of non-blank lines that has a line starting with `[` (after up to three spaces)
    /// and a `]:` somewhere — a definition's label, destination and title may each be on lines of
    /// their own, and it ends only at a blank line or at a line that cannot continue it, so the
    /// whole stretch is compared, not one line.
    static func definitionLikeLines(in text: [UInt8]) -> [ArraySlice<UInt8>] {
        text.withUnsafeBufferPointer { definitionLikeRanges(in: $0) }.map { text[$0] }
    }

    private static func definitionLikeRanges(in text: UnsafeBufferPointer<UInt8>) -> [Range<Int>] {
        var stretches: [Range<Int>] = []
        var stretchStart: Int? = nil
        var startsWithBracket = false
        var hasColon = false
        var index = 0
        func close(at end: Int) {
            if let start = stretchStart, startsWithBracket, hasColon { stretches.append(start..<end) }
            stretchStart = nil
            startsWithBracket = false
            hasColon = false
        }
        while index < text.count {
            let (lineEnd, next) = LineEndings.line(in: text, from: index)
            var content = index
            while content < lineEnd, text[content] == UInt8(ascii: " ") || text[content] == UInt8(ascii: "\t") { content += 1 }
            if content == lineEnd {
                close(at: index)
            } else {
                if stretchStart == nil { stretchStart = index }
                var first = index
                while first < lineEnd, first - index < 3, text[first] == UInt8(ascii: " ") { first += 1 }
                if first < lineEnd, text[first] == UInt8(ascii: "[") { startsWithBracket = true }
                if !hasColon, let base = text.baseAddress {
                    hasColon = SourceBlock.containsLabelColon(UnsafeBufferPointer(start: base + index, count: lineEnd - index))
                }
            }
            index = next
        }
        close(at: text.count)
        return stretches
    }

    /// The UTF-8 range and identity of each top-level block of `document`, in order.
    static func topLevelBlocks(of document: IntentDocument) -> [(range: Range<Int>, identity: Int?)] {
        var blocks: [(range: Range<Int>, identity: Int?)] = []
        var currentRoot: BlockID?? = .none
        for run in document.storedRuns {
            let root = run.block.map { document.topLevelBlock(of: $0) }
            if root == currentRoot, let last = blocks.last {
                blocks[blocks.count - 1].range = last.range.lowerBound..<run.utf8Range.upperBound
            } else {
                blocks.append((run.utf8Range, root.map { document.identity(of: $0) }))
                currentRoot = root
            }
        }
        return blocks
    }
}
