import Foundation
import SpecCorpus
import Testing

/// Runs the built `intentmark` binary as a user would.
@Suite("intentmark command line", .tags(.corpus))
struct CLITests {
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let corpus = packageRoot.deletingLastPathComponent().appending(path: "shared/corpus")
    /// Whether `../shared/corpus` is there (CI always has it). No test needs it: tests over whole
    /// documents run on `Fixtures/Documents/` and add the corpus's documents when it is there.
    static let corpusAvailable = FileManager.default.fileExists(atPath: corpus.appending(path: "FORMAT.md").path)

    /// The Markdown documents of `Fixtures/Documents/` (sorted), then each of `corpusFiles` (relative
    /// to the corpus) when the shared corpus is there: the arguments of a test over whole documents.
    static func documents(plusCorpus corpusFiles: [String] = ["realworld/realworld-1mb.md"]) -> [URL] {
        let folder = packageRoot.appending(path: "Fixtures/Documents")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".md") }.sorted().map { folder.appending(path: $0) }
            + (corpusAvailable ? corpusFiles.map { corpus.appending(path: $0) } : [])
    }

    /// Whether `url` is a file of the shared corpus (for checks that hold only for those files).
    static func isCorpusFile(_ url: URL) -> Bool {
        url.standardizedFileURL.path.hasPrefix(corpus.standardizedFileURL.path + "/")
    }

    /// The `intentmark` built beside this test bundle.
    static let binary: URL = {
        var directory = Bundle.main.bundleURL
        for _ in 0..<4 {
            let candidate = directory.appending(path: "intentmark")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
            directory = directory.deletingLastPathComponent()
        }
        return packageRoot.appending(path: ".build/debug/intentmark")
    }()

    struct Result {
        var status: Int32
        var standardOutput: Data
        var standardError: String
        var output: String { String(decoding: standardOutput, as: UTF8.self) }
    }

    /// SIGPIPE ignored in the test process, once: writing input to a command that has already
    /// exited must fail with EPIPE, not kill every test with the signal.
    static let ignoringBrokenPipes: Void = { _ = signal(SIGPIPE, SIG_IGN) }()

    /// Runs intentmark with `arguments`, feeding `input` on standard input (`nil`: /dev/null).
    static func run(_ arguments: [String], input: Data? = nil, environment: [String: String]? = nil) throws -> Result {
        let process = Process()
        process.executableURL = binary
        process.arguments = arguments
        if let environment { process.environment = environment }
        let output = Pipe()
        let error = Pipe()
        process.standardOutput = output
        process.standardError = error
        let inputPipe = Pipe()
        process.standardInput = input == nil ? FileHandle.nullDevice : inputPipe
        _ = ignoringBrokenPipes
        try process.run()
        if let input {
            // A command that fails before it reads its input (a bad flag, an unwritable `-o`) may
            // have exited already: the write then fails with EPIPE, which is not the test's
            // concern (the process's status and output are).
            try? inputPipe.fileHandleForWriting.write(contentsOf: input)
            try? inputPipe.fileHandleForWriting.close()
        }
        // Read both pipes concurrently with the process so that large outputs cannot block it.
        nonisolated(unsafe) var errorData = Data()
        let errorReader = Thread { errorData = error.fileHandleForReading.readDataToEndOfFile() }
        errorReader.start()
        let outputData = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        while !errorReader.isFinished { usleep(1000) }
        return Result(
            status: process.terminationStatus, standardOutput: outputData, standardError: String(decoding: errorData, as: UTF8.self))
    }

    /// `--version` names the tool's version, then libcmark-gfm's and how its inline passes run:
    /// the tests' build links libcmark-gfm dynamically, where they run on several threads at once.
    @Test func versionNamesTheLibraryAndHowItsInlinePassesRun() throws {
        let result = try Self.run(["--version"])
        #expect(result.status == 0)
        let lines = result.output.split(separator: "\n").map(String.init)
        #expect(lines.count == 2)
        #expect(lines.first?.hasPrefix("intentmark ") == true)
        #expect(lines.last?.hasPrefix("libcmark-gfm 0.29.0.gfm.") == true)
        #if os(Linux)
            #expect(lines.last?.hasSuffix(": inline passes on several threads at once") == true)
        #endif
        let extra = try Self.run(["--version", "extra"])
        #expect(extra.status == 64)
        #expect(extra.standardError.hasPrefix("intentmark: --version takes nothing after it (got 'extra')\n"))
    }

    @Test func convertsStandardInputToARunDump() throws {
        let result = try Self.run(["convert", "--to", "runs"], input: Data("# Hi\n".utf8))
        #expect(result.status == 0)
        #expect(
            result.output
                == "Hi {\n\tpresentationIntent = [header 1 (id 1)]\n}\n\\n {\n\tisBlockSeparator = true\n\tpresentationIntent = [header 1 (id 1)]\n}\n"
        )
    }

    @Test func convertsToJSONThatDescribesEveryBlock() throws {
        let result = try Self.run(["convert", "-", "--to", "json", "--layout", "none"], input: Data("- a\n- b\n".utf8))
        #expect(result.status == 0)
        let object = try JSONSerialization.jsonObject(with: result.standardOutput) as? [String: Any]
        #expect(object?["format"] as? String == "intentmark-document")
        let runs = object?["runs"] as? [[String: Any]] ?? []
        #expect(runs.map { $0["text"] as? String } == ["a", "b"])
    }

    @Test func extensionsCanBeTurnedOffForPureCommonMark() throws {
        let input = Data("~~x~~\n".utf8)
        let gfm = try Self.run(["convert", "--to", "json"], input: input)
        let commonMark = try Self.run(["convert", "--to", "json", "--extensions", ""], input: input)
        #expect(gfm.output.contains("strikethrough"))
        #expect(!commonMark.output.contains("strikethrough"))
        #expect(commonMark.output.contains("~~x~~"))
    }

    @Test func smartPunctuationFlag() throws {
        let result = try Self.run(["convert", "--smart"], input: Data("\"a\"\n".utf8))
        #expect(result.output.hasPrefix("\u{201C}a\u{201D} {"))
    }

    @Test func badUsageExitsWith64() throws {
        for arguments in [
            ["convert", "--to", "pdf"], ["convert", "--nope"], ["frobnicate"], ["convert", "--extensions", "tables"], ["convert", "--to"],
            ["convert", "--layout", "wide"],
        ] {
            let result = try Self.run(arguments, input: Data())
            #expect(result.status == 64, "\(arguments)")
            #expect(result.standardError.hasPrefix("intentmark: "), "\(arguments)")
            #expect(result.standardOutput.isEmpty, "\(arguments)")
        }
    }

    @Test func unreadableFilesAndInvalidUTF8ExitWith1() throws {
        let missing = try Self.run(["convert", "/nonexistent/file.md"])
        #expect(missing.status == 1)
        #expect(missing.standardError == "intentmark: cannot read /nonexistent/file.md: no such file\n")
        let invalid = try Self.run(["convert"], input: Data([0x61, 0xC3, 0x28]))
        #expect(invalid.status == 1)
        #expect(
            invalid.standardError
                == "intentmark: cannot read standard input: not valid UTF-8 (first invalid byte at offset 1; --repair-utf8 replaces it)\n")
        let file = FileManager.default.temporaryDirectory.appending(path: "intentmark-invalid-\(getpid()).md")
        try Data([0x61, 0xC3, 0x28]).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        for format in ["runs", "html"] {
            let named = try Self.run(["convert", file.path, "-t", format])
            #expect(
                named.standardError
                    == "intentmark: cannot read \(file.path): not valid UTF-8 (first invalid byte at offset 1; --repair-utf8 replaces it)\n",
                "\(format)")
        }
        let repaired = try Self.run(["convert", "--repair-utf8"], input: Data([0x61, 0xC3, 0x28, 0x0A]))
        #expect(repaired.status == 0)
        #expect(repaired.output.hasPrefix("a\u{FFFD}( {"))
    }

    @Test func helpListsTheCommandsAndFormats() throws {
        let main = try Self.run(["--help"])
        #expect(main.status == 0 && main.output.contains("intentmark convert"))
        let convert = try Self.run(["convert", "--help"])
        #expect(convert.status == 0)
        for word in ["--to", "json", "runs", "--extensions", "--layout", "--smart"] {
            #expect(convert.output.contains(word), "\(word)")
        }
    }

    @Test func noArgumentsWithPipedInputConvertsTheInput() throws {
        let result = try Self.run([], input: Data("*x*\n".utf8))
        #expect(result.status == 0)
        #expect(
            result.output.hasPrefix(
                "x {\n\tinlinePresentationIntent = emphasized\n\tinlineSpans = [emphasis (id 1)]"))
    }

    @Test func theBundledDocumentConverts() throws {
        let result = try Self.run(["convert", Self.packageRoot.appending(path: "Fixtures/Documents/field-guide.md").path, "--to", "json"])
        #expect(result.status == 0)
        #expect(result.output.contains(#"{"kind": "table""#))
    }

    @Test(
        "whole documents (and the corpus's spec text and real-world document) convert to JSON",
        arguments: documents(plusCorpus: ["commonmark-spec-0.31.2/spec.txt", "realworld/realworld-1mb.md"]))
    func documentsConvert(url: URL) throws {
        let result = try Self.run(["convert", url.path, "--to", "json"])
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty)
        // The JSON form holds the text and more.
        #expect(result.standardOutput.count > (try Data(contentsOf: url)).count)
        if Self.isCorpusFile(url) { #expect(result.standardOutput.count > 100_000) }
    }
}

extension CLITests {
    /// With no arguments in a terminal, intentmark converts the document embedded in it (a copy of
    /// Fixtures/Documents/field-guide.md). `script` (util-linux, essential on Debian) gives it a
    /// pseudo-terminal as standard input.
    @Test func noArgumentsInATerminalConvertsTheEmbeddedDocument() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/script")
        process.arguments = ["-qec", Self.binary.path, "/dev/null"]
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        let text = String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
        #expect(text.hasPrefix("A field guide to presentation intents {\n\tpresentationIntent = [header 1 (id 1)]\n}\n"))
        let bundled = try IntentDocumentText.runDumpOfFieldGuide()
        #expect(text == bundled)
    }
}

/// The run dump of the bundled document, made by running intentmark on the file.
enum IntentDocumentText {
    static func runDumpOfFieldGuide() throws -> String {
        let file = CLITests.packageRoot.appending(path: "Fixtures/Documents/field-guide.md").path
        return try CLITests.run(["convert", file, "--to", "runs"]).output
    }
}

extension CLITests {
    @Test func convertsToHTMLSafeByDefaultAndUnsafeOnRequest() throws {
        let input = Data("# Hi <b>x</b>\n\n[a](javascript:alert(1))\n".utf8)
        let safe = try Self.run(["convert", "--to", "html"], input: input)
        #expect(safe.status == 0)
        #expect(safe.output == "<h1>Hi <!-- raw HTML omitted -->x<!-- raw HTML omitted --></h1>\n<p><a href=\"\">a</a></p>\n")
        let unsafe = try Self.run(["convert", "--to", "html", "--unsafe"], input: input)
        #expect(unsafe.output == "<h1>Hi <b>x</b></h1>\n<p><a href=\"javascript:alert(1)\">a</a></p>\n")
    }
}

extension CLITests {
    @Test func convertsToPlainText() throws {
        let result = try Self.run(
            ["convert", "--to", "plain"], input: Data("# Title\n\n- [x] done\n- *two*\n\n| a | b |\n|---|---|\n| 1 | 2 |\n".utf8))
        #expect(result.status == 0)
        #expect(result.output == "Title\n\n☑ done\n• two\n\na\tb\n1\t2\n")
        for url in Self.documents() {
            let document = try Self.run(["convert", url.path, "--to", "plain"])
            #expect(document.status == 0 && document.standardError.isEmpty)
            // Plain text is most of the Markdown.
            #expect(document.standardOutput.count > (try Data(contentsOf: url)).count / 2, "\(url.lastPathComponent)")
            if Self.isCorpusFile(url) { #expect(document.standardOutput.count > 500_000) }
        }
    }

    @Test func convertsToRTFWithTheChosenStyleSheet() throws {
        let input = Data("# Title\n\nbody *it*\n".utf8)
        let standard = try Self.run(["convert", "--to", "rtf"], input: input)
        #expect(standard.status == 0)
        #expect(standard.output.hasPrefix("{\\rtf1\\ansi"))
        #expect(standard.output.contains("\\outlinelevel0 {\\f0\\fs56\\b\\cf1 Title}\\par"))
        let github = try Self.run(["convert", "--to", "rtf", "--style", "github"], input: input)
        #expect(github.status == 0 && github.output.hasPrefix("{\\rtf1") && github.output != standard.output)
        let help = try Self.run(["convert", "--help"])
        #expect(help.output.contains("rtf "))
    }
}

extension CLITests {
    @Test func directoriesAndUnwritableOutputsFailWithOneLine() throws {
        let directory = try Self.run(["convert", "/tmp"])
        #expect(directory.status == 64)
        #expect(directory.standardError.hasPrefix("intentmark: /tmp is a directory: convert the files in it with -o OUTDIR -t FORMAT\n"))
        let unwritable = try Self.run(["convert", "-o", "/nonexistent/out.json"], input: Data("# x\n".utf8))
        #expect(unwritable.status == 1)
        #expect(unwritable.standardError == "intentmark: cannot write /nonexistent/out.json: no such file or directory\n")
        let emptyLanguage = try Self.run(["convert", "--language", ""], input: Data("x\n".utf8))
        #expect(emptyLanguage.status == 64)
    }

    @Test func aDirectoryOnStandardInputFailsWithOneLine() throws {
        // `intentmark convert < /tmp`: reading standard input fails with EISDIR.
        for arguments in [["convert"], ["show"], []] {
            let process = Process()
            process.executableURL = Self.binary
            process.arguments = arguments
            process.standardInput = FileHandle(forReadingAtPath: NSTemporaryDirectory())
            let error = Pipe()
            process.standardError = error
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            let message = String(decoding: error.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            #expect(process.terminationStatus == 1, "\(arguments)")
            #expect(message == "intentmark: cannot read -: is a directory\n", "\(arguments)")
        }
    }

    @Test func benchRejectsWhatConvertRejectsAndEmptyInput() throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "intentmark-bench-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let empty = directory.appending(path: "empty.md")
        let invalid = directory.appending(path: "invalid.md")
        try Data().write(to: empty)
        try Data([0x61, 0xFF, 0x62]).write(to: invalid)
        let cases: [(String, String)] = [
            (empty.path, "intentmark: cannot read \(empty.path): it is empty: nothing to measure\n"),
            (invalid.path, "intentmark: cannot read \(invalid.path): not valid UTF-8 (first invalid byte at offset 1)\n"),
            (directory.path, "intentmark: cannot read \(directory.path): is a directory\n"),
            ("/nonexistent/x.md", "intentmark: cannot read /nonexistent/x.md: no such file\n"),
        ]
        for (path, message) in cases {
            let result = try Self.run(["bench", path, "--runs", "1", "--json"])
            #expect(result.status == 1, "\(path)")
            #expect(result.standardError == message, "\(path)")
            #expect(result.standardOutput.isEmpty, "\(path)")
        }
    }

    @Test func styleSheetFilesThatCannotBeReadOrDecodedFailWithOneLine() throws {
        let missing = try Self.run(["convert", "--to", "rtf", "--style", "/nonexistent/style.json"], input: Data("x\n".utf8))
        #expect(missing.status == 1)
        #expect(missing.standardError == "intentmark: cannot read /nonexistent/style.json: no such file\n")
        let directory = try Self.run(["convert", "--to", "rtf", "--style", NSTemporaryDirectory()], input: Data("x\n".utf8))
        #expect(directory.status == 1)
        #expect(directory.standardError.hasSuffix(": is a directory\n"))
        let notAStyleSheet = FileManager.default.temporaryDirectory.appending(path: "not-a-style-\(getpid()).json")
        try Data("[1, 2]".utf8).write(to: notAStyleSheet)
        defer { try? FileManager.default.removeItem(at: notAStyleSheet) }
        let wrong = try Self.run(["convert", "--to", "rtf", "--style", notAStyleSheet.path], input: Data("x\n".utf8))
        #expect(wrong.status == 64)
        #expect(wrong.standardError.hasPrefix("intentmark: --style \(notAStyleSheet.path): document: expected"))
        #expect(wrong.standardError.filter { $0 == "\n" }.count == 2)
        try Data(#"{"header1": {"fontSize": -3}}"#.utf8).write(to: notAStyleSheet)
        let negative = try Self.run(["convert", "--to", "rtf", "--style", notAStyleSheet.path], input: Data("x\n".utf8))
        #expect(negative.status == 64)
        #expect(
            negative.standardError.hasPrefix("intentmark: --style \(notAStyleSheet.path): header1.fontSize: -3.0 is outside 0.0…10000.0\n"))
        #expect(!wrong.standardError.contains("DecodingError"))
    }

    @Test func limitsRejectHostileShapesUnlessLifted() throws {
        let hostile = Data((String(repeating: "> ", count: 12_000) + "a\n").utf8)
        let limited = try Self.run(["convert", "--to", "plain"], input: hostile)
        #expect(limited.status == 1)
        #expect(
            limited.standardError
                == "intentmark: input exceeds the maximumNestingDepth limit (12000 > 10000) (a guard against hostile input; --unlimited lifts the parsing limits for trusted input)\n"
        )
        let lifted = try Self.run(["convert", "--to", "plain", "--unlimited"], input: hostile)
        #expect(lifted.status == 0)
    }

    @Test func aClosedStandardOutputEndsQuietly() throws {
        // A document whose run dump is far larger than a pipe's buffer: the bundled one 300 times.
        let bundled = try Data(contentsOf: Self.packageRoot.appending(path: "Fixtures/Documents/field-guide.md"))
        let directory = FileManager.default.temporaryDirectory.appending(path: "intentmark-sigpipe-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appending(path: "large.md").path
        try Data(Array(repeating: bundled + Data("\n".utf8), count: 300).joined()).write(to: URL(fileURLWithPath: file))
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        // With pipefail the pipeline's status is intentmark's (141 if SIGPIPE killed it).
        process.arguments = ["-c", "set -o pipefail; '\(Self.binary.path)' convert '\(file)' | head -c 10 > /dev/null"]
        let error = Pipe()
        process.standardError = error
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationStatus == 0)
        #expect(error.fileHandleForReading.readDataToEndOfFile().isEmpty)
    }
}

extension CLITests {
    /// A Markdown file of 512 KiB or more converted to HTML is parsed in pieces and each piece
    /// written apart (on a machine of several cores); the same bytes come from standard input
    /// (parsed in pieces, joined into one document, written whole), to standard output and to
    /// a file (`-o`, written piece after piece).
    @Test(arguments: [[], ["--unsafe"]])
    func aLargeFileToHTMLIsWrittenInPiecesAsWhole(flags: [String]) throws {
        let examples = try SpecExamples.fixture("cmark-gfm-0.29.0.gfm.6/spec.txt").filter { !$0.isDisabled }.map(\.markdown)
        // Without footnote definitions (a document with one is parsed in one piece).
        let chunk = examples.joined(separator: "\n\n").replacingOccurrences(of: "[^", with: "[") + "\n\n"
        let markdown = String(repeating: chunk, count: 600_000 / chunk.utf8.count + 1)
        let directory = FileManager.default.temporaryDirectory.appending(path: "intentmark-pieces-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appending(path: "large.md")
        try Data(markdown.utf8).write(to: file)
        let fromFile = try Self.run([file.path, "-t", "html"] + flags)
        let fromInput = try Self.run(["-t", "html"] + flags, input: Data(markdown.utf8))
        let output = directory.appending(path: "large.html")
        let toFile = try Self.run([file.path, "-t", "html", "-o", output.path] + flags)
        #expect(fromFile.status == 0 && fromInput.status == 0 && toFile.status == 0)
        #expect(fromFile.standardOutput.count > 600_000)
        #expect(fromFile.standardOutput == fromInput.standardOutput)
        #expect(try Data(contentsOf: output) == fromFile.standardOutput)
    }

    /// A file that is a pipe (`/dev/stdin` fed by one, a shell's `<(…)`) is read to its end, as
    /// cmark-gfm and pandoc read it.
    @Test func aPipeGivenAsAFileIsReadToItsEnd() throws {
        let result = try Self.run(["/dev/stdin", "-t", "html"], input: Data("# From a pipe\n\nText *here*.\n".utf8))
        #expect(result.status == 0)
        #expect(result.output == "<h1>From a pipe</h1>\n<p>Text <em>here</em>.</p>\n")
    }

    @Test func benchReportsEveryStageAgainstTheCParser() throws {
        let file = Self.packageRoot.appending(path: "Fixtures/Documents/field-guide.md").path
        let result = try Self.run(["bench", file, "--runs", "1", "--json"])
        #expect(result.status == 0)
        let object = try JSONSerialization.jsonObject(with: result.standardOutput) as? [String: Any]
        #expect(object?["input"] as? String == file)
        let stages = object?["stages"] as? [[String: Any]] ?? []
        #expect(
            stages.map { $0["name"] as? String } == [
                "parse", "parseParallel", "parseNone", "html", "plain", "rich", "attributedString", "markdown", "rtf", "json",
            ])
        for stage in stages {
            for key in ["mbPerSecond", "seconds", "peakBytes", "ratioToParse"] { #expect(stage[key] != nil, "\(key)") }
            #expect((stage["mbPerSecond"] as? Double ?? 0) > 0)
        }
        let baseline = object?["baseline"] as? [String: Any]
        #expect((baseline?["parseMBPerSecond"] as? Double ?? 0) > 0)
        // Peak memory is measured in child processes, as the benchmark suite measures it: the C
        // parse of a document allocates its nodes, so its peak is well above zero.
        #expect(object?["memoryMethod"] as? String == "childProcess")
        #expect((baseline?["parsePeakBytes"] as? Int ?? 0) > 100_000)
        #expect((stages.first?["peakBytes"] as? Int ?? 0) > 100_000)
        #expect((baseline?["parseAndHTMLMBPerSecond"] as? Double ?? 0) > 0)
        #expect(result.standardError.contains("… "))
        #expect(try Self.run(["bench", "--runs", "0"]).status == 64)
    }
}

extension CLITests {
    @Test func resultOptionsAndStylesLowerBeforeWriting() throws {
        let input = Data("# T\n\n- a\n".utf8)
        let rich = try Self.run(["convert", "--to", "json", "--result-options", "richText,list", "--style", "github"], input: input)
        #expect(rich.status == 0)
        #expect(rich.output.contains(#""fontSize""#) == false)
        #expect(rich.output.contains(#""size":32"#))
        #expect(rich.output.contains(#""markerFormat":"{disc}""#))
        #expect(!rich.output.contains(#""intent""#))
        let plain = try Self.run(["convert", "--to", "runs", "--result-options", "plainText"], input: input)
        #expect(plain.output == "T\\n\\n• a {\n}\n")
        // An unreadable style sheet is an unreadable file (1), as the README says.
        #expect(try Self.run(["convert", "--style", "/nonexistent.json"], input: input).status == 1)
    }
}

extension CLITests {
    static let terminalInput = Data(
        """
        # Hi

        Some *text* with a [link](https://x.test).

        | a | 日本 |
        |---|---|
        | 1 | 2 |

        """.utf8)

    @Test func showIntoAPipeWritesPlainTextWithTheTerminalLayout() throws {
        let result = try Self.run(["show", "-", "--width", "30"], input: Self.terminalInput)
        #expect(result.status == 0)
        #expect(!result.output.contains("\u{1B}"))
        #expect(
            result.output == """
                # Hi

                Some text with a link
                (https://x.test).

                ┌───┬──────┐
                │ a │ 日本 │
                ├───┼──────┤
                │ 1 │ 2    │
                └───┴──────┘

                """)
        // Standard input when no FILE is given and input is piped; a FILE reads the file.
        #expect(try Self.run(["show", "--width", "30"], input: Self.terminalInput).output == result.output)
        let file = FileManager.default.temporaryDirectory.appending(path: "intentmark-show-\(UUID().uuidString).md")
        try Self.terminalInput.write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(try Self.run(["show", file.path, "--width=30"]).output == result.output)
    }

    @Test func showWithColorAlwaysWritesSGRAndOSC8EvenIntoAPipe() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["NO_COLOR"] = "1"
        let result = try Self.run(["show", "--color", "always", "--width", "30"], input: Self.terminalInput, environment: environment)
        #expect(result.status == 0)
        #expect(result.output.hasPrefix("\u{1B}[1;4;35m# Hi\u{1B}[0m\n"))
        #expect(result.output.contains("\u{1B}]8;;https://x.test\u{1B}\\link\u{1B}]8;;\u{1B}\\"))
        let never = try Self.run(["show", "--color", "never", "--width", "30"], input: Self.terminalInput)
        #expect(!never.output.contains("\u{1B}"))
    }

    @Test func showTakesItsWidthFromColumnsWhenNotGiven() throws {
        var environment = ProcessInfo.processInfo.environment
        environment["COLUMNS"] = "12"
        let result = try Self.run(["show"], input: Data("one two three four five\n".utf8), environment: environment)
        #expect(result.output == "one two\nthree four\nfive\n")
        environment["COLUMNS"] = nil
        let fallback = try Self.run(["show"], input: Data((String(repeating: "word ", count: 20) + "\n").utf8), environment: environment)
        #expect(fallback.output.split(separator: "\n").map(\.count) == [79, 19])
    }

    @Test func convertToTerminalAndShowShareTheParsingFlags() throws {
        let input = Data("~~x~~ *y*\n".utf8)
        #expect(try Self.run(["convert", "--to", "terminal"], input: input).output == "x y\n")
        #expect(try Self.run(["show", "--extensions", ""], input: input).output == "~~x~~ y\n")
        #expect(try Self.run(["show", "--syntax", "inline-only"], input: Data("# x\n".utf8)).output == "# x\n")
    }

    @Test func showRejectsBadUsageWithStatus64() throws {
        for arguments in [
            ["show", "--width", "0"], ["show", "--width", "wide"], ["show", "--color", "sometimes"], ["show", "--to", "html"],
            ["show", "a.md", "b.md"],
        ] {
            let result = try Self.run(arguments, input: Data("x\n".utf8))
            #expect(result.status == 64, "\(arguments)")
            #expect(result.standardError.hasPrefix("intentmark: "), "\(arguments)")
        }
        #expect(try Self.run(["show", "/nonexistent/file.md"]).status == 1)
        let help = try Self.run(["show", "--help"])
        #expect(help.status == 0 && help.output.contains("--width") && help.output.contains("--color"))
        #expect(try Self.run(["--help"]).output.contains("intentmark show"))
    }
}

extension CLITests {
    static let scriptTool = URL(fileURLWithPath: "/usr/bin/script")

    /// Runs `intentmark ARGUMENTS` with standard output on a pseudo-terminal (util-linux `script`).
    static func runOnATerminal(_ arguments: [String], environment: [String: String]) throws -> String {
        let process = Process()
        process.executableURL = scriptTool
        let command = ([binary.path] + arguments).map { "'" + $0.replacingOccurrences(of: "'", with: "'\\''") + "'" }
        process.arguments = ["-qec", "stty cols 30; " + command.joined(separator: " "), "/dev/null"]
        process.environment = environment
        let output = Pipe()
        process.standardOutput = output
        process.standardInput = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).replacingOccurrences(of: "\r\n", with: "\n")
    }

    @Test(
        "show on a terminal: escapes unless NO_COLOR, the window's width",
        .enabled(if: FileManager.default.isExecutableFile(atPath: scriptTool.path), "needs util-linux script"))
    func showOnATerminalStylesUnlessNoColorAndTakesTheWindowWidth() throws {
        let file = FileManager.default.temporaryDirectory.appending(path: "intentmark-tty-\(UUID().uuidString).md")
        try Data("*one* two three four five six seven eight\n".utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        var environment = ProcessInfo.processInfo.environment
        environment["COLUMNS"] = nil
        environment["NO_COLOR"] = nil
        let styled = try Self.runOnATerminal(["show", file.path], environment: environment)
        #expect(styled == "\u{1B}[3mone\u{1B}[0m two three four five six\nseven eight\n")
        environment["NO_COLOR"] = "1"
        let plain = try Self.runOnATerminal(["show", file.path], environment: environment)
        #expect(plain == "one two three four five six\nseven eight\n")
    }

    @Test("An argument that is not UTF-8 is a usage error naming its position: it cannot name the path it was")
    func argumentsNotUTF8() throws {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        let folder = FileManager.default.temporaryDirectory.appending(path: "intentmark-argv-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: folder) }
        // `-o o\xFFut`: had it been taken, the output would go to `o\u{FFFD}ut`, another folder.
        process.arguments = [
            "-c", "cd \"$1\" && exec \"$0\" convert in -o \"$(printf 'o\\377ut')\" -t html", Self.binary.path, folder.path,
        ]
        try FileManager.default.createDirectory(at: folder.appending(path: "in"), withIntermediateDirectories: true)
        try Data("# a\n".utf8).write(to: folder.appending(path: "in/a.md"))
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let message = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 64)
        #expect(message.hasPrefix("intentmark: argument 4 is not valid UTF-8"), "\(message)")
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder.path) == ["in"])
    }
}
