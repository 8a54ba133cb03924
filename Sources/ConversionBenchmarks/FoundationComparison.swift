import Foundation
import IntentModel
import MarkdownParsing

/// Times `IntentDocument` ↔ Foundation `AttributedString` against Foundation-only code that builds
/// (and reads) the same runs, for the issue's target "`attributedString` no slower than the
/// fastest way Foundation offers to build the same runs".
///
/// The Foundation ways start from the runs already cut out — each run's `String` and its
/// `AttributeContainer`, grouped by block, prepared before timing (which favours them: our
/// conversion makes its strings and containers from the run table inside the timed call):
/// - `foundation.pieces`: `append(AttributedString(text, attributes:))` run after run;
/// - `foundation.blocks`: the same per block into a block piece, then the blocks appended;
/// - `foundation.ranges`: one `AttributedString(text)`, then `setAttributes` over each run's range;
/// - `foundation.blockRanges`: per block, `AttributedString(blockText, attributes:)` with the
///   first run's attributes, `setAttributes` over the block's other runs, then the blocks appended;
/// - `foundation.blockMerge`: per block, `AttributedString(blockText, attributes:)` with what the
///   block's runs share (intent and markup), each run's own attributes merged over its range
///   (nothing for plain text), then the blocks appended — the way `attributedString()` works.
/// Ranges are found by UTF-8 offsets (`AttributedString.utf8`), faster than by scalars here.
/// Reading back, `foundation.read` walks `runs` and reads every attribute of the scope and the
/// run's characters, which is what any conversion to another model must do at least.
package struct FoundationComparison {
    /// Where the bare read walk leaves its count, so that the optimiser keeps the reads.
    nonisolated(unsafe) static var readSink = 0

    /// One task's median time.
    package struct Timing: Sendable {
        package var name: String
        package var seconds: Double
    }

    /// Timed rounds (after a warm-up round).
    package var runs: Int

    package init(runs: Int) {
        self.runs = max(1, runs)
    }

    /// Measures the document parsed from `markdown`, alternating every task once per round.
    /// - Returns: The number of runs and the median time of each task: first ours
    ///   (`IntentDocument.attributedString()`), then the Foundation ways to build, then ours reading
    ///   back (`IntentDocument(_:)`), then `foundation.read`.
    /// - Throws: The parser's errors; ``Mismatch`` when a way does not build the same runs.
    package func measure(markdown: String, progress: (String) -> Void = { _ in }) throws -> (runs: Int, timings: [Timing]) {
        let document = try IntentDocument(markdown: markdown)
        let reference = document.attributedString()
        let referenceRuns = ReferenceRuns(reference)
        let tasks: [(String, () -> AttributedString?)] = [
            ("IntentDocument.attributedString()", { document.attributedString() }),
            ("foundation.pieces", { referenceRuns.appendingPieces() }),
            ("foundation.blocks", { referenceRuns.appendingBlocks() }),
            ("foundation.ranges", { referenceRuns.settingRanges() }),
            ("foundation.blockRanges", { referenceRuns.settingBlockRanges() }),
            ("foundation.blockMerge", { referenceRuns.mergingBlockAttributes() }),
            (
                "IntentDocument(AttributedString)",
                {
                    _ = IntentDocument(reference)
                    return nil
                }
            ),
            (
                "foundation.read",
                {
                    Self.readSink &+= ReferenceRuns.readEveryAttribute(of: reference)
                    return nil
                }
            ),
        ]
        // The warm-up round also checks that every way built the same characters and runs.
        for (name, task) in tasks {
            progress("warm-up: \(name)")
            if let built = task(), let difference = Self.difference(built, reference) {
                throw Mismatch(way: name, difference: difference)
            }
        }
        guard IntentDocument(reference) == document else {
            throw Mismatch(way: "IntentDocument(AttributedString)", difference: "the document read back differs")
        }
        return (document.runs.count, timedRounds(of: tasks, progress: progress))
    }

    /// Each task's median over ``runs`` rounds, in the order of `tasks`.
    private func timedRounds(of tasks: [(String, () -> AttributedString?)], progress: (String) -> Void) -> [Timing] {
        var samples: [String: [Double]] = [:]
        let clock = ContinuousClock()
        for round in 1...runs {
            progress("round \(round)/\(runs)")
            // Each round starts one task later, so that no task always runs first (after the
            // previous round freed its large strings) or last.
            for offset in 0..<tasks.count {
                let (name, task) = tasks[(offset + round) % tasks.count]
                let start = clock.now
                _ = task()
                samples[name, default: []].append(BenchmarkRunner.seconds(clock.now - start))
            }
        }
        return tasks.map { name, _ in
            let sorted = (samples[name] ?? []).sorted()
            return Timing(name: name, seconds: sorted[sorted.count / 2])
        }
    }

    /// A way that did not build the same characters and runs as the reference.
    package struct Mismatch: Error, CustomStringConvertible {
        package var way: String
        package var difference: String
        package var description: String { "\(way) built other runs than the reference: \(difference)" }
    }

    /// What differs between two attributed strings (characters, run count, a run's range or
    /// attributes), or `nil`. Runs are compared one by one: `==` on two large `AttributedString`s
    /// was seen to return false for equal contents.
    static func difference(_ built: AttributedString, _ reference: AttributedString) -> String? {
        guard String(built.characters) == String(reference.characters) else { return "characters" }
        let builtRuns = Array(built.runs)
        let referenceRuns = Array(reference.runs)
        guard builtRuns.count == referenceRuns.count else { return "\(builtRuns.count) runs, not \(referenceRuns.count)" }
        for (index, (left, right)) in zip(builtRuns, referenceRuns).enumerated() {
            let leftRange = built.utf8.distance(from: built.startIndex, to: left.range.lowerBound)
            let rightRange = reference.utf8.distance(from: reference.startIndex, to: right.range.lowerBound)
            if leftRange != rightRange || left.attributes != right.attributes { return "run \(index)" }
        }
        return nil
    }

    /// A Markdown table: each task's median, MB/s of Markdown input, and its time against ours.
    package static func table(name: String, bytes: Int, runs: Int, timings: [Timing]) -> String {
        let build = timings.first { $0.name == "IntentDocument.attributedString()" }?.seconds ?? .nan
        let read = timings.first { $0.name == "IntentDocument(AttributedString)" }?.seconds ?? .nan
        var lines = [
            "\(name): \(bytes) bytes, \(runs) runs",
            "",
            "| task | seconds | MB/s | time ÷ ours |",
            "|---|---:|---:|---:|",
        ]
        for timing in timings {
            let ours = timing.name == "foundation.read" || timing.name.hasPrefix("IntentDocument(") ? read : build
            lines.append(
                String(
                    format: "| %@ | %.3f | %.2f | %.2f |", timing.name, timing.seconds, Double(bytes) / 1e6 / timing.seconds,
                    timing.seconds / ours))
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
