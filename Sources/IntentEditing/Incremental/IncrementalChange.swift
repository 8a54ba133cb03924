import Foundation

/// What one update of an ``IncrementalMarkdownDocument`` (or one append to a
/// ``StreamingMarkdownDocument``) changed, so that a view redraws only that.
///
/// Ranges of the source are UTF-8 byte offsets of the source after the update; ranges of the
/// document's text are given in UTF-8 bytes and in UTF-16 units (`NSString`), of the text before
/// the update (`replaced…`) and after it (`inserted…`). Everything outside them is unchanged, and
/// its blocks keep their identities.
///
/// ```swift
/// var source = try IncrementalMarkdownDocument(source: "# Title\n\nFirst.\n\nSecond.\n")
/// try source.replace(NSRange(location: 9, length: 5), with: "Changed")
/// source.lastChange.removedIdentities   // the old paragraph's identity
/// source.lastChange.insertedTextUTF16   // where the new paragraph's text is
/// ```
public struct IncrementalChange: Sendable, Hashable {
    /// Where the edit's new text is in the source (empty for a deletion; empty at the end when
    /// nothing was edited, as for an append held back whole).
    public var editedSourceRange: Range<Int>
    /// The source parsed again (the whole source after a full parse; empty when nothing was).
    public var reparsedSourceRange: Range<Int>
    /// The top-level blocks parsed again: their indices among the document's top-level blocks
    /// after the update (0-based).
    public var reparsedBlocks: Range<Int>
    /// The document text that was replaced, in the text before the update (UTF-8 offsets).
    public var replacedTextUTF8: Range<Int>
    /// Where its replacement is in the text after the update (UTF-8 offsets).
    public var insertedTextUTF8: Range<Int>
    /// The replaced text, in UTF-16 units of the text before the update.
    public var replacedTextUTF16: NSRange
    /// The replacement, in UTF-16 units of the text after the update.
    public var insertedTextUTF16: NSRange
    /// The identities of the top-level blocks that were removed (with every block inside them),
    /// in document order.
    public var removedIdentities: [Int]
    /// The identities of the top-level blocks that were added, in document order.
    public var addedIdentities: [Int]
    /// Why the whole source was parsed again, or `nil` when only part of it was (or none).
    public var fullParseReason: String?

    /// A change that changed nothing, at the end of a source of `sourceCount` bytes and a text of
    /// `textUTF8` bytes (`textUTF16` units).
    static func none(sourceCount: Int, textUTF8: Int, textUTF16: Int, blockCount: Int) -> IncrementalChange {
        IncrementalChange(
            editedSourceRange: sourceCount..<sourceCount, reparsedSourceRange: sourceCount..<sourceCount,
            reparsedBlocks: blockCount..<blockCount, replacedTextUTF8: textUTF8..<textUTF8, insertedTextUTF8: textUTF8..<textUTF8,
            replacedTextUTF16: NSRange(location: textUTF16, length: 0), insertedTextUTF16: NSRange(location: textUTF16, length: 0),
            removedIdentities: [], addedIdentities: [], fullParseReason: nil)
    }

    /// This change followed by `later` (made to the document this change left) as one change:
    /// ranges joined across both, identities that `later` removed again left out of the added.
    func followed(by later: IncrementalChange) -> IncrementalChange {
        func join(
            _ first: (replaced: Range<Int>, inserted: Range<Int>), _ second: (replaced: Range<Int>, inserted: Range<Int>)
        )
            -> (replaced: Range<Int>, inserted: Range<Int>)
        {
            // In the middle text, the first change's insertion and the second's replaced range.
            let lower = min(first.inserted.lowerBound, second.replaced.lowerBound)
            let middleUpper = max(first.inserted.upperBound, second.replaced.upperBound)
            // Back to the text before the first change, and on to the text after the second
            // (`middleUpper` is at or after both ranges' ends).
            let oldUpper = middleUpper - first.inserted.upperBound + first.replaced.upperBound
            let newUpper = middleUpper - second.replaced.upperBound + second.inserted.upperBound
            return (lower..<oldUpper, lower..<newUpper)
        }
        let utf8 = join((replacedTextUTF8, insertedTextUTF8), (later.replacedTextUTF8, later.insertedTextUTF8))
        let utf16 = join(
            (Range(replacedTextUTF16) ?? 0..<0, Range(insertedTextUTF16) ?? 0..<0),
            (Range(later.replacedTextUTF16) ?? 0..<0, Range(later.insertedTextUTF16) ?? 0..<0))
        let removedAgain = Set(later.removedIdentities)
        let addedEarlier = Set(addedIdentities)
        return IncrementalChange(
            editedSourceRange: editedSourceRange,
            reparsedSourceRange: min(
                reparsedSourceRange.lowerBound, later.reparsedSourceRange.lowerBound)..<max(
                    reparsedSourceRange.upperBound, later.reparsedSourceRange.upperBound),
            reparsedBlocks: min(
                reparsedBlocks.lowerBound, later.reparsedBlocks.lowerBound)..<max(
                    reparsedBlocks.upperBound, later.reparsedBlocks.upperBound),
            replacedTextUTF8: utf8.replaced, insertedTextUTF8: utf8.inserted, replacedTextUTF16: NSRange(utf16.replaced),
            insertedTextUTF16: NSRange(utf16.inserted),
            removedIdentities: removedIdentities + later.removedIdentities.filter { !addedEarlier.contains($0) },
            addedIdentities: addedIdentities.filter { !removedAgain.contains($0) } + later.addedIdentities,
            fullParseReason: fullParseReason ?? later.fullParseReason)
    }
}
