import Foundation
import IntentEditing
import IntentModel
import MarkdownParsing

/// Times the editing layer on one input, against a full parse of the same source in the same
/// run (release builds only meaningful):
/// - `IncrementalMarkdownDocument`, at the start, the middle and the end of the source: insert one
///   character, delete one, replace a word, paste 10 KB, and type a 200-character paragraph
///   character by character (the median keystroke);
/// - `EditableIntentDocument`: replace a word in the middle, and split its paragraph there;
///   `EditorSession`: replace the word, then undo it;
/// - `StreamingMarkdownDocument`: the whole input appended in 5-character chunks (total; inputs
///   up to 2 MB), with the default hold-back, with incomplete lines held back, and with at least
///   1 KB, 4 KB and 64 KB per parse (`minimumParseBytes`), each the median of `runs` streams, its
///   share against the median of full parses timed one before each stream.
///
/// Single edits are medians of at least `runs` runs, and of as many more as fit in 200 ms (up to
/// 5 000), each on a copy of the same document (copies share its tree, so they cost nothing).
package struct EditingBenchmark {
    /// One measured operation.
    package struct Row: Sendable {
        package var operation: String
        package var position: String
        package var seconds: Double
        /// How many of the operation's updates were full parses, and the first reason.
        package var fullParses: Int
        package var reason: String?
        /// The median full parse this row is measured against when it was timed beside it (a
        /// stream: a full parse before each stream), else `nil` (the input's).
        package var besideFullParseSeconds: Double? = nil
    }

    /// The operations measured on one input.
    package struct Result: Sendable {
        package var input: String
        package var bytes: Int
        package var fullParseSeconds: Double
        package var rows: [Row]
    }

    package var runs: Int
    /// Whether only streaming is measured (`--streaming`).
    package var streamingOnly: Bool

    package init(runs: Int, streamingOnly: Bool = false) {
        self.runs = max(1, runs)
        self.streamingOnly = streamingOnly
    }

    /// Measures `markdown`.
    /// - Throws: The parser's errors.
    package func measure(_ markdown: String, name: String) throws -> Result {
        var fullTimes: [Double] = []
        for _ in 0..<runs {
            let start = DispatchTime.now().uptimeNanoseconds
            _ = try IntentDocument(markdown: markdown)
            fullTimes.append(Self.seconds(since: start))
        }
        var rows: [Row] = []
        if streamingOnly {
            if markdown.utf8.count <= 2_000_000 { rows += try measureStreaming(markdown) }
            return Result(input: name, bytes: markdown.utf8.count, fullParseSeconds: Self.median(fullTimes), rows: rows)
        }
        let incremental = try IncrementalMarkdownDocument(source: markdown)
        for (position, location) in Self.positions(in: markdown) {
            rows += try measureEdits(incremental, at: location, position: position, markdown: markdown)
        }
        rows += try measureReplace(markdown)
        // Streaming: the answers and documents a chat app receives (up to 2 MB; 10 MB in 5-byte
        // chunks is two million appends).
        if markdown.utf8.count <= 2_000_000 { rows += try measureStreaming(markdown) }
        return Result(input: name, bytes: markdown.utf8.count, fullParseSeconds: Self.median(fullTimes), rows: rows)
    }

    /// Where edits happen: inside a word near the start, the middle and the end (UTF-16 offsets,
    /// between two ASCII letters when there are any), and the very end.
    static func positions(in markdown: String) -> [(String, Int)] {
        let utf16 = Array(markdown.utf16)
        func isLetter(_ unit: UInt16) -> Bool { (0x61...0x7A).contains(unit) || (0x41...0x5A).contains(unit) }
        func insideWord(from start: Int) -> Int {
            var location = max(1, start)
            while location + 1 < utf16.count, !(isLetter(utf16[location - 1]) && isLetter(utf16[location])) { location += 1 }
            return min(location, utf16.count)
        }
        return [("start", insideWord(from: 1)), ("middle", insideWord(from: utf16.count / 2)), ("end", utf16.count)]
    }

    private func measureEdits(_ base: IncrementalMarkdownDocument, at location: Int, position: String, markdown: String) throws -> [Row] {
        let paste = String(repeating: "Pasted text with *emphasis* and a [link](https://example.com).\n\n", count: 160)
        let edits = Self.keystrokes(at: location) + [("paste 10 KB", NSRange(location: location, length: 0), paste)]
        var rows: [Row] = []
        for (operation, range, text) in edits {
            var full = 0
            var reason: String? = nil
            let times = try timedRuns {
                var copy = base
                let start = DispatchTime.now().uptimeNanoseconds
                try copy.replace(range, with: text)
                let seconds = Self.seconds(since: start)
                if let why = copy.lastChange.fullParseReason {
                    full += 1
                    reason = reason ?? why
                }
                return seconds
            }
            rows.append(Row(operation: operation, position: position, seconds: Self.median(times), fullParses: full, reason: reason))
        }
        rows.append(try measureTyping(base, at: location, position: position))
        return rows
    }

    /// The times of `body` (which times one run and returns it): at least ``runs`` runs, and on
    /// while they total under 200 ms, up to 5 000 — a keystroke of 20 µs is then the median of
    /// hundreds of runs, which a busy host moves far less than the median of seven.
    private func timedRuns(_ body: () throws -> Double) rethrows -> [Double] {
        var times: [Double] = []
        var total = 0.0
        repeat {
            let seconds = try body()
            times.append(seconds)
            total += seconds
        } while times.count < runs || (total < 0.2 && times.count < 5_000)
        return times
    }

    /// The one-character and one-word edits at UTF-16 `location`: a character inserted, the one
    /// before it deleted, and that one replaced by a word (each an operation's name, its range
    /// and its text).
    static func keystrokes(at location: Int) -> [(String, NSRange, String)] {
        let before = NSRange(location: max(0, location - 1), length: location > 0 ? 1 : 0)
        return [
            ("insert a character", NSRange(location: location, length: 0), "x"),
            ("delete a character", before, ""),
            ("replace a word", before, "replacement"),
        ]
    }

    /// A new 200-character paragraph typed at `location` of a copy of `base` one character at a
    /// time, after a blank line: each keystroke's time in seconds, and the reasons of the
    /// keystrokes that parsed everything.
    static func typeParagraph(
        on base: IncrementalMarkdownDocument, at location: Int
    ) throws -> (times: [Double], fullParseReasons: [String]) {
        let sentence = "Typing a new paragraph one character at a time, as an editor's user does, with words and spaces. "
        var copy = base
        try copy.replace(NSRange(location: location, length: 0), with: "\n\n")
        var times: [Double] = []
        var reasons: [String] = []
        for (offset, unit) in (sentence + sentence).utf16.prefix(200).enumerated() {
            let start = DispatchTime.now().uptimeNanoseconds
            try copy.replace(NSRange(location: location + 1 + offset, length: 0), with: String(utf16CodeUnits: [unit], count: 1))
            times.append(Self.seconds(since: start))
            if let why = copy.lastChange.fullParseReason { reasons.append(why) }
        }
        return (times, reasons)
    }

    /// ``typeParagraph(on:at:)``'s median keystroke, of the paragraph typed again on a fresh
    /// copy while the keystrokes total under 200 ms (10 times at most).
    private func measureTyping(_ base: IncrementalMarkdownDocument, at location: Int, position: String) throws -> Row {
        var times: [Double] = []
        var full = 0
        var reason: String? = nil
        var passes = 0
        repeat {
            let pass = try Self.typeParagraph(on: base, at: location)
            times += pass.times
            full += pass.fullParseReasons.count
            reason = reason ?? pass.fullParseReasons.first
            passes += 1
        } while passes < 10 && times.reduce(0, +) < 0.2
        return Row(
            operation: "type 200 characters (per keystroke)", position: position, seconds: Self.median(times), fullParses: full,
            reason: reason)
    }

    /// `EditableIntentDocument`: a word near the middle replaced by another, and a line break
    /// typed there (which splits its paragraph).
    private func measureReplace(_ markdown: String) throws -> [Row] {
        let editable = EditableIntentDocument(try IntentDocument(markdown: markdown))
        let word = Self.word(near: editable.utf16Count / 2, in: editable.document.text)
        var rows: [Row] = []
        for (operation, range, text) in [
            ("EditableIntentDocument: replace a word", word, "replacement"),
            ("EditableIntentDocument: split a paragraph", NSRange(location: word.location, length: 0), "\n"),
        ] {
            let times = try timedRuns {
                var copy = editable
                let start = DispatchTime.now().uptimeNanoseconds
                _ = try copy.replace(range, with: text)
                return Self.seconds(since: start)
            }
            rows.append(Row(operation: operation, position: "middle", seconds: Self.median(times), fullParses: 0, reason: nil))
        }
        rows += try measureSession(editable.document, word: word)
        return rows
    }

    /// `EditorSession` (the storage plus contexts and undo history): the user replaces a word,
    /// then undoes it.
    private func measureSession(_ document: IntentDocument, word: NSRange) throws -> [Row] {
        let session = EditorSession(document: document, styleMapping: MarkdownStyleMapping())
        var edits: [Double] = []
        var undos: [Double] = []
        _ = try timedRuns {
            var copy = session
            var start = DispatchTime.now().uptimeNanoseconds
            _ = try copy.replace(word, with: "replacement")
            edits.append(Self.seconds(since: start))
            start = DispatchTime.now().uptimeNanoseconds
            _ = try copy.undo()
            undos.append(Self.seconds(since: start))
            return edits[edits.count - 1] + undos[undos.count - 1]
        }
        return [
            Row(operation: "EditorSession: replace a word", position: "middle", seconds: Self.median(edits), fullParses: 0, reason: nil),
            Row(operation: "EditorSession: undo it", position: "middle", seconds: Self.median(undos), fullParses: 0, reason: nil),
        ]
    }

    /// The first word of ASCII letters at or after UTF-16 offset `offset` of `text` (UTF-16
    /// range), or an empty range at `offset` when there is none.
    private static func word(near offset: Int, in text: String) -> NSRange {
        let units = Array(text.utf16)
        func isLetter(_ unit: UInt16) -> Bool { (65...90).contains(unit) || (97...122).contains(unit) }
        var start = min(offset, units.count)
        while start < units.count, !isLetter(units[start]) || (start > 0 && isLetter(units[start - 1])) { start += 1 }
        var end = start
        while end < units.count, isLetter(units[end]) { end += 1 }
        return start < units.count ? NSRange(location: start, length: end - start) : NSRange(location: min(offset, units.count), length: 0)
    }

    /// The input appended in 5-character chunks as fast as they come, then finished: the total
    /// with the defaults (unsettled lines held back, at least 16 ms between parses), then with
    /// every append parsing (`minimumParseInterval: .zero`): the default hold-back, incomplete
    /// lines held back, and at least 1 KB, 4 KB and 64 KB per parse. Each is the median of `runs`
    /// streams (one when a stream takes more than 2 s), against the median of a full parse timed
    /// just before each stream.
    package func measureStreaming(_ markdown: String) throws -> [Row] {
        var chunks: [String] = []
        var index = markdown.startIndex
        while index < markdown.endIndex {
            let end = markdown.index(index, offsetBy: 5, limitedBy: markdown.endIndex) ?? markdown.endIndex
            chunks.append(String(markdown[index..<end]))
            index = end
        }
        let holdBacks: [(String, StreamingMarkdownDocument.HoldBack, Int, Duration)] = [
            (", defaults: 16 ms or more between parses", .unsettledLines, 0, .milliseconds(16)),
            (", every append parses", .unsettledLines, 0, .zero),
            (", every append parses, hold back incomplete lines", .incompleteLines, 0, .zero),
            (", parse every 1 KB or more", .unsettledLines, 1024, .zero),
            (", parse every 4 KB or more", .unsettledLines, 4096, .zero),
            (", parse every 64 KB or more", .unsettledLines, 65536, .zero),
        ]
        var rows: [Row] = []
        for (label, holdBack, minimumParseBytes, interval) in holdBacks {
            var times: [Double] = []
            var parses: [Int] = []
            var fullParseTimes: [Double] = []
            var full = 0
            var reason: String? = nil
            repeat {
                // A full parse just before each stream: the row's share is against those, so a
                // host that slows down for a while slows both.
                let parseStart = DispatchTime.now().uptimeNanoseconds
                _ = try IntentDocument(markdown: markdown)
                fullParseTimes.append(Self.seconds(since: parseStart))
                let stream = try Self.stream(chunks, holdBack: holdBack, minimumParseBytes: minimumParseBytes, interval: interval)
                times.append(stream.seconds)
                parses.append(stream.parses)
                (full, reason) = (stream.fullParses, stream.reason)
            } while times.count < runs && times.last ?? 0 < 2
            rows.append(
                Row(
                    operation:
                        "stream in 5-character chunks (total, \(chunks.count) appends, \(Self.median(parses)) parses\(label);"
                        + " against full parses timed one before each, median \(String(format: "%.0f", Self.median(fullParseTimes) * 1e6)) µs)",
                    position: "—", seconds: Self.median(times), fullParses: full, reason: reason,
                    besideFullParseSeconds: Self.median(fullParseTimes)))
        }
        return rows
    }

    /// One stream of `chunks`, then finished: its time, the appends that parsed (with the
    /// finish), and its full parses and their first reason.
    private static func stream(
        _ chunks: [String], holdBack: StreamingMarkdownDocument.HoldBack, minimumParseBytes: Int, interval: Duration
    ) throws -> (seconds: Double, parses: Int, fullParses: Int, reason: String?) {
        var stream = try StreamingMarkdownDocument(
            holdBack: holdBack, minimumParseBytes: minimumParseBytes, minimumParseInterval: interval)
        var parses = 0
        var full = 0
        var reason: String? = nil
        let start = DispatchTime.now().uptimeNanoseconds
        for chunk in chunks {
            let change = try stream.append(chunk)
            if !change.reparsedSourceRange.isEmpty { parses += 1 }
            if let why = change.fullParseReason {
                full += 1
                reason = reason ?? why
            }
        }
        let last = try stream.finish()
        if !last.reparsedSourceRange.isEmpty { parses += 1 }
        if let why = last.fullParseReason {
            full += 1
            reason = reason ?? why
        }
        return (seconds(since: start), parses, full, reason)
    }

    private static func seconds(since start: UInt64) -> Double { Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9 }

    private static func median<Value: Comparable>(_ values: [Value]) -> Value { values.sorted()[values.count / 2] }

    /// A Markdown table of results: each operation in microseconds and as a share of a full parse
    /// of the same input in the same run.
    package static func table(_ results: [Result]) -> String {
        var lines = [
            "| input | operation | where | time | share of a full parse | full parses (reason) |",
            "|---|---|---|---:|---:|---|",
        ]
        for result in results {
            lines.append(
                "| \(result.input) (\(result.bytes) B) | full parse | — | \(String(format: "%.0f", result.fullParseSeconds * 1e6)) µs | 100% | — |"
            )
            for row in result.rows {
                let share = row.seconds / (row.besideFullParseSeconds ?? result.fullParseSeconds) * 100
                let full = row.fullParses == 0 ? "0" : "\(row.fullParses) (\(row.reason ?? "?"))"
                lines.append(
                    "| \(result.input) | \(row.operation) | \(row.position) | \(String(format: "%.1f", row.seconds * 1e6)) µs | "
                        + "\(String(format: share < 1 ? "%.3f" : "%.1f", share))% | \(full) |")
            }
        }
        return lines.joined(separator: "\n")
    }
}
