import Dispatch
import Foundation
import IntentModel

extension MarkdownWriter {
    /// A large document's rendering made in pieces on `threads` threads, or `nil` when it is not
    /// cut (too few top-level blocks that a piece can start after) or the pieces do not join.
    ///
    /// The document is cut before top-level blocks that follow a paragraph or a heading, about
    /// two pieces per thread. Each piece is rendered by a renderer of its own from the block
    /// before its first, which brings that renderer to the state a whole rendering has where the
    /// piece starts. The pieces are joined only when every piece's end state is the next one's
    /// start state (``MarkdownBoundaryState``): then the bytes are the ones one rendering writes.
    /// - Parameters:
    ///   - repaired: The document, ``IntentModel/IntentDocument/repairedForWriting()`` applied.
    ///   - lists: `MarkdownRenderer.listsFollowedByIndentedHTML(repaired)`.
    /// - Returns: The rendering, where its top-level blocks start and its verbatim ranges (UTF-8).
    func renderInPieces(
        _ repaired: IntentDocument, lists: [Bool], references: LinkReferences, threads: Int
    ) -> (text: String, topLevelStarts: [Int], verbatimRanges: [Range<Int>])? {
        let cuts = Self.pieceCuts(of: repaired, pieces: threads * 2)
        guard !cuts.isEmpty else { return nil }
        // Piece i renders runs[i] and starts at block startBlocks[i].
        var runs: [Range<Int>] = []
        var startBlocks: [BlockID?] = [nil]
        var start = 0
        for cut in cuts {
            runs.append(start..<cut.run)
            startBlocks.append(cut.block)
            start = cut.previousBlockRun
        }
        runs.append(start..<repaired.runCount)
        let (pieceRuns, pieceStartBlocks) = (runs, startBlocks)
        let results = PieceResults(count: runs.count)
        let options = self.options
        DispatchQueue.concurrentPerform(iterations: pieceRuns.count) { index in
            var renderer = MarkdownRenderer(
                repaired: repaired, options: options, references: references, listsFollowedByIndentedHTML: lists)
            results.set(
                index,
                renderer.renderPiece(
                    runs: pieceRuns[index], startBlock: pieceStartBlocks[index], isLast: index == pieceRuns.count - 1))
        }
        guard let pieces = results.all() else { return nil }
        var text = ""
        text.reserveCapacity(pieces.reduce(0) { $0 + $1.text.utf8.count })
        var starts: [Int] = []
        var verbatim: [Range<Int>] = []
        for (index, piece) in pieces.enumerated() {
            if index > 0 {
                guard let startState = piece.startState, startState == pieces[index - 1].endState else { return nil }
            }
            let base = text.utf8.count
            text += piece.text
            starts += piece.topLevelStarts.map { $0 + base }
            verbatim += piece.verbatimRanges.map { ($0.lowerBound + base)..<($0.upperBound + base) }
        }
        return (text, starts, verbatim)
    }

    /// Where the pieces of `document`'s rendering may start: the first run of a top-level block
    /// that follows a paragraph (not an HTML block) or a heading (whose rendering does not depend on the blocks
    /// before them beyond the state a piece checks), near every `runCount / pieces` runs, with
    /// that block and the first run of the block before it.
    static func pieceCuts(of document: IntentDocument, pieces: Int) -> [(run: Int, block: BlockID, previousBlockRun: Int)] {
        let count = document.runCount
        guard pieces > 1, count > 1 else { return [] }
        /// The top-level block of run `index`'s leaf, or `nil` for a run outside blocks.
        func topLevelBlock(ofRun index: Int) -> BlockID? {
            guard var block = document.storedRun(at: RunIndex(index)).block else { return nil }
            while let parent = document.parent(of: block) { block = parent }
            return block
        }
        var cuts: [(run: Int, block: BlockID, previousBlockRun: Int)] = []
        var lowest = 1
        for piece in 1..<pieces {
            // Look at most a few thousand runs on for a top-level block after a paragraph or heading.
            var run = max(count * piece / pieces, lowest)
            let limit = min(count, run + 4_096)
            while run < limit {
                if let block = topLevelBlock(ofRun: run), let previous = topLevelBlock(ofRun: run - 1), block != previous,
                    !document.storedRun(at: RunIndex(run - 1)).inlinePresentationIntent.contains(.blockHTML)
                {
                    switch document.kind(of: previous) {
                    case .paragraph, .header:
                        // The previous block's first run: where its piece's renderer begins.
                        var first = run - 1
                        while first > 0, topLevelBlock(ofRun: first - 1) == previous { first -= 1 }
                        if first >= lowest {
                            cuts.append((run, block, first))
                            lowest = run + 1
                        }
                        run = limit
                        continue
                    default:
                        break
                    }
                }
                run += 1
            }
        }
        return cuts
    }

    /// The pieces' renderings, each written by the one thread that renders it and read after all
    /// are done.
    private final class PieceResults: @unchecked Sendable {
        private var slots: [MarkdownRenderedPiece?]
        private let lock = NSLock()

        init(count: Int) { slots = Array(repeating: nil, count: count) }

        func set(_ index: Int, _ piece: MarkdownRenderedPiece) {
            lock.withLock { slots[index] = piece }
        }

        /// Every piece, in order; `nil` if one is missing.
        func all() -> [MarkdownRenderedPiece]? {
            lock.withLock {
                let pieces = slots.compactMap { $0 }
                return pieces.count == slots.count ? pieces : nil
            }
        }
    }
}

extension MarkdownWriter {
    /// For tests: whether `document`'s rendering in pieces on `threads` threads is its rendering
    /// in one (the bytes, where top-level blocks start, the verbatim ranges); `nil` when it is not
    /// cut or its pieces do not join.
    package func rendersInPiecesAsWhole(_ document: IntentDocument, threads: Int) -> Bool? {
        let repaired = MarkdownFootnoteOrder.reordered(document).repairedForWriting()
        let lists = MarkdownRenderer.listsFollowedByIndentedHTML(repaired)
        guard let pieces = renderInPieces(repaired, lists: lists, references: LinkReferences(), threads: threads) else { return nil }
        var whole = MarkdownRenderer(repaired: repaired, options: options, references: LinkReferences(), listsFollowedByIndentedHTML: lists)
        let text = whole.render()
        return pieces.text == text && pieces.topLevelStarts == whole.topLevelStarts && pieces.verbatimRanges == whole.verbatimRanges
    }
}
