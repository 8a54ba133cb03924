import Foundation
import Synchronization

/// A piece of a parallel parse's work done once, by the first thread with nothing else to do
/// (``runIfUnclaimed()``), or at the latest by the thread that needs its result (``result()``):
/// the source map's copy of the source, made by a thread that has finished every piece it could
/// claim, and the source map itself, made while the calling thread finishes the document's text.
final class IdleThreadJob<Value: Sendable>: @unchecked Sendable {
    // `work` is called by the one thread that claims the job; `value` is guarded by `condition`.
    private let work: @Sendable () -> Value
    private let claimed = Atomic(false)
    private let condition = NSCondition()
    private var value: Value? = nil

    /// A job that makes its value with `work` (everything `work` reads must stay valid until
    /// ``result()`` returns).
    init(_ work: @escaping @Sendable () -> Value) { self.work = work }

    /// Does the work unless another thread has claimed the job.
    func runIfUnclaimed() {
        guard !claimed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let made = work()
        condition.lock()
        value = made
        condition.broadcast()
        condition.unlock()
    }

    /// The value: made here when no thread has claimed the job, else waited for.
    func result() -> Value {
        runIfUnclaimed()
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let value { return value }
            condition.wait()
        }
    }
}
