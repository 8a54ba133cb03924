import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Removes the temporary files of `-o` writes when the process is interrupted.
///
/// Several temporary files may exist at once (a folder converted on every core writes one per
/// worker). Each is registered in a fixed table of slots whose path buffers are allocated once and
/// never freed, so that the signal handler only reads memory that stays valid and only calls
/// async-signal-safe functions (`unlink`, `signal`, `raise`): it removes every registered file,
/// restores the default action and raises the signal again, so the process still ends as the
/// signal says (status 130 for SIGINT in a shell).
///
/// Registration takes a lock the handler never takes. A slot is marked in use only after its path
/// is copied (with a release fence between), so the handler never reads a half-copied path of a
/// newly registered file; if a signal arrives while a slot is being reused, the worst the handler
/// can do is try to unlink a mixture of two temporary names, which names no file.
enum TemporaryFileCleanup {
    /// How many temporary files can be registered at once (more than the most workers allowed).
    static let capacity = 1_024
    /// The longest path a slot holds, NUL included; a longer path is not registered (and `mkstemp`
    /// fails on it anyway).
    private static let pathCapacity = Int(PATH_MAX)

    /// The slots' path buffers (allocated on first use of a slot, never freed) and whether each
    /// slot is in use (1) or free (0). Read by the signal handler; written under ``lock``.
    nonisolated(unsafe) private static let paths: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?> = {
        let table = UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>.allocate(capacity: capacity)
        table.initialize(repeating: nil, count: capacity)
        return table
    }()
    nonisolated(unsafe) private static let inUse: UnsafeMutablePointer<Int> = {
        let table = UnsafeMutablePointer<Int>.allocate(capacity: capacity)
        table.initialize(repeating: 0, count: capacity)
        return table
    }()
    /// How many threads are between creating a temporary file and registering it: the handler
    /// waits for them (they run on, with the signals blocked) before it lets the signal end the
    /// process, so that a file created on one thread while another takes the signal is removed too.
    private static let registering = Atomic<Int>(0)
    /// Set (to 1) by the handler before it waits for ``registering``: a thread that starts a
    /// registration after this creates no file (see ``whileRegistering(_:)``). Without it, a
    /// thread could count itself in just after the handler found no registration in progress, and
    /// create a file the handler never sees before the signal ends the process.
    private static let terminating = Atomic<Int>(0)
    private static let lock = Mutex(())
    private static let handlersInstalled = Mutex(false)
    private static let handledSignals: [Int32] = [SIGINT, SIGTERM, SIGHUP]

    /// The three signals the handlers take, as a set for `pthread_sigmask`.
    private static var handledSignalSet: sigset_t {
        var signals = sigset_t()
        sigemptyset(&signals)
        for signalNumber in handledSignals { sigaddset(&signals, signalNumber) }
        return signals
    }

    /// Unblocks SIGINT, SIGTERM and SIGHUP on the calling thread (the tool calls it first thing):
    /// a parent may start the tool with them blocked (Foundation's `Process` passes on its
    /// thread's mask), and then an interrupt would wait forever instead of ending the tool.
    static func unblockHandledSignals() {
        var signals = handledSignalSet
        pthread_sigmask(SIG_UNBLOCK, &signals, nil)
    }

    /// Installs the handlers (once), except for a signal the process was started ignoring (it
    /// stays ignored, as `nohup` asks).
    /// Every caller returns once the handlers are installed: a second thread making its first
    /// temporary file while the first still installs them waits (else an interrupt between its
    /// file and the handlers would end the process with the file left: the likely cause of one
    /// failure of the interrupted folder conversion's test, on two workers).
    static func installHandlers() {
        handlersInstalled.withLock { installed in
            guard !installed else { return }
            defer { installed = true }
            // The tables are made here, before any handler can run: a handler must not be the
            // first to touch a lazily initialised global.
            _ = (paths, inUse, registering.load(ordering: .relaxed))
            var signals = handledSignalSet
            // Blocked while the handlers go in: a signal the tool was started ignoring (`nohup`,
            // a shell's `trap '' INT`) stays ignored — its handler is put back at once, and a
            // signal arriving meanwhile waits, then is discarded as ignored.
            pthread_sigmask(SIG_BLOCK, &signals, nil)
            for signalNumber in handledSignals {
                let previous = signal(signalNumber) { received in
                    TemporaryFileCleanup.removeRegisteredFiles()
                    _ = signal(received, SIG_DFL)
                    raise(received)
                }
                if Self.isIgnore(previous) { _ = signal(signalNumber, previous) }
            }
            pthread_sigmask(SIG_UNBLOCK, &signals, nil)
        }
    }

    /// Whether `handler` (what `signal` returned: a C function pointer, whose type each C library
    /// names its own way) is `SIG_IGN`, compared by address.
    private static func isIgnore<Handler>(_ handler: Handler) -> Bool {
        unsafeBitCast(handler, to: Int.self) == unsafeBitCast(SIG_IGN, to: Int.self)
    }

    /// Called from the signal handler: closes the door to new registrations (``terminating``),
    /// unlinks every registered file, waits (up to 2 s, in 1 ms sleeps — `nanosleep` is
    /// async-signal-safe) for registrations in progress on other threads, and unlinks every
    /// registered file again.
    ///
    /// The door and the count are read and written sequentially consistently, each side writing
    /// before it reads the other's: either the registering thread sees the door closed and creates
    /// nothing, or the handler sees it counted and waits for its file to be registered.
    private static func removeRegisteredFiles() {
        terminating.store(1, ordering: .sequentiallyConsistent)
        for slot in 0..<capacity where inUse[slot] != 0 {
            if let path = paths[slot] { unlink(path) }
        }
        var waits = 0
        while registering.load(ordering: .sequentiallyConsistent) > 0, waits < 2_000 {
            var pause = timespec(tv_sec: 0, tv_nsec: 1_000_000)
            nanosleep(&pause, nil)
            waits += 1
        }
        // Again: a registration may have landed in a slot the first pass had passed.
        for slot in 0..<capacity where inUse[slot] != 0 {
            if let path = paths[slot] { unlink(path) }
        }
    }

    /// Registers `path` (copied) as a temporary file to remove on a signal.
    /// - Returns: The slot to pass to ``unregister(_:)``, or `nil` when every slot is taken or the
    ///   path is too long (the file is then not removed on a signal).
    static func register(_ path: UnsafePointer<CChar>) -> Int? {
        let length = strlen(path)
        guard length < pathCapacity else { return nil }
        return lock.withLock { _ -> Int? in
            guard let slot = (0..<capacity).first(where: { inUse[$0] == 0 }) else { return nil }
            let buffer = paths[slot] ?? UnsafeMutablePointer<CChar>.allocate(capacity: pathCapacity)
            buffer.update(from: path, count: length + 1)
            paths[slot] = buffer
            atomicMemoryFence(ordering: .releasing)
            inUse[slot] = 1
            return slot
        }
    }

    /// Forgets the file registered in `slot` (it was renamed or removed).
    static func unregister(_ slot: Int?) {
        guard let slot, (0..<capacity).contains(slot) else { return }
        lock.withLock { _ in inUse[slot] = 0 }
    }

    /// Runs `body` — which creates a temporary file and registers it — with SIGINT, SIGTERM and
    /// SIGHUP blocked on this thread, so that this thread cannot be interrupted in between, and
    /// counted as a registration in progress, so that a handler running on another thread waits
    /// for it. When a handler has already begun (the process is ending), `body` is not run: this
    /// thread waits, with the signals still blocked, for the handler to end the process.
    static func whileRegistering<Result>(_ body: () -> Result) -> Result {
        var blocked = handledSignalSet
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &blocked, &previous)
        registering.add(1, ordering: .sequentiallyConsistent)
        if terminating.load(ordering: .sequentiallyConsistent) != 0 {
            registering.subtract(1, ordering: .sequentiallyConsistent)
            while true { sleep(1) }
        }
        defer {
            registering.subtract(1, ordering: .sequentiallyConsistent)
            pthread_sigmask(SIG_SETMASK, &previous, nil)
        }
        return body()
    }
}
