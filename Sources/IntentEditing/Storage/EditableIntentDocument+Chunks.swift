import Foundation
import IntentModel

/// How ``EditableIntentDocument`` finds, joins and checks the chunks an edit works on.
extension EditableIntentDocument {
    /// The chunks an edit of `utf8Range` rebuilds, and the summary of the chunks before them:
    /// those holding the range's ends, and the chunk before (after) when the range starts (ends)
    /// in a chunk's first (last) top-level block — the paragraphs an edit touches and the
    /// top-level blocks beside them are in the window whole. O(log n).
    func window(around utf8Range: Range<Int>) -> (chunks: Range<Int>, start: EditableChunkSummary) {
        let total = chunks.summary.textUTF8
        guard let (first, beforeFirst) = chunks.locate(utf8Range.lowerBound, in: \.textUTF8),
            let (last, beforeLast) = chunks.locate(utf8Range.upperBound, in: \.textUTF8)
        else { return (0..<0, .zero) }
        var lower = first
        if first > 0,
            utf8Range.lowerBound >= total || utf8Range.lowerBound - beforeFirst.textUTF8 < chunks.element(at: first).firstBlockEnd
        {
            lower = first - 1
        }
        var upper = last + 1
        if upper < chunks.count,
            utf8Range.upperBound >= total || utf8Range.upperBound - beforeLast.textUTF8 >= chunks.element(at: last).lastBlockStart
        {
            upper += 1
        }
        return (lower..<upper, chunks.summary(before: lower))
    }

    /// The chunks at `range` joined into one document, with their identities. O(their size).
    func assembled(chunks range: Range<Int>) -> IntentDocument {
        if range.count == 1 { return chunks.element(at: range.lowerBound).document }
        var splicer = IntentDocumentSplicer(
            expectedBytes: chunks.summary(before: range.upperBound).textUTF8 - chunks.summary(before: range.lowerBound).textUTF8,
            firstFreeIdentity: identityHighWater + 1)
        var sourceID = 0
        chunks.forEachElement(in: range) { chunk in
            splicer.copy(chunk.document, sourceID: sourceID, utf8Range: 0..<chunk.summary.textUTF8)
            sourceID += 1
        }
        return splicer.finish()
    }

    /// The block and span identities of `replacement` that chunks outside `window` use: an undo
    /// must not give them to the blocks it restores. Visits only chunks whose identity range holds
    /// one of them (O(log n) each while identities follow document order, as parsing gives them).
    func identitiesInUse(of replacement: IntentDocument, outside window: Range<Int>) -> (blocks: Set<Int>, spans: Set<Int>) {
        let blocks = Set(replacement.blockIDs.map { replacement.identity(of: $0) })
        let spans = Set(replacement.spanIDs.map { replacement.identity(of: $0) })
        var found: (blocks: Set<Int>, spans: Set<Int>) = ([], [])
        for identity in blocks.union(spans) {
            chunks.forEachElement(whereSummary: { $0.mayHold(identity) }) { index, chunk in
                guard !window.contains(index) else { return }
                let held = chunk.holds(
                    blockIdentities: blocks.contains(identity) ? [identity] : [], spanIdentities: spans.contains(identity) ? [identity] : []
                )
                found.blocks.formUnion(held.blocks)
                found.spans.formUnion(held.spans)
            }
        }
        return found
    }

    /// Whether UTF-8 offset `offset` is where a paragraph's terminator begins (a run never
    /// crosses chunks, so its chunk tells).
    func endsBeforeTerminator(_ offset: Int) -> Bool {
        guard offset < chunks.summary.textUTF8, let (index, before) = chunks.locate(offset, in: \.textUTF8) else { return false }
        return EditingLayout.endsBeforeTerminator(offset - before.textUTF8, in: chunks.element(at: index).document)
    }

    /// The UTF-8 range of a UTF-16 `NSRange` of the text. O(log n) plus the chunks at its ends.
    /// - Throws: `IntentMarkError.invalidRange` outside the text or inside a surrogate pair.
    func utf8Range(of range: NSRange) throws -> Range<Int> {
        let count = utf16Count
        guard range.location != NSNotFound, range.location >= 0, range.length >= 0, range.location <= count,
            range.length <= count - range.location
        else { throw IntentMarkError.invalidRange("\(range) is outside the text (UTF-16 length \(count))") }
        guard let lower = utf8Offset(atUTF16: range.location), let upper = utf8Offset(atUTF16: range.location + range.length) else {
            throw IntentMarkError.invalidRange("\(range) splits a UTF-16 surrogate pair")
        }
        return lower..<upper
    }

    /// The UTF-8 offset of UTF-16 offset `utf16Offset` (in `0...utf16Count`), or `nil` inside a
    /// surrogate pair.
    func utf8Offset(atUTF16 utf16Offset: Int) -> Int? {
        guard utf16Offset < utf16Count, let (index, before) = chunks.locate(utf16Offset, in: \.textUTF16) else {
            return chunks.summary.textUTF8
        }
        let text = chunks.element(at: index).document.text
        let position = text.utf16.index(text.utf16.startIndex, offsetBy: utf16Offset - before.textUTF16)
        guard position.samePosition(in: text.unicodeScalars) != nil else { return nil }
        return before.textUTF8 + text.utf8.distance(from: text.startIndex, to: position)
    }
}
