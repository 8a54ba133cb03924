/// Finds front matter (``FrontMatter``) at the start of a Markdown source.
///
/// The first line, after an optional UTF-8 byte order mark, must be `---` (YAML) or `+++`
/// (TOML), optionally followed by spaces or tabs; the front matter ends with the first later line
/// that is `---` or `...` (YAML) or `+++` (TOML), again with optional spaces or tabs, and
/// includes that line's line ending (LF, CRLF or CR). Its first line that is neither blank nor a
/// comment (`#` after optional spaces or tabs) must begin a mapping (lines that are all blank are
/// empty front matter; comments alone are none): for YAML a key at the left
/// margin followed by `:` and a space, a tab or the line's end (`title: Notes`, `tags:`), for
/// TOML a key followed by `=` or a table header (`[params]`) — so that a thematic break followed
/// by Markdown (`---`, `# Heading`, `Text`, `---`) stays Markdown. Without a closing line, or
/// with other content, there is no front matter and the source is Markdown from its first byte.
/// One pass over the bytes up to the closing line.
package enum FrontMatterScanner {
    /// The front matter at the start of `bytes`, or `nil`.
    /// - Parameter checkingContent: Whether the content must begin a mapping (as the parser
    ///   reads); `false` finds the delimiter lines alone.
    package static func scan(_ bytes: UnsafeBufferPointer<UInt8>, checkingContent: Bool = true) -> FrontMatter? {
        var start = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
        var lineEnd = endOfLine(in: bytes, from: start)
        guard start < bytes.count, bytes[start] != UInt8(ascii: "."),
            let format = delimiter(bytes, start..<lineEnd.contentEnd)
        else { return nil }
        var deciding = checkingContent
        var hasComment = false
        while lineEnd.next < bytes.count {
            let lineStart = lineEnd.next
            lineEnd = endOfLine(in: bytes, from: lineStart)
            let line = lineStart..<lineEnd.contentEnd
            guard delimiter(bytes, line) == format else {
                if deciding, !isBlankOrComment(bytes, line) {
                    guard beginsMapping(bytes, line, format: format) else { return nil }
                    deciding = false
                } else if deciding, !isBlank(bytes, line) {
                    hasComment = true
                }
                continue
            }
            // Comments and no mapping (`---`, `# Title`, `---`: a heading between thematic
            // breaks) is no front matter; nothing at all (`---`, `---`) is, as Jekyll reads it.
            if deciding, hasComment { return nil }
            let raw = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<lineEnd.next]), as: UTF8.self)
            return FrontMatter(format: format, rawText: raw, sourceRange: start..<lineEnd.next)
        }
        return nil
    }

    /// Where the lines end that decide whether `bytes` (a source's first bytes, starting with a
    /// delimiter line) opens front matter: after the first content line that is neither blank
    /// nor a comment, or after the closing line when it comes first; `bytes.count` when neither
    /// is within `bytes`. An edit before this offset can make or unmake front matter whose
    /// closing line lies further on.
    package static func decidingLinesEnd(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var start = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
        var lineEnd = endOfLine(in: bytes, from: start)
        guard let format = delimiter(bytes, start..<lineEnd.contentEnd) else { return 0 }
        while lineEnd.next < bytes.count {
            let lineStart = lineEnd.next
            lineEnd = endOfLine(in: bytes, from: lineStart)
            let line = lineStart..<lineEnd.contentEnd
            if delimiter(bytes, line) == format || !isBlankOrComment(bytes, line) { return lineEnd.next }
        }
        return bytes.count
    }

    /// Whether a line of `bytes` is a delimiter line of either format (`---`, `...` or `+++`,
    /// spaces or tabs after).
    package static func containsDelimiterLine(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var next = 0
        while next < bytes.count {
            let lineEnd = endOfLine(in: bytes, from: next)
            if delimiter(bytes, next..<lineEnd.contentEnd) != nil { return true }
            next = lineEnd.next
        }
        return false
    }

    /// Whether the line at `line` holds only spaces and tabs.
    private static func isBlank(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> Bool {
        line.allSatisfy { bytes[$0] == 0x20 || bytes[$0] == 0x09 }
    }

    /// Whether the line at `line` is blank or a comment (`#` after optional spaces or tabs), in
    /// YAML and TOML alike.
    private static func isBlankOrComment(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> Bool {
        guard let first = line.first(where: { bytes[$0] != 0x20 && bytes[$0] != 0x09 }) else { return true }
        return bytes[first] == UInt8(ascii: "#")
    }

    /// Whether the line at `line` begins a mapping: in YAML a key at the left margin (not a
    /// sequence item, a flow collection, an anchor, an alias, a tag, a block scalar or a
    /// directive) and a `:` followed by a space, a tab or the line's end; in TOML a table header
    /// (`[`) or a key at the left margin followed by `=`.
    private static func beginsMapping(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>, format: FrontMatter.Format) -> Bool {
        guard let first = line.first.map({ bytes[$0] }) else { return false }
        switch format {
        case .yaml:
            guard !" \t#-?:,[]{}&*!|>%@`".utf8.contains(first) else { return false }
            for index in line where bytes[index] == UInt8(ascii: ":") {
                if index + 1 == line.upperBound || bytes[index + 1] == 0x20 || bytes[index + 1] == 0x09 { return true }
            }
            return false
        case .toml:
            if first == UInt8(ascii: "[") { return true }
            let isKeyStart =
                (first | 0x20 >= UInt8(ascii: "a") && first | 0x20 <= UInt8(ascii: "z")) || (first >= 0x30 && first <= 0x39)
                || first == UInt8(ascii: "_") || first == UInt8(ascii: "-") || first == UInt8(ascii: "\"") || first == UInt8(ascii: "'")
            return isKeyStart && line.contains { bytes[$0] == UInt8(ascii: "=") }
        }
    }

    /// `bytes` with the front matter at `range` blanked: every byte but line endings a space, so
    /// that libcmark-gfm reads blank lines there and every later line keeps its number, column
    /// and offset.
    package static func blanking(_ range: Range<Int>, in bytes: [UInt8]) -> [UInt8] {
        var blanked = bytes
        for index in range where index < blanked.count && blanked[index] != 0x0A && blanked[index] != 0x0D {
            blanked[index] = 0x20
        }
        return blanked
    }

    /// Whether `text` is front matter and nothing else, from its first byte to its last: an
    /// opening delimiter line and the first closing one, whatever the content between.
    package static func isWholeFrontMatter(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard let found = scan(bytes, checkingContent: false) else { return false }
            return found.sourceRange == 0..<bytes.count
        }
    }

    /// The end of the line starting at `start`: where its content ends and where the next line
    /// starts (after LF, CRLF or CR; the end of the bytes for a last line without one).
    private static func endOfLine(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (contentEnd: Int, next: Int) {
        var index = start
        while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
        guard index < bytes.count else { return (index, index) }
        if bytes[index] == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { return (index, index + 2) }
        return (index, index + 1)
    }

    /// The format a delimiter line says: `---` and `...` YAML, `+++` TOML (spaces and tabs may
    /// follow); `nil` for any other line.
    private static func delimiter(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> FrontMatter.Format? {
        guard line.count >= 3 else { return nil }
        let first = bytes[line.lowerBound]
        guard first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || first == UInt8(ascii: "."),
            bytes[line.lowerBound + 1] == first, bytes[line.lowerBound + 2] == first,
            bytes[(line.lowerBound + 3)..<line.upperBound].allSatisfy({ $0 == 0x20 || $0 == 0x09 })
        else { return nil }
        return first == UInt8(ascii: "+") ? .toml : .yaml
    }
}
