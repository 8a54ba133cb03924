import IntentModel

/// One element of ``EditableIntentDocument``'s tree: a stretch of whole top-level blocks, held as
/// a small ``IntentModel/IntentDocument`` in the `.newlines` layout with the blocks' own
/// identities. An edit rebuilds only the chunks around it.
///
/// Chunks are cut only between top-level blocks, and only where no inline span runs on from one
/// block into the next (documents built by hand can have such spans), so that joining the chunks
/// back gives the document they were cut from. A top-level block larger than the target (one
/// long list) is one chunk.
///
/// A class, so that the tree's rebalancing copies one reference per node, not a document's
/// tables.
final class EditableChunk: SummarizedTreeElement {
    /// The chunk's blocks and text.
    let document: IntentDocument
    let summary: EditableChunkSummary
    /// Where the chunk's first top-level block ends and its last one starts (UTF-8 offsets of
    /// the chunk's text): an edit there can reach the chunk next to it.
    let firstBlockEnd: Int
    let lastBlockStart: Int

    /// The chunks of `document`, each of at least `targetBytes` UTF-8 bytes where the blocks
    /// allow (the last may be shorter). O(n).
    static func chunks(of document: IntentDocument, targetBytes: Int) -> [EditableChunk] {
        guard !document.isEmpty else { return [] }
        let units = document.topLevelUnits()
        var chunks: [EditableChunk] = []
        var firstUnit = 0
        var runsBefore = 0
        for (index, unit) in units.enumerated() {
            runsBefore += unit.runCount
            let chunkStart = units[firstUnit].utf8Range.lowerBound
            let isLast = index + 1 == units.count
            guard isLast || (unit.utf8Range.upperBound - chunkStart >= targetBytes && mayCut(document, beforeRun: runsBefore))
            else { continue }
            let range = chunkStart..<unit.utf8Range.upperBound
            let piece = range.count == document.text.utf8.count ? document : EditingLayout.slice(of: document, utf8Range: range)
            chunks.append(
                EditableChunk(
                    piece, firstBlockEnd: units[firstUnit].utf8Range.upperBound - chunkStart,
                    lastBlockStart: unit.utf8Range.lowerBound - chunkStart))
            firstUnit = index + 1
        }
        return chunks
    }

    private init(_ document: IntentDocument, firstBlockEnd: Int, lastBlockStart: Int) {
        self.document = document
        self.firstBlockEnd = firstBlockEnd
        self.lastBlockStart = lastBlockStart
        var text = document.text
        let utf16 = text.withUTF8 { SourceBlock.utf16CountAndLineFeeds($0[...]).utf16 }
        var summary = EditableChunkSummary(textUTF8: document.text.utf8.count, textUTF16: utf16, runs: document.runCount)
        for block in document.blockIDs { summary.blockIdentities.note(document.identity(of: block)) }
        for span in document.spanIDs { summary.spanIdentities.note(document.identity(of: span)) }
        self.summary = summary
    }

    /// Whether the document may be cut before run `run`: no span of the run before it goes on
    /// into it.
    private static func mayCut(_ document: IntentDocument, beforeRun run: Int) -> Bool {
        guard run > 0, run < document.runCount else { return true }
        guard var after = document.storedRun(at: RunIndex(run)).span, let before = document.storedRun(at: RunIndex(run - 1)).span
        else { return true }
        var chain = Set<Int>()
        var current: SpanID? = before
        while let span = current {
            chain.insert(span.index)
            current = document.parent(of: span)
        }
        while true {
            if chain.contains(after.index) { return false }
            guard let parent = document.parent(of: after) else { return true }
            after = parent
        }
    }

    /// The identities among `blocks` that blocks of the chunk have, and among `spans` that its
    /// spans have. O(blocks and spans of the chunk).
    func holds(blockIdentities blocks: Set<Int>, spanIdentities spans: Set<Int>) -> (blocks: Set<Int>, spans: Set<Int>) {
        var found: (blocks: Set<Int>, spans: Set<Int>) = ([], [])
        if !blocks.isEmpty {
            for block in document.blockIDs where blocks.contains(document.identity(of: block)) {
                found.blocks.insert(document.identity(of: block))
            }
        }
        if !spans.isEmpty {
            for span in document.spanIDs where spans.contains(document.identity(of: span)) {
                found.spans.insert(document.identity(of: span))
            }
        }
        return found
    }
}
