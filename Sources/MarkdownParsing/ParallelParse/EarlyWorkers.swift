import Dispatch
import Foundation
import Synchronization

/// Worker threads started before their work is ready, so that they are running by the time it
/// is: a thread's first start (and, on a virtual machine, waking an idle core for it) took
/// 1.3–1.4 ms in about one parse of 1 MB in seven, against 0.06–0.1 ms otherwise, while the
/// calling thread cut the input and made the parsers (started early, 1 MB to HTML in one
/// process: median 4% faster over 80 alternated runs). A parallel parse starts them before it
/// cuts its input; the command line's folder conversion before it walks the folders. At most one
/// fewer than the active cores start early; each waits, spinning for at most ``spinNanoseconds``
/// and then polling every 20 µs, until ``start(_:)`` hands it the work (and starts any others with
/// it) or ``cancel()`` ends it; the owner must do one of the two on every path.
package final class EarlyWorkers: @unchecked Sendable {
    // `work` is written once, before `state` is set to `ready` (releasing), and read only after a
    // thread has seen `ready` (acquiring).
    private let state = Atomic(State.waiting.rawValue)
    private var work: (@Sendable () -> Void)? = nil
    /// Every worker, for ``wait()``.
    private let group = DispatchGroup()

    /// How long a worker spins before it polls: about what cutting 1 MB and making its parsers
    /// takes, and never more than a few milliseconds of a core that has nothing else to do.
    package static let spinNanoseconds: UInt64 = 3_000_000

    private enum State: Int {
        case waiting, ready, cancelled
    }

    /// How many more workers ``start(_:)`` starts with the work (not waiting for it).
    private let laterCount: Int

    /// Starts `count` workers, at most one fewer than the active cores (so that they never keep
    /// the calling thread from a core while they wait); ``start(_:)`` starts the rest with the
    /// work.
    package init(count: Int) {
        let early = min(max(count, 0), ProcessInfo.processInfo.activeProcessorCount - 1)
        laterCount = max(count, 0) - max(early, 0)
        for _ in 0..<max(early, 0) {
            DispatchQueue.global().async(group: group) { self.waitAndRun() }
        }
    }

    /// Hands every worker `work` (each calls it once; everything it reads must stay valid until
    /// ``wait()`` returns), unless ``cancel()`` came first; called at most once.
    package func start(_ work: @escaping @Sendable () -> Void) {
        guard state.load(ordering: .relaxed) == State.waiting.rawValue else { return }
        self.work = work
        guard
            state.compareExchange(
                expected: State.waiting.rawValue, desired: State.ready.rawValue, ordering: .acquiringAndReleasing
            ).exchanged
        else { return }
        for _ in 0..<laterCount { DispatchQueue.global().async(group: group, execute: work) }
    }

    /// Ends the workers without work, unless ``start(_:)`` came first.
    package func cancel() {
        _ = state.compareExchange(
            expected: State.waiting.rawValue, desired: State.cancelled.rawValue, ordering: .acquiringAndReleasing)
    }

    /// Waits for every worker to return.
    package func wait() { group.wait() }

    private func waitAndRun() {
        let spinUntil = DispatchTime.now().uptimeNanoseconds + Self.spinNanoseconds
        var spins = 0
        while true {
            switch State(rawValue: state.load(ordering: .relaxed)) {
            case .ready:
                _ = state.load(ordering: .acquiring)
                work?()
                return
            case .cancelled, .none:
                return
            case .waiting:
                // The clock read every 4 096 checks, so that the spin makes no system calls.
                spins &+= 1
                if spins & 4095 == 0, DispatchTime.now().uptimeNanoseconds > spinUntil { usleep(20) }
            }
        }
    }
}
