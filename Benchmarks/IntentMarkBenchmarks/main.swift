// The benchmark suite: every conversion against libcmark-gfm in the same run.
//
//   swift run -c release intentmark-benchmarks [--runs N] [--stages LIST] [--sampled-memory] [FILE…]
//   swift run -c release intentmark-benchmarks --sweep [--sizes 1K,64K,1M,…] [--runs N] [--svg PATH] [--json PATH] [FILE]
//   swift run -c release intentmark-benchmarks --editing [--runs N] [FILE…]   (the editing layer; then keystrokes on
//       the smallest input against the largest, in paired rounds)
//   swift run -c release intentmark-benchmarks --streaming [--runs N] [FILE…]   (its streaming rows alone)
//   swift run -c release intentmark-benchmarks --foundation [--runs N] [FILE…]   (AttributedString against Foundation-only builders)
//   swift run -c release intentmark-benchmarks --complexity [--max-bytes 64M] [--shapes LIST] [--outputs LIST] [--json PATH]   (growth exponent of every output per input shape)
//   swift run -c release intentmark-benchmarks --complexity --instructions [--sizes 8K,32K,128K] [--shapes LIST] [--outputs LIST] [--fail-above 1.15] [--json PATH]
//       (the same by instruction counts under valgrind's callgrind: independent of the machine; CI runs it)
//   intentmark-benchmarks --child TASK FILE   (internal: one task's peak memory, in a child process)
//   intentmark-benchmarks --complexity-child SHAPE BYTES OUTPUTS   (internal: one shape's outputs, counted by callgrind)
//
// Without files the suite measures ../shared/corpus/realworld/realworld-1mb.md, that file ×10 and the
// CommonMark spec; the sweep builds its inputs from realworld-1mb.md. Throughput is MB/s of
// Markdown input; see Benchmarks/README.md.
import ConversionBenchmarks
import Foundation

func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("intentmark-benchmarks: \(message)\n".utf8))
    exit(1)
}

/// The complexity shapes named in `names` (`--shapes`), in report order; fails when none is known.
func selectedShapes(_ names: [String]) -> [ComplexityShape] {
    let shapes = ComplexityShape.all.filter { names.contains($0.name) }
    guard !shapes.isEmpty else { fail("unknown shapes (shapes: \(ComplexityShape.all.map(\.name).joined(separator: ", ")))") }
    return shapes
}

/// The complexity outputs named in `names` (`--outputs`), in report order; fails when none is known.
func selectedOutputs(_ names: [String]) -> [ComplexityOutput] {
    let outputs = ComplexityOutput.all.filter { names.contains($0.name) }
    guard !outputs.isEmpty else { fail("unknown outputs (outputs: \(ComplexityOutput.all.map(\.name).joined(separator: ", ")))") }
    return outputs
}

func progress(_ line: String) { FileHandle.standardError.write(Data(("… " + line + "\n").utf8)) }

/// `1K`, `64K`, `1M`, `64M` or a byte count.
func size(_ text: Substring) -> Int? {
    let units: [Character: Int] = ["K": 1_000, "k": 1_000, "M": 1_000_000, "m": 1_000_000]
    if let last = text.last, let unit = units[last] { return Int(text.dropLast()).map { $0 * unit } }
    return Int(text)
}

var runs = 5
var runsWereGiven = false
var files: [String] = []
var stages = BenchmarkStage.allCases
var editing = false
var streamingOnly = false
var sweep = false
var complexity = false
var complexityMaximumBytes: Int? = nil
var complexityShapes: [String]? = nil
var instructions = false
var complexityOutputs: [String]? = nil
var sizesWereGiven = false
var failAbove: Double? = nil
var foundation = false
var commandLine = false
var intentmarkPath: String?
var sampledMemory = false
var sizes = SizeSweep.defaultSizes
var svgPath: String?
var jsonPath: String?
var arguments = CommandLine.arguments.dropFirst()

if arguments.first == "--child" {
    // A memory child: see ChildProcessMemory.
    guard arguments.count == 3, let task = BenchmarkTask(name: arguments[arguments.startIndex + 1]) else {
        fail("usage: --child TASK FILE (TASK one of \(BenchmarkTask.all.map(\.name).joined(separator: ", ")))")
    }
    do {
        print(try ChildProcessMemory.runChild(task, file: URL(fileURLWithPath: arguments[arguments.startIndex + 2])))
        exit(0)
    } catch {
        fail("\(error)")
    }
}
if arguments.first == ComplexityInstructionCount.childFlag {
    // A counting child: see ComplexityInstructionCount.
    let values = Array(arguments.dropFirst())
    guard values.count == 3, let bytes = Int(values[1]) else { fail("usage: \(ComplexityInstructionCount.childFlag) SHAPE BYTES OUTPUTS") }
    do {
        try ComplexityInstructionCount.runChild(shape: values[0], bytes: bytes, outputs: values[2].split(separator: ",").map(String.init))
        exit(0)
    } catch {
        fail("\(error)")
    }
}

while let argument = arguments.popFirst() {
    switch argument {
    case "--runs":
        guard let value = arguments.popFirst(), let number = Int(value), number >= 1 else { fail("--runs needs a positive number") }
        runs = number
        runsWereGiven = true
    case "--editing":
        editing = true
    case "--streaming":
        editing = true
        streamingOnly = true
    case "--sweep":
        sweep = true
    case "--complexity":
        complexity = true
    case "--max-bytes":
        guard let value = arguments.popFirst(), let bytes = size(Substring(value)), bytes > 0 else {
            fail("--max-bytes needs a size (e.g. 8M)")
        }
        complexityMaximumBytes = bytes
    case "--instructions":
        instructions = true
    case "--outputs":
        guard let value = arguments.popFirst() else { fail("--outputs needs a list") }
        complexityOutputs = value.split(separator: ",").map(String.init)
    case "--fail-above":
        guard let value = arguments.popFirst(), let bound = Double(value), bound > 0 else {
            fail("--fail-above needs an exponent (e.g. 1.15)")
        }
        failAbove = bound
    case "--shapes":
        guard let value = arguments.popFirst() else { fail("--shapes needs a list") }
        complexityShapes = value.split(separator: ",").map(String.init)
    case "--cli":
        commandLine = true
    case "--intentmark":
        guard let path = arguments.popFirst() else { fail("--intentmark needs the path of an intentmark executable") }
        intentmarkPath = path
    case "--foundation":
        foundation = true
    case "--sampled-memory":
        sampledMemory = true
    case "--stages":
        guard let value = arguments.popFirst() else { fail("--stages needs a list") }
        stages = value.split(separator: ",").map {
            guard let stage = BenchmarkStage(rawValue: String($0)) else {
                fail("unknown stage '\($0)' (stages: \(BenchmarkStage.allCases.map(\.rawValue).joined(separator: ", ")))")
            }
            return stage
        }
    case "--sizes":
        guard let value = arguments.popFirst() else { fail("--sizes needs a list") }
        sizes = value.split(separator: ",").map {
            guard let bytes = size($0), bytes > 0 else { fail("bad size '\($0)' (e.g. 1K, 64K, 1M)") }
            return bytes
        }
        sizesWereGiven = true
    case "--svg":
        guard let path = arguments.popFirst() else { fail("--svg needs a path") }
        svgPath = path
    case "--json":
        guard let path = arguments.popFirst() else { fail("--json needs a path") }
        jsonPath = path
    default:
        if argument.hasPrefix("--") { fail("unknown option '\(argument)'") }
        files.append(argument)
    }
}
let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let corpus = packageRoot.deletingLastPathComponent().appending(path: "shared/corpus")
let realWorldPath = corpus.appending(path: "realworld/realworld-1mb.md")

do {
    if complexity && instructions {
        var count = ComplexityInstructionCount(sizes: sizesWereGiven ? sizes : [8_000, 32_000, 128_000])
        if let complexityShapes { count.shapes = selectedShapes(complexityShapes) }
        if let complexityOutputs { count.outputs = selectedOutputs(complexityOutputs) }
        guard count.sizes.count >= 2 else { fail("--instructions needs at least two --sizes") }
        let bound = failAbove ?? 1.15
        let start = Date()
        let results = try count.run(progress: progress)
        let minutes = Date().timeIntervalSince(start) / 60
        print(
            "Complexity by instruction count (\(String(format: "%.1f", minutes)) min, sizes \(count.sizes.map { ComplexitySweep.size($0) }.joined(separator: ", "))): growth exponent of each output per shape (1 linear, 2 quadratic; ⚠ above \(bound)), with the instructions at the largest size\n"
        )
        print(count.table(results, bound: bound))
        if let jsonPath {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try encoder.encode(results).write(to: URL(fileURLWithPath: jsonPath))
        }
        let over = results.filter { ($0.exponent ?? 0) > bound }
        if failAbove != nil, !over.isEmpty {
            fail(
                "super-linear: "
                    + over.map { "\($0.shape) \($0.output) \(String(format: "%.2f", $0.exponent ?? 0))" }.joined(separator: "; "))
        }
        exit(0)
    }
    if complexity {
        var complexitySweep = ComplexitySweep()
        if let complexityMaximumBytes { complexitySweep.maximumBytes = complexityMaximumBytes }
        if let complexityShapes { complexitySweep.shapes = selectedShapes(complexityShapes) }
        if let complexityOutputs { complexitySweep.outputs = selectedOutputs(complexityOutputs) }
        let start = Date()
        let results = complexitySweep.run(progress: progress)
        let minutes = Date().timeIntervalSince(start) / 60
        print(
            "Complexity sweep (\(String(format: "%.1f", minutes)) min): growth exponent of each output per shape by wall time (1 linear, 2 quadratic; ⚠ above 1.15), by user CPU time, and the largest input reached with its wall time\n"
        )
        print(complexitySweep.table(results))
        if let jsonPath {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try encoder.encode(results).write(to: URL(fileURLWithPath: jsonPath))
        }
        exit(0)
    }
    if commandLine {
        // Whole processes, paired with the cmark-gfm command line (see CommandLineBenchmark).
        let executable = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        let intentmark =
            intentmarkPath.map { URL(fileURLWithPath: $0) } ?? executable.deletingLastPathComponent().appending(path: "intentmark")
        guard FileManager.default.isExecutableFile(atPath: intentmark.path) else {
            fail(
                "no intentmark at \(intentmark.path): build it first (swift build -c release --product intentmark) or give --intentmark PATH"
            )
        }
        let searchPath = (ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin").split(separator: ":")
        guard
            let cmark = searchPath.map({ URL(fileURLWithPath: String($0)).appending(path: "cmark-gfm") }).first(where: {
                FileManager.default.isExecutableFile(atPath: $0.path)
            })
        else { fail("no cmark-gfm on PATH (Debian: apt-get install cmark-gfm)") }
        let benchmark = CommandLineBenchmark(intentmark: intentmark, cmarkGFM: cmark, realWorld: realWorldPath, rounds: runs)
        let figures = try benchmark.run(progress: progress)
        let workingDirectory = FileManager.default.temporaryDirectory
        print("Whole processes, paired rounds (\(runs) timed after one warm-up; medians): \(intentmark.path) against \(cmark.path)")
        print(
            "Inputs and outputs in \(workingDirectory.path) (file system: \(CommandLineBenchmark.fileSystemName(of: workingDirectory)); TMPDIR sets it)\n"
        )
        print(CommandLineBenchmark.table(figures))
        exit(0)
    }
    if sweep {
        guard files.count <= 1 else { fail("--sweep takes at most one source file") }
        let sourceURL = files.first.map { URL(fileURLWithPath: $0) } ?? realWorldPath
        let source = try Data(contentsOf: sourceURL)
        let taskList = stages.map { BenchmarkTask.stage($0) } + BaselineStage.allCases.map { BenchmarkTask.baseline($0) }
        var sizeSweep = SizeSweep(sizes: sizes, tasks: taskList)
        if runsWereGiven { sizeSweep.roundsOverride = runs }
        let start = Date()
        let points = try sizeSweep.run(source: source, progress: progress)
        let minutes = Date().timeIntervalSince(start) / 60
        print(
            "Size sweep of \(sourceURL.lastPathComponent) (\(String(format: "%.1f", minutes)) min): MB/s of Markdown input, median of alternating rounds\n"
        )
        print(sizeSweep.table(points))
        if let svgPath {
            let title = "IntentMark vs libcmark-gfm: throughput against input size (\(sourceURL.lastPathComponent), repeated/cut)"
            try Data(sizeSweep.chart(points, title: title).utf8).write(to: URL(fileURLWithPath: svgPath))
            progress("wrote \(svgPath)")
        }
        if let jsonPath {
            let encoder = JSONEncoder()
            encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
            try encoder.encode(points).write(to: URL(fileURLWithPath: jsonPath))
            progress("wrote \(jsonPath)")
        }
        exit(0)
    }

    var inputs: [(String, Data)] = []
    if files.isEmpty {
        let realWorld = try Data(contentsOf: realWorldPath)
        inputs.append(("realworld-1mb.md", realWorld))
        inputs.append(("realworld-1mb.md ×10", (0..<10).reduce(Data()) { data, _ in data + realWorld }))
        inputs.append(("commonmark-spec-0.31.2/spec.txt", try Data(contentsOf: corpus.appending(path: "commonmark-spec-0.31.2/spec.txt"))))
    } else {
        for file in files { inputs.append((file, try Data(contentsOf: URL(fileURLWithPath: file)))) }
    }
    for (name, data) in inputs where data.isEmpty { fail("\(name) is empty: nothing to measure") }
    if editing {
        let benchmark = EditingBenchmark(runs: runs, streamingOnly: streamingOnly)
        var results: [EditingBenchmark.Result] = []
        var editingInputs = inputs
        if files.isEmpty, let realWorld = inputs.first {
            // The first 10 KB and 20 KB of the real-world document (cut at a blank line), then the
            // 1 MB document and ×10.
            let text = String(decoding: realWorld.1, as: UTF8.self)
            func prefix(_ bytes: Int) -> Data {
                let utf8 = Array(text.utf8.prefix(bytes))
                var cut = utf8.count
                while cut > 1, !(utf8[cut - 1] == 10 && utf8[cut - 2] == 10) { cut -= 1 }
                return Data(utf8[..<max(cut, 1)])
            }
            editingInputs = [("realworld 10 KB", prefix(10_000)), ("realworld 20 KB", prefix(20_000))] + inputs.prefix(2)
        }
        for (name, data) in editingInputs {
            progress("\(name): editing")
            results.append(try benchmark.measure(String(decoding: data, as: UTF8.self), name: name))
        }
        print(EditingBenchmark.table(results))
        // A keystroke's cost against the document's size: the smallest and the largest input,
        // in paired rounds.
        let sized = editingInputs.sorted { $0.1.count < $1.1.count }
        if !streamingOnly, sized.count >= 2, let small = sized.first, let large = sized.last {
            progress("\(small.0) against \(large.0): paired keystrokes")
            let rows = try KeystrokeScaling(rounds: max(21, runs)).measure(
                small: String(decoding: small.1, as: UTF8.self), large: String(decoding: large.1, as: UTF8.self))
            print("\nKeystrokes, \(large.0) against \(small.0), in paired rounds:\n")
            print(KeystrokeScaling.table(rows, small: small.0, large: large.0))
        }
        exit(0)
    }
    if foundation {
        let comparison = FoundationComparison(runs: runs)
        // Without files: the 1 MB document only (every Foundation way costs seconds per 10 MB).
        for (name, data) in inputs.prefix(files.isEmpty ? 1 : inputs.count) {
            let (runCount, timings) = try comparison.measure(markdown: String(decoding: data, as: UTF8.self)) { progress("\(name): \($0)") }
            print(FoundationComparison.table(name: name, bytes: data.count, runs: runCount, timings: timings))
        }
        exit(0)
    }
    let runner = BenchmarkRunner(runs: runs, stages: stages, memory: sampledMemory ? .sampled : .childProcess(ChildProcessMemory()))
    for (name, data) in inputs {
        let result = try runner.measure(data, name: name, progress: progress)
        print(BenchmarkReport.table(result))
    }
} catch {
    fail("\(error)")
}
