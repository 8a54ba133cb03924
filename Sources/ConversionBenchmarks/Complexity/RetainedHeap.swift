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
/// faults nothing. Elsewhere it does nothing.
enum RetainedHeap {
    /// `mallopt`'s parameter numbers, from glibc's `malloc.h`.
    private static let trimThreshold: Int32 = -1
    private static let mmapMaximum: Int32 = -4

    /// Asks glibc to keep freed memory. Returns whether both settings were taken; `false` where
    /// `mallopt` is not found (not glibc) or refused a setting.
    @discardableResult
    static func retainFreedMemory() -> Bool {
        #if canImport(Glibc)
            // `mallopt` is not in Swift's Glibc module; it is looked up in the process instead.
            guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "mallopt") else { return false }
            typealias Mallopt = @convention(c) (Int32, Int32) -> Int32
            let mallopt = unsafeBitCast(symbol, to: Mallopt.self)
            return mallopt(mmapMaximum, 0) == 1 && mallopt(trimThreshold, -1) == 1
        #else
            return false
        #endif
    }
}
