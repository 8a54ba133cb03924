import Foundation
import IntentModel

/// What an editor asks of its document between edits, answered from the tree in O(log n) plus the
/// length of the one block involved — never by assembling ``IncrementalMarkdownDocument/document``.
extension IncrementalMarkdownDocument {
    /// The UTF-8 offset in ``source`` of a UTF-16 offset (O(log n) plus its block's length).
    /// - Parameter utf16Offset: An offset in `0...sourceUTF16Count`.
    /// - Returns: The same position in UTF-8 bytes.
    /// - Throws: `IntentMarkError.invalidRange` for an offset outside the source or inside a
    ///   surrogate pair.
    public func sourceUTF8Offset(ofUTF16 utf16Offset: Int) throws -> Int {
        guard utf16Offset >= 0, utf16Offset <= sourceUTF16Count else {
            throw IntentMarkError.invalidRange("UTF-16 offset \(utf16Offset) is outside the source (length \(sourceUTF16Count))")
        }
        return try utf8Offset(ofUTF16: utf16Offset)
    }

    /// The UTF-16 offset in ``source`` of a UTF-8 offset (O(log n) plus its block's length).
    /// - Parameter utf8Offset: An offset in `0...sourceUTF8Count`, on a character's first byte.
    /// - Returns: The same position in UTF-16 units.
    /// - Throws: `IntentMarkError.invalidRange` for an offset outside the source or inside a
    ///   character's bytes.
    public func sourceUTF16Offset(ofUTF8 utf8Offset: Int) throws -> Int {
        guard utf8Offset >= 0, utf8Offset <= sourceUTF8Count, isScalarBoundary(utf8Offset) else {
            throw IntentMarkError.invalidRange("UTF-8 offset \(utf8Offset) is outside the source or inside a character")
        }
        guard utf8Offset < sourceUTF8Count, let (index, before) = tree.locate(utf8Offset, in: \.sourceUTF8) else {
            return sourceUTF16Count
        }
        var source = tree.element(at: index).source
        let local = utf8Offset - before.sourceUTF8
        return before.sourceUTF16 + source.withUTF8 { SourceBlock.utf16CountAndLineFeeds($0[..<local]).utf16 }
    }

    /// The top-level block whose source holds UTF-16 offset `utf16Offset` of ``source`` (the
    /// source's end gives the last block in source order). Footnote definitions, which
    /// libcmark-gfm moves to the document's end, are not found by their source: their lines
    /// belong to the block before them, as link reference definitions' do.
    /// - Parameter utf16Offset: An offset in `0...sourceUTF16Count`.
    /// - Returns: The block's location, or `nil` for an offset outside the source.
    public func topLevelBlock(atSourceUTF16 utf16Offset: Int) -> TopLevelBlockLocation? {
        guard utf16Offset >= 0, utf16Offset <= sourceUTF16Count, let (index, _) = tree.locate(utf16Offset, in: \.sourceUTF16) else {
            return nil
        }
        return location(ofElement: min(index, max(0, editableCount - 1)))
    }

    /// The top-level block whose text holds UTF-16 offset `utf16Offset` of ``document``'s text
    /// (the text's end gives the last block).
    /// - Parameter utf16Offset: An offset in `0...textUTF16Count`.
    /// - Returns: The block's location, or `nil` for an offset outside the text.
    public func topLevelBlock(atTextUTF16 utf16Offset: Int) -> TopLevelBlockLocation? {
        guard utf16Offset >= 0, utf16Offset <= textUTF16Count, let (index, _) = tree.locate(utf16Offset, in: \.textUTF16) else {
            return nil
        }
        return location(ofElement: index)
    }

    /// The run holding UTF-16 offset `utf16Offset` of ``document``'s text: its range in the whole
    /// text, intents and attributes (as `document.runs` would give them).
    /// - Parameter utf16Offset: An offset in `0..<textUTF16Count`.
    /// - Returns: The run, or `nil` for an offset outside the text.
    public func run(atTextUTF16 utf16Offset: Int) -> TextRun? {
        guard utf16Offset >= 0, utf16Offset < textUTF16Count else { return nil }
        return runs(inTextUTF16: NSRange(location: utf16Offset, length: 1)).first
    }

    /// The runs that overlap `range` of ``document``'s text, whole, in order.
    /// - Parameter range: UTF-16 units of the text; an empty range gives the run at its location.
    /// - Returns: The runs (empty for a range outside the text).
    public func runs(inTextUTF16 range: NSRange) -> [TextRun] {
        TextRun.runs(in: tree, overlapping: range, textUTF16: \.textUTF16, runsOf: runs(ofElement:before:))
    }

    /// The range of the leaf block (the paragraph, in an editor's words) whose text holds UTF-16
    /// offset `utf16Offset` of ``document``'s text, its terminator included.
    /// - Parameter utf16Offset: An offset in `0..<textUTF16Count`.
    /// - Returns: The range in UTF-16 units of the text, or `nil` outside the text.
    public func paragraphRange(aroundTextUTF16 utf16Offset: Int) -> NSRange? {
        guard utf16Offset >= 0, utf16Offset < textUTF16Count, let (index, before) = tree.locate(utf16Offset, in: \.textUTF16) else {
            return nil
        }
        return TextRun.paragraphRange(around: utf16Offset, in: runs(ofElement: index, before: before))
    }

    /// The location of the tree's element `index`.
    private func location(ofElement index: Int) -> TopLevelBlockLocation {
        let element = tree.element(at: index)
        let before = tree.summary(before: index)
        let summary = element.summary
        return TopLevelBlockLocation(
            index: before.blocks, identities: element.identities,
            sourceUTF8Range: before.sourceUTF8..<(before.sourceUTF8 + summary.sourceUTF8),
            sourceUTF16Range: NSRange(location: before.sourceUTF16, length: summary.sourceUTF16),
            textUTF8Range: before.textUTF8..<(before.textUTF8 + summary.textUTF8),
            textUTF16Range: NSRange(location: before.textUTF16, length: summary.textUTF16))
    }

    /// The runs of the tree's element `index` (whose preceding elements sum to `before`), in the
    /// whole text's coordinates.
    private func runs(ofElement index: Int, before: SourceBlockSummary) -> [TextRun] {
        let element = tree.element(at: index)
        return TextRun.runs(of: element.region.document, in: element.textRange, at: (before.textUTF8, before.textUTF16))
    }
}
