import Foundation

/// Formats results as a table or as the JSON `intentmark bench --json` prints.
package enum BenchmarkReport {
    /// A Markdown table: one row per stage and baseline.
    package static func table(_ result: BenchmarkResult) -> String {
        func megabytes(_ bytes: Int) -> String { String(format: "%.1f MB", Double(bytes) / 1_000_000) }
        var lines = [
            "\(result.input) — \(result.bytes) bytes, median of \(result.runs) runs",
            "",
            "| stage | MB/s | seconds | peak memory | × C parse |",
            "|---|---:|---:|---:|---:|",
        ]
        let base = result.baseline
        lines.append(
            String(
                format: "| libcmark-gfm parse | %.1f | %.4f | %@ | 1.00 |", base.parseMBPerSecond,
                Double(result.bytes) / 1_000_000 / base.parseMBPerSecond, megabytes(base.parsePeakBytes)))
        lines.append(
            String(
                format: "| libcmark-gfm parse + HTML | %.1f | %.4f | %@ | %.2f |", base.parseAndHTMLMBPerSecond,
                Double(result.bytes) / 1_000_000 / base.parseAndHTMLMBPerSecond,
                megabytes(base.parseAndHTMLPeakBytes), base.parseAndHTMLMBPerSecond / base.parseMBPerSecond))
        lines.append(
            String(
                format: "| libcmark-gfm HTML only | %.1f | %.4f | | %.2f |", base.htmlMBPerSecond,
                Double(result.bytes) / 1_000_000 / base.htmlMBPerSecond,
                base.htmlMBPerSecond / base.parseMBPerSecond))
        for stage in result.stages {
            lines.append(
                String(
                    format: "| %@ | %.1f | %.4f | %@ | %.2f |", stage.name, stage.mbPerSecond, stage.seconds,
                    megabytes(stage.peakBytes), stage.ratioToParse))
        }
        lines.append("")
        switch result.memoryMethod {
        case "childProcess":
            lines.append("Peak memory: each stage once in a fresh child process, high-water mark (VmHWM) above the resident set before it.")
        default:
            lines.append("Peak memory: resident set sampled every millisecond during the untimed warm-up run (approximate).")
        }
        if base.parsePeakBytes > 0, let parse = result.stages.first(where: { $0.name == BenchmarkStage.parse.rawValue }) {
            lines.append(
                String(format: "parse peak / libcmark-gfm parse peak = %.2f", Double(parse.peakBytes) / Double(base.parsePeakBytes)))
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// The JSON object of one input: `input`, `bytes`, `stages` (`name`, `mbPerSecond`, `seconds`,
    /// `peakBytes`, `ratioToParse`), `baseline` (`parseMBPerSecond`, `parseAndHTMLMBPerSecond`, …).
    package static func json(_ result: BenchmarkResult) throws -> Data {
        try encoder.encode(result)
    }

    /// A JSON array of ``json(_:)`` objects, one per input.
    package static func json(_ results: [BenchmarkResult]) throws -> Data {
        try encoder.encode(results)
    }

    private static var encoder: JSONEncoder {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return encoder
    }
}
