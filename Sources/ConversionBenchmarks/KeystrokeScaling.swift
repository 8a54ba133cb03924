import Foundation
import IntentEditing

/// How a keystroke's cost grows with the document: the same edits (a character inserted, one
/// deleted, a word replaced, a paragraph typed) on a small and a large document
/// (`intentmark-benchmarks --editing`: the real-world document's first 10 KB and the document
/// ×10), timed in **paired rounds** — in each round a batch on one document, then
/// the same batch on the other (which goes first alternates) — so that a stretch of time in
/// which the host runs slower falls on both sides of a pair. Each cell reports both documents'
/// medians of their batch medians and the median of the rounds' ratios, with the lowest and
/// highest ratio of a round.
///
/// A batch is, for a single edit, the median of runs on copies of the document (copies share
/// its tree), at least 25 and on while they total under 4 ms, up to 400; for typing, the median
/// keystroke of a 200-character paragraph typed on a fresh copy after a blank line. Release
/// builds only.
package struct KeystrokeScaling {
    /// One operation at one position, on both documents.
    package struct Row: Sendable {
        /// The edit, as ``EditingBenchmark``'s rows name it ("insert a character", …).
        package var operation: String
        /// Where it is made: "start", "middle" or "end".
        package var position: String
        /// Medians over the rounds of each document's batch median, in seconds.
        package var smallSeconds: Double
        package var largeSeconds: Double
        /// The median, lowest and highest over the rounds of the large batch's median over the
        /// small one's.
        package var ratio: Double
        package var lowestRatio: Double
        package var highestRatio: Double
    }

    /// Paired rounds per cell.
    package var rounds: Int

    package init(rounds: Int = 21) {
        self.rounds = max(1, rounds)
    }

    /// Measures every keystroke at the start, the middle and the end of `small` and `large`
    /// (``EditingBenchmark``'s positions), in paired rounds.
    /// - Throws: The parser's errors.
    package func measure(small: String, large: String) throws -> [Row] {
        let documents = [try IncrementalMarkdownDocument(source: small), try IncrementalMarkdownDocument(source: large)]
        let positions = [EditingBenchmark.positions(in: small), EditingBenchmark.positions(in: large)]
        var rows: [Row] = []
        for (index, (position, _)) in positions[0].enumerated() {
            let locations = [positions[0][index].1, positions[1][index].1]
            let edits = locations.map(EditingBenchmark.keystrokes(at:))
            for (number, (operation, _, _)) in edits[0].enumerated() {
                rows.append(
                    try paired(operation: operation, position: position) { side in
                        let (_, range, text) = edits[side][number]
                        return try Self.batch(documents[side], range: range, text: text)
                    })
            }
            rows.append(
                try paired(operation: "type 200 characters (per keystroke)", position: position) { side in
                    try Self.typing(documents[side], at: locations[side])
                })
        }
        return rows
    }

    /// `rounds` paired rounds of `batch` (which times a batch on side 0, the small document, or
    /// side 1, and returns its median), the side that goes first alternating.
    private func paired(operation: String, position: String, _ batch: (Int) throws -> Double) rethrows -> Row {
        var small: [Double] = []
        var large: [Double] = []
        var ratios: [Double] = []
        for round in 0..<rounds {
            var times = [0.0, 0.0]
            for side in round % 2 == 0 ? [0, 1] : [1, 0] { times[side] = try batch(side) }
            small.append(times[0])
            large.append(times[1])
            ratios.append(times[1] / times[0])
        }
        return Row(
            operation: operation, position: position, smallSeconds: Self.median(small), largeSeconds: Self.median(large),
            ratio: Self.median(ratios), lowestRatio: ratios.min() ?? 0, highestRatio: ratios.max() ?? 0)
    }

    /// The median time of `range` replaced by `text` in copies of `base`: at least 25 runs, and
    /// on while they total under 4 ms, up to 400.
    private static func batch(_ base: IncrementalMarkdownDocument, range: NSRange, text: String) throws -> Double {
        var times: [Double] = []
        var total = 0.0
        repeat {
            var copy = base
            let start = DispatchTime.now().uptimeNanoseconds
            try copy.replace(range, with: text)
            let seconds = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            times.append(seconds)
            total += seconds
        } while times.count < 25 || (total < 0.004 && times.count < 400)
        return median(times)
    }

    /// The median keystroke of ``EditingBenchmark/typeParagraph(on:at:)`` at `location` of `base`.
    private static func typing(_ base: IncrementalMarkdownDocument, at location: Int) throws -> Double {
        median(try EditingBenchmark.typeParagraph(on: base, at: location).times)
    }

    private static func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }

    /// A Markdown table of `rows`, measured on documents named `small` and `large`.
    package static func table(_ rows: [Row], small: String, large: String) -> String {
        var lines = [
            "| operation | where | \(small) | \(large) | \(large) / \(small) (median of rounds) | lowest – highest round |",
            "|---|---|---:|---:|---:|---:|",
        ]
        for row in rows {
            lines.append(
                "| \(row.operation) | \(row.position) | \(String(format: "%.1f", row.smallSeconds * 1e6)) µs | "
                    + "\(String(format: "%.1f", row.largeSeconds * 1e6)) µs | \(String(format: "%.2f", row.ratio))× | "
                    + "\(String(format: "%.2f", row.lowestRatio))× – \(String(format: "%.2f", row.highestRatio))× |")
        }
        return lines.joined(separator: "\n")
    }
}
