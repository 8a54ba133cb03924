import Foundation
import IntentModel
import Testing

@testable import MarkdownParsing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Reading input files: a regular file read whole in one `read`; a pipe or device to its end, but
/// never past the limit; a pipe refused at once where only a regular file will do.
@Suite("File reading")
struct FileReadingTests {
    static func temporaryFolder() throws -> URL {
        let folder = FileManager.default.temporaryDirectory.appending(path: "intentmark-reading-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return folder
    }

    @Test("A regular file larger than the limit is refused before it is read; at the limit it is read whole")
    func regularFileAndTheLimit() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let file = folder.appending(path: "a.md")
        try Data(repeating: 0x61, count: 1_000).write(to: file)
        #expect(try IntentDocument.readFile(at: file, maximumBytes: 1_000) == Data(repeating: 0x61, count: 1_000))
        #expect(throws: IntentMarkError.limitExceeded(limit: "maximumInputBytes", maximum: 999, found: 1_000)) {
            try IntentDocument.readFile(at: file, maximumBytes: 999)
        }
        // Through the public initializer, with the parsing options' limit.
        var options = MarkdownParsingOptions()
        options.limits.maximumInputBytes = 10
        #expect(throws: IntentMarkError.limitExceeded(limit: "maximumInputBytes", maximum: 10, found: 1_000)) {
            try IntentDocument(contentsOf: file, options: options)
        }
        #expect(throws: IntentMarkError.unreadableFile(path: folder.path, reason: "is a directory")) {
            try IntentDocument.readFile(at: folder)
        }
    }

    @Test("A pipe is read to its end, and refused as soon as one byte more than the limit has arrived")
    func pipeAndTheLimit() throws {
        // Writing to a pipe whose reader has gone must fail the write, not end the test process.
        _ = signal(SIGPIPE, SIG_IGN)
        for (written, limit) in [(10_000, 20_000), (200_000, 100)] {
            var ends: [Int32] = [0, 0]
            #expect(pipe(&ends) == 0)
            let writeEnd = ends[1]
            let writer = Thread {
                // The reader may stop early (past the limit): the write to the closed pipe then
                // fails with EPIPE (SIGPIPE is ignored above), and is left so.
                let chunk = [UInt8](repeating: 0x62, count: written)
                _ = chunk.withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }
                close(writeEnd)
            }
            writer.start()
            defer { close(ends[0]) }
            if written <= limit {
                let data = try IntentDocument.readAll(from: ends[0], size: nil, maximumBytes: limit, path: "-")
                #expect(data.count == written)
            } else {
                #expect(throws: IntentMarkError.limitExceeded(limit: "maximumInputBytes", maximum: limit, found: limit + 1)) {
                    try IntentDocument.readAll(from: ends[0], size: nil, maximumBytes: limit, path: "-")
                }
            }
        }
    }

    @Test("Where a regular file is required, a pipe without a writer is refused at once, not waited on")
    func pipeRefusedWithoutWaiting() throws {
        let folder = try Self.temporaryFolder()
        defer { try? FileManager.default.removeItem(at: folder) }
        let fifo = folder.appending(path: "pipe.md")
        #expect(mkfifo(fifo.path, 0o644) == 0)
        let reason = "is not a regular file (a pipe, socket or device)"
        #expect(throws: IntentMarkError.unreadableFile(path: fifo.path, reason: reason)) {
            try IntentDocument.readFile(at: fifo, regularFileOnly: true)
        }
        #expect(throws: IntentMarkError.unreadableFile(path: "/dev/zero", reason: reason)) {
            try IntentDocument.readFile(at: URL(fileURLWithPath: "/dev/zero"), regularFileOnly: true)
        }
        // Without the requirement a device is read, up to the limit.
        #expect(throws: IntentMarkError.limitExceeded(limit: "maximumInputBytes", maximum: 4_096, found: 4_097)) {
            try IntentDocument.readFile(at: URL(fileURLWithPath: "/dev/zero"), maximumBytes: 4_096)
        }
    }
}
