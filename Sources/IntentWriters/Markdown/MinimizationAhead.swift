import Dispatch
import Foundation

/// Pieces of a Markdown rendering minimized on other threads while the renderer goes on: the
/// renderer hands each top-level block's Markdown over as it finishes it (``add(start:bytes:verbatim:)``),
/// and threads of their own run ``EscapeMinimizer``'s work on it, so that the escapes of a large
/// document are mostly settled when its rendering ends.
///
/// What a thread makes of a piece is only a proposal: ``EscapeMinimizer/minimize(_:pieceStarts:verbatimRanges:ahead:)``
/// takes it for the piece at the same offset with the same bytes in the finished rendering, and
/// keeps it only where minimizing in order would have made the same (the budget rule it applies
/// to every piece minimized on another thread). The threads share one budget pool, the
/// minimizer's own budget estimated from the document's size, so their work stays linear in it.
package final class MinimizationAhead: @unchecked Sendable {
    /// A piece minimized ahead: the bytes it was minimized from, what they became, and the budget
    /// that took.
    package struct Proposal: Sendable {
        var source: [UInt8]
        var bytes: [UInt8]
        var used: Int
    }

    // Everything below is guarded by `condition`.
    private let condition = NSCondition()
    private var queue: [(start: Int, bytes: [UInt8], verbatim: [Range<Int>])] = []
    private var taken = 0
    private var closed = false
    private var working = 0
    private var pool: Int
    private var proposals: [Int: Proposal] = [:]
    private let minimizer: EscapeMinimizer

    /// Starts `threads` threads minimizing pieces with `minimizer`'s reading and context, sharing
    /// its budget as a pool of bytes to parse.
    init(minimizer: EscapeMinimizer, threads: Int) {
        self.minimizer = minimizer
        pool = minimizer.budget
        working = threads
        for _ in 0..<threads {
            DispatchQueue.global().async { self.work() }
        }
    }

    /// Hands over the piece of the rendering that starts at UTF-8 offset `start`, with the
    /// verbatim ranges inside it (code and HTML blocks, relative to `start`).
    func add(start: Int, bytes: [UInt8], verbatim: [Range<Int>]) {
        condition.lock()
        // Once the pool is spent no piece is taken: none is kept.
        if pool > 0 {
            queue.append((start, bytes, verbatim))
            condition.signal()
        }
        condition.unlock()
    }

    /// Ends the hand-over, helps with the pieces still queued on the calling thread, waits for the
    /// other threads, and returns every proposal by the offset of its piece.
    func finish() -> [Int: Proposal] {
        condition.lock()
        closed = true
        working += 1
        condition.broadcast()
        condition.unlock()
        work()
        condition.lock()
        while working > 0 { condition.wait() }
        let result = proposals
        condition.unlock()
        return result
    }

    /// Takes queued pieces until the hand-over has ended and the queue is empty.
    private func work() {
        condition.lock()
        while true {
            while taken == queue.count, !closed { condition.wait() }
            guard taken < queue.count, pool > 0 else { break }
            let piece = queue[taken]
            // Taken pieces are not kept: their bytes go with the proposal, when there is one.
            queue[taken].bytes = []
            taken += 1
            let start = pool
            condition.unlock()
            var used = 0
            var proposal: Proposal? = nil
            if EscapeMinimizer.hasEscape(piece.bytes, in: 0..<piece.bytes.count, outside: piece.verbatim) {
                let alone = minimizer.minimizeAlone(piece.bytes, budget: start)
                used = alone.used
                proposal = alone.result.map { Proposal(source: piece.bytes, bytes: $0.bytes, used: $0.used) }
            }
            condition.lock()
            pool -= used
            if let proposal { proposals[piece.start] = proposal }
        }
        working -= 1
        condition.broadcast()
        condition.unlock()
    }
}
