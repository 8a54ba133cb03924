import Foundation
import SpecCorpus
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `intentmark convert DIR… -o OUTDIR --to FORMAT`: files converted one by one into a directory.
@Suite("intentmark folder conversion", .tags(.corpus))
struct FolderConversionTests {
    /// A fresh directory holding `files` (relative path → contents).
    static func tree(_ files: [String: Data]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appending(path: "intentmark-folder-\(UUID().uuidString)")
        for (path, contents) in files {
            let url = root.appending(path: path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try contents.write(to: url)
        }
        try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
        return root
    }

    /// Every file under `root`, as relative paths (hidden ones too).
    static func files(under root: URL) -> Set<String> {
        var result: Set<String> = []
        let enumerator = FileManager.default.enumerator(atPath: root.path)
        while let path = enumerator?.nextObject() as? String {
            var isDirectory: ObjCBool = false
            if FileManager.default.fileExists(atPath: root.appending(path: path).path, isDirectory: &isDirectory), !isDirectory.boolValue {
                result.insert(path)
            }
        }
        return result
    }

    /// A tree of eight files of 2.5 MB under `docs/`: large enough that a conversion to RTF on two
    /// workers is still running when a test signals it.
    /// With `existingOutputs`, `out/fileN.rtf` exist already (so each is replaced through a named
    /// temporary file: a new output is an unnamed file until complete).
    static func largeTree(existingOutputs: Bool = true) throws -> URL {
        let big = Data(String(repeating: "Some *text* with `code` and a [link](x).\n\n", count: 60_000).utf8)
        var files = Dictionary(uniqueKeysWithValues: (0..<8).map { ("docs/file\($0).md", big) })
        if existingOutputs { for index in 0..<8 { files["out/file\(index).rtf"] = Data("old".utf8) } }
        return try tree(files)
    }

    /// Waits (up to 20 s) until a temporary file (a name starting with `.`) exists under `output`.
    static func waitForTemporaryFile(in output: URL) {
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline, !files(under: output).contains(where: { ($0 as NSString).lastPathComponent.hasPrefix(".") }) {
            usleep(2_000)
        }
    }

    /// Makes the symbolic link `name` in `folder`, pointing at `target` (as written: relative or
    /// absolute).
    static func link(_ name: String, to target: String, in folder: URL) throws {
        try FileManager.default.createSymbolicLink(atPath: folder.appending(path: name).path, withDestinationPath: target)
    }

    static let sample: [String: Data] = [
        "docs/guide.md": Data("# Guide\n\nSee [the intro](intro.md).\n".utf8),
        "docs/intro.markdown": Data("Intro *text*\n".utf8),
        "docs/deep/er/note.md": Data("- one\n- two\n".utf8),
        "docs/.hidden/secret.md": Data("# no\n".utf8),
        "docs/notes.txt": Data("not Markdown\n".utf8),
        "docs/image.png": Data([0x89, 0x50]),
    ]

    @Test("A tree converts into the same layout, each file as a single conversion writes it; hidden and other files are skipped")
    func mirrorsTheLayout() throws {
        let root = try Self.tree(Self.sample)
        defer { try? FileManager.default.removeItem(at: root) }
        let output = root.appending(path: "html")
        let result = try CLITests.run(["convert", root.appending(path: "docs").path, "-o", output.path, "-t", "html"])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(Self.files(under: output) == ["guide.html", "intro.html", "deep/er/note.html"])
        for (input, converted) in [("guide.md", "guide.html"), ("intro.markdown", "intro.html"), ("deep/er/note.md", "deep/er/note.html")] {
            let single = try CLITests.run(["convert", root.appending(path: "docs/\(input)").path, "-t", "html"])
            #expect(try String(contentsOf: output.appending(path: converted), encoding: .utf8) == single.output, "\(input)")
        }
        // Standard error is not a terminal here: no progress line, only the summary.
        #expect(result.standardError.hasPrefix("intentmark: converted 3 of 3 files ("))
        #expect(result.standardError.contains(" to html in \(output.path) in "))
        #expect(!result.standardError.contains("\u{1B}"))
        #expect(result.standardOutput.isEmpty)
    }

    @Test("Several files and -o DIRECTORY: each converted into it by name; one worker gives the same files as two")
    func filesIntoADirectoryAndWorkers() throws {
        let root = try Self.tree(Self.sample)
        defer { try? FileManager.default.removeItem(at: root) }
        // A path ending in '/' names a directory even before it exists.
        let one = root.appending(path: "one")
        let two = root.appending(path: "two")
        try FileManager.default.createDirectory(at: two, withIntermediateDirectories: true)
        let inputs = ["docs/guide.md", "docs/deep/er/note.md"].map { root.appending(path: $0).path }
        let first = try CLITests.run(["convert"] + inputs + ["-o", one.path + "/", "-t", "md", "-j", "1"])
        let second = try CLITests.run(inputs + ["-o", two.path, "--to", "md", "--jobs", "2"])
        #expect(first.status == 0 && second.status == 0, "\(first.standardError) \(second.standardError)")
        #expect(Self.files(under: one) == ["guide.md", "note.md"])
        for name in ["guide.md", "note.md"] {
            #expect(try Data(contentsOf: one.appending(path: name)) == Data(contentsOf: two.appending(path: name)))
        }
        #expect(first.standardError.contains("on 1 worker\n") && second.standardError.contains("on 2 workers\n"))
    }

    @Test("A bad file is named, the others still convert, the status is 1 and no partial or temporary file is left")
    func continuesPastBadFiles() throws {
        var files = Self.sample
        files["docs/broken.md"] = Data([0x61, 0xFF, 0x62])
        files["docs/deep/hostile.md"] = Data((String(repeating: "> ", count: 12_000) + "a\n").utf8)
        let root = try Self.tree(files)
        defer { try? FileManager.default.removeItem(at: root) }
        let output = root.appending(path: "out")
        let missing = root.appending(path: "missing.md").path
        let result = try CLITests.run(["convert", root.appending(path: "docs").path, missing, "-o", output.path, "-t", "json"])
        #expect(result.status == 1)
        #expect(Self.files(under: output) == ["guide.json", "intro.json", "deep/er/note.json"])
        let lines = result.standardError.split(separator: "\n").map(String.init)
        #expect(lines.count == 4, "\(result.standardError)")
        #expect(lines.contains { $0.contains("broken.md") && $0.contains("not valid UTF-8") })
        #expect(lines.contains { $0.contains("hostile.md") && $0.contains("maximumNestingDepth") })
        #expect(lines.contains("intentmark: cannot read \(missing): no such file"))
        #expect(lines.last?.hasPrefix("intentmark: converted 3 of 6 files") == true)
        #expect(lines.last?.hasSuffix("; 3 failed") == true)
    }

    @Test("What cannot be converted into a directory is a usage error before any work")
    func usageErrors() throws {
        let root = try Self.tree(Self.sample)
        defer { try? FileManager.default.removeItem(at: root) }
        let docs = root.appending(path: "docs").path
        let out = root.appending(path: "out").path
        let cases: [([String], String)] = [
            (["convert", docs, "-t", "html"], "\(docs) is a directory: convert the files in it with -o OUTDIR -t FORMAT"),
            (["convert", docs, "-o", out], "converting into a directory needs -t FORMAT"),
            (["convert", "-", "-o", out + "/", "-t", "html"], "standard input cannot be converted into a directory"),
            (["convert", docs + "/guide.md", "-t", "html", "-j", "2"], "-j/--jobs applies when converting files into a directory"),
            (["convert", docs, "-o", out, "-t", "html", "-j", "0"], "-j needs a number of workers from 1 to 256 (got '0')"),
            (["convert", docs, "-o", docs, "-t", "md"], "would be replaced by its own conversion"),
            (
                ["convert", docs, root.appending(path: "guide.md").path, "-o", out, "-t", "html"],
                "would both be written to \(out)/guide.html"
            ),
            (["convert", root.appending(path: "empty").path, "-o", out, "-t", "html"], "no Markdown files in"),
        ]
        try FileManager.default.createDirectory(at: root.appending(path: "empty"), withIntermediateDirectories: true)
        // Another file of the same name as docs/guide.md: two inputs, one output.
        try Data("# Another guide\n".utf8).write(to: root.appending(path: "guide.md"))
        for (arguments, message) in cases {
            let result = try CLITests.run(arguments, input: Data("x\n".utf8))
            #expect(result.status == 64, "\(arguments): \(result.standardError)")
            #expect(result.standardError.contains(message), "\(arguments): \(result.standardError)")
        }
        #expect(!FileManager.default.fileExists(atPath: out))
        // -o naming a file while an input is a folder: the file is left alone.
        let file = root.appending(path: "taken.html")
        try Data("keep".utf8).write(to: file)
        let onFile = try CLITests.run(["convert", docs, "-o", file.path, "-t", "html"])
        #expect(onFile.status == 1)
        #expect(
            onFile.standardError
                == "intentmark: cannot write \(file.path): is a file, not a directory (-o names the directory to convert into)\n")
        #expect(try String(contentsOf: file, encoding: .utf8) == "keep")
    }

    @Test("The same file reached twice (named and in a named folder, a folder named twice) converts once; failures are named once")
    func sameFileTwiceConvertsOnce() throws {
        let root = try Self.tree(Self.sample)
        defer { try? FileManager.default.removeItem(at: root) }
        let docs = root.appending(path: "docs").path
        // A dangling link named like Markdown: a failure, reached twice with the folder.
        #expect(symlink(root.appending(path: "nowhere").path, docs + "/broken.md") == 0)
        let once = try CLITests.run(["convert", docs, "-o", root.appending(path: "once").path, "-t", "html"])
        for arguments in [[docs, docs + "/guide.md"], [docs, docs], [docs + "/guide.md", docs, docs + "/../docs/guide.md"]] {
            let output = root.appending(path: "out-\(UUID().uuidString)")
            let result = try CLITests.run(["convert"] + arguments + ["-o", output.path, "-t", "html"])
            #expect(result.status == 1, "\(arguments): \(result.standardError)")
            #expect(Self.files(under: output) == ["guide.html", "intro.html", "deep/er/note.html"], "\(arguments)")
            let lines = result.standardError.split(separator: "\n").map(String.init)
            #expect(lines.filter { $0.contains("broken.md") }.count == 1, "\(arguments): \(lines)")
            #expect(lines.last?.hasPrefix("intentmark: converted 3 of 4 files") == true, "\(arguments): \(lines)")
            #expect(
                try Data(contentsOf: output.appending(path: "guide.html")) == Data(contentsOf: root.appending(path: "once/guide.html")))
        }
        #expect(once.status == 1)
    }

    @Test("Links: one to a file converts, one to a folder is not followed; -o inside the tree is skipped, also reached through a link")
    func symbolicLinksAndTheOutputInside() throws {
        let root = try Self.tree(Self.sample)
        defer { try? FileManager.default.removeItem(at: root) }
        let docs = root.appending(path: "docs")
        let manager = FileManager.default
        try Self.link("linked.md", to: "guide.md", in: docs)
        try Self.link("folder.md", to: "deep", in: docs)
        try Self.link("elsewhere", to: "deep", in: docs)
        // The output folder inside the input: what is already in it is not taken as input, whether
        // the tree is named directly or through a link to it.
        let output = docs.appending(path: "site")
        try manager.createDirectory(at: output, withIntermediateDirectories: true)
        try Data("# old output\n".utf8).write(to: output.appending(path: "stale.md"))
        let linkToDocs = root.appending(path: "docs-link")
        try Self.link("docs-link", to: "docs", in: root)
        let expected: Set<String> = ["guide.html", "intro.html", "deep/er/note.html", "linked.html", "stale.md"]
        for input in [docs, linkToDocs] {
            let result = try CLITests.run(["convert", input.path, "-o", output.path, "-t", "html"])
            #expect(result.status == 0, "\(result.standardError)")
            #expect(Self.files(under: output) == expected, "\(input.path)")
        }
        #expect(try Data(contentsOf: output.appending(path: "linked.html")) == Data(contentsOf: output.appending(path: "guide.html")))
    }

    @Test(
        "Markdown names that are not regular files — a dangling link, a loop, a pipe, a link to a device — are named failures, never read")
    func namesThatAreNotRegularFiles() throws {
        let root = try Self.tree(["docs/real.md": Data("# real\n".utf8)])
        defer { try? FileManager.default.removeItem(at: root) }
        let docs = root.appending(path: "docs")
        try Self.link("dangling.md", to: "nothing.md", in: docs)
        try Self.link("loop1.md", to: "loop2.md", in: docs)
        try Self.link("loop2.md", to: "loop1.md", in: docs)
        try Self.link("zero.md", to: "/dev/zero", in: docs)
        // A pipe without a writer: opening it for reading would wait forever.
        #expect(mkfifo(docs.appending(path: "pipe.md").path, 0o644) == 0)
        try Self.link("to-pipe.md", to: "pipe.md", in: docs)
        let output = root.appending(path: "out")
        let result = try CLITests.run(["convert", docs.path, "-o", output.path, "-t", "html"])
        #expect(result.status == 1)
        #expect(Self.files(under: output) == ["real.html"])
        let lines = Set(result.standardError.split(separator: "\n").map(String.init))
        let path = docs.path
        let notRegular = "is not a regular file (a pipe, socket or device)"
        #expect(lines.contains("intentmark: cannot read \(path)/dangling.md: no such file"), "\(lines)")
        #expect(lines.contains("intentmark: cannot read \(path)/loop1.md: too many levels of symbolic links"), "\(lines)")
        #expect(lines.contains("intentmark: cannot read \(path)/zero.md: \(notRegular)"), "\(lines)")
        #expect(lines.contains("intentmark: cannot read \(path)/pipe.md: \(notRegular)"), "\(lines)")
        #expect(lines.contains("intentmark: cannot read \(path)/to-pipe.md: \(notRegular)"), "\(lines)")
        #expect(lines.contains { $0.hasPrefix("intentmark: converted 1 of 7 files") }, "\(lines)")
    }

    @Test("A name with a line break or an escape sequence stays on its line, escaped")
    func namesWithControlCharacters() throws {
        let name = "evil\nintentmark: converted 99 of 99 files \u{1B}[2J.md"
        let root = try Self.tree(["docs/\(name)": Data([0x61, 0xFF, 0x0A]), "docs/ok.md": Data("ok\n".utf8)])
        defer { try? FileManager.default.removeItem(at: root) }
        let result = try CLITests.run(["convert", root.appending(path: "docs").path, "-o", root.appending(path: "out").path, "-t", "html"])
        #expect(result.status == 1)
        let lines = result.standardError.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        #expect(lines.count == 3 && lines.last == "", "\(lines)")
        #expect(lines.first?.contains("evil\\nintentmark: converted 99 of 99 files \\u{1B}[2J.md") == true, "\(lines)")
        #expect(!result.standardError.contains("\u{1B}"))
        #expect(lines[1].hasPrefix("intentmark: converted 1 of 2 files"))
    }

    @Test("A folder that cannot be opened and a file whose name is not UTF-8 are named as failures; the rest converts")
    func unreadableFolderIsNamed() throws {
        let root = try Self.tree(Self.sample)
        defer { try? FileManager.default.removeItem(at: root) }
        // A folder whose path is longer than the system's path limit cannot be opened, even by
        // root (permissions would not stop root): made one level at a time, relative to the last.
        let component = String(repeating: "d", count: 200)
        var descriptor = open(root.appending(path: "docs").path, O_RDONLY | O_DIRECTORY)
        #expect(descriptor >= 0)
        for _ in 0..<24 {
            #expect(mkdirat(descriptor, component, 0o755) == 0)
            let next = openat(descriptor, component, O_RDONLY | O_DIRECTORY)
            close(descriptor)
            descriptor = next
            #expect(descriptor >= 0)
        }
        close(descriptor)
        // A Markdown file whose name is not UTF-8 (Linux file systems take any bytes but `/`).
        let latin1Name = Array(root.appending(path: "docs").path.utf8) + Array("/caf".utf8) + [0xE9] + Array(".md".utf8) + [0]
        let latin1 = open(latin1Name.map { CChar(bitPattern: $0) }, O_WRONLY | O_CREAT | O_EXCL, 0o644)
        #expect(latin1 >= 0)
        close(latin1)
        let output = root.appending(path: "out")
        let result = try CLITests.run(["convert", root.appending(path: "docs").path, "-o", output.path, "-t", "html"])
        #expect(result.status == 1)
        #expect(Self.files(under: output) == ["guide.html", "intro.html", "deep/er/note.html"])
        let lines = result.standardError.split(separator: "\n").map(String.init)
        #expect(lines.count == 3, "\(result.standardError)")
        let docs = root.appending(path: "docs").path
        #expect(lines.contains { $0.hasPrefix("intentmark: cannot read \(docs)/\(component)/") && $0.hasSuffix(": file name too long") })
        #expect(lines.contains("intentmark: cannot read \(docs)/caf\u{FFFD}.md: its name is not valid UTF-8 (rename it to convert it)"))
        // Files and folders counted apart: four files (one failed), one folder that could not be read.
        #expect(lines.last?.hasPrefix("intentmark: converted 3 of 4 files") == true, "\(lines)")
        #expect(lines.last?.hasSuffix("; 1 failed; 1 folder could not be read") == true, "\(lines)")
        // Removed the way it was made, one level at a time (its paths are too long to name).
        let docsDescriptor = open(docs, O_RDONLY | O_DIRECTORY)
        Self.removeChain(component, depth: 24, in: docsDescriptor)
        close(docsDescriptor)
    }

    /// Removes `depth` nested empty folders named `name`, the first one inside `parent` (a folder
    /// descriptor), deepest first, each relative to its parent.
    static func removeChain(_ name: String, depth: Int, in parent: Int32) {
        guard depth > 0, parent >= 0 else { return }
        let child = openat(parent, name, O_RDONLY | O_DIRECTORY)
        if child >= 0 {
            removeChain(name, depth: depth - 1, in: child)
            close(child)
        }
        unlinkat(parent, name, AT_REMOVEDIR)
    }

    @Test(
        "Output names: only the last extension goes (dotted folders, double extensions); a file in the way of a folder fails its files only"
    )
    func outputNamesAndFilesInTheWay() throws {
        let root = try Self.tree([
            "docs/v1.2/notes.md": Data("a\n".utf8), "docs/archive.tar.md": Data("b\n".utf8),
            "docs/blocked/c.md": Data("c\n".utf8), "docs/blocked/deeper/d.md": Data("d\n".utf8),
            "out/blocked": Data("a file where a folder would go\n".utf8),
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let output = root.appending(path: "out")
        let result = try CLITests.run(["convert", root.appending(path: "docs").path, "-o", output.path, "-t", "html"])
        #expect(result.status == 1)
        #expect(Self.files(under: output) == ["v1.2/notes.html", "archive.tar.html", "blocked"])
        let lines = Set(result.standardError.split(separator: "\n").map(String.init))
        #expect(lines.contains("intentmark: cannot write \(output.path)/blocked/c.html: a file of that name exists"), "\(lines)")
        #expect(lines.contains("intentmark: cannot write \(output.path)/blocked/deeper/d.html: not a directory"), "\(lines)")
        #expect(lines.contains { $0.hasPrefix("intentmark: converted 2 of 4 files") }, "\(lines)")
    }

    @Test("A name of 245 bytes converts: the temporary file's name is cut to fit, not refused as too long")
    func longNames() throws {
        let name = String(repeating: "x", count: 245)
        let root = try Self.tree(["docs/\(name).md": Data("# long\n".utf8)])
        defer { try? FileManager.default.removeItem(at: root) }
        let output = root.appending(path: "out")
        let folder = try CLITests.run(["convert", root.appending(path: "docs").path, "-o", output.path, "-t", "html"])
        #expect(folder.status == 0, "\(folder.standardError)")
        #expect(Self.files(under: output) == ["\(name).html"])
        // One file to -o, with a target name of 254 bytes.
        let target = root.appending(path: String(repeating: "y", count: 249) + ".html")
        let single = try CLITests.run([root.appending(path: "docs/\(name).md").path, "-o", target.path])
        #expect(single.status == 0, "\(single.standardError)")
        #expect(try String(contentsOf: target, encoding: .utf8) == "<h1>long</h1>\n")
        #expect(Self.files(under: root).allSatisfy { !($0 as NSString).lastPathComponent.hasPrefix(".") })
    }

    @Test("A signal the tool was started ignoring (nohup, trap '' INT) stays ignored: the conversion completes")
    func ignoredSignalsStayIgnored() throws {
        let root = try Self.largeTree()
        defer { try? FileManager.default.removeItem(at: root) }
        let output = root.appending(path: "out")
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [
            "-c", "trap '' INT HUP; exec \"$0\" convert \"$1\" -o \"$2\" -t rtf -j 2", CLITests.binary.path,
            root.appending(path: "docs").path, output.path,
        ]
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Once a temporary file exists (the handlers are in place), interrupt and hang up.
        Self.waitForTemporaryFile(in: output)
        kill(process.processIdentifier, SIGINT)
        kill(process.processIdentifier, SIGHUP)
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 0)
        #expect(Self.files(under: output) == Set((0..<8).map { "file\($0).rtf" }))
    }

    @Test("Killed during a folder conversion into a new folder: every file left is complete, none is temporary")
    func killedConversionLeavesOnlyCompleteFiles() throws {
        let root = try Self.largeTree(existingOutputs: false)
        defer { try? FileManager.default.removeItem(at: root) }
        let output = root.appending(path: "out")
        let reference = root.appending(path: "reference.rtf")
        let whole = try CLITests.run(["convert", root.appending(path: "docs/file0.md").path, "-o", reference.path, "-t", "rtf"])
        #expect(whole.status == 0)
        let process = Process()
        process.executableURL = CLITests.binary
        process.arguments = ["convert", root.appending(path: "docs").path, "-o", output.path, "-t", "rtf", "-j", "2"]
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Until the first file is written, then SIGKILL: no handler runs, nothing is cleaned up.
        let deadline = Date().addingTimeInterval(20)
        while Date() < deadline, Self.files(under: output).isEmpty { usleep(2_000) }
        kill(process.processIdentifier, SIGKILL)
        process.waitUntilExit()
        let left = Self.files(under: output)
        #expect(!left.isEmpty)
        #expect(!left.contains { ($0 as NSString).lastPathComponent.hasPrefix(".") }, "\(left)")
        let expected = try Data(contentsOf: reference)
        for name in left { #expect(try Data(contentsOf: output.appending(path: name)) == expected, "\(name)") }
    }

    @Test("An interrupt during a folder conversion leaves no temporary file")
    func interruptLeavesNoTemporaryFile() throws {
        let root = try Self.largeTree()
        defer { try? FileManager.default.removeItem(at: root) }
        let output = root.appending(path: "out")
        let process = Process()
        process.executableURL = CLITests.binary
        process.arguments = ["convert", root.appending(path: "docs").path, "-o", output.path, "-t", "rtf", "-j", "2"]
        process.standardError = FileHandle.nullDevice
        try process.run()
        // Wait until a temporary file exists, then interrupt.
        Self.waitForTemporaryFile(in: output)
        let sawTemporaryFile = Self.files(under: output).contains { ($0 as NSString).lastPathComponent.hasPrefix(".") }
        process.interrupt()
        process.waitUntilExit()
        // What the process did, for a failure's message (this test once failed under the whole
        // suite's load, and passes alone).
        let outcome =
            "saw a temporary file before the signal: \(sawTemporaryFile); reason \(process.terminationReason.rawValue), status \(process.terminationStatus); left: \(Self.files(under: output))"
        #expect(process.terminationReason == .uncaughtSignal, "\(outcome)")
        #expect(!Self.files(under: output).contains { ($0 as NSString).lastPathComponent.hasPrefix(".") }, "\(outcome)")
    }
}
