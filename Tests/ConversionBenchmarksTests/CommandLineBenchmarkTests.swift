import ConversionBenchmarks
import Foundation
import Testing

@Suite("Command-line benchmark")
struct CommandLineBenchmarkTests {
    @Test("The file system a directory is on: the longest mount point that holds it")
    func fileSystemName() throws {
        #if os(Linux)
            #expect(CommandLineBenchmark.fileSystemName(of: URL(fileURLWithPath: "/proc/self")) == "proc")
            #expect(CommandLineBenchmark.fileSystemName(of: URL(fileURLWithPath: "/proc")) == "proc")
            let root = CommandLineBenchmark.fileSystemName(of: URL(fileURLWithPath: "/"))
            #expect(root != "unknown" && root != "proc")
            // Not fooled by a mount point that is only a prefix of the name (/proc against /procfoo).
            #expect(CommandLineBenchmark.fileSystemName(of: URL(fileURLWithPath: "/procfoo")) == root)
        #endif
    }
}
