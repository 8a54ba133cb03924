import Foundation
import IntentModel
import MarkdownParsing

/// Times every ``BenchmarkStage`` and the libcmark-gfm baselines on one input, in one process, one
/// after another: one warm-up run, then the median of `runs` timed runs. Peak memory comes from
/// ``PeakMemoryMethod``.
package struct BenchmarkRunner: Sendable {
    /// How peak memory is measured.
    package enum PeakMemoryMethod: Sendable {
        /// Resident-set samples every millisecond in this process during the first timed run
        /// (``MemorySampler``): approximate, and blind to memory the allocator kept from earlier
        /// stages.
        case sampled
        /// Each task once in a fresh child process (``ChildProcessMemory``): the kernel's
        /// high-water mark above the child's resident set before the task.
        case childProcess(ChildProcessMemory)
    }

    /// Timed runs per stage (at least 1; the minimum for reports is 5).
    package var runs: Int
    /// The stages to time.
    package var stages: [BenchmarkStage]
    /// Parsing options (extensions) for both the library and the baselines.
    package var options: MarkdownParsingOptions
    /// How peak memory is measured.
    package var memory: PeakMemoryMethod

    package init(
        runs: Int = 5, stages: [BenchmarkStage] = BenchmarkStage.allCases, options: MarkdownParsingOptions = .default,
        memory: PeakMemoryMethod = .sampled
    ) {
        self.runs = max(1, runs)
        self.stages = stages
        self.options = options
        self.memory = memory
    }

    /// Measures `markdown` (UTF-8; invalid bytes are repaired first).
    /// - Parameters:
    ///   - markdown: The input.
    ///   - name: How reports name it.
    ///   - progress: Called with a short line before each stage.
    /// - Throws: The parser's errors; ``ChildProcessMemory/Failure`` when a memory child fails.
    package func measure(_ markdown: Data, name: String, progress: (String) -> Void = { _ in }) throws -> BenchmarkResult {
        let workload = BenchmarkWorkload(markdown: markdown, options: options)
        let megabytes = workload.megabytes

        // With child processes, every task's memory is measured first, on the same bytes (the
        // repaired text), in children that start fresh; the timings below then ignore memory.
        var childPeaks: [BenchmarkTask: Int] = [:]
        if case .childProcess(let probe) = memory {
            let file = FileManager.default.temporaryDirectory.appending(path: "intentmark-bench-\(getpid()).md")
            try Data(workload.bytes).write(to: file)
            defer { try? FileManager.default.removeItem(at: file) }
            for task in stages.map({ BenchmarkTask.stage($0) }) + [.baseline(.parse), .baseline(.parseAndHTML)] {
                progress("\(name): peak memory of \(task.name) (child process)")
                childPeaks[task] = try probe.measure(task, file: file).peakBytes
            }
        }

        progress("\(name): libcmark-gfm baselines")
        let (parseSeconds, parsePeak) = try time { try workload.run(.baseline(.parse)) }
        let (parseAndHTMLSeconds, parseAndHTMLPeak) = try time { try workload.run(.baseline(.parseAndHTML)) }
        // libcmark-gfm's HTML renderer and ours are timed in alternation, round by round, so that
        // the machine's load affects both alike.
        try workload.prepare(.baseline(.html))
        try workload.prepare(.stage(.html))
        let (htmlSeconds, ourHTMLSeconds) = try alternating({ try workload.run(.baseline(.html)) }, { try workload.run(.stage(.html)) })
        let baseline = BenchmarkResult.Baseline(
            parseMBPerSecond: megabytes / parseSeconds, parseAndHTMLMBPerSecond: megabytes / parseAndHTMLSeconds,
            htmlMBPerSecond: megabytes / htmlSeconds, parsePeakBytes: childPeaks[.baseline(.parse)] ?? parsePeak,
            parseAndHTMLPeakBytes: childPeaks[.baseline(.parseAndHTML)] ?? parseAndHTMLPeak)

        var results: [BenchmarkResult.Stage] = []
        for stage in stages {
            progress("\(name): \(stage.rawValue)")
            let task = BenchmarkTask.stage(stage)
            try workload.prepare(task)
            let seconds: Double
            var peak: Int
            if stage == .html {
                (_, peak) = try time(runs: 1) { try workload.run(task) }
                seconds = ourHTMLSeconds
            } else {
                (seconds, peak) = try time { try workload.run(task) }
            }
            if let childPeak = childPeaks[task] { peak = childPeak }
            let throughput = megabytes / seconds
            results.append(
                BenchmarkResult.Stage(
                    name: stage.rawValue, mbPerSecond: throughput, seconds: seconds, peakBytes: peak,
                    ratioToParse: throughput / baseline.parseMBPerSecond))
        }
        let method: String
        switch memory {
        case .sampled: method = "sampled"
        case .childProcess: method = "childProcess"
        }
        return BenchmarkResult(
            input: name, bytes: workload.bytes.count, runs: runs, stages: results, baseline: baseline, memoryMethod: method)
    }

    /// One warm-up run of each, then `runs` rounds that time `first` then `second`; the median
    /// seconds of each.
    private func alternating(_ first: () throws -> Void, _ second: () throws -> Void) rethrows -> (Double, Double) {
        try first()
        try second()
        var a: [Double] = []
        var b: [Double] = []
        let clock = ContinuousClock()
        for _ in 0..<runs {
            var start = clock.now
            try first()
            a.append(Self.seconds(clock.now - start))
            start = clock.now
            try second()
            b.append(Self.seconds(clock.now - start))
        }
        a.sort()
        b.sort()
        return (a[a.count / 2], b[b.count / 2])
    }

    /// One warm-up run, then `runs` timed runs; the median seconds and the peak memory of the
    /// first timed run (sampled in this process, unless child processes measure memory).
    private func time(runs: Int? = nil, _ body: () throws -> Void) rethrows -> (Double, Int) {
        let runs = runs ?? self.runs
        try body()
        var samples: [Double] = []
        var peak = 0
        let clock = ContinuousClock()
        var samplesMemory = true
        if case .childProcess = memory { samplesMemory = false }
        for index in 0..<runs {
            if index == 0 && samplesMemory {
                let start = clock.now
                let (_, bytes) = try MemorySampler().measure(body)
                samples.append(Self.seconds(clock.now - start))
                peak = bytes
            } else {
                let start = clock.now
                try body()
                samples.append(Self.seconds(clock.now - start))
            }
        }
        samples.sort()
        return (samples[samples.count / 2], peak)
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
