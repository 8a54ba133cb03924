import Foundation
import IntentModel

/// What an editor asks of its storage between edits, answered from the chunk tree in O(log n)
/// plus the length of the chunk involved — never by assembling ``EditableIntentDocument/document``.
extension EditableIntentDocument {
    /// The UTF-8 offset of a UTF-16 offset of the text.
    /// - Parameter utf16Offset: An offset in `0...utf16Count`.
    /// - Returns: The same position in UTF-8 bytes.
    /// - Throws: `IntentMarkError.invalidRange` for an offset outside the text or inside a
    ///   surrogate pair.
    ///
    /// ```swift
    /// let editable = EditableIntentDocument(try IntentDocument(markdown: "é🙂\n"))
    /// try editable.utf8Offset(ofUTF16: 3)   // 6: "é" is 2 bytes, "🙂" 4 bytes and 2 UTF-16 units
    /// ```
    public func utf8Offset(ofUTF16 utf16Offset: Int) throws -> Int {
        guard utf16Offset >= 0, utf16Offset <= utf16Count else {
            throw IntentMarkError.invalidRange("UTF-16 offset \(utf16Offset) is outside the text (length \(utf16Count))")
        }
        guard let offset = utf8Offset(atUTF16: utf16Offset) else {
            throw IntentMarkError.invalidRange("UTF-16 offset \(utf16Offset) splits a surrogate pair")
        }
        return offset
    }

    /// The UTF-16 offset of a UTF-8 offset of the text.
    /// - Parameter utf8Offset: An offset in `0...utf8Count`, on a character's first byte.
    /// - Returns: The same position in UTF-16 units.
    /// - Throws: `IntentMarkError.invalidRange` for an offset outside the text or inside a
    ///   character's bytes.
    public func utf16Offset(ofUTF8 utf8Offset: Int) throws -> Int {
        guard utf8Offset >= 0, utf8Offset <= utf8Count else {
            throw IntentMarkError.invalidRange("UTF-8 offset \(utf8Offset) is outside the text (length \(utf8Count))")
        }
        guard utf8Offset < utf8Count, let (index, before) = chunks.locate(utf8Offset, in: \.textUTF8) else { return utf16Count }
        let text = chunks.element(at: index).document.text
        let position = text.utf8.index(text.utf8.startIndex, offsetBy: utf8Offset - before.textUTF8)
        guard position.samePosition(in: text.unicodeScalars) != nil else {
            throw IntentMarkError.invalidRange("UTF-8 offset \(utf8Offset) is inside a character")
        }
        return before.textUTF16 + text.utf16.distance(from: text.startIndex, to: position)
    }

    /// The run holding UTF-16 offset `utf16Offset` of the text: its range in the whole text, its
    /// intents (the presentation intent names the block and its ancestors) and attributes, as
    /// `document.runs` would give them.
    /// - Parameter utf16Offset: An offset in `0..<utf16Count`.
    /// - Returns: The run, or `nil` for an offset outside the text.
    public func run(atUTF16 utf16Offset: Int) -> TextRun? {
        guard utf16Offset >= 0, utf16Offset < utf16Count else { return nil }
        return runs(inUTF16: NSRange(location: utf16Offset, length: 1)).first
    }

    /// The runs that overlap `range` of the text, whole, in order.
    /// - Parameter range: UTF-16 units of the text; an empty range gives the run at its location.
    /// - Returns: The runs (empty for a range outside the text).
    public func runs(inUTF16 range: NSRange) -> [TextRun] {
        TextRun.runs(in: chunks, overlapping: range, textUTF16: \.textUTF16, runsOf: runs(ofChunk:before:))
    }

    /// The range of the paragraph (leaf block) whose text holds UTF-16 offset `utf16Offset`, its
    /// terminator included — what `NSString.paragraphRange(for:)` gives in a text view.
    /// - Parameter utf16Offset: An offset in `0..<utf16Count`.
    /// - Returns: The range in UTF-16 units of the text, or `nil` outside the text.
    public func paragraphRange(aroundUTF16 utf16Offset: Int) -> NSRange? {
        guard utf16Offset >= 0, utf16Offset < utf16Count, let (index, before) = chunks.locate(utf16Offset, in: \.textUTF16) else {
            return nil
        }
        return TextRun.paragraphRange(around: utf16Offset, in: runs(ofChunk: index, before: before))
    }

    /// The runs of chunk `index` (whose preceding chunks sum to `before`), in the whole text's
    /// coordinates.
    private func runs(ofChunk index: Int, before: EditableChunkSummary) -> [TextRun] {
        let chunk = chunks.element(at: index)
        return TextRun.runs(of: chunk.document, in: 0..<chunk.summary.textUTF8, at: (before.textUTF8, before.textUTF16))
    }
}
