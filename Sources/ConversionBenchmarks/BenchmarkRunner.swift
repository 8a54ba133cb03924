import Foundation
import IntentModel
import MarkdownParsing

/// Times every ``BenchmarkStage`` and the libcmark-gfm baselines on one input, in one process, in
/// alternating rounds (one warm-up round, then `runs` rounds that run every task once; the median
/// per task). Peak memory comes from ``PeakMemoryMethod``.
package struct BenchmarkRunner: Sendable {
    /// How peak memory is measured.
    package enum PeakMemoryMethod: Sendable {
        /// Resident-set samples every millisecond in this process during the warm-up run
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

        let childPeaks = try childProcessPeaks(of: workload, name: name, progress: progress)

        // Every task — libcmark-gfm's and ours — is timed in alternating rounds: one warm-up
        // round, then `runs` rounds that run each task once, so that the machine's load during a
        // round touches all of them alike and the ratios to the C parse stay fair.
        let tasks = BaselineStage.allCases.map { BenchmarkTask.baseline($0) } + stages.map { BenchmarkTask.stage($0) }
        progress("\(name): preparing (parsing the document the writers start from)")
        for task in tasks { try workload.prepare(task) }
        // The sampled peak comes from the warm-up round, which is not timed: the sampler's thread
        // would otherwise weigh on the timings of small inputs.
        progress("\(name): warm-up round")
        var sampledPeaks: [BenchmarkTask: Int] = [:]
        for task in tasks {
            if case .sampled = memory {
                sampledPeaks[task] = try MemorySampler().measure { try workload.run(task) }.1
            } else {
                try workload.run(task)
            }
        }
        let samples = try timedRounds(of: tasks, in: workload, name: name, progress: progress)
        func seconds(_ task: BenchmarkTask) -> Double {
            let sorted = (samples[task] ?? []).sorted()
            return sorted[sorted.count / 2]
        }
        func peak(_ task: BenchmarkTask) -> Int { childPeaks[task] ?? sampledPeaks[task] ?? 0 }

        let baseline = BenchmarkResult.Baseline(
            parseMBPerSecond: megabytes / seconds(.baseline(.parse)),
            parseAndHTMLMBPerSecond: megabytes / seconds(.baseline(.parseAndHTML)),
            htmlMBPerSecond: megabytes / seconds(.baseline(.html)), parsePeakBytes: peak(.baseline(.parse)),
            parseAndHTMLPeakBytes: peak(.baseline(.parseAndHTML)))
        let results = stages.map { stage in
            let task = BenchmarkTask.stage(stage)
            let throughput = megabytes / seconds(task)
            return BenchmarkResult.Stage(
                name: stage.rawValue, mbPerSecond: throughput, seconds: seconds(task), peakBytes: peak(task),
                ratioToParse: throughput / baseline.parseMBPerSecond)
        }
        let method: String
        switch memory {
        case .sampled: method = "sampled"
        case .childProcess: method = "childProcess"
        }
        return BenchmarkResult(
            input: name, bytes: workload.bytes.count, runs: runs, stages: results, baseline: baseline, memoryMethod: method)
    }

    /// With child processes, every task's peak memory, measured first, on the same bytes (the
    /// repaired text), in children that start fresh; the timings then ignore memory. Empty when
    /// memory is sampled.
    private func childProcessPeaks(
        of workload: BenchmarkWorkload, name: String, progress: (String) -> Void
    ) throws -> [BenchmarkTask: Int] {
        guard case .childProcess(let probe) = memory else { return [:] }
        var peaks: [BenchmarkTask: Int] = [:]
        let file = FileManager.default.temporaryDirectory.appending(path: "intentmark-bench-\(getpid()).md")
        try Data(workload.bytes).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        for task in stages.map({ BenchmarkTask.stage($0) }) + [.baseline(.parse), .baseline(.parseAndHTML)] {
            progress("\(name): peak memory of \(task.name) (child process)")
            peaks[task] = try probe.measure(task, file: file).peakBytes
        }
        return peaks
    }

    /// Each task's time in seconds in each of ``runs`` rounds; each round starts one task later,
    /// so that no task always runs first or last.
    private func timedRounds(
        of tasks: [BenchmarkTask], in workload: BenchmarkWorkload, name: String, progress: (String) -> Void
    ) throws -> [BenchmarkTask: [Double]] {
        var samples: [BenchmarkTask: [Double]] = [:]
        let clock = ContinuousClock()
        for round in 1...runs {
            progress("\(name): round \(round)/\(runs)")
            for offset in 0..<tasks.count {
                let task = tasks[(offset + round) % tasks.count]
                let start = clock.now
                try workload.run(task)
                samples[task, default: []].append(Self.seconds(clock.now - start))
            }
        }
        return samples
    }

    static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
