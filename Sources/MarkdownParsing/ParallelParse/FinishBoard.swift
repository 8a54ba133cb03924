import Foundation
import IntentModel

/// The pieces of a parallel parse being finished (``CmarkTree/init(finishing:)``, the inline
/// pass) by several threads, and the trees they became, for the thread that converts them in
/// order. A piece is finished by the thread that claims it; ``take(_:)`` waits for one.
final class FinishBoard: @unchecked Sendable {
    // `results` and `done` are guarded by `condition`; `feeds[i]` is touched only by the thread
    // that claimed `i`.
    private let condition = NSCondition()
    private let feeds: [CmarkFeed]
    private var results: [Result<CmarkTree, any Error>?]
    private let board: WorkBoard

    init(feeds: [CmarkFeed]) {
        self.feeds = feeds
        results = Array(repeating: nil, count: feeds.count)
        board = WorkBoard(count: feeds.count)
    }

    /// Claims the next piece not claimed yet and finishes it; false when none was left.
    func finishNext() -> Bool {
        guard let index = board.claim() else { return false }
        let result = Result { try CmarkTree(finishing: feeds[index]) }
        condition.lock()
        results[index] = result
        condition.broadcast()
        condition.unlock()
        return true
    }

    /// Whether piece `index` is finished.
    func isFinished(_ index: Int) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        return results[index] != nil
    }

    /// The tree of piece `index`, once a thread has finished it, handed over: the board keeps
    /// no reference to it.
    /// - Throws: What finishing it threw, or when it was taken before.
    func take(_ index: Int) throws -> CmarkTree {
        condition.lock()
        while results[index] == nil { condition.wait() }
        let result = results[index]
        results[index] = .failure(IntentMarkError.parserUnavailable(reason: "a piece's tree was taken twice"))
        condition.unlock()
        guard let result else { throw IntentMarkError.parserUnavailable(reason: "a piece was not finished") }
        return try result.get()
    }
}
