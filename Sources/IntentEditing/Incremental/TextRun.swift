import Foundation
import IntentModel

/// A run of an ``IncrementalMarkdownDocument``'s text, found without assembling the document:
/// where it is in the whole text, and its intents and attributes.
public struct TextRun: Sendable, Hashable {
    /// The run's range in UTF-16 units of the document's text (`NSString`).
    public var textUTF16Range: NSRange
    /// The run's range in UTF-8 bytes of the document's text.
    public var textUTF8Range: Range<Int>
    /// The block intents (leaf block first), or `nil` for text outside any block.
    public var presentationIntent: PresentationIntent?
    /// The inline intents.
    public var inlinePresentationIntent: InlinePresentationIntent
    /// Links, images and the other run attributes.
    public var attributes: RunAttributes
}

extension TextRun {
    /// The runs of `document` that meet `utf8Range`, cut to it, in the coordinates of a whole
    /// text in which `utf8Range` starts at UTF-8 offset `start.utf8` and UTF-16 offset
    /// `start.utf16`. O(log runs + the range's length).
    static func runs(of document: IntentDocument, in utf8Range: Range<Int>, at start: (utf8: Int, utf16: Int)) -> [TextRun] {
        guard !utf8Range.isEmpty, document.runCount > 0 else { return [] }
        var text = document.text
        return text.withUTF8 { bytes in
            var runs: [TextRun] = []
            var position = document.runIndex(containingUTF8Offset: utf8Range.lowerBound).position
            var utf16 = start.utf16
            while position < document.runCount {
                let stored = document.storedRun(at: RunIndex(position))
                let lower = max(stored.utf8Range.lowerBound, utf8Range.lowerBound)
                let upper = min(stored.utf8Range.upperBound, utf8Range.upperBound)
                guard lower < upper else { break }
                let length = SourceBlock.utf16CountAndLineFeeds(bytes[lower..<upper]).utf16
                let wholeLower = start.utf8 + lower - utf8Range.lowerBound
                runs.append(
                    TextRun(
                        textUTF16Range: NSRange(location: utf16, length: length), textUTF8Range: wholeLower..<(wholeLower + upper - lower),
                        presentationIntent: document.presentationIntent(of: stored.block),
                        inlinePresentationIntent: stored.inlinePresentationIntent, attributes: document.attributes(of: stored.attributes)))
                utf16 += length
                position += 1
            }
            return runs
        }
    }

    /// The range (UTF-16) of the leaf block whose text holds `utf16Offset`, its terminator
    /// included, found among `runs` (in order, holding that leaf's runs whole); `nil` when no run
    /// holds the offset.
    static func paragraphRange(around utf16Offset: Int, in runs: [TextRun]) -> NSRange? {
        guard let hit = runs.firstIndex(where: { NSLocationInRange(utf16Offset, $0.textUTF16Range) }) else { return nil }
        let leaf = runs[hit].presentationIntent?.components.first?.identity
        var lower = hit
        var upper = hit
        while lower > 0, runs[lower - 1].presentationIntent?.components.first?.identity == leaf { lower -= 1 }
        while upper + 1 < runs.count, runs[upper + 1].presentationIntent?.components.first?.identity == leaf { upper += 1 }
        let start = runs[lower].textUTF16Range.location
        return NSRange(location: start, length: NSMaxRange(runs[upper].textUTF16Range) - start)
    }

    /// The runs overlapping `range` (UTF-16 units of a whole text, an empty range meaning the
    /// run at its location) of a tree whose elements each hold a stretch of that text, whole, in
    /// order: element by element from the one holding the range's start. `textUTF16` reads a
    /// summary's text length; `runsOf` gives an element's runs (by index, with the summary of the
    /// elements before it) in the whole text's coordinates. O(log n) per element visited.
    static func runs<Element>(
        in tree: SummarizedTree<Element>, overlapping range: NSRange, textUTF16: (Element.Summary) -> Int,
        runsOf: (Int, Element.Summary) -> [TextRun]
    ) -> [TextRun] {
        guard range.location >= 0, range.length >= 0, range.location < textUTF16(tree.summary),
            let (first, _) = tree.locate(range.location, in: textUTF16)
        else { return [] }
        let upper = range.location + max(range.length, 1)
        var result: [TextRun] = []
        var index = first
        while index < tree.count {
            let before = tree.summary(before: index)
            guard textUTF16(before) < upper else { break }
            result += runsOf(index, before).filter { NSMaxRange($0.textUTF16Range) > range.location && $0.textUTF16Range.location < upper }
            index += 1
        }
        return result
    }
}
