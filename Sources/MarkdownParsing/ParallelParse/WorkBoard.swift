import Synchronization

/// Hands out the indices `0..<count` once each, in order, to whichever thread asks first: the
/// shared queue of a parallel parse's steps.
final class WorkBoard: Sendable {
    private let next = Atomic(0)
    let count: Int

    init(count: Int) { self.count = count }

    /// The next index not handed out yet, or `nil` when all have been.
    func claim() -> Int? {
        let index = next.add(1, ordering: .relaxed).oldValue
        return index < count ? index : nil
    }
}
