import Foundation
import MarkdownParsing

/// Throughput of every task against input size: inputs from 1 KB to 64 MB built in memory from one
/// real document (repeated whole, then cut at the start of a top-level block), every task timed on
/// each in **alternating rounds** — one run of each task per round, so that the machine's load
/// touches all alike — and the median per task kept.
package struct SizeSweep: Sendable {
    /// The throughputs at one size.
    package struct Point: Sendable, Codable {
        /// The nominal size in bytes (one of ``SizeSweep/sizes``).
        package var size: Int
        /// The input's actual size in bytes (cut at a block boundary near `size`).
        package var bytes: Int
        /// Timed rounds (the median is over these).
        package var rounds: Int
        /// Task name (``BenchmarkTask/name``) → MB/s of Markdown input, median of the rounds.
        package var mbPerSecond: [String: Double]
    }

    // MARK: - Stored layout

    /// Input sizes in bytes (1 KB = 10³ bytes, 1 MB = 10⁶ bytes).
    package var sizes: [Int]
    /// The tasks timed at each size, in table and chart order.
    package var tasks: [BenchmarkTask]
    /// Parsing options (extensions) for both the library and the baselines.
    package var options: MarkdownParsingOptions
    /// Timed rounds at every size, instead of ``rounds(forBytes:)``.
    package var roundsOverride: Int?

    // MARK: - Initialisers

    package init(
        sizes: [Int] = SizeSweep.defaultSizes, tasks: [BenchmarkTask] = BenchmarkTask.all,
        options: MarkdownParsingOptions = .default
    ) {
        self.sizes = sizes
        self.tasks = tasks
        self.options = options
    }

    /// 1 KB, 4 KB, 16 KB, … 64 MB.
    package static let defaultSizes = [1, 4, 16, 64, 256, 1_000, 4_000, 16_000, 64_000].map { $0 * 1_000 }

    // MARK: - Running

    /// Timed rounds at `bytes`: 7 up to 1 MB, 5 up to 4 MB, 3 above (one 64 MB round of every
    /// task takes over a minute).
    package static func rounds(forBytes bytes: Int) -> Int {
        bytes <= 1_000_000 ? 7 : bytes <= 4_000_000 ? 5 : 3
    }

    /// An input of about `size` bytes: `source` repeated whole as often as it fits, then cut at the
    /// start of the top-level block nearest to the remainder (`blockOffsets`, ascending), so no
    /// block is split.
    package static func input(ofSize size: Int, from source: [UInt8], blockOffsets: [Int]) -> [UInt8] {
        let copies = size / source.count
        let remainder = size - copies * source.count
        let cut = blockOffsets.filter { $0 > 0 }.min { abs($0 - remainder) < abs($1 - remainder) } ?? remainder
        var input: [UInt8] = []
        input.reserveCapacity(copies * source.count + cut)
        for _ in 0..<copies { input += source }
        if copies == 0 || remainder > 0 { input += source[..<min(cut, source.count)] }
        return input
    }

    /// Measures every size.
    /// - Parameters:
    ///   - source: The document the inputs are built from.
    ///   - progress: Called with a short line as the sweep advances.
    /// - Returns: One point per size, in `sizes` order.
    /// - Throws: The parser's errors.
    package func run(source: Data, progress: (String) -> Void = { _ in }) throws -> [Point] {
        let sourceBytes = Array(String(decoding: source, as: UTF8.self).utf8)
        let offsets = try sourceBytes.withUnsafeBufferPointer { try ReferenceParser.topLevelBlockOffsets($0, options: options) }
        var points: [Point] = []
        for size in sizes {
            let input = Self.input(ofSize: size, from: sourceBytes, blockOffsets: offsets)
            let label = Self.label(bytes: size)
            progress("\(label) (\(input.count) bytes): preparing")
            let workload = BenchmarkWorkload(markdown: Data(input), options: options)
            for task in tasks { try workload.prepare(task) }
            let clock = ContinuousClock()
            func seconds(of task: BenchmarkTask, repetitions: Int) throws -> Double {
                let start = clock.now
                for _ in 0..<repetitions { try workload.run(task) }
                return BenchmarkRunner.seconds(clock.now - start) / Double(repetitions)
            }
            // Small inputs: a warm-up run of each task, which also sets how many repetitions make
            // one timed sample last at least 20 ms. From 16 MB on, one run is the sample and the
            // smaller sizes have warmed the code already.
            var repetitions: [BenchmarkTask: Int] = [:]
            for task in tasks {
                if size < 16_000_000 {
                    let once = try seconds(of: task, repetitions: 1)
                    repetitions[task] = max(1, Int((0.02 / max(once, 1e-7)).rounded(.up)))
                } else {
                    repetitions[task] = 1
                }
            }
            let rounds = roundsOverride ?? Self.rounds(forBytes: size)
            var samples: [BenchmarkTask: [Double]] = [:]
            for round in 1...rounds {
                progress("\(label): round \(round)/\(rounds)")
                // Each round starts one task later, so that no task always runs first or last.
                for offset in 0..<tasks.count {
                    let task = tasks[(offset + round) % tasks.count]
                    samples[task, default: []].append(try seconds(of: task, repetitions: repetitions[task] ?? 1))
                }
            }
            var throughputs: [String: Double] = [:]
            for task in tasks {
                let sorted = (samples[task] ?? []).sorted()
                throughputs[task.name] = workload.megabytes / sorted[sorted.count / 2]
            }
            points.append(Point(size: size, bytes: input.count, rounds: rounds, mbPerSecond: throughputs))
        }
        return points
    }

    // MARK: - Reporting

    /// `1 KB`, `256 KB`, `4 MB`, … for a size in bytes (powers of 10³).
    package static func label(bytes: Int) -> String {
        if bytes >= 1_000_000 { return formatted(Double(bytes) / 1_000_000) + " MB" }
        if bytes >= 1_000 { return formatted(Double(bytes) / 1_000) + " KB" }
        return "\(bytes) B"
    }

    private static func formatted(_ value: Double) -> String {
        value >= 10 || value == value.rounded() ? String(format: "%.0f", value) : String(format: "%.1f", value)
    }

    /// A Markdown table: one row per size, one column per task (MB/s), then one row per task with
    /// the linear-growth check (throughput at the largest size over the point nearest 1 MB;
    /// the target is within 25%).
    package func table(_ points: [Point]) -> String {
        var lines = [
            "| size | bytes | rounds | " + tasks.map { "`\($0.name)`" }.joined(separator: " | ") + " |",
            "|---|---:|---:|" + String(repeating: "---:|", count: tasks.count),
        ]
        for point in points {
            let cells = tasks.map { String(format: "%.1f", point.mbPerSecond[$0.name] ?? .nan) }
            lines.append("| \(Self.label(bytes: point.size)) | \(point.bytes) | \(point.rounds) | " + cells.joined(separator: " | ") + " |")
        }
        guard let largest = points.max(by: { $0.size < $1.size }),
            let reference = points.min(by: { abs($0.size - 1_000_000) < abs($1.size - 1_000_000) }), largest.size > reference.size
        else { return lines.joined(separator: "\n") + "\n" }
        // The two sizes are timed minutes apart, so the machine's load can differ between them;
        // dividing by libcmark-gfm's parse ratio (timed in the same rounds as each stage) cancels it.
        let parseName = BenchmarkTask.baseline(.parse).name
        let parseGrowth = (largest.mbPerSecond[parseName] ?? .nan) / (reference.mbPerSecond[parseName] ?? .nan)
        lines += [
            "",
            "| task | MB/s at \(Self.label(bytes: reference.size)) | MB/s at \(Self.label(bytes: largest.size)) | ratio | ratio ÷ `\(parseName)`'s | no more than 25% slower |",
            "|---|---:|---:|---:|---:|---|",
        ]
        for task in tasks {
            let small = reference.mbPerSecond[task.name] ?? .nan
            let large = largest.mbPerSecond[task.name] ?? .nan
            let ratio = large / small
            let normalised = task.name == parseName ? "—" : String(format: "%.2f", ratio / parseGrowth)
            let met = ratio >= 0.75 && (task.name == parseName || ratio / parseGrowth >= 0.75)
            lines.append(
                String(
                    format: "| `%@` | %.1f | %.1f | %.2f | %@ | %@ |", task.name, small, large, ratio, normalised, met ? "yes" : "**no**"))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The sweep as an SVG line chart: MB/s (log scale) against input size (log scale), one line
    /// per task, libcmark-gfm's baselines dashed.
    package func chart(_ points: [Point], title: String) -> String {
        var chart = SVGLineChart(
            title: title, xLabel: "input size (bytes, log scale)", yLabel: "throughput, MB/s of Markdown input (log scale)")
        chart.xTicks = points.map { (Double($0.bytes), Self.label(bytes: $0.size)) }
        for task in tasks {
            let values = points.compactMap { point in point.mbPerSecond[task.name].map { (Double(point.bytes), $0) } }
            let dashed: Bool
            switch task {
            case .stage: dashed = false
            case .baseline: dashed = true
            }
            chart.series.append(SVGLineChart.Series(name: task.name, points: values, dashed: dashed))
        }
        return chart.svg()
    }
}
