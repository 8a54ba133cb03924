/// Inline-only syntax made parseable: libcmark-gfm always parses blocks, so the preparation
/// splits the source into chunks at blank lines and hands each to it as one paragraph.
///
/// Each chunk is led by the ``DummyLine`` (so every real line is a paragraph continuation line),
/// and each line that could still interrupt a paragraph is escaped as ``ParagraphInterruption``
/// says: a backslash before it or before its delimiter, or the shield marker (removed from the
/// text again) before HTML block starts and code fences. Blank lines go; the converter joins the
/// chunks with ``separators`` — the original whitespace when preserving it, otherwise one space.
struct InlineOnlyChunks {
    /// The text placed before chunk `i` (index 0: before the first), and after the last at index
    /// `count - 1`.
    private(set) var separators: [String] = []
    /// Preserving whitespace: the leading whitespace of each original line (0-based) that has
    /// some.
    private(set) var leadingWhitespace: [Int: String] = [:]
    /// Whether a line got the shield marker.
    private(set) var usesShield = false

    private let preservesWhitespace: Bool
    private let shield: Unicode.Scalar

    // Scan state.
    private var pendingSeparator: [UInt8] = []
    private var chunkOpen = false
    private var previousLineEnding: [UInt8] = []

    /// Chunks whose separators keep the source's whitespace when `preservesWhitespace`, with
    /// `shield` as the marker of shielded lines.
    init(preservesWhitespace: Bool, shield: Unicode.Scalar) {
        self.preservesWhitespace = preservesWhitespace
        self.shield = shield
    }

    /// The edits that turn `bytes` into chunks, recording separators and leading whitespace.
    /// Linear in `bytes`.
    mutating func edits(in bytes: UnsafeBufferPointer<UInt8>) -> [SourceEdit] {
        var edits: [SourceEdit] = []
        for (lineNumber, line) in Self.lines(of: bytes).enumerated() {
            var contentStart = line.start
            while contentStart < line.contentEnd, bytes[contentStart] == UInt8(ascii: " ") || bytes[contentStart] == UInt8(ascii: "\t") {
                contentStart += 1
            }
            if contentStart == line.contentEnd {
                edits.append(blankLine(line, in: bytes))
                continue
            }
            if preservesWhitespace, contentStart > line.start {
                leadingWhitespace[lineNumber] = String(decoding: bytes[line.start..<contentStart], as: UTF8.self)
            }
            var replacement = chunkOpen ? [] : openChunk(leadingWhitespace: leadingWhitespace[lineNumber] ?? "")
            var delimiterEscape: Int? = nil
            switch ParagraphInterruption(bytes, from: contentStart, to: line.contentEnd) {
            case .none: break
            case .escapeFirst: replacement.append(UInt8(ascii: "\\"))
            case .escapeAt(let offset): delimiterEscape = offset
            case .shield:
                replacement.append(contentsOf: String(shield).utf8)
                usesShield = true
            }
            edits.append(SourceEdit(start: line.start, end: contentStart, replacement: replacement))
            previousLineEnding = Array(bytes[line.contentEnd..<line.end])
            if let delimiter = delimiterEscape {
                edits.append(SourceEdit(start: delimiter, end: delimiter, replacement: [UInt8(ascii: "\\")]))
            }
        }
        if chunkOpen { pendingSeparator = previousLineEnding + pendingSeparator }
        separators.append(preservesWhitespace ? String(decoding: pendingSeparator, as: UTF8.self) : "")
        return edits
    }

    /// A blank line ends the open chunk; it (and its line ending) becomes separator text.
    private mutating func blankLine(_ line: Line, in bytes: UnsafeBufferPointer<UInt8>) -> SourceEdit {
        var edit = SourceEdit(start: line.start, end: line.end, replacement: [])
        if chunkOpen {
            chunkOpen = false
            // The previous line's ending belongs to the separator too. Two line feeds: after a
            // lone CR the first would only turn it into a CRLF, and the chunks would join.
            pendingSeparator = previousLineEnding
            edit.replacement = [UInt8(ascii: "\n"), UInt8(ascii: "\n")]
        }
        pendingSeparator.append(contentsOf: bytes[line.start..<line.end])
        return edit
    }

    /// A new chunk starts at a line with `leadingWhitespace`: records the separator before it and
    /// returns the dummy line that leads it.
    private mutating func openChunk(leadingWhitespace: String) -> [UInt8] {
        let isFirstChunk = separators.isEmpty
        chunkOpen = true
        var separator: String
        if preservesWhitespace {
            separator = String(decoding: pendingSeparator, as: UTF8.self) + leadingWhitespace
        } else {
            separator = isFirstChunk ? "" : " "
        }
        separators.append(separator)
        pendingSeparator = []
        return DummyLine.bytes
    }

    // MARK: Lines

    struct Line {
        var start: Int
        var contentEnd: Int
        var end: Int
    }

    /// Lines as CommonMark counts them: ended by LF, CRLF or a lone CR.
    private static func lines(of bytes: UnsafeBufferPointer<UInt8>) -> [Line] {
        var result: [Line] = []
        var start = 0
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                result.append(Line(start: start, contentEnd: index, end: index + 1))
                start = index + 1
            } else if byte == UInt8(ascii: "\r") {
                let end = index + 1 < count && bytes[index + 1] == UInt8(ascii: "\n") ? index + 2 : index + 1
                result.append(Line(start: start, contentEnd: index, end: end))
                start = end
                index = end - 1
            }
            index += 1
        }
        if start < count { result.append(Line(start: start, contentEnd: count, end: count)) }
        return result
    }
}
