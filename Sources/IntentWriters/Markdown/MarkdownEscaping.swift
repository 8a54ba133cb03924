/// Escaping for the Markdown writer: text that must read back as the same characters and never
/// as syntax (CommonMark 0.29 §2.4 backslash escapes, §2.5 character references; GFM §6.5
/// strikethrough, §4.10 tables).
enum MarkdownEscaping {
    // MARK: Character classes (CommonMark §2.1)

    /// Unicode whitespace for the flanking rules: Zs, tab, line feed, form feed, carriage return;
    /// `nil` (the start or end of a line) counts as whitespace.
    static func isWhitespace(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar else { return true }
        switch scalar {
        case " ", "\t", "\n", "\r", "\u{0C}": return true
        default: return scalar.properties.generalCategory == .spaceSeparator
        }
    }

    /// Punctuation for the flanking rules: ASCII punctuation or Unicode categories Pc, Pd, Pe, Pf,
    /// Pi, Po, Ps. `nil` is not punctuation.
    static func isPunctuation(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar else { return false }
        if scalar.isASCII { return isASCIIPunctuation(UInt8(scalar.value)) }
        switch scalar.properties.generalCategory {
        case .connectorPunctuation, .dashPunctuation, .closePunctuation, .finalPunctuation, .initialPunctuation,
            .otherPunctuation, .openPunctuation:
            return true
        default:
            return false
        }
    }

    static func isASCIIPunctuation(_ byte: UInt8) -> Bool {
        (0x21...0x2F).contains(byte) || (0x3A...0x40).contains(byte) || (0x5B...0x60).contains(byte)
            || (0x7B...0x7E).contains(byte)
    }

    private static func isASCIIAlphanumeric(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar, scalar.isASCII else { return false }
        switch scalar {
        case "a"..."z", "A"..."Z", "0"..."9": return true
        default: return false
        }
    }

    /// Letters and digits of any script (for "inside a word"); `nil` is not.
    static func isAlphanumericCharacter(_ scalar: Unicode.Scalar?) -> Bool {
        isAlphanumeric(scalar)
    }

    /// Letters and digits of any script (for "inside a word").
    private static func isAlphanumeric(_ scalar: Unicode.Scalar?) -> Bool {
        guard let scalar else { return false }
        if scalar.isASCII { return isASCIIAlphanumeric(scalar) }
        return scalar.properties.isAlphabetic || scalar.properties.numericType != nil
    }

    // MARK: Text

    /// `text` escaped for inline content (and protected from GFM's autolink extension: the `w` of
    /// `www.`, the `:` of `scheme://` and the `@` of an address are written as references): `\` `` ` `` `*` `[` `]` `~` `|` always, `_` unless inside
    /// a word, `<` before a letter, `/`, `!` or `?` (HTML or an autolink), `&` before a letter,
    /// digit or `#` (a reference); at the start of a line also `#` `>` `-` `+` `=`, `:` before `-`
    /// (a table delimiter row) and the `.` or `)` of a number (block syntax), and a leading space or
    /// tab as a reference. Line breaks,
    /// carriage returns and NUL inside text are written as references.
    /// - Parameters:
    ///   - text: The characters to write.
    ///   - atLineStart: Whether `text` begins a line of the block's content.
    ///   - protectsFromSmartPunctuation: Also escape `"`, `'`, and `-` or `.` before another one,
    ///     so a reader with smart punctuation keeps them straight.
    static func text(_ text: String, atLineStart: Bool, protectsFromSmartPunctuation: Bool) -> String {
        var text = text
        let escaped = text.withUTF8 { bytes in
            escape(bytes, atLineStart: atLineStart, protectsFromSmartPunctuation: protectsFromSmartPunctuation)
        }
        return escaped ?? text
    }

    /// The escaped form of `bytes` (valid UTF-8), or `nil` when nothing needs escaping. Works on
    /// bytes and copies only between escapes: every character that can need escaping is ASCII.
    private static func escape(
        _ bytes: UnsafeBufferPointer<UInt8>, atLineStart: Bool, protectsFromSmartPunctuation: Bool
    ) -> String? {
        let count = bytes.count
        var output: [UInt8] = []
        var copied = 0
        var changed = false
        var index = 0
        func emit(_ replacement: String, replacing range: Range<Int>) {
            if !changed { output.reserveCapacity(count + count / 8 + 8) }
            changed = true
            output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<range.lowerBound]))
            output.append(contentsOf: replacement.utf8)
            copied = range.upperBound
        }
        if atLineStart, let (replacement, range) = lineStartEscape(bytes) {
            emit(replacement, replacing: range)
            index = range.upperBound
        }
        while index < count {
            if mayNeedEscape(bytes[index]),
                let replacement = inlineEscape(bytes, at: index, protectsFromSmartPunctuation: protectsFromSmartPunctuation)
            {
                emit(replacement, replacing: index..<(index + 1))
            }
            index += 1
        }
        guard changed else { return nil }
        output.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[copied..<count]))
        return String(decoding: output, as: UTF8.self)
    }

    /// Whether `byte` is one of the ASCII characters ``inlineEscape(_:at:protectsFromSmartPunctuation:)``
    /// looks at (NUL, LF, CR and `"&'*-.:<@[\\]_\`w|~`): a bit test against two 64-bit masks, so
    /// the other bytes cost no call.
    @inline(__always)
    private static func mayNeedEscape(_ byte: UInt8) -> Bool {
        // Bits 0–63: NUL, LF, CR, `"`, `&`, `'`, `*`, `-`, `.`, `:`, `<`.
        let low: UInt64 = 0x1400_64C4_0000_2401
        // Bits 64–127: `@`, `[`, `\`, `]`, `_`, `` ` ``, `w`, `|`, `~`.
        let high: UInt64 = 0x5080_0001_B800_0001
        if byte < 64 { return low & (1 << UInt64(byte)) != 0 }
        if byte < 128 { return high & (1 << UInt64(byte - 64)) != 0 }
        return false
    }

    /// The escape a line's first characters need so as not to start block syntax — `#` `>` `-`
    /// `+` `=`, `:` before `-`, a leading space or tab, the `.` or `)` after a number — and the
    /// byte range it replaces; `nil` when none does.
    @inline(__always)
    private static func lineStartEscape(_ bytes: UnsafeBufferPointer<UInt8>) -> (String, Range<Int>)? {
        let count = bytes.count
        guard count > 0 else { return nil }
        switch bytes[0] {
        case UInt8(ascii: "#"), UInt8(ascii: ">"), UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "="):
            return ("\\" + String(UnicodeScalar(bytes[0])), 0..<1)
        case UInt8(ascii: " "), UInt8(ascii: "\t"):
            return (reference(UnicodeScalar(bytes[0])), 0..<1)
        case UInt8(ascii: ":") where count > 1 && bytes[1] == UInt8(ascii: "-"):
            // `:-` could be a table's delimiter row under a line with a pipe (GFM §4.10).
            return ("\\:", 0..<1)
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            var end = 0
            while end < count, end < 10, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[end]) { end += 1 }
            guard end < count, end <= 9, bytes[end] == UInt8(ascii: ".") || bytes[end] == UInt8(ascii: ")") else { return nil }
            return ("\\" + String(UnicodeScalar(bytes[end])), end..<(end + 1))
        default:
            return nil
        }
    }

    /// The escape (a backslash form or a character reference) the ASCII byte at `index` needs in
    /// inline text, or `nil` when it is written as is.
    @inline(__always)
    private static func inlineEscape(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int, protectsFromSmartPunctuation: Bool) -> String? {
        func byte(_ position: Int) -> UInt8 { position >= 0 && position < bytes.count ? bytes[position] : 0 }
        let current = bytes[index]
        let next = byte(index + 1)
        switch current {
        case UInt8(ascii: "\\"), UInt8(ascii: "`"), UInt8(ascii: "*"), UInt8(ascii: "["), UInt8(ascii: "]"),
            UInt8(ascii: "~"), UInt8(ascii: "|"):
            return "\\" + String(UnicodeScalar(current))
        case UInt8(ascii: "_"):
            let intraword = isAlphanumeric(scalar(before: index, in: bytes)) && isAlphanumeric(scalar(at: index + 1, in: bytes))
            return intraword ? nil : "\\_"
        case UInt8(ascii: "<"):
            let opensTag =
                isASCIIAlphanumericByte(next) || next == UInt8(ascii: "/") || next == UInt8(ascii: "!") || next == UInt8(ascii: "?")
            return opensTag ? "\\<" : nil
        case UInt8(ascii: "&"):
            return isASCIIAlphanumericByte(next) || next == UInt8(ascii: "#") ? "\\&" : nil
        case UInt8(ascii: "\n"), UInt8(ascii: "\r"), 0:
            return reference(UnicodeScalar(current))
        case UInt8(ascii: "\""), UInt8(ascii: "'"):
            return protectsFromSmartPunctuation ? "\\" + String(UnicodeScalar(current)) : nil
        case UInt8(ascii: "-"), UInt8(ascii: "."):
            return protectsFromSmartPunctuation && next == current ? "\\" + String(UnicodeScalar(current)) : nil
        case UInt8(ascii: "w"):
            // GFM's autolink extension (§6.9) would link text that was not a link: written as
            // a reference, the trigger is not seen. `www.` after a start, space or `*_~(`:
            guard next == UInt8(ascii: "w"), byte(index + 2) == UInt8(ascii: "w"), byte(index + 3) == UInt8(ascii: ".") else { return nil }
            let previous = scalar(before: index, in: bytes)
            return previous == nil || isWhitespace(previous) || "*_~(".unicodeScalars.contains(previous ?? " ") ? reference("w") : nil
        case UInt8(ascii: ":"):
            // `scheme://` after a letter.
            let startsURL = next == UInt8(ascii: "/") && byte(index + 2) == UInt8(ascii: "/") && isASCIILetterByte(byte(index - 1))
            return startsURL ? reference(":") : nil
        case UInt8(ascii: "@"):
            // An address: a local-part character before, a domain character after.
            let previous = byte(index - 1)
            let localBefore =
                isASCIIAlphanumericByte(previous) || previous == UInt8(ascii: ".") || previous == UInt8(ascii: "_")
                || previous == UInt8(ascii: "+") || previous == UInt8(ascii: "-")
            return localBefore && isASCIIAlphanumericByte(next) ? reference("@") : nil
        default:
            return nil
        }
    }

    private static func isASCIIAlphanumericByte(_ byte: UInt8) -> Bool {
        isASCIILetterByte(byte) || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte)
    }

    private static func isASCIILetterByte(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte) || (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte)
    }

    /// The scalar that starts at byte `position`, or `nil` outside the bytes.
    private static func scalar(at position: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar? {
        guard position >= 0, position < bytes.count else { return nil }
        var end = position + 1
        while end < bytes.count, bytes[end] & 0xC0 == 0x80 { end += 1 }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[position..<end]), as: UTF8.self).unicodeScalars.first
    }

    /// The scalar that ends just before byte `position`, or `nil` at the start.
    private static func scalar(before position: Int, in bytes: UnsafeBufferPointer<UInt8>) -> Unicode.Scalar? {
        guard position > 0 else { return nil }
        var start = position - 1
        while start > 0, bytes[start] & 0xC0 == 0x80 { start -= 1 }
        return scalar(at: start, in: bytes)
    }

    /// A numeric character reference for `scalar` (`&#32;`); NUL, which a reader replaces with
    /// U+FFFD anyway, is written as U+FFFD.
    static func reference(_ scalar: Unicode.Scalar) -> String {
        scalar.value == 0 ? "\u{FFFD}" : "&#\(scalar.value);"
    }

    /// `escaped` with its first character written as a reference.
    static func encodingFirst(of escaped: String) -> String {
        guard let first = escaped.unicodeScalars.first else { return escaped }
        return reference(first) + String(escaped.unicodeScalars.dropFirst())
    }

    /// `escaped` with its last character written as a reference.
    static func encodingLast(of escaped: String) -> String {
        guard let last = escaped.unicodeScalars.last else { return escaped }
        return String(escaped.unicodeScalars.dropLast()) + reference(last)
    }

    // MARK: Code spans (§6.3)

    /// A code span holding `code`: the shortest backtick string whose length no backtick string
    /// in `code` has (a span closes at the first string of its opener's length), and a space
    /// inside each end when `code` begins or ends with a backtick, or begins and ends with a space
    /// (and is not all spaces) — the reader strips exactly one. Not "one longer than the longest":
    /// libcmark-gfm does not close a code span whose backtick string is longer than 80. In a table
    /// cell `|` is written `\|` (GFM §4.10 unescapes it before the span is read).
    static func codeSpan(_ code: String, inTableCell: Bool) -> String {
        var lengths = Set<Int>()
        var current = 0
        for byte in code.utf8 {
            if byte == UInt8(ascii: "`") {
                current += 1
            } else {
                if current > 0 { lengths.insert(current) }
                current = 0
            }
        }
        if current > 0 { lengths.insert(current) }
        var length = 1
        while lengths.contains(length) { length += 1 }
        let fence = String(repeating: "`", count: length)
        let first = code.unicodeScalars.first
        let last = code.unicodeScalars.last
        let allSpaces = code.unicodeScalars.allSatisfy { $0 == " " }
        let pads = first == "`" || last == "`" || (!allSpaces && first == " " && last == " ")
        var body = code
        if inTableCell { body = body.replacingOccurrences(of: "|", with: "\\|") }
        return fence + (pads ? " " : "") + body + (pads ? " " : "") + fence
    }

    // MARK: Links (§6.6)

    /// A link destination: bare with ASCII punctuation that could end or confuse it
    /// backslash-escaped, or between `<` `>` when it holds spaces or control characters; empty as
    /// `<>`.
    static func linkDestination(_ destination: String, inTableCell: Bool) -> String {
        if destination.isEmpty { return "<>" }
        let needsPointy = destination.unicodeScalars.contains { $0.value <= 0x20 || $0 == "\u{7F}" }
        var output = needsPointy ? "<" : ""
        for scalar in destination.unicodeScalars {
            switch scalar {
            case "\\", "(", ")", "<", ">", "`", "*", "_", "[", "]", "\"", "'":
                output.append("\\")
                output.unicodeScalars.append(scalar)
            case "&":
                // References are decoded before backslash escapes in destinations, titles and
                // info strings, so `\&` would not protect `&amp;`: a reference does.
                output += "&#38;"
            case "|":
                if inTableCell { output.append("\\") }
                output.unicodeScalars.append(scalar)
            case "\n", "\r":
                output += reference(scalar)
            default:
                output.unicodeScalars.append(scalar)
            }
        }
        if needsPointy { output += ">" }
        return output
    }

    /// A link title between double quotes: `"` and `\` escaped, `&` as `&#38;`.
    static func linkTitle(_ title: String, inTableCell: Bool) -> String {
        var output = ""
        for scalar in title.unicodeScalars {
            switch scalar {
            case "\"", "\\":
                output.append("\\")
                output.unicodeScalars.append(scalar)
            case "&":
                output += "&#38;"
            case "|":
                if inTableCell { output.append("\\") }
                output.unicodeScalars.append(scalar)
            default:
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }

    /// Whether a link whose whole text is `text` can be written as the autolink `<text>`
    /// (§6.5): the destination is `text` (a URI with a scheme) or `mailto:` + `text` (an email
    /// address), with no character that would end or break the autolink.
    static func isAutolinkable(text: String, destination: String) -> Bool {
        guard !text.isEmpty,
            // Entities are decoded inside autolinks, so text with `&` is not written as one.
            !text.unicodeScalars.contains(where: { $0.value <= 0x20 || $0 == "<" || $0 == ">" || $0 == "\u{7F}" || $0 == "&" })
        else { return false }
        if destination == text { return isURIAutolink(text) }
        if destination == "mailto:" + text { return isEmailAutolink(text) }
        return false
    }

    /// A scheme of 2–32 characters (letter, then letters, digits, `+`, `.`, `-`) and `:`.
    private static func isURIAutolink(_ text: String) -> Bool {
        let scalars = Array(text.unicodeScalars)
        guard let colon = scalars.firstIndex(of: ":"), (2...32).contains(colon) else { return false }
        guard let first = scalars.first, first.isASCII, first.properties.isAlphabetic else { return false }
        return scalars[1..<colon].allSatisfy { isASCIIAlphanumeric($0) || $0 == "+" || $0 == "." || $0 == "-" }
    }

    /// The email address form of §6.5.
    private static func isEmailAutolink(_ text: String) -> Bool {
        let parts = text.split(separator: "@", omittingEmptySubsequences: false)
        guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else { return false }
        let localAllowed = Set(".!#$%&'*+/=?^_`{|}~-".unicodeScalars)
        guard parts[0].unicodeScalars.allSatisfy({ isASCIIAlphanumeric($0) || localAllowed.contains($0) }) else { return false }
        for label in parts[1].split(separator: ".", omittingEmptySubsequences: false) {
            guard !label.isEmpty, label.count <= 63, label.first != "-", label.last != "-",
                label.unicodeScalars.allSatisfy({ isASCIIAlphanumeric($0) || $0 == "-" })
            else { return false }
        }
        return true
    }

    // MARK: Code blocks (§4.5)

    /// An info string: `\` escaped and `&` as `&#38;` (both are read in info strings);
    /// line breaks written as references.
    static func infoString(_ info: String) -> String {
        var output = ""
        for scalar in info.unicodeScalars {
            switch scalar {
            case "\\":
                output += "\\\\"
            case "&":
                output += "&#38;"
            case "\n", "\r":
                output += reference(scalar)
            default:
                output.unicodeScalars.append(scalar)
            }
        }
        return output
    }
}
