// The benchmark suite: every conversion against libcmark-gfm in the same run.
//
//   swift run -c release intentmark-benchmarks [--runs N] [--stages LIST] [FILE…]
//   swift run -c release intentmark-benchmarks --editing [--runs N] [FILE…]   (the editing layer)
//
// Without files it measures ../shared/corpus/realworld/realworld-1mb.md, that file ×10 and the
// CommonMark spec. Throughput is MB/s of Markdown input; see Benchmarks/README.md.
import ConversionBenchmarks
import Foundation

var runs = 5
var files: [String] = []
var stages = BenchmarkStage.allCases
var editing = false
var arguments = CommandLine.arguments.dropFirst()
while let argument = arguments.popFirst() {
    if argument == "--runs", let value = arguments.popFirst(), let number = Int(value) {
        runs = number
    } else if argument == "--editing" {
        editing = true
    } else if argument == "--stages", let value = arguments.popFirst() {
        stages = value.split(separator: ",").compactMap { BenchmarkStage(rawValue: String($0)) }
    } else {
        files.append(argument)
    }
}

let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
let corpus = packageRoot.deletingLastPathComponent().appending(path: "shared/corpus")
var inputs: [(String, Data)] = []
do {
    if files.isEmpty {
        let realWorld = try Data(contentsOf: corpus.appending(path: "realworld/realworld-1mb.md"))
        inputs.append(("realworld-1mb.md", realWorld))
        inputs.append(("realworld-1mb.md ×10", Data(repeating: 0, count: 0) + (0..<10).reduce(Data()) { data, _ in data + realWorld }))
        inputs.append(("commonmark-spec-0.31.2/spec.txt", try Data(contentsOf: corpus.appending(path: "commonmark-spec-0.31.2/spec.txt"))))
    } else {
        for file in files { inputs.append((file, try Data(contentsOf: URL(fileURLWithPath: file)))) }
    }
    if editing {
        let benchmark = EditingBenchmark(runs: runs)
        var results: [EditingBenchmark.Result] = []
        for (name, data) in inputs {
            FileHandle.standardError.write(Data("… \(name): editing\n".utf8))
            results.append(try benchmark.measure(String(decoding: data, as: UTF8.self), name: name))
        }
        print(EditingBenchmark.table(results))
        exit(0)
    }
    let runner = BenchmarkRunner(runs: runs, stages: stages)
    for (name, data) in inputs {
        let result = try runner.measure(data, name: name) { FileHandle.standardError.write(Data(("… " + $0 + "\n").utf8)) }
        print(BenchmarkReport.table(result))
    }
} catch {
    FileHandle.standardError.write(Data("intentmark-benchmarks: \(error)\n".utf8))
    exit(1)
}
