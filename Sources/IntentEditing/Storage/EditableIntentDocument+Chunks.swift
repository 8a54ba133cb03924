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

    /// The one chunk an edit needs when it cannot reach past its paragraph — plain text without
    /// line, cell or carriage-return ends put in place of text without them: the paragraph stays
    /// one paragraph, no list joins another, nothing merges — or `nil`. O(log n) plus the range.
    func singleChunkWindow(
        for utf8Range: Range<Int>, replacement: IntentDocument
    ) -> (chunks: Range<Int>, start: EditableChunkSummary)? {
        guard utf8Range.lowerBound < utf8Count, replacement.storedRuns.allSatisfy({ $0.block == nil }),
            !replacement.text.utf8.contains(where: Self.endsParagraphOrCell),
            let (index, before) = chunks.locate(utf8Range.lowerBound, in: \.textUTF8)
        else { return nil }
        let chunk = chunks.element(at: index)
        let upper = utf8Range.upperBound - before.textUTF8
        // The chunk ends with its last paragraph's line end, which the range must not reach.
        guard upper < chunk.summary.textUTF8, chunk.document.text.utf8.last == UInt8(ascii: "\n") else { return nil }
        let removed = chunk.document.text(inUTF8Range: (utf8Range.lowerBound - before.textUTF8)..<upper).utf8
        guard !removed.contains(where: Self.endsParagraphOrCell) else { return nil }
        return (index..<(index + 1), before)
    }

    /// Whether a byte is a line feed, a carriage return or a tab (a cell's terminator).
    private static func endsParagraphOrCell(_ byte: UInt8) -> Bool { byte == 0x0A || byte == 0x0D || byte == 0x09 }

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
    /// must not give them to the blocks it restores. Visits only chunks whose block (span) identity
    /// range holds one of them: O(log n) each while identities follow document order, as parsing
    /// numbers them; a chunk an edit gave fresh identities has a wider range, and is visited more.
    func identitiesInUse(of replacement: IntentDocument, outside window: Range<Int>) -> (blocks: Set<Int>, spans: Set<Int>) {
        let blocks = Set(replacement.blockIDs.map { replacement.identity(of: $0) })
        let spans = Set(replacement.spanIDs.map { replacement.identity(of: $0) })
        var found: (blocks: Set<Int>, spans: Set<Int>) = ([], [])
        for identity in blocks {
            let visit: (Int, EditableChunk) -> Void = { index, chunk in
                guard !window.contains(index) else { return }
                found.blocks.formUnion(chunk.holds(blockIdentities: [identity], spanIdentities: []).blocks)
            }
            chunks.forEachElement(whereSummary: { $0.blockIdentities.mayHold(identity) }, visit)
        }
        for identity in spans {
            let visit: (Int, EditableChunk) -> Void = { index, chunk in
                guard !window.contains(index) else { return }
                found.spans.formUnion(chunk.holds(blockIdentities: [], spanIdentities: [identity]).spans)
            }
            chunks.forEachElement(whereSummary: { $0.spanIdentities.mayHold(identity) }, visit)
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

    /// The UTF-16 units of the text in `range` (clamped to the text). O(log n) plus the chunks
    /// the range covers.
    func utf16Units(in range: NSRange) -> [UInt16] {
        let lower = min(max(0, range.location), utf16Count)
        let upper = min(max(lower, range.location + range.length), utf16Count)
        guard lower < upper, let (first, before) = chunks.locate(lower, in: \.textUTF16) else { return [] }
        var result: [UInt16] = []
        var index = first
        var start = before.textUTF16
        while index < chunks.count, start < upper {
            let chunk = chunks.element(at: index)
            let utf16 = chunk.document.text.utf16
            let from = max(lower - start, 0)
            let to = min(upper - start, chunk.summary.textUTF16)
            if from < to {
                let head = utf16.index(utf16.startIndex, offsetBy: from)
                result += utf16[head..<utf16.index(head, offsetBy: to - from)]
            }
            start += chunk.summary.textUTF16
            index += 1
        }
        return result
    }

    /// The runs of `utf8Range` (on scalar boundaries) with their blocks and identities, as
    /// `EditingLayout.slice` gives them from ``document``. O(log n) plus the chunks it covers.
    func slice(utf8Range: Range<Int>) -> IntentDocument {
        guard let (first, before) = chunks.locate(utf8Range.lowerBound, in: \.textUTF8),
            let (last, _) = chunks.locate(max(utf8Range.lowerBound, utf8Range.upperBound - 1), in: \.textUTF8)
        else { return IntentDocument() }
        let local = assembled(chunks: first..<(last + 1))
        let start = utf8Range.lowerBound - before.textUTF8
        return EditingLayout.slice(of: local, utf8Range: start..<(start + utf8Range.count))
    }
}
