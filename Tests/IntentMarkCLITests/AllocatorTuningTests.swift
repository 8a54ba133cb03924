import CAllocatorTuning
import Testing

/// The folder conversion's allocator settings (`intentmark_keep_freed_memory`).
@Suite("Allocator tuning")
struct AllocatorTuningTests {
    /// Under glibc both settings must take: a build that silently skips them (the C file once
    /// tested `__GLIBC__` before any header had defined it) returns false here.
    @Test("Under glibc, malloc accepts both settings; elsewhere nothing changes")
    func settingsTake() {
        #if canImport(Glibc)
            #expect(intentmark_keep_freed_memory())
        #else
            #expect(!intentmark_keep_freed_memory())
        #endif
    }
}
