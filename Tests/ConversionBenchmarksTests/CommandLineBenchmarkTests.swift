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

    @Test("Each round writes into an output folder of its own: nothing is deleted between rounds")
    func roundsWriteIntoNewFolders() {
        let command = CommandLineBenchmark.Command(
            name: "folder", executable: "/usr/bin/intentmark", arguments: ["convert", "/in", "-o", "/b/out-1", "-t", "html"],
            freshOutput: "/b/out-1")
        #expect(command.inRound(0).arguments == ["convert", "/in", "-o", "/b/out-1-0", "-t", "html"])
        #expect(command.inRound(3).arguments == ["convert", "/in", "-o", "/b/out-1-3", "-t", "html"])
        #expect(command.inRound(3).executable == command.executable)
        let single = CommandLineBenchmark.Command(name: "file", executable: "/usr/bin/intentmark", arguments: ["/b/out-1", "-t", "html"])
        #expect(single.inRound(3).arguments == single.arguments)
    }
}
