import Foundation
import IntentModel

/// The pieces of a parallel parse being finished and converted by several threads (each piece
/// by the thread that claims it, in order of the pieces), and what they became (a
/// ``ConvertedPiece``, or what a transform made of its document), for the thread that takes
/// them in order (``take(_:)`` waits for one).
final class PieceBoard<Made>: @unchecked Sendable {
    // `results` is guarded by `condition`; `work` is called for each index once, by the thread
    // that claimed it.
    private let condition = NSCondition()
    private var results: [Result<Made, any Error>?]
    private let board: WorkBoard
    private let work: (Int) throws -> Made

    /// A board of `count` pieces, each made by `work`.
    init(count: Int, work: @escaping (Int) throws -> Made) {
        results = Array(repeating: nil, count: count)
        board = WorkBoard(count: count)
        self.work = work
    }

    /// Claims the next piece not claimed yet and makes it; false when none was left.
    func processNext() -> Bool {
        guard let index = board.claim() else { return false }
        let result = Result { try work(index) }
        condition.lock()
        results[index] = result
        condition.broadcast()
        condition.unlock()
        return true
    }

    /// Whether piece `index` is made.
    func isDone(_ index: Int) -> Bool {
        condition.lock()
        defer { condition.unlock() }
        return results[index] != nil
    }

    /// Piece `index`, once a thread has made it, handed over: the board keeps no copy of it.
    /// - Throws: What making it threw, or when it was taken before.
    func take(_ index: Int) throws -> Made {
        condition.lock()
        while results[index] == nil { condition.wait() }
        let result = results[index]
        results[index] = .failure(IntentMarkError.parserUnavailable(reason: "a piece was taken twice"))
        condition.unlock()
        guard let result else { throw IntentMarkError.parserUnavailable(reason: "a piece was not made") }
        return try result.get()
    }
}
