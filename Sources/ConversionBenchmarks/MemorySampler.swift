import Foundation

/// Samples the process's resident set size (from `/proc/self/statm`) every millisecond on a
/// background thread while a stage runs, to report the stage's peak memory above what the process
/// held before it. Approximate (1 ms sampling, RSS not heap), the same way for every stage and for
/// the C baselines, so ratios between them are fair.
package final class MemorySampler: @unchecked Sendable {
    private let lock = NSLock()
    private var peak = 0
    private var running = false
    private var thread: Thread?

    package init() {}

    /// The current resident set size in bytes, or 0 where `/proc` is unavailable.
    package static func residentBytes() -> Int {
        guard let text = try? String(contentsOfFile: "/proc/self/statm", encoding: .ascii) else { return 0 }
        let fields = text.split(separator: " ")
        guard fields.count > 1, let pages = Int(fields[1]) else { return 0 }
        return pages * Int(sysconf(Int32(_SC_PAGESIZE)))
    }

    /// Runs `body` while sampling; returns its result and the peak resident bytes above the level
    /// before it started.
    package func measure<Result>(_ body: () throws -> Result) rethrows -> (Result, Int) {
        let baseline = Self.residentBytes()
        lock.lock()
        peak = baseline
        running = true
        lock.unlock()
        let thread = Thread { [self] in
            while true {
                let now = Self.residentBytes()
                lock.lock()
                if now > peak { peak = now }
                let keepGoing = running
                lock.unlock()
                if !keepGoing { break }
                usleep(1000)
            }
        }
        thread.start()
        let result = try body()
        let final = Self.residentBytes()
        lock.lock()
        running = false
        if final > peak { peak = final }
        let observed = peak
        lock.unlock()
        while !thread.isFinished { usleep(200) }
        return (result, max(0, observed - baseline))
    }
}
