import Foundation
import IntentModel
import IntentLowering
import IntentWriters
import MarkdownParsing

/// Times every ``BenchmarkStage`` and the libcmark-gfm baselines on one input, in one process, one
/// after another: one warm-up run, then the median of `runs` timed runs.
package struct BenchmarkRunner: Sendable {
    /// Timed runs per stage (at least 1; the minimum for reports is 5).
    package var runs: Int
    /// The stages to time.
    package var stages: [BenchmarkStage]
    /// Parsing options (extensions) for both the library and the baselines.
    package var options: MarkdownParsingOptions

    package init(runs: Int = 5, stages: [BenchmarkStage] = BenchmarkStage.allCases, options: MarkdownParsingOptions = .default) {
        self.runs = max(1, runs)
        self.stages = stages
        self.options = options
    }

    /// Measures `markdown` (UTF-8; invalid bytes are repaired first).
    /// - Parameters:
    ///   - markdown: The input.
    ///   - name: How reports name it.
    ///   - progress: Called with a short line before each stage.
    package func measure(_ markdown: Data, name: String, progress: (String) -> Void = { _ in }) throws -> BenchmarkResult {
        var repaired = options
        repaired.failurePolicy = .returnPartiallyParsedIfPossible
        let text = String(decoding: markdown, as: UTF8.self)
        let bytes = Array(text.utf8)
        let megabytes = Double(bytes.count) / 1_000_000

        progress("\(name): libcmark-gfm baselines")
        let (parseSeconds, parsePeak) = try time {
            try bytes.withUnsafeBufferPointer { _ = try ReferenceTree(parsing: $0, options: options) }
        }
        let (parseAndHTMLSeconds, _) = try time {
            try bytes.withUnsafeBufferPointer { _ = try ReferenceTree(parsing: $0, options: options).renderHTMLByteCount() }
        }
        let tree = try bytes.withUnsafeBufferPointer { try ReferenceTree(parsing: $0, options: options) }
        // libcmark-gfm's HTML renderer and ours are timed in alternation, round by round, so that
        // the machine's load affects both alike.
        let document = try IntentDocument(markdown: text, options: repaired)
        let writer = HTMLWriter()
        let (htmlSeconds, ourHTMLSeconds) = alternating({ _ = tree.renderHTMLByteCount() }, { _ = writer.writeData(document) })
        let baseline = BenchmarkResult.Baseline(
            parseMBPerSecond: megabytes / parseSeconds, parseAndHTMLMBPerSecond: megabytes / parseAndHTMLSeconds,
            htmlMBPerSecond: megabytes / htmlSeconds, parsePeakBytes: parsePeak)

        var results: [BenchmarkResult.Stage] = []
        for stage in stages {
            progress("\(name): \(stage.rawValue)")
            let seconds: Double
            let peak: Int
            switch stage {
            case .parse:
                (seconds, peak) = try time { _ = try IntentDocument(markdown: text, options: repaired) }
            case .parseNone:
                var flat = repaired
                flat.blockSeparation = .none
                (seconds, peak) = try time { _ = try IntentDocument(markdown: text, options: flat) }
            case .html:
                (_, peak) = time(runs: 1) { _ = writer.writeData(document) }
                seconds = ourHTMLSeconds
            case .plain:
                (seconds, peak) = time { _ = document.plainText() }
            case .rich:
                (seconds, peak) = time { _ = document.lowered(to: .richText) }
            case .attributedString:
                (seconds, peak) = time { _ = IntentDocument(document.attributedString()) }
            case .markdown:
                (seconds, peak) = time { _ = document.markdown() }
            case .rtf:
                (seconds, peak) = time { _ = RTFWriter().writeData(document) }
            }
            let throughput = megabytes / seconds
            results.append(
                BenchmarkResult.Stage(
                    name: stage.rawValue, mbPerSecond: throughput, seconds: seconds, peakBytes: peak,
                    ratioToParse: throughput / baseline.parseMBPerSecond))
        }
        return BenchmarkResult(input: name, bytes: bytes.count, runs: runs, stages: results, baseline: baseline)
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
    /// first timed run.
    private func time(runs: Int? = nil, _ body: () throws -> Void) rethrows -> (Double, Int) {
        let runs = runs ?? self.runs
        try body()
        var samples: [Double] = []
        var peak = 0
        let clock = ContinuousClock()
        for index in 0..<runs {
            if index == 0 {
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

    private static func seconds(_ duration: Duration) -> Double {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}
