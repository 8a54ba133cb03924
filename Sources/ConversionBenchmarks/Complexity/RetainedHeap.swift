#if canImport(Glibc)
    import Glibc
#endif

/// Keeps freed memory in the process for the timed complexity sweep, so that a timed run reuses
/// pages an earlier run already touched instead of asking the kernel for fresh ones.
///
/// On Linux with glibc, memory above 128 KB is returned to the kernel when freed (blocks of a
/// megabyte or more are their own `mmap`), so every run of an output on a large input faults all
/// of its memory in again. The kernel's cost per page is linear in the pages touched but not
/// steady: on the 2-core virtual machine of session 21, three identical processes (JSON of a
/// 16 MB tall table) spent 6.1, 13.3 and 8.1 s in the kernel, nearly all of it clearing fresh
/// pages, against 8.4–9.0 s of user time. ``retainFreedMemory()`` turns both off through
/// `mallopt` (`M_MMAP_MAX` 0, `M_TRIM_THRESHOLD` -1, which glibc reads as "never": a limit of
/// 2 GiB, the largest positive value, let the heap of the largest points be trimmed after every
/// run, session 22), so the heap only grows and a warmed run
/// faults nothing. It also keeps every thread's allocations in that one heap (`M_ARENA_MAX` 1):
/// glibc gives a thread other than the main one an arena of its own, made of 64 MB heaps that it
/// unmaps as soon as one is empty, whatever the trim threshold. The Markdown writer minimizes
/// escapes on other threads, so before this each of its runs faulted its memory in again
/// (`crVerticalTabTable` `markdown` at 4 MB: 8.44 s for 2.52× the time at 2 MB, session 27).
/// Elsewhere it does nothing.
enum RetainedHeap {
    /// `mallopt`'s parameter numbers, from glibc's `malloc.h`.
    private static let trimThreshold: Int32 = -1
    private static let mmapMaximum: Int32 = -4
    private static let arenaMaximum: Int32 = -8

    /// Asks glibc to keep freed memory, in one arena. Returns whether the settings were taken; `false` where
    /// `mallopt` is not found (not glibc) or refused a setting.
    @discardableResult
    static func retainFreedMemory() -> Bool {
        #if canImport(Glibc)
            // `mallopt` is not in Swift's Glibc module; it is looked up in the process instead.
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return false }
            typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
            let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
            return mallopt(mmapMaximum, 0) == 1 && mallopt(trimThreshold, -1) == 1 && mallopt(arenaMaximum, 1) == 1
        #else
            return false
        #endif
    }
}
