import Foundation
import SpecCorpus
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `-o` writes only regular files, never a partial one; every write error exits 1 with one line.
@Suite("intentmark output files", .tags(.corpus))
struct OutputFileTests {
    /// A fresh directory for one test.
    static func scratchDirectory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appending(path: "intentmark-output-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }

    /// The names in `directory` (hidden ones too).
    static func names(in directory: URL) throws -> Set<String> {
        Set(try FileManager.default.contentsOfDirectory(atPath: directory.path))
    }

    @Test func aSymbolicLinkIsRefusedAndNeitherItNorItsTargetChanges() throws {
        let directory = try Self.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let target = directory.appending(path: "target.txt")
        try Data("keep".utf8).write(to: target)
        let link = directory.appending(path: "link.html")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: target)
        let result = try CLITests.run(["convert", "--to", "html", "-o", link.path], input: Data("# x\n".utf8))
        #expect(result.status == 1)
        #expect(
            result.standardError == "intentmark: cannot write \(link.path): is a symbolic link (give the path of the file it points to)\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: link.path) == target.path)
        #expect(try String(contentsOf: target, encoding: .utf8) == "keep")
        #expect(try Self.names(in: directory) == ["target.txt", "link.html"])
    }

    @Test func aPipeIsRefusedNotReplaced() throws {
        let directory = try Self.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let fifo = directory.appending(path: "pipe")
        #expect(mkfifo(fifo.path, 0o600) == 0)
        let result = try CLITests.run(["convert", "-o", fifo.path], input: Data("x\n".utf8))
        #expect(result.status == 1)
        #expect(
            result.standardError
                == "intentmark: cannot write \(fifo.path): is not a regular file (a device, pipe or socket); it is left as it is\n")
        var status = stat()
        #expect(lstat(fifo.path, &status) == 0 && status.st_mode & S_IFMT == S_IFIFO)
    }

    @Test func aDeviceIsRefused() throws {
        // Refused before anything is opened, so this is safe even as root; /dev/full stays a device.
        let result = try CLITests.run(["convert", "-o", "/dev/full"], input: Data("x\n".utf8))
        #expect(result.status == 1)
        #expect(
            result.standardError
                == "intentmark: cannot write /dev/full: is not a regular file (a device, pipe or socket); it is left as it is\n")
        var status = stat()
        #expect(lstat("/dev/full", &status) == 0 && status.st_mode & S_IFMT == S_IFCHR)
    }

    @Test func aTrailingSlashNeverOverwritesTheInput() throws {
        let directory = try Self.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let input = directory.appending(path: "keep.md")
        try Data("# Keep me\n".utf8).write(to: input)
        // A path ending in '/' names a directory to convert into; a file there is never touched.
        let result = try CLITests.run(["convert", input.path, "--to", "html", "-o", input.path + "/"])
        #expect(result.status == 1)
        #expect(result.standardError.hasPrefix("intentmark: cannot write \(input.path)/: is a file, not a directory"))
        #expect(try String(contentsOf: input, encoding: .utf8) == "# Keep me\n")
        // Standard input has no name to convert into a directory by.
        let directoryResult = try CLITests.run(["convert", "-o", directory.path, "-t", "html"], input: Data("x\n".utf8))
        #expect(directoryResult.status == 64)
        #expect(directoryResult.standardError.hasPrefix("intentmark: standard input cannot be converted into a directory"))
        #expect(try Self.names(in: directory) == ["keep.md"])
    }

    @Test func aRegularFileIsReplacedWholeKeepingItsMode() throws {
        let directory = try Self.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appending(path: "out.html")
        try Data("old".utf8).write(to: output)
        #expect(chmod(output.path, 0o640) == 0)
        let result = try CLITests.run(["convert", "-o", output.path], input: Data("# New\n".utf8))
        #expect(result.status == 0)
        #expect(try String(contentsOf: output, encoding: .utf8) == "<h1>New</h1>\n")
        var status = stat()
        #expect(stat(output.path, &status) == 0 && status.st_mode & 0o777 == 0o640)
        #expect(try Self.names(in: directory) == ["out.html"])
    }

    @Test func aFailedConversionLeavesNoFile() throws {
        let directory = try Self.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appending(path: "out.json")
        let result = try CLITests.run(["convert", "--to", "json", "-o", output.path], input: Data([0x61, 0xFF, 0x0A]))
        #expect(result.status == 1)
        #expect(try Self.names(in: directory).isEmpty)
    }

    @Test func aFullStandardOutputExitsOneWithOneLine() throws {
        let process = Process()
        process.executableURL = CLITests.binary
        process.arguments = ["convert", "--to", "html"]
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle(forWritingAtPath: "/dev/full")
        let error = Pipe()
        process.standardError = error
        _ = CLITests.ignoringBrokenPipes
        try process.run()
        try? input.fileHandleForWriting.write(contentsOf: Data("# x\n".utf8))
        try input.fileHandleForWriting.close()
        let message = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 1)
        #expect(message == "intentmark: cannot write standard output: no space left on device\n")
    }

    /// Starts `intentmark convert --to html -o output` reading standard input (kept open, so that
    /// the process waits with its output file made), and writes the first bytes.
    static func startWaitingConversion(to output: URL) throws -> (Process, Pipe) {
        let process = Process()
        process.executableURL = CLITests.binary
        process.arguments = ["convert", "--to", "html", "-o", output.path]
        let input = Pipe()
        process.standardInput = input
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        _ = CLITests.ignoringBrokenPipes
        try process.run()
        try? input.fileHandleForWriting.write(contentsOf: Data("# part".utf8))
        return (process, input)
    }

    @Test("an interrupted replacement leaves the old file and no temporary file", arguments: [SIGINT, SIGTERM, SIGHUP])
    func interruptedWriteLeavesNoTemporaryFile(_ signalNumber: Int32) throws {
        let directory = try Self.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        // An existing target is replaced through a named temporary file beside it.
        let output = directory.appending(path: "out.html")
        try Data("old".utf8).write(to: output)
        let (process, input) = try Self.startWaitingConversion(to: output)
        var waited = 0
        while try Self.names(in: directory).count < 2, waited < 10_000 {
            usleep(1_000)
            waited += 1
        }
        let during = try Self.names(in: directory).sorted()
        #expect(during.count == 2 && during.first?.hasPrefix(".out.html.intentmark-") == true, "\(during)")
        kill(process.processIdentifier, signalNumber)
        process.waitUntilExit()
        try? input.fileHandleForWriting.close()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(process.terminationStatus == signalNumber)
        #expect(try Self.names(in: directory) == ["out.html"])
        #expect(try String(contentsOf: output, encoding: .utf8) == "old")
    }

    @Test(
        "a new file is unnamed until complete: nothing is seen during the write, nothing is left when killed", arguments: [SIGINT, SIGKILL])
    func newFileIsUnnamedUntilComplete(_ signalNumber: Int32) throws {
        let directory = try Self.scratchDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let output = directory.appending(path: "out.html")
        let (process, input) = try Self.startWaitingConversion(to: output)
        // The process is waiting for the rest of its input, its output file made (unnamed).
        usleep(300_000)
        #expect(process.isRunning)
        #expect(try Self.names(in: directory).isEmpty)
        kill(process.processIdentifier, signalNumber)
        process.waitUntilExit()
        try? input.fileHandleForWriting.close()
        #expect(process.terminationReason == .uncaughtSignal)
        #expect(try Self.names(in: directory).isEmpty)
        // Completed, it gets its name, with the mode a new file gets (0666 less the umask).
        let (finishing, pipe) = try Self.startWaitingConversion(to: output)
        try pipe.fileHandleForWriting.close()
        finishing.waitUntilExit()
        #expect(finishing.terminationStatus == 0)
        #expect(try Self.names(in: directory) == ["out.html"])
        #expect(try String(contentsOf: output, encoding: .utf8) == "<h1>part</h1>\n")
        let mode = try FileManager.default.attributesOfItem(atPath: output.path)[.posixPermissions] as? Int
        let mask = umask(0o022)
        umask(mask)
        #expect(mode == 0o666 & ~Int(mask))
    }
}
