import IntentModel

/// Whether a line could start a block that interrupts a paragraph (CommonMark §4–§5, GFM
/// tables and footnotes), and how inline-only preparation keeps it from doing so without
/// changing its inline meaning.
enum ParagraphInterruption {
    /// The line cannot interrupt a paragraph.
    case none
    /// Put a backslash before the line's first character.
    case escapeFirst
    /// Put the shield marker before the line (for HTML block starts, whose `<` must stay inline
    /// HTML, and code fences, whose run of backticks or tildes must stay whole).
    case shield
    /// Put a backslash before the byte at this offset (an ordered-list delimiter).
    case escapeAt(Int)

    /// Classifies the line `bytes[start..<end]`, from its first non-blank byte to the end of its
    /// content (line ending excluded). `start < end`.
    init(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) {
        let first = bytes[start]
        switch first {
        case UInt8(ascii: ">"):
            self = .escapeFirst
        case UInt8(ascii: "#"):
            var cursor = start
            while cursor < end, bytes[cursor] == UInt8(ascii: "#") { cursor += 1 }
            self = cursor - start <= 6 && (cursor == end || Self.isSpace(bytes[cursor])) ? .escapeFirst : .none
        case UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "_"):
            self = Self.bulletOrRule(bytes, from: start, to: end)
        case UInt8(ascii: "="):
            self = Self.consistsOf([first], bytes, from: start, to: end) ? .escapeFirst : .none
        case UInt8(ascii: "`"), UInt8(ascii: "~"):
            self = Self.codeFence(bytes, from: start, to: end)
        case UInt8(ascii: "|"), UInt8(ascii: ":"):
            self = Self.isDelimiterRow(bytes, from: start, to: end) ? .escapeFirst : .none
        case UInt8(ascii: "<"):
            self = Self.startsHTMLBlock(bytes, from: start, to: end) ? .shield : .none
        case UInt8(ascii: "["):
            self = Self.startsFootnoteDefinition(bytes, from: start, to: end) ? .escapeFirst : .none
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            var cursor = start
            while cursor < end, bytes[cursor] >= UInt8(ascii: "0"), bytes[cursor] <= UInt8(ascii: "9") { cursor += 1 }
            let isDelimiter = cursor < end && (bytes[cursor] == UInt8(ascii: ".") || bytes[cursor] == UInt8(ascii: ")"))
            self = cursor - start <= 9 && isDelimiter && (cursor + 1 >= end || Self.isSpace(bytes[cursor + 1])) ? .escapeAt(cursor) : .none
        default:
            self = .none
        }
    }

    private static func isSpace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }

    /// Whether the line holds only `allowed` bytes and spaces or tabs.
    private static func consistsOf(_ allowed: Set<UInt8>, _ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        (start..<end).allSatisfy { allowed.contains(bytes[$0]) || isSpace(bytes[$0]) }
    }

    /// A GFM table delimiter row: only `|`, `:`, `-` and spaces, with at least one `-`.
    private static func isDelimiterRow(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        consistsOf(Set("|:-".utf8), bytes, from: start, to: end) && (start..<end).contains { bytes[$0] == UInt8(ascii: "-") }
    }

    /// A line starting with `-`, `*`, `+` or `_`: a bullet list item, a thematic break, a setext
    /// underline or a table delimiter row.
    private static func bulletOrRule(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> ParagraphInterruption {
        let first = bytes[start]
        let followedBySpaceOrEnd = start + 1 >= end || isSpace(bytes[start + 1])
        if first != UInt8(ascii: "_"), followedBySpaceOrEnd { return .escapeFirst }  // list item
        let onlyFirst = consistsOf([first], bytes, from: start, to: end)
        if first != UInt8(ascii: "+"), onlyFirst, (start..<end).filter({ bytes[$0] == first }).count >= 3 {
            return .escapeFirst  // thematic break
        }
        if first == UInt8(ascii: "-"), onlyFirst { return .escapeFirst }  // setext underline
        if first == UInt8(ascii: "-"), isDelimiterRow(bytes, from: start, to: end) { return .escapeFirst }
        return .none
    }

    /// A code fence opens with three or more backticks or tildes; a backtick fence's info string
    /// holds no backtick (§4.5). A backslash would shorten the run and change what it means
    /// inline (a code span's backtick string, a run of tildes too long to strike through), so the
    /// line gets the shield marker instead.
    private static func codeFence(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> ParagraphInterruption {
        let first = bytes[start]
        var cursor = start
        while cursor < end, bytes[cursor] == first { cursor += 1 }
        guard cursor - start >= 3 else { return .none }
        if first == UInt8(ascii: "`"), (cursor..<end).contains(where: { bytes[$0] == first }) { return .none }
        return .shield
    }

    /// `<` followed by `!`, `?` or one of the tag names of HTML block condition 6 (§4.6).
    private static func startsHTMLBlock(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        var cursor = start + 1
        guard cursor < end else { return false }
        if bytes[cursor] == UInt8(ascii: "!") || bytes[cursor] == UInt8(ascii: "?") { return true }
        if bytes[cursor] == UInt8(ascii: "/") { cursor += 1 }
        var name = ""
        while cursor < end, let scalar = Optional(bytes[cursor]),
            (scalar >= UInt8(ascii: "a") && scalar <= UInt8(ascii: "z")) || (scalar >= UInt8(ascii: "A") && scalar <= UInt8(ascii: "Z"))
                || (scalar >= UInt8(ascii: "0") && scalar <= UInt8(ascii: "9"))
        {
            name.append(Character(UnicodeScalar(scalar)))
            cursor += 1
        }
        return HTMLBlockStart.tagNames.contains(name.lowercased())
    }

    /// `[^label]:`, a footnote definition.
    private static func startsFootnoteDefinition(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        guard start + 1 < end, bytes[start + 1] == UInt8(ascii: "^") else { return false }
        var cursor = start + 2
        while cursor < end, bytes[cursor] != UInt8(ascii: "]") { cursor += 1 }
        return cursor + 1 < end && bytes[cursor + 1] == UInt8(ascii: ":")
    }
}
