internal import CAllocatorTuning
import Dispatch
import Foundation
import IntentMark
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `intentmark convert DIR|FILE… -o OUTDIR --to FORMAT`: converts files one by one into a
/// directory, on every core.
///
/// - The inputs are files (each written as `OUTDIR/NAME.EXT`) and directories, whose Markdown
///   files (`.md`, `.markdown`, `.mdown`, `.mdwn`, `.mkd`, `.mkdn`, `.mkdown`; `.json` with
///   `-f json`) are found at any depth and written at the same relative path under `OUTDIR`, with
///   the format's extension (``DirectoryWalk``). Hidden files and folders (names starting with
///   `.`), folders reached through symbolic links and `OUTDIR` itself are skipped; a folder that
///   cannot be opened, a name that is not UTF-8 and a Markdown name that is not a regular file
///   (a pipe, a device, a dangling link) are failures, never read.
/// - Workers (`-j N`, default: the active cores) take the files largest first, each through the
///   same steps as a single conversion (but taking only a regular file, opened without waiting):
///   the output file gets its name only when complete (``OutputFile``), so no partial file is
///   ever left, even on an interrupt.
/// - Progress goes to standard error when it is a terminal; a one-line summary always does. A
///   file that fails is reported by name and the others still convert; the exit status is then 1.
///   Control characters in names are escaped (``OneLineText``).
struct FolderConversion {
    /// One file to convert: its input and output paths, the folder the output goes in and the
    /// input's size in bytes.
    struct Job {
        var input: String
        var output: String
        var outputFolder: String
        var bytes: Int
        /// Why the job fails before it starts (what ``DirectoryWalk`` could not take: a folder that
        /// could not be read, a name that is not UTF-8, a Markdown name that is not a regular
        /// file), or `nil`.
        var failure: String? = nil
        /// Whether the job stands for a folder that could not be read (counted apart from the
        /// files in the summary).
        var isFolder = false
    }

    /// How one job ended: the input's size, or the one-line reason it failed.
    enum Outcome: Sendable {
        case converted(bytes: Int)
        case failed(String)
    }

    /// The extensions of files taken from a directory as Markdown.
    static let markdownExtensions: Set<String> = ["md", "markdown", "mdown", "mdwn", "mkd", "mkdn", "mkdown"]
    /// The largest input size for which a folder conversion has malloc keep freed memory
    /// (`intentmark_keep_freed_memory`), in bytes: 4 MiB. For 1 020 real documents (37 MB, each
    /// under 80 KB) it cut the page faults from 6 140 to 1 020 on one worker and the wall time by
    /// 4% on one and on two; for two 10 MB files and one of 1 MB on two workers it raised the peak
    /// memory from 143 to 205 MB for no gain in time (large blocks then stay in each thread's heap),
    /// so folders holding a larger file keep glibc's own settings, which already adapt to large
    /// blocks.
    static let keepsFreedMemoryUpToBytes = 4 << 20
    /// The most workers `-j` accepts.
    static let maximumJobs = 256

    /// The conversion every file goes through (its input and output paths are replaced per file).
    var command: ConvertCommand
    /// The output directory as given.
    var outputDirectory: String
    /// How many files convert at once.
    var jobs: Int

    /// Finds the files and names their outputs.
    /// - Throws: ``UsageError`` for two inputs that would be
    ///   written to the same output, or an output that would replace its input;
    ///   ``IntentModel/IntentMarkError/unwritableFile(path:reason:)`` when `OUTDIR` exists and is
    ///   not a directory. An input that does not exist is not an error here: it becomes a failed
    ///   job, so the others still convert.
    func plan() throws -> [Job] {
        let fileManager = FileManager.default
        let outputRoot = URL(fileURLWithPath: outputDirectory).standardizedFileURL.path
        var isDirectory: ObjCBool = false
        if fileManager.fileExists(atPath: outputRoot, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw IntentMarkError.unwritableFile(
                path: outputDirectory, reason: "is a file, not a directory (-o names the directory to convert into)")
        }
        let extensions = command.readsJSON ? ["json"] : Self.markdownExtensions
        let outputExtension = command.format.fileExtension
        let outputPrefix = outputRoot.hasSuffix("/") ? outputRoot : outputRoot + "/"
        func outputPath(relative: String) -> String {
            outputPrefix + Self.deletingExtension(relative) + "." + outputExtension
        }
        func job(input: String, relative: String, bytes: Int) -> Job {
            let output = outputPath(relative: relative)
            return Job(input: input, output: output, outputFolder: Self.folder(of: output), bytes: bytes)
        }
        var jobs: [Job] = []
        for input in command.inputPaths {
            var inputIsDirectory: ObjCBool = false
            guard fileManager.fileExists(atPath: input, isDirectory: &inputIsDirectory), inputIsDirectory.boolValue else {
                // A file (or a missing path, which fails when converted): OUTDIR/NAME.EXT.
                let job = job(input: input, relative: (input as NSString).lastPathComponent, bytes: Self.size(of: input))
                if URL(fileURLWithPath: input, isDirectory: false).standardizedFileURL.path == job.output {
                    throw UsageError("\(input) would be replaced by its own conversion: choose another -o directory or format")
                }
                jobs.append(job)
                continue
            }
            let root = URL(fileURLWithPath: input, isDirectory: true).standardizedFileURL.path
            let walk = DirectoryWalk.files(under: root, extensions: extensions, excluding: outputRoot)
            for (path, reason, isFolder) in walk.unreadable {
                jobs.append(
                    Job(
                        input: path, output: outputRoot, outputFolder: outputRoot, bytes: 0, failure: "cannot read \(path): \(reason)",
                        isFolder: isFolder))
            }
            let prefix = root.hasSuffix("/") ? root : root + "/"
            let found = walk.files.map { job(input: prefix + $0.relativePath, relative: $0.relativePath, bytes: $0.bytes) }
            guard !found.isEmpty || !walk.unreadable.isEmpty else {
                throw UsageError(
                    "no \(command.readsJSON ? "JSON" : "Markdown") files in \(input) (extensions: \(extensions.sorted().joined(separator: ", ")))"
                )
            }
            jobs += found.sorted { $0.input < $1.input }
        }
        return try Self.distinctOutputs(jobs)
    }

    /// `jobs` with each file once: a job whose input and output are another's (the same file
    /// named and found in a named folder, or a folder named twice) is dropped, and so is a second
    /// report of the same failure.
    /// - Throws: ``UsageError`` naming the files for two different inputs written to the same
    ///   output, or an output that would replace its input (a file found in a folder: its path is
    ///   standardised like the outputs'; a file given by name was checked when planned).
    private static func distinctOutputs(_ jobs: [Job]) throws -> [Job] {
        var inputByOutput: [String: String] = [:]
        inputByOutput.reserveCapacity(jobs.count)
        var failures: Set<String> = []
        var distinct: [Job] = []
        distinct.reserveCapacity(jobs.count)
        for job in jobs {
            if let failure = job.failure {
                if failures.insert(failure).inserted { distinct.append(job) }
                continue
            }
            if let earlier = inputByOutput[job.output] {
                guard isSameFile(earlier, job.input) else {
                    throw UsageError("\(earlier) and \(job.input) would both be written to \(job.output)")
                }
                continue
            }
            inputByOutput[job.output] = job.input
            if job.input == job.output {
                throw UsageError("\(job.input) would be replaced by its own conversion: choose another -o directory or format")
            }
            distinct.append(job)
        }
        return distinct
    }

    /// Whether the paths `a` and `b` name the same file (device and inode, following links;
    /// `false` when either cannot be read — it then fails on its own).
    private static func isSameFile(_ a: String, _ b: String) -> Bool {
        var first = stat()
        var second = stat()
        return stat(a, &first) == 0 && stat(b, &second) == 0 && first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }

    /// Makes `folder` and its missing parents, as `mkdir -p` does, with one `mkdir` for a folder
    /// whose parent exists (FileManager's `createDirectory` looks at each component first).
    /// - Returns: `nil` when the folder exists or was made, else the reason ("a file of that name
    ///   exists" where a file is in the way, else the system's).
    static func makeFolder(_ folder: String) -> String? {
        if mkdir(folder, 0o777) == 0 { return nil }
        var code = errno
        if code == ENOENT {
            // A parent is missing: make it, then this one.
            let parent = (folder as NSString).deletingLastPathComponent
            guard !parent.isEmpty, parent != folder else { return OutputFile.systemReason(code) }
            if let reason = makeFolder(parent) { return reason }
            if mkdir(folder, 0o777) == 0 { return nil }
            code = errno
        }
        guard code == EEXIST else { return OutputFile.systemReason(code) }
        var status = stat()
        return stat(folder, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR ? nil : "a file of that name exists"
    }

    /// `path` without the extension of its last component (`a/b.md` → `a/b`; `a/.md` and `a/b`
    /// stay as they are), as `NSString.deletingPathExtension` reads a relative path without a
    /// trailing `/` — without bridging to `NSString` for each of a folder's files.
    static func deletingExtension(_ path: String) -> Substring {
        let utf8 = path.utf8
        let nameStart = utf8.lastIndex(of: UInt8(ascii: "/")).map { utf8.index(after: $0) } ?? utf8.startIndex
        guard let dot = utf8[nameStart...].lastIndex(of: UInt8(ascii: ".")), dot != nameStart else { return Substring(path) }
        return path[..<dot]
    }

    /// The folder part of `path`, a full path: `/a/b` for `/a/b/c.html`, `/` for `/c.html` (as
    /// `NSString.deletingLastPathComponent` reads such a path, without bridging each of a
    /// folder's files to `NSString`).
    static func folder(of path: String) -> String {
        let utf8 = path.utf8
        guard let slash = utf8.lastIndex(of: UInt8(ascii: "/")) else { return "" }
        return slash == utf8.startIndex ? "/" : String(path[..<slash])
    }

    /// Converts every planned file and reports.
    /// - Returns: ``ExitStatus/success`` when every file converted, else
    ///   ``ExitStatus/conversionFailed`` after naming each failure.
    /// - Throws: What ``plan()`` throws; ``IntentModel/IntentMarkError/unwritableFile(path:reason:)``
    ///   when `OUTDIR` cannot be made.
    func run() throws -> ExitStatus {
        let start = ContinuousClock.now
        // The other workers start while this thread walks the folders, so that they are running
        // when the files are ready (a new worker thread started up to 3.5 ms after the walk;
        // see EarlyWorkers). This thread is a worker too.
        let workers = EarlyWorkers(count: self.jobs - 1)
        let jobs: [Job]
        do {
            jobs = try plan()
        } catch {
            workers.cancel()
            throw error
        }
        // File after file in one process: when every file is small, freed memory is kept for the
        // next one rather than handed back to the system and faulted in again (see
        // keepsFreedMemoryUpToBytes).
        if jobs.allSatisfy({ $0.bytes <= Self.keepsFreedMemoryUpToBytes }) { _ = intentmark_keep_freed_memory() }
        // The folders are made first, in one thread: workers then only write files.
        var failedFolders: [String: String] = [:]
        do {
            try FileManager.default.createDirectory(atPath: outputDirectory, withIntermediateDirectories: true)
        } catch {
            workers.cancel()
            throw IntentMarkError.unwritableFile(path: outputDirectory, reason: ConvertCommand.reason(error))
        }
        for folder in Set(jobs.lazy.filter { $0.failure == nil }.map(\.outputFolder)).sorted() {
            if let reason = Self.makeFolder(folder) { failedFolders[folder] = reason }
        }
        // Largest first, so that no worker is left with a big file at the end.
        let order = jobs.indices.sorted { jobs[$0].bytes > jobs[$1].bytes }
        let outcomes = Mutex([Outcome?](repeating: nil, count: jobs.count))
        let next = Atomic(0)
        let progress = Progress(total: jobs.count, enabled: isatty(STDERR_FILENO) != 0)
        let command = self.command
        let unmadeFolders = failedFolders
        // Each worker takes the next file until none is left (a worker with none returns at once).
        let work: @Sendable () -> Void = {
            while true {
                let position = next.add(1, ordering: .relaxed).oldValue
                guard position < order.count else { return }
                let job = jobs[order[position]]
                let outcome: Outcome
                if let failure = job.failure {
                    outcome = .failed(failure)
                } else if !unmadeFolders.isEmpty, let reason = unmadeFolders[job.outputFolder] {
                    outcome = .failed("cannot write \(job.output): \(reason)")
                } else {
                    outcome = Self.convert(job, with: command)
                }
                outcomes.withLock { $0[order[position]] = outcome }
                progress.step(job.input)
            }
        }
        workers.start(work)
        work()
        workers.wait()
        progress.finish()
        return report(jobs, outcomes: outcomes.withLock { $0 }, seconds: Self.seconds(since: start))
    }

    /// Converts one file as `intentmark convert INPUT -o OUTPUT` would.
    private static func convert(_ job: Job, with command: ConvertCommand) -> Outcome {
        var single = command
        single.inputPaths = [job.input]
        single.outputPath = job.output
        single.inputsMustBeRegularFiles = true
        do {
            _ = try single.writeOutput { try single.output(of: try single.readDocument()) }
            return .converted(bytes: job.bytes)
        } catch let error as IntentMarkError {
            let message = error.description
            return .failed(message.contains(job.input) ? message : "\(job.input): \(message)")
        } catch {
            return .failed("\(job.input): \(error)")
        }
    }

    /// Writes the summary and each failure to standard error.
    private func report(_ jobs: [Job], outcomes: [Outcome?], seconds: Double) -> ExitStatus {
        var converted = 0
        var bytes = 0
        var failures: [String] = []
        var failedFiles = 0
        var unreadFolders = 0
        for (job, outcome) in zip(jobs, outcomes) {
            switch outcome {
            case .converted(let size)?:
                converted += 1
                bytes += size
                continue
            case .failed(let reason)?: failures.append(reason)
            case nil: failures.append("\(job.input) was not converted")
            }
            if job.isFolder { unreadFolders += 1 } else { failedFiles += 1 }
        }
        let files = jobs.count - unreadFolders
        let workers = min(self.jobs, max(1, jobs.count))
        // Names may hold line breaks or escape sequences: each failure stays one line.
        var text = failures.map { "intentmark: \(OneLineText.escaping($0))\n" }.joined()
        let megabytes = String(format: "%.1f", Double(bytes) / 1e6)
        let time = String(format: "%.2f", seconds)
        text +=
            "intentmark: converted \(converted) of \(files) file\(files == 1 ? "" : "s") (\(megabytes) MB) to \(command.format.rawValue) in \(OneLineText.escaping(outputDirectory))"
            + " in \(time) s on \(workers) worker\(workers == 1 ? "" : "s")"
            + (failedFiles == 0 ? "" : "; \(failedFiles) failed")
            + (unreadFolders == 0 ? "" : "; \(unreadFolders) folder\(unreadFolders == 1 ? "" : "s") could not be read") + "\n"
        IntentMarkCommand.write(text, to: .standardError)
        return failures.isEmpty ? .success : .conversionFailed
    }

    /// The size of the file at `path` in bytes (0 when it cannot be read; it then fails later).
    private static func size(of path: String) -> Int {
        var status = stat()
        return stat(path, &status) == 0 ? Int(status.st_size) : 0
    }

    private static func seconds(since start: ContinuousClock.Instant) -> Double {
        let elapsed = ContinuousClock.now - start
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }

    /// The progress line on standard error (`[ 12/340] docs/guide.md`), redrawn in place; only on a
    /// terminal.
    final class Progress: Sendable {
        let total: Int
        let enabled: Bool
        private let done = Mutex(0)

        init(total: Int, enabled: Bool) {
            self.total = total
            self.enabled = enabled
        }

        /// Counts one finished file and redraws the line.
        func step(_ name: String) {
            guard enabled else { return }
            done.withLock { done in
                done += 1
                let width = String(total).count
                let count = String(repeating: " ", count: width - String(done).count) + String(done)
                IntentMarkCommand.write("\r\u{1B}[K[\(count)/\(total)] \(OneLineText.escaping(name))", to: .standardError)
            }
        }

        /// Clears the line.
        func finish() {
            guard enabled else { return }
            IntentMarkCommand.write("\r\u{1B}[K", to: .standardError)
        }
    }
}
