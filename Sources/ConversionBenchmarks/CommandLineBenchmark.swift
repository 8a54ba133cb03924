import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Whole-process figures of the `intentmark` command line against the `cmark-gfm` command line,
/// **paired**: every round runs every command once, in turn, and the median per command is kept.
///
/// Each command is started with `posix_spawn` (standard output to `/dev/null`, so writing costs
/// the same for both) and its wall time taken around `posix_spawn` and `waitpid`. Peak memory is
/// taken once per command, in the warm-up round, through GNU `time -f %M` (Debian package `time`;
/// without it the column says n/a): `wait4`'s own `ru_maxrss` cannot be used, because a process
/// started by `posix_spawn` (a `vfork`) inherits the spawning process's high-water mark at `exec`,
/// so every small command would read as this benchmark's own size. The inputs are built from the
/// real-world document in a temporary directory:
/// - **10 KB**: its first 10 000 bytes, cut at the last blank line;
/// - **1 MB**: the document itself;
/// - **10 MB**: the document ten times;
/// - **folder**: its 30 source documents (split by the byte sizes its `SOURCES.md` lists) copied
///   into 34 folders at two depths: 1 020 real documents, 37 MB.
///
/// Both parsers get the same extensions (libcmark-gfm's six, IntentMark's default). The folder is
/// converted by `intentmark convert DIR -o OUT -t html -j N` and by a `/bin/sh` loop that runs
/// `cmark-gfm` once per file into an output folder of its own. Each folder command starts from the
/// same state, before the clock starts: its output folder does not exist (each round writes into
/// a new one, `OUT-ROUND`; all are removed at the end, about 120 MB a round) and the file system's
/// unwritten data is written out (`sync`). The rounds delete nothing: on an ext4 file system
/// without a journal, creating a file looks, one by one, at the free inodes of its group and
/// passes over those deleted recently (for minutes), so a folder removed just before a command —
/// as hyperfine's `--prepare` would remove it — made each of the command's 1 020 new files scan
/// past the inodes just freed: the kernel's cost, not the command's (on a fresh such file system,
/// one worker took 0.45 s into a new folder and 0.76 s right after two outputs, 2 040 files, were
/// removed). Deletions made there before the run still count; tmpfs and a journaled ext4 are free
/// of it.
package struct CommandLineBenchmark: Sendable {
    /// One command's medians.
    package struct Figure: Sendable {
        /// What the command does, for the table.
        package var name: String
        /// Median wall time in seconds.
        package var seconds: Double
        /// Peak resident set in bytes (GNU time's `%M`, from the warm-up round), or `nil` without
        /// GNU time.
        package var peakBytes: Int?
    }

    /// A command to time.
    package struct Command: Sendable {
        /// What the command does, for the table.
        package var name: String
        /// The program's path.
        package var executable: String
        /// The arguments after the program's name.
        package var arguments: [String]
        /// A folder the command writes into, `nil` for none: each round the argument equal to it
        /// is replaced by a new folder's path (`FOLDER-ROUND`), and the file system is synced
        /// before the command starts, untimed.
        package var freshOutput: String? = nil

        /// A command; `freshOutput` names the folder it writes into, if any.
        package init(name: String, executable: String, arguments: [String], freshOutput: String? = nil) {
            self.name = name
            self.executable = executable
            self.arguments = arguments
            self.freshOutput = freshOutput
        }

        /// The command as run in round `round` (0 for the warm-up): writing into that round's own
        /// output folder, `freshOutput-round`.
        package func inRound(_ round: Int) -> Command {
            guard let freshOutput else { return self }
            var command = self
            command.arguments = arguments.map { $0 == freshOutput ? "\(freshOutput)-\(round)" : $0 }
            return command
        }
    }

    /// The `intentmark` executable to measure.
    package var intentmark: URL
    /// The `cmark-gfm` executable.
    package var cmarkGFM: URL
    /// The real-world document and the `SOURCES.md` that lists its pieces.
    package var realWorld: URL
    /// Paired rounds.
    package var rounds: Int

    package init(intentmark: URL, cmarkGFM: URL, realWorld: URL, rounds: Int = 5) {
        self.intentmark = intentmark
        self.cmarkGFM = cmarkGFM
        self.realWorld = realWorld
        self.rounds = max(1, rounds)
    }

    /// The six extensions, as cmark-gfm's command line enables them.
    static let cmarkExtensions = ["footnotes", "table", "strikethrough", "autolink", "tagfilter", "tasklist"].flatMap { ["-e", $0] }

    /// Builds the inputs, runs the rounds and returns the medians in table order.
    /// - Throws: File errors while building the inputs; ``SpawnFailure`` when a command cannot be
    ///   started or exits with a failure.
    package func run(progress: (String) -> Void) throws -> [Figure] {
        let directory = FileManager.default.temporaryDirectory.appending(path: "intentmark-cli-bench-\(getpid())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let commands = try self.commands(in: directory, progress: progress)
        var seconds: [[Double]] = Array(repeating: [], count: commands.count)
        var peaks: [Int?] = Array(repeating: nil, count: commands.count)
        let measuresMemory = FileManager.default.isExecutableFile(atPath: Self.timeTool)
        let memoryFile = directory.appending(path: "peak.txt").path
        // One warm-up round (page cache, binaries), then the timed rounds; each round starts one
        // command later so that none always runs first.
        for round in 0...rounds {
            progress(round == 0 ? "warm-up round" : "round \(round)/\(rounds)")
            for offset in commands.indices {
                let index = (offset + round) % commands.count
                let command = commands[index].inRound(round)
                if command.freshOutput != nil { sync() }
                if round == 0, measuresMemory {
                    peaks[index] = try Self.peakBytes(of: command, reportingTo: memoryFile)
                } else {
                    let time = try Self.spawn(command)
                    if round > 0 { seconds[index].append(time) }
                }
            }
        }
        return commands.indices.map { index in
            Figure(name: commands[index].name, seconds: Self.median(seconds[index]), peakBytes: peaks[index])
        }
    }

    /// GNU time, which reports a command's peak resident memory.
    private static let timeTool = "/usr/bin/time"

    /// Runs `command` under GNU time and returns its peak resident memory in bytes (time writes
    /// kibibytes to `memoryFile`); `nil` when the report cannot be read.
    private static func peakBytes(of command: Command, reportingTo memoryFile: String) throws -> Int? {
        var measured = command
        measured.arguments = ["-f", "%M", "-o", memoryFile, measured.executable] + measured.arguments
        measured.executable = timeTool
        _ = try spawn(measured)
        let text = try String(contentsOfFile: memoryFile, encoding: .utf8)
        return text.split(separator: "\n").last.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }.map { $0 * 1_024 }
    }

    /// Writes the inputs into `directory` (10 KB, 1 MB and 10 MB made from the real-world document, and
    /// a folder of documents) and returns the commands, in table order.
    private func commands(in directory: URL, progress: (String) -> Void) throws -> [Command] {
        let document = try Data(contentsOf: realWorld)
        var small = document.prefix(10_000)
        if let cut = small.lastRange(of: Data("\n\n".utf8)) { small = small[..<cut.upperBound] }
        let smallFile = directory.appending(path: "10k.md")
        try Data(small).write(to: smallFile)
        let mediumFile = directory.appending(path: "1m.md")
        try document.write(to: mediumFile)
        let largeFile = directory.appending(path: "10m.md")
        try (0..<10).reduce(into: Data()) { data, _ in data.append(document) }.write(to: largeFile)
        let folder = directory.appending(path: "folder")
        let files = try Self.makeFolder(
            at: folder, from: document, sources: realWorld.deletingLastPathComponent().appending(path: "SOURCES.md"))
        progress("inputs: 10 KB, 1 MB, 10 MB, a folder of \(files.count) documents")

        let me = intentmark.path
        let cmark = cmarkGFM.path
        let output = directory.appending(path: "out").path
        let loop =
            "o=$1; shift; i=0; for f; do i=$((i+1)); \(cmark) \(Self.cmarkExtensions.joined(separator: " ")) \"$f\" > \"$o/$i.html\" || exit 1; done"
        return [
            Command(name: "10 KB → HTML: cmark-gfm", executable: cmark, arguments: Self.cmarkExtensions + [smallFile.path]),
            Command(name: "10 KB → HTML: intentmark", executable: me, arguments: [smallFile.path, "-t", "html"]),
            Command(name: "1 MB → HTML: cmark-gfm", executable: cmark, arguments: Self.cmarkExtensions + [mediumFile.path]),
            Command(name: "1 MB → HTML: intentmark", executable: me, arguments: [mediumFile.path, "-t", "html"]),
            Command(name: "10 MB → HTML: cmark-gfm", executable: cmark, arguments: Self.cmarkExtensions + [largeFile.path]),
            Command(name: "10 MB → HTML: intentmark", executable: me, arguments: [largeFile.path, "-t", "html"]),
            Command(name: "10 MB → JSON: intentmark", executable: me, arguments: [largeFile.path, "-t", "json"]),
            Command(
                name: "10 MB → parse only: intentmark (memory child)", executable: me,
                arguments: ["--bench-memory-child", "parse", largeFile.path]),
            Command(
                name: "folder → HTML: cmark-gfm, shell loop", executable: "/bin/sh",
                arguments: ["-c", "mkdir -p \"$1\" && " + loop, "sh", output + "-loop"] + files.map(\.path),
                freshOutput: output + "-loop"),
            Command(
                name: "folder → HTML: intentmark -j 1", executable: me,
                arguments: ["convert", folder.path, "-o", output + "-1", "-t", "html", "-j", "1"], freshOutput: output + "-1"),
            Command(
                name: "folder → HTML: intentmark -j 2", executable: me,
                arguments: ["convert", folder.path, "-o", output + "-2", "-t", "html", "-j", "2"], freshOutput: output + "-2"),
        ]
    }

    /// The table of figures and the ratios the command line is judged by.
    package static func table(_ figures: [Figure]) -> String {
        var lines = ["| command | wall time (median) | peak resident set |", "|---|---:|---:|"]
        for figure in figures {
            let peak = figure.peakBytes.map { String(format: "%.1f MiB", Double($0) / 1_048_576) } ?? "n/a (no GNU time)"
            lines.append("| \(figure.name) | \(String(format: "%.4f", figure.seconds)) s | \(peak) |")
        }
        func figure(_ prefix: String) -> Figure? { figures.first { $0.name.hasPrefix(prefix) } }
        func ratio(_ a: String, _ b: String, _ label: String, peak: Bool = false) -> String? {
            guard let a = figure(a), let b = figure(b) else { return nil }
            guard !peak || (a.peakBytes != nil && b.peakBytes != nil) else { return nil }
            let value = peak ? Double(a.peakBytes ?? 0) / Double(b.peakBytes ?? 1) : a.seconds / b.seconds
            return "- \(label): \(String(format: "%.2f", value))×"
        }
        lines.append("")
        lines += [
            ratio("10 KB → HTML: intentmark", "10 KB → HTML: cmark-gfm", "10 KB to HTML, intentmark / cmark-gfm wall time"),
            ratio("1 MB → HTML: intentmark", "1 MB → HTML: cmark-gfm", "1 MB to HTML, intentmark / cmark-gfm wall time"),
            ratio("10 MB → HTML: intentmark", "10 MB → HTML: cmark-gfm", "10 MB to HTML, intentmark / cmark-gfm wall time"),
            ratio("10 MB → JSON: intentmark", "10 MB → HTML: cmark-gfm", "10 MB to JSON, intentmark / cmark-gfm to HTML wall time"),
            ratio(
                "10 MB → JSON: intentmark", "10 MB → parse only", "10 MB to JSON peak / intentmark's parse peak (same input loaded)",
                peak: true),
            ratio(
                "folder → HTML: intentmark -j 1", "folder → HTML: intentmark -j 2",
                "folder, 1 worker / 2 workers wall time (speed-up on 2 cores)"),
            ratio(
                "folder → HTML: cmark-gfm", "folder → HTML: intentmark -j 2",
                "folder, cmark-gfm shell loop / intentmark on 2 cores wall time"),
        ].compactMap { $0 }
        return lines.joined(separator: "\n")
    }

    /// A command that could not be started or failed.
    package struct SpawnFailure: Error, CustomStringConvertible {
        package var command: String
        package var status: Int32
        package var description: String { "\(command) failed (status \(status))" }
    }

    /// Runs `command` with standard output and error to /dev/null and returns its wall time in
    /// seconds.
    static func spawn(_ command: Command) throws -> Double {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0)
        posix_spawn_file_actions_addopen(&actions, STDERR_FILENO, "/dev/null", O_WRONLY, 0)
        let argv = ([command.executable] + command.arguments).map { strdup($0) } + [nil]
        defer { for argument in argv { free(argument) } }
        var pid: pid_t = 0
        let start = ContinuousClock.now
        let spawned = posix_spawn(&pid, command.executable, &actions, nil, argv, environ)
        guard spawned == 0 else { throw SpawnFailure(command: command.name, status: spawned) }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            guard errno == EINTR else { throw SpawnFailure(command: command.name, status: errno) }
        }
        let elapsed = ContinuousClock.now - start
        // Exited normally with status 0 (the low 7 bits hold a terminating signal).
        guard status & 0x7F == 0, (status >> 8) & 0xFF == 0 else { throw SpawnFailure(command: command.name, status: status) }
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// Writes the real-world document's pieces into 34 folders (two depths) under `folder`.
    /// - Returns: The files written.
    /// - Throws: File errors; a `CocoaError` when `SOURCES.md` does not describe the document.
    static func makeFolder(at folder: URL, from document: Data, sources: URL) throws -> [URL] {
        // The table rows of SOURCES.md: `| # | repo | path | commit | license | bytes |`.
        let table = try String(contentsOf: sources, encoding: .utf8)
        var pieces: [(name: String, bytes: Data)] = []
        var offset = document.startIndex
        for line in table.split(separator: "\n") where line.hasPrefix("| ") {
            let cells = line.split(separator: "|", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count >= 7, Int(cells[1]) != nil, let size = Int(cells[cells.count - 2]) else { continue }
            let name = (cells[2] + "-" + (cells[3] as NSString).lastPathComponent).replacingOccurrences(of: "`", with: "")
                .replacingOccurrences(of: "/", with: "-")
            guard offset + size <= document.endIndex else { throw CocoaError(.fileReadCorruptFile) }
            pieces.append((name, document[offset..<offset + size]))
            offset += size + 2
        }
        guard !pieces.isEmpty, offset == document.endIndex + 2 || offset == document.endIndex else {
            throw CocoaError(.fileReadCorruptFile)
        }
        var files: [URL] = []
        for set in 0..<34 {
            let directory = folder.appending(path: String(format: "set%02d", set)).appending(path: set % 3 == 0 ? "a/b" : "x")
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            for piece in pieces {
                let file = directory.appending(path: piece.name)
                try piece.bytes.write(to: file)
                files.append(file)
            }
        }
        return files
    }

    /// The kind of file system holding `directory` (`tmpfs`, `ext4`, `overlay`, …): the type of
    /// the longest mount point in `/proc/mounts` that contains it; `unknown` where there is no
    /// such table (not Linux). The folder's figures depend on it: see the type's comment.
    package static func fileSystemName(of directory: URL) -> String {
        guard let table = try? String(contentsOfFile: "/proc/mounts", encoding: .utf8) else { return "unknown" }
        let path = directory.resolvingSymlinksInPath().path
        var best: (length: Int, type: String)? = nil
        for line in table.split(separator: "\n") {
            let fields = line.split(separator: " ")
            guard fields.count >= 3 else { continue }
            // Spaces in mount points are written as \040.
            let mountPoint = fields[1].replacingOccurrences(of: "\\040", with: " ")
            let contains = mountPoint == "/" || path == mountPoint || path.hasPrefix(mountPoint + "/")
            if contains, mountPoint.count >= (best?.length ?? -1) { best = (mountPoint.count, String(fields[2])) }
        }
        return best?.type ?? "unknown"
    }

    static func median<Value: Comparable>(_ values: [Value]) -> Value {
        let sorted = values.sorted()
        return sorted[sorted.count / 2]
    }
}
