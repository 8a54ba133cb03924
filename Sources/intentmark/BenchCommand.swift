import ConversionBenchmarks
import Foundation
import IntentMark

/// `intentmark bench [FILE…] [--json] [--runs N]`: every conversion of the user's documents timed
/// against libcmark-gfm in the same run (default: the embedded document).
struct BenchCommand {
    var files: [String] = []
    var json = false
    var runs = 5

    /// The hidden first argument that makes `intentmark` a memory child of `bench`:
    /// `intentmark --bench-memory-child TASK FILE` runs one task on FILE and prints its figures as
    /// one JSON line (see `ChildProcessMemory`).
    static let childFlag = "--bench-memory-child"

    /// Runs a memory child's task (the arguments after ``childFlag``) and prints its JSON line.
    /// - Throws: ``UsageError`` for a wrong task or argument count; the task's errors.
    static func runMemoryChild(_ arguments: [String]) throws -> ExitStatus {
        guard arguments.count == 2, let task = BenchmarkTask(name: arguments[0]) else {
            throw UsageError("\(childFlag) needs TASK FILE (TASK one of \(BenchmarkTask.all.map(\.name).joined(separator: ", ")))")
        }
        let line = try ChildProcessMemory.runChild(task, file: URL(fileURLWithPath: arguments[1]))
        IntentMarkCommand.write(line + "\n", to: .standardOutput)
        return .success
    }

    /// Parses the arguments after `bench`; `nil` when `--help` was asked for.
    /// - Throws: ``UsageError`` for an unknown flag or a bad `--runs`.
    init?(parsing arguments: [String]) throws {
        var reader = ArgumentReader(arguments)
        while let argument = reader.next() {
            switch argument {
            case .positional(let path):
                files.append(path)
            case .option(let name, let inlineValue):
                switch name {
                case "-h", "--help":
                    return nil
                case "--json":
                    if inlineValue != nil { throw UsageError("--json takes no value") }
                    json = true
                case "--runs":
                    let value = try reader.value(for: name, inlineValue: inlineValue)
                    guard let number = Int(value), number >= 1, number <= 1_000 else {
                        throw UsageError("--runs needs a number from 1 to 1000 (got '\(value)')")
                    }
                    runs = number
                default:
                    throw UsageError("unknown option '\(name)' for bench")
                }
            }
        }
    }

    /// Measures and prints: a table per input on standard output (or JSON), progress on standard
    /// error.
    /// - Throws: ``IntentMarkError`` when a file cannot be read or parsed.
    func execute() throws -> ExitStatus {
        var inputs: [(String, Data)] = []
        if files.isEmpty {
            inputs.append((EmbeddedDocument.path + " (embedded)", EmbeddedDocument.data))
        }
        for file in files {
            let data: Data
            if file == "-" {
                data = try ConvertCommand.readStandardInput()
            } else {
                data = try IntentDocument.readFile(at: URL(fileURLWithPath: file, isDirectory: false))
            }
            // As `convert` does: invalid UTF-8 is an error (the benchmark would time the repaired
            // text, not the file), and an empty input has no throughput.
            guard !data.isEmpty else { throw IntentMarkError.unreadableFile(path: file, reason: "it is empty: nothing to measure") }
            do {
                _ = try IntentDocument(markdown: data)
            } catch IntentMarkError.invalidUTF8(let offset) {
                throw IntentMarkError.unreadableFile(
                    path: file == "-" ? "standard input" : file, reason: "not valid UTF-8 (first invalid byte at offset \(offset))")
            }
            inputs.append((file, data))
        }
        // Peak memory is measured as the benchmark suite does: each task once in a fresh child
        // process (this executable, run with ``childFlag``), the kernel's high-water mark above
        // the child's resident set before the task. Sampling in this process missed what the
        // allocator kept from earlier stages and under-reported by up to ~100×.
        let runner = BenchmarkRunner(runs: runs, memory: .childProcess(ChildProcessMemory(childFlag: Self.childFlag)))
        var results: [BenchmarkResult] = []
        for (name, data) in inputs {
            let result = try runner.measure(data, name: name) { line in
                IntentMarkCommand.write("… \(line)\n", to: .standardError)
            }
            results.append(result)
            if !json { IntentMarkCommand.write(BenchmarkReport.table(result) + "\n", to: .standardOutput) }
        }
        if json {
            let data = results.count == 1 ? try BenchmarkReport.json(results[0]) : try BenchmarkReport.json(results)
            IntentMarkCommand.write(data + Data("\n".utf8), to: .standardOutput)
        }
        return .success
    }
}

extension BenchCommand: Subcommand {
    static var helpText: String { HelpText.bench }
}
