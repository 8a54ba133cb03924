import Foundation
import IntentEditing
import IntentModel
import MarkdownParsing

/// Times the editing layer on one input: a word replaced in the middle of an
/// `EditableIntentDocument`, and a character typed in the middle of an
/// `IncrementalMarkdownDocument`, against a full parse of the same source — medians of `runs`,
/// release builds only meaningful.
package struct EditingBenchmark {
    /// Median seconds per operation.
    package struct Result: Sendable {
        package var input: String
        package var bytes: Int
        package var replaceSeconds: Double
        package var incrementalSeconds: Double
        package var incrementalWasPartial: Bool
        package var fullParseReason: String?
        package var fullParseSeconds: Double
    }

    package var runs: Int

    package init(runs: Int) {
        self.runs = max(1, runs)
    }

    /// Measures `markdown`.
    /// - Throws: The parser's errors.
    package func measure(_ markdown: String, name: String) throws -> Result {
        let document = try IntentDocument(markdown: markdown)
        let editable = EditableIntentDocument(document)
        let middle = NSRange(location: editable.utf16Count / 2, length: 0)
        var replaceTimes: [Double] = []
        for _ in 0..<runs {
            var copy = editable
            let start = DispatchTime.now().uptimeNanoseconds
            _ = try copy.replace(middle, with: "word")
            replaceTimes.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        let incremental = try IncrementalMarkdownDocument(source: markdown)
        // A character typed inside a word in the middle of the source (between two ASCII letters).
        let utf16 = Array(markdown.utf16)
        var location = utf16.count / 2
        func isLetter(_ unit: UInt16) -> Bool { (0x61...0x7A).contains(unit) || (0x41...0x5A).contains(unit) }
        while location + 1 < utf16.count, !(isLetter(utf16[location - 1]) && isLetter(utf16[location])) { location += 1 }
        var incrementalTimes: [Double] = []
        var wasPartial = false
        var reason: String? = nil
        for _ in 0..<runs {
            var copy = incremental
            let start = DispatchTime.now().uptimeNanoseconds
            try copy.replace(NSRange(location: location, length: 0), with: "x")
            incrementalTimes.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
            switch copy.lastUpdate {
            case .partial: wasPartial = true
            case .full(let why): reason = why
            }
        }
        var fullTimes: [Double] = []
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            _ = try IntentDocument(markdown: markdown)
            fullTimes.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9)
        }
        func median(_ values: [Double]) -> Double { values.sorted()[values.count / 2] }
        return Result(
            input: name, bytes: markdown.utf8.count, replaceSeconds: median(replaceTimes),
            incrementalSeconds: median(incrementalTimes), incrementalWasPartial: wasPartial, fullParseReason: reason,
            fullParseSeconds: median(fullTimes))
    }

    /// A Markdown table of results.
    package static func table(_ results: [Result]) -> String {
        var lines = [
            "| input | bytes | replace a word (EditableIntentDocument) | type a character (IncrementalMarkdownDocument) | full parse |",
            "|---|---:|---:|---:|---:|",
        ]
        for result in results {
            lines.append(
                "| \(result.input) | \(result.bytes) | \(String(format: "%.2f", result.replaceSeconds * 1000)) ms | "
                    + "\(String(format: "%.2f", result.incrementalSeconds * 1000)) ms\(result.incrementalWasPartial ? "" : " (full: \(result.fullParseReason ?? "?"))") | "
                    + "\(String(format: "%.2f", result.fullParseSeconds * 1000)) ms |")
        }
        return lines.joined(separator: "\n")
    }
}
