import Foundation
import Synchronization

/// The source map's copy of the source (``MarkdownSourceMapBuilder/SourceCopy``), made by the
/// first thread of a parallel parse with nothing else to do: a thread that has finished every
/// piece it could claim, or at the latest the converting thread before it builds the map.
final class SourceCopyJob: @unchecked Sendable {
    // `bytes` is read by the one thread that claims the job; `copy` is guarded by `condition`.
    private let bytes: UnsafeBufferPointer<UInt8>
    private let claimed = Atomic(false)
    private let condition = NSCondition()
    private var copy: MarkdownSourceMapBuilder.SourceCopy? = nil

    /// A job copying `bytes`, which must stay valid until ``result()`` returns.
    init(copying bytes: UnsafeBufferPointer<UInt8>) { self.bytes = bytes }

    /// Makes the copy unless another thread has claimed the job.
    func runIfUnclaimed() {
        guard !claimed.exchange(true, ordering: .acquiringAndReleasing) else { return }
        let made = MarkdownSourceMapBuilder.SourceCopy(of: bytes)
        condition.lock()
        copy = made
        condition.broadcast()
        condition.unlock()
    }

    /// The copy: made here when no thread has claimed the job, else waited for.
    func result() -> MarkdownSourceMapBuilder.SourceCopy {
        runIfUnclaimed()
        condition.lock()
        defer { condition.unlock() }
        while true {
            if let copy { return copy }
            condition.wait()
        }
    }
}
