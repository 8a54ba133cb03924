import Foundation
import IntentModel
import MarkdownParsing

/// Markdown that arrives in chunks — a language model's answer, a file read from a pipe — kept as
/// an intent document that a view can draw as it grows.
///
/// Each ``append(_:)`` adds text at the end and re-parses only the last blocks (from the last
/// block that starts fresh), through ``IncrementalMarkdownDocument``: finished blocks keep their
/// identities and runs and are not parsed again, unless a later link reference definition changes
/// them (the update then says so, with its reason). The update returned says what changed.
///
/// With ``HoldBack/unsettledLines`` (the default), a last line that has not ended is held back
/// while its start could still change its block's kind — `-` or `=` (a setext underline, a list,
/// a thematic break), `|` or `:` (a table's delimiter row), a backtick or `~` (a fence), `<` (an HTML
/// block), `#`, `>`, `+`, `*`, `_`, `[`, a digit, white space, or an empty line — so a view never
/// shows `Title` flash into a heading when a half-typed `-` arrives, or a half-typed block marker
/// or fence as text. A line whose start is settled (after any complete list markers and `>`, a
/// letter or another character that starts no block) is parsed as it arrives, and so is the rest
/// of its line whatever a chunk starts with (` 42`, ` *so*`), so long paragraphs appear word by
/// word. A line that has ended and holds a `|` waits too, while the line after it
/// could still be a table's delimiter row (it has nothing yet, or only `|`, `:`, `-` and spaces),
/// so a table whose header row starts with `|` appears with its header, never as a paragraph
/// first (a header row that starts with a letter streams as a paragraph until the delimiter row
/// arrives, like any settled line). Inline syntax is not held back: an unclosed `*`, backtick or
/// `[text](` later in a line shows as text until its closing arrives. ``finish()`` releases what
/// is held back.
///
/// Appends that come faster than ``minimumParseInterval`` (16 ms by default, a frame at 60 Hz)
/// after the last parse wait in ``heldBack`` for the next append after it, ``flush()`` or
/// ``finish()``: a stream read as fast as it arrives (a stored answer replayed, a pipe) is parsed
/// a few times in all, not once per chunk, while an answer arriving at a model's pace (tens of
/// chunks a second) is parsed at every append. Pass `.zero` to parse at every append.
///
/// After every append, ``document`` equals a full parse of ``committedSource`` (the text received
/// minus the held-back tail); after ``finish()``, of everything received (property-tested over
/// random chunkings of the corpus documents).
///
/// ```swift
/// var stream = try StreamingMarkdownDocument()
/// for chunk in ["# Plan\n\nTitle\n", "-", "--\n", "- pack ", "the tents\n"] {   // as they arrive
///     let change = try stream.append(chunk)
///     // change.insertedTextUTF16: the text to redraw; change.removedIdentities: blocks gone.
///     // The lone "-" is held back: `Title` never flashes as a heading of the wrong level.
/// }
/// try stream.finish()
/// stream.document.html()   // "<h1>Plan</h1>\n<h2>Title</h2>\n<ul>\n<li>pack the tents</li>\n</ul>\n"
/// ```
public struct StreamingMarkdownDocument: Sendable {
    /// What an append holds back.
    public enum HoldBack: Sendable, Hashable {
        /// Nothing: every chunk is parsed as it arrives (a half-typed `-` under a line makes it a
        /// heading for a moment).
        case nothing
        /// A last line that has not ended, while its start could still change its block's kind,
        /// and an ended line with a `|` while the line after it could be a table's delimiter row
        /// (see ``StreamingMarkdownDocument``).
        case unsettledLines
        /// Every last line that has not ended: one re-parse per line, the cheapest.
        case incompleteLines
    }

    /// The incremental document of the committed text.
    public private(set) var incremental: IncrementalMarkdownDocument
    /// The received text not yet parsed: what ``holdBack`` keeps back, and what arrived within
    /// ``minimumParseInterval`` of the last parse or before ``minimumParseBytes`` were reached
    /// (empty after ``finish()``). A view can draw it as plain text after ``document``.
    public private(set) var heldBack: String = ""
    /// What appends hold back.
    public let holdBack: HoldBack
    /// The least number of UTF-8 bytes an append parses: while fewer have arrived since the last
    /// parse — or fewer than the open end of the document a parse reads again — an append only
    /// holds them back (0: every append parses what it settles).
    public let minimumParseBytes: Int
    /// The least time from the end of one parse to the next: an append that comes sooner only
    /// holds its text back (`.zero`: every append parses what it settles). Measured on a
    /// monotonic clock whose ticks may be a few milliseconds apart (Linux's coarse clock), so an
    /// interval of 16 ms is between 12 and 20 ms there.
    public let minimumParseInterval: Duration
    /// ``minimumParseInterval`` in nanoseconds.
    private let minimumParseNanoseconds: UInt64
    /// When the last parse ended (``clock``), `nil` before the first.
    private var lastParseEnd: UInt64? = nil
    /// The monotonic clock, in nanoseconds (a test's own clock replaces it).
    var clock: @Sendable () -> UInt64 = StreamingMarkdownDocument.monotonicNanoseconds

    /// The monotonic clock read at every append, in nanoseconds. On Linux the coarse clock
    /// (`CLOCK_MONOTONIC_COARSE`: its ticks are a few milliseconds apart, and it costs a quarter
    /// of the precise one, which was a tenth of a fast stream's time); elsewhere Dispatch's
    /// uptime clock.
    static func monotonicNanoseconds() -> UInt64 {
        #if canImport(Glibc) && !INTENTMARK_DARWIN_STANDIN
            var time = timespec()
            guard clock_gettime(CLOCK_MONOTONIC_COARSE, &time) == 0 else { return DispatchTime.now().uptimeNanoseconds }
            return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
        #else
            return DispatchTime.now().uptimeNanoseconds
        #endif
    }
    /// Whether the committed text ends inside a line (its last byte is no line ending): the
    /// held-back text then continues a line whose start was settled when it was parsed.
    private var committedEndsMidLine = false
    /// Whether ``finish()`` was called.
    public private(set) var isFinished = false
    /// The committed text's ``IncrementalMarkdownDocument/openEndUTF8Count``, once read since
    /// the last parse.
    private var openEnd: Int? = nil

    /// A stream with no text yet.
    /// - Parameters:
    ///   - options: Parsing options.
    ///   - holdBack: What appends hold back (default: unsettled lines).
    ///   - minimumParseBytes: The least number of UTF-8 bytes an append parses (default 0: every
    ///     append parses what it settles). Each parse re-parses the open last block from its
    ///     start, so a stream of small chunks into a long block costs in proportion to the
    ///     chunks times the block. With a value above 0, an append parses only once that many
    ///     bytes, and at least as many as the open end a parse reads again, have arrived: each
    ///     byte is then parsed a bounded number of times. Measured on a 1 MB document in
    ///     5-character chunks appended as fast as they come, with `minimumParseInterval: .zero`
    ///     (`Benchmarks/README.md`, session 24): 2.7× one parse of the whole text at 4 KB and
    ///     2.2× at 64 KB, against 164× at 0 — at the price of ``document`` lagging by up to that
    ///     many bytes, or the open block's size when it is longer (they wait in ``heldBack``,
    ///     which a view can draw as plain text). Negative values count as 0.
    ///   - minimumParseInterval: The least time from the end of one parse to the next (default
    ///     16 ms; `.zero` parses at every append). An append that comes sooner holds its text
    ///     back until an append after the interval, ``flush()`` or ``finish()``. Measured the same
    ///     way: 2.2–2.4× one parse of the whole text in all by default (2–3 parses for 216 822
    ///     appends), against 164× at `.zero`. Measured on a coarse monotonic clock on Linux
    ///     (``minimumParseInterval``). Negative values count as zero.
    /// - Throws: The parser's errors (none for empty text).
    public init(
        options: MarkdownParsingOptions = .default, holdBack: HoldBack = .unsettledLines, minimumParseBytes: Int = 0,
        minimumParseInterval: Duration = .milliseconds(16)
    ) throws {
        incremental = try IncrementalMarkdownDocument(source: "", options: options)
        self.holdBack = holdBack
        self.minimumParseBytes = max(0, minimumParseBytes)
        self.minimumParseInterval = max(.zero, minimumParseInterval)
        let (seconds, attoseconds) = self.minimumParseInterval.components
        minimumParseNanoseconds = UInt64(min(seconds, Int64(UInt32.max))) * 1_000_000_000 + UInt64(attoseconds / 1_000_000_000)
    }

    /// The intent document of ``committedSource`` (a snapshot: O(n)).
    public var document: IntentDocument { incremental.document }

    /// The text parsed so far: everything received but ``heldBack``.
    public var committedSource: String { incremental.source }

    /// Appends a chunk of text and parses what it settles.
    /// - Parameter chunk: The next text (any split, even inside a character's line).
    /// - Returns: What changed in ``document`` (an empty change when everything was held back).
    /// - Throws: The parser's errors (`limitExceeded`, …), when the text due now cannot be
    ///   parsed: then nothing changes and `chunk` is not taken (``heldBack`` and ``document`` are
    ///   as before; text held back earlier stays, so a stream whose text exceeds the limits keeps
    ///   throwing — for trusted text, a stream with `ParsingLimits.unlimited`);
    ///   `IntentMarkError.invalidRange` after ``finish()``.
    @discardableResult
    public mutating func append(_ chunk: String) throws -> IncrementalChange {
        guard !isFinished else { throw IntentMarkError.invalidRange("the stream is finished: nothing can be appended") }
        let before = heldBack
        heldBack += chunk
        do {
            return try commit(upTo: isDue() ? Self.settledLength(of: heldBack, holdBack: holdBack, startsMidLine: committedEndsMidLine) : 0)
        } catch {
            // Nothing taken: the document and what is held back are as before the chunk.
            heldBack = before
            throw error
        }
    }

    /// Parses what ``holdBack`` lets through now, whatever ``minimumParseInterval`` and
    /// ``minimumParseBytes`` ask: for a view's own timer (the next frame, or a moment after the
    /// last append) when appends stop for a while before the stream finishes.
    /// - Returns: What changed in ``document`` (an empty change when nothing was waiting).
    /// - Throws: The parser's errors (then nothing changes, as for ``append(_:)``);
    ///   `IntentMarkError.invalidRange` after ``finish()``.
    @discardableResult
    public mutating func flush() throws -> IncrementalChange {
        guard !isFinished else { throw IntentMarkError.invalidRange("the stream is finished: nothing is left to parse") }
        return try commit(upTo: Self.settledLength(of: heldBack, holdBack: holdBack, startsMidLine: committedEndsMidLine))
    }

    /// Parses the first `cut` UTF-8 bytes of ``heldBack`` (none: an empty change).
    private mutating func commit(upTo cut: Int) throws -> IncrementalChange {
        guard cut > 0 else {
            let summary = incremental.tree.summary
            return .none(
                sourceCount: summary.sourceUTF8, textUTF8: summary.textUTF8, textUTF16: summary.textUTF16, blockCount: summary.blocks)
        }
        let bytes = Array(heldBack.utf8)
        let settled = String(decoding: bytes[..<cut], as: UTF8.self)
        try incremental.append(settled)
        heldBack = String(decoding: bytes[cut...], as: UTF8.self)
        openEnd = nil
        lastParseEnd = clock()
        committedEndsMidLine = bytes[cut - 1] != UInt8(ascii: "\n") && bytes[cut - 1] != UInt8(ascii: "\r")
        return incremental.lastChange
    }

    /// Whether enough has arrived since the last parse to parse again: with a
    /// ``minimumParseBytes``, at least that many bytes and at least as many as the open end of
    /// the document that a parse reads again (the blocks from the last one that starts fresh), so
    /// that each byte of a long block is read again a bounded number of times: the parses of a
    /// block grow geometrically, and the stream's total stays within a small multiple of one
    /// parse of the whole text.
    /// With a ``minimumParseInterval``, that long has passed since the last parse ended.
    private mutating func isDue() -> Bool {
        if minimumParseNanoseconds > 0, let lastParseEnd, clock() &- lastParseEnd < minimumParseNanoseconds { return false }
        guard minimumParseBytes > 0 else { return true }
        let pending = heldBack.utf8.count
        guard pending >= minimumParseBytes else { return false }
        // Read once per parse: it changes only when the committed text does.
        if openEnd == nil { openEnd = incremental.openEndUTF8Count }
        return pending >= openEnd ?? 0
    }

    /// Parses what is held back: the stream is complete.
    /// - Returns: What changed.
    /// - Throws: The parser's errors: then nothing changes, and the stream is not finished.
    @discardableResult
    public mutating func finish() throws -> IncrementalChange {
        guard !heldBack.isEmpty else {
            isFinished = true
            let summary = incremental.tree.summary
            return .none(
                sourceCount: summary.sourceUTF8, textUTF8: summary.textUTF8, textUTF16: summary.textUTF16, blockCount: summary.blocks)
        }
        try incremental.append(heldBack)
        heldBack = ""
        isFinished = true
        return incremental.lastChange
    }

    /// How many bytes at the start of `pending` can be parsed now: up to its last line ending (a
    /// line feed, or a carriage return not at the very end), and the line after it too when its
    /// start is settled (``HoldBack/unsettledLines``) — or when `pending` has no line ending and
    /// `startsMidLine` (it continues a line already parsed, whose
    /// start was settled then: a word such as ` 42` or ` *so*` in the middle of a line is no
    /// line's start).
    static func settledLength(of pending: String, holdBack: HoldBack, startsMidLine: Bool = false) -> Int {
        let count = pending.utf8.count
        switch holdBack {
        case .nothing: return count
        case .incompleteLines, .unsettledLines:
            // Back from the end over the last line only: its cost is that line's, not the text's.
            var text = pending
            let lastLineStart = text.withUTF8 { Self.lineStart(before: $0.count, in: $0) }
            guard holdBack == .unsettledLines else { return lastLineStart }
            if lastLineStart == 0, startsMidLine, !pending.utf8.contains(UInt8(ascii: "\r")) { return count }
            if lastLineStart < count, lineStartIsSettled(pending.utf8.dropFirst(lastLineStart)) { return count }
            // The last ended line waits too while it could be a table's header row: it holds a
            // `|`, and what follows it could still be the delimiter row under it.
            return text.withUTF8 { bytes in
                guard lastLineStart > 0, Self.couldBeDelimiterRow(bytes[lastLineStart...]) else { return lastLineStart }
                let start = Self.lineStart(before: lastLineStart - 1, in: bytes)
                let line = bytes[start..<(lastLineStart - 1)]
                guard line.contains(UInt8(ascii: "|")), !Self.couldBeDelimiterRow(line) else { return lastLineStart }
                return start
            }
        }
    }

    /// Just after the last line ending before `end` (0 when there is none): where the line that
    /// `end` lies in starts. A line ends at a line feed, and at a carriage return that something
    /// other than a line feed follows (a lone CR ends a line in Markdown; one at the very end of
    /// `bytes` may be the first half of a CRLF still on its way, and ends nothing yet). Reads back
    /// over that line only.
    private static func lineStart(before end: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var start = end
        while start > 0 {
            let byte = bytes[start - 1]
            if byte == UInt8(ascii: "\n") { break }
            if byte == UInt8(ascii: "\r"), start < bytes.count, bytes[start] != UInt8(ascii: "\n") { break }
            start -= 1
        }
        return start
    }

    /// Whether `bytes` (a line, or its start) holds only what a table's delimiter row holds — `|`,
    /// `:`, `-`, spaces and tabs — and container prefixes (`>`): nothing yet, or so far one.
    static func couldBeDelimiterRow(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        bytes.allSatisfy { byte in
            byte == UInt8(ascii: "|") || byte == UInt8(ascii: ":") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: " ")
                || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "\r")
        }
    }

    /// Whether a line that has not ended can no longer change its block's kind: after at most
    /// three spaces and any complete `>` and list markers (each followed by a space), it has a
    /// character that starts no block — not one of `-=*_+#>|:~<[`, a backtick, a digit or white space.
    /// A carriage return anywhere holds it back (it may end the line).
    static func lineStartIsSettled(_ line: Substring.UTF8View) -> Bool {
        let bytes = Array(line.prefix(64))
        if bytes.contains(UInt8(ascii: "\r")) { return false }
        var index = 0
        var spaces = 0
        while index < bytes.count, bytes[index] == UInt8(ascii: " "), spaces < 3 {
            index += 1
            spaces += 1
        }
        while index < bytes.count {
            let byte = bytes[index]
            // A complete container prefix: `>`, `-`/`+`/`*`, or a number and `.`/`)`, then a space.
            var markerEnd = index
            if byte == UInt8(ascii: ">") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "+") || byte == UInt8(ascii: "*") {
                markerEnd = index + 1
            } else {
                while markerEnd < bytes.count, markerEnd - index < 9, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[markerEnd]) {
                    markerEnd += 1
                }
                if markerEnd > index, markerEnd < bytes.count,
                    bytes[markerEnd] == UInt8(ascii: ".") || bytes[markerEnd] == UInt8(ascii: ")")
                {
                    markerEnd += 1
                } else {
                    markerEnd = index
                }
            }
            if markerEnd > index, markerEnd + 1 < bytes.count, bytes[markerEnd] == UInt8(ascii: " "),
                bytes[markerEnd + 1] != UInt8(ascii: " ")
            {
                index = markerEnd + 1
                continue
            }
            break
        }
        guard index < bytes.count else { return false }
        let first = bytes[index]
        if first >= 0x80 { return true }
        let unsettled = Array("-=*_+#>|:`~<[ \t".utf8)
        if unsettled.contains(first) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(first) { return false }
        return true
    }
}
