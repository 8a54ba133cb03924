import Foundation

/// The time this process has spent in libcmark-gfm's parse — `cmark_parser_feed` and
/// `cmark_parser_finish`, including the wait for the inline pass's lock — in nanoseconds of
/// monotonic clock, summed over every parse on every thread since the process started.
///
/// For the timed complexity sweep, which counts an output's time without the library's parse
/// inside it (the editing layer parses as it opens and edits), as its instruction count leaves out
/// the same two calls. Reading it costs a lock; each parse adds two clock reads and a lock.
package enum LibraryParseClock {
    private static let lock = NSLock()
    nonisolated(unsafe) private static var total: UInt64 = 0

    /// Nanoseconds spent in libcmark-gfm's parse so far, on every thread.
    package static var nanoseconds: UInt64 { lock.withLock { total } }

    /// Adds one parse's time.
    static func add(_ nanoseconds: UInt64) { lock.withLock { total &+= nanoseconds } }
}
