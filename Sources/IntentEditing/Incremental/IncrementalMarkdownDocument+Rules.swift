import Foundation
import IntentModel

/// The rules of Markdown an incremental update must respect, read from source text.
extension IncrementalMarkdownDocument {

    /// Whether `bytes` start (after a byte order mark) with `---` or `+++`, as front matter does.
    static func mayStartFrontMatter(_ bytes: [UInt8]) -> Bool {
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        return bytes[start...].starts(with: Array("---".utf8)) || bytes[start...].starts(with: Array("+++".utf8))
    }

    /// Whether `bytes` hold a carriage return not followed by a line feed (a line ending of its
    /// own for CommonMark, which the line starts here, counted by line feeds, would miss).
    static func containsBareCarriageReturn(_ bytes: ArraySlice<UInt8>) -> Bool {
        var index = bytes.startIndex
        while let found = bytes[index...].firstIndex(of: UInt8(ascii: "\r")) {
            let next = bytes.index(after: found)
            if next == bytes.endIndex || bytes[next] != UInt8(ascii: "\n") { return true }
            index = next
        }
        return false
    }

    /// A rule of Markdown that acts across the whole document and is present in `source`: a line
    /// that may be a link reference or footnote definition (`[label]:` after up to three spaces).
    static func globalRule(in source: String) -> String? {
        var atLineStart = true
        var spaces = 0
        var bytes = source.utf8.makeIterator()
        var inBracket = false
        var previous: UInt8 = 0
        while let byte = bytes.next() {
            defer { previous = byte }
            if byte == UInt8(ascii: "\n") {
                atLineStart = true
                spaces = 0
                inBracket = false
                continue
            }
            if atLineStart {
                if byte == UInt8(ascii: " "), spaces < 3 {
                    spaces += 1
                    continue
                }
                atLineStart = false
                inBracket = byte == UInt8(ascii: "[")
                continue
            }
            if inBracket, byte == UInt8(ascii: ":"), previous == UInt8(ascii: "]") {
                return "link reference or footnote definitions act across the document"
            }
        }
        return nil
    }

    /// The lines of `text` holding `]:` anywhere: a definition can also start after a list
    /// marker or a quote's `>` (`2) [^1]: n` defines `^1` inside a list item), so an edit that
    /// changes any such line may make or remove one.
    static func linesWithLabelColons(in text: [UInt8]) -> [ArraySlice<UInt8>] {
        var lines: [ArraySlice<UInt8>] = []
        var lineStart = 0
        var index = 0
        while index < text.count {
            if text[index] == UInt8(ascii: "\n") {
                lineStart = index + 1
            } else if text[index] == UInt8(ascii: "]"), index + 1 < text.count, text[index + 1] == UInt8(ascii: ":") {
                var lineEnd = index
                while lineEnd < text.count, text[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
                lines.append(text[lineStart..<lineEnd])
                index = lineEnd
                continue
            }
            index += 1
        }
        return lines
    }

    /// The stretches of `text` that may hold link reference or footnote definitions, in order:
    /// each run of non-blank lines that has a line starting with `[` (after up to three spaces)
    /// and a `]:` somewhere — a definition's label, destination and title may each be on lines of
    /// their own, and it ends only at a blank line or at a line that cannot continue it, so the
    /// whole stretch is compared, not one line.
    static func definitionLikeLines(in text: [UInt8]) -> [ArraySlice<UInt8>] {
        var stretches: [ArraySlice<UInt8>] = []
        var stretchStart: Int? = nil
        var startsWithBracket = false
        var hasColon = false
        var index = 0
        func close(at end: Int) {
            if let start = stretchStart, startsWithBracket, hasColon { stretches.append(text[start..<end]) }
            stretchStart = nil
            startsWithBracket = false
            hasColon = false
        }
        while index < text.count {
            var lineEnd = index
            var blank = true
            var colon = false
            while lineEnd < text.count, text[lineEnd] != UInt8(ascii: "\n") {
                let byte = text[lineEnd]
                if byte != UInt8(ascii: " "), byte != UInt8(ascii: "\t"), byte != UInt8(ascii: "\r") { blank = false }
                if byte == UInt8(ascii: ":"), lineEnd > index, text[lineEnd - 1] == UInt8(ascii: "]") { colon = true }
                lineEnd += 1
            }
            if blank {
                close(at: index)
            } else {
                if stretchStart == nil { stretchStart = index }
                var first = index
                while first < lineEnd, first - index < 3, text[first] == UInt8(ascii: " ") { first += 1 }
                if first < lineEnd, text[first] == UInt8(ascii: "[") { startsWithBracket = true }
                if colon { hasColon = true }
            }
            index = lineEnd < text.count ? lineEnd + 1 : text.count
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
