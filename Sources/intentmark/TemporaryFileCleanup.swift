#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Removes the temporary file of an `-o` write when the process is interrupted.
///
/// At most one temporary file exists at a time. Its path is copied into a buffer owned here, so
/// that the signal handler only calls async-signal-safe functions (`unlink`, `signal`, `raise`):
/// it removes the file, restores the default action and raises the signal again, so the process
/// still ends as the signal says (status 130 for SIGINT in a shell).
enum TemporaryFileCleanup {
    /// The registered path (NUL-terminated), or `nil`. Read by the signal handler; written only
    /// with the handled signals blocked.
    nonisolated(unsafe) private static var pendingPath: UnsafeMutablePointer<CChar>? = nil
    nonisolated(unsafe) private static var handlersInstalled = false
    private static let handledSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// Installs the handlers (once), and unblocks the three signals: a parent may start the tool
    /// with them blocked (Foundation's `Process` passes on its thread's mask), and then an
    /// interrupt would wait forever instead of ending the conversion.
    static func installHandlers() {
        guard !handlersInstalled else { return }
        handlersInstalled = true
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for signalNumber in handledSignals { sigaddset(&unblocked, signalNumber) }
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
        for signalNumber in handledSignals {
            _ = signal(signalNumber) { received in
                if let path = TemporaryFileCleanup.pendingPath { unlink(path) }
                _ = signal(received, SIG_DFL)
                raise(received)
            }
        }
    }

    /// Registers `path` (copied) as the temporary file to remove on a signal.
    static func register(_ path: UnsafePointer<CChar>) {
        unregister()
        pendingPath = strdup(path)
    }

    /// Forgets the registered path.
    static func unregister() {
        let old = pendingPath
        pendingPath = nil
        free(old)
    }

    /// Runs `body` with SIGINT, SIGTERM and SIGHUP blocked, so the handler never sees a
    /// half-updated registration.
    static func withSignalsBlocked<Result>(_ body: () -> Result) -> Result {
        var blocked = sigset_t()
        var previous = sigset_t()
        sigemptyset(&blocked)
        for signalNumber in handledSignals { sigaddset(&blocked, signalNumber) }
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        defer { pthread_sigmask(SIG_SETMASK, &previous, nil) }
        return body()
    }
}
