import Foundation

/// This process's resident-set figures, from Linux's `/proc/self/status` (0 elsewhere).
package enum ProcessMemory {
    /// The resident set size now (`VmRSS`), in bytes.
    package static func residentBytes() -> Int { statusField("VmRSS:") }

    /// The largest resident set size since the process started or since ``resetPeak()``
    /// (`VmHWM`), in bytes.
    package static func peakResidentBytes() -> Int { statusField("VmHWM:") }

    /// Resets `VmHWM` to the current resident set size (writes `5` to `/proc/self/clear_refs`,
    /// Linux 4.0 and later).
    /// - Returns: Whether the kernel accepted it.
    @discardableResult
    package static func resetPeak() -> Bool {
        let descriptor = open("/proc/self/clear_refs", O_WRONLY)
        guard descriptor >= 0 else { return false }
        defer { close(descriptor) }
        var five = UInt8(ascii: "5")
        return write(descriptor, &five, 1) == 1
    }

    /// Gives freed heap memory back to the system where the allocator allows it (glibc's
    /// `malloc_trim`), so that a later resident-set reading starts from what is in use.
    package static func returnFreedMemory() {
        // `malloc_trim` is glibc's own and not in the Glibc module: looked up at run time.
        typealias Trim = @convention(c) (Int) -> Int32
        guard let process = dlopen(nil, RTLD_NOW) else { return }
        defer { dlclose(process) }
        guard let symbol = dlsym(process, "malloc_trim") else { return }
        _ = unsafeBitCast(symbol, to: Trim.self)(0)
    }

    private static func statusField(_ name: String) -> Int {
        guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .ascii) else { return 0 }
        for line in status.split(separator: "\n") where line.hasPrefix(name) {
            let kilobytes = line.dropFirst(name.count).split(whereSeparator: { $0 == " " || $0 == "\t" }).first.flatMap { Int($0) } ?? 0
            return kilobytes * 1024
        }
        return 0
    }
}
