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
    /// digit or `#` (a reference); at the start of a line also `#` `>` `-` `+` `=` and the `.` or
    /// `)` of a number (block syntax), and a leading space or tab as a reference. Line breaks,
    /// carriage returns and NUL inside text are written as references.
    /// - Parameters:
    ///   - text: The characters to write.
    ///   - atLineStart: Whether `text` begins a line of the block's content.
    ///   - protectsFromSmartPunctuation: Also escape `"`, `'`, and `-` or `.` before another one,
    ///     so a reader with smart punctuation keeps them straight.
    static func text(_ text: String, atLineStart: Bool, protectsFromSmartPunctuation: Bool) -> String {
        let scalars = Array(text.unicodeScalars)
        var output = String.UnicodeScalarView()
        output.reserveCapacity(scalars.count + 8)
        var index = 0
        if atLineStart, let first = scalars.first {
            switch first {
            case "#", ">", "-", "+", "=":
                output.append("\\")
                output.append(first)
                index = 1
            case " ", "\t":
                output.append(contentsOf: reference(first).unicodeScalars)
                index = 1
            case "0"..."9":
                var end = 0
                while end < scalars.count, end < 10, ("0"..."9").contains(scalars[end]) { end += 1 }
                if end < scalars.count, end <= 9, scalars[end] == "." || scalars[end] == ")" {
                    output.append(contentsOf: scalars[0..<end])
                    output.append("\\")
                    output.append(scalars[end])
                    index = end + 1
                }
            default:
                break
            }
        }
        while index < scalars.count {
            let scalar = scalars[index]
            let next: Unicode.Scalar? = index + 1 < scalars.count ? scalars[index + 1] : nil
            switch scalar {
            case "\\", "`", "*", "[", "]", "~", "|":
                output.append("\\")
                output.append(scalar)
            case "_":
                let previous: Unicode.Scalar? = index > 0 ? scalars[index - 1] : nil
                if !(isAlphanumeric(previous) && isAlphanumeric(next)) { output.append("\\") }
                output.append(scalar)
            case "<":
                if let next, isASCIIAlphanumeric(next) || next == "/" || next == "!" || next == "?" {
                    output.append("\\")
                }
                output.append(scalar)
            case "&":
                if let next, isASCIIAlphanumeric(next) || next == "#" { output.append("\\") }
                output.append(scalar)
            case "\n", "\r", "\0":
                output.append(contentsOf: reference(scalar).unicodeScalars)
            case "\"", "'":
                if protectsFromSmartPunctuation { output.append("\\") }
                output.append(scalar)
            case "-", ".":
                if protectsFromSmartPunctuation, next == scalar { output.append("\\") }
                output.append(scalar)
            case "w" where isExtendedAutolinkStart(scalars, at: index),
                ":" where isSchemeColon(scalars, at: index),
                "@" where isEmailAt(scalars, at: index):
                // GFM's autolink extension (§6.9) would link this text, which was not a link:
                // written as a reference, the trigger is not seen.
                output.append(contentsOf: reference(scalar).unicodeScalars)
            default:
                output.append(scalar)
            }
            index += 1
        }
        return String(output)
    }

    // MARK: GFM extended autolinks (§6.9)

    /// `www.` where the extension would start a link: at the start of the text or after
    /// whitespace, `*`, `_`, `~` or `(`.
    private static func isExtendedAutolinkStart(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        guard index + 3 < scalars.count, scalars[index + 1] == "w", scalars[index + 2] == "w", scalars[index + 3] == "."
        else { return false }
        guard index > 0 else { return true }
        let previous = scalars[index - 1]
        return isWhitespace(previous) || "*_~(".unicodeScalars.contains(previous)
    }

    /// The `:` of `scheme://` after letters (the extension links `http://`, `https://`, `ftp://`).
    private static func isSchemeColon(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        guard index > 0, index + 2 < scalars.count, scalars[index + 1] == "/", scalars[index + 2] == "/" else { return false }
        return scalars[index - 1].isASCII && scalars[index - 1].properties.isAlphabetic
    }

    /// An `@` between characters of an email address.
    private static func isEmailAt(_ scalars: [Unicode.Scalar], at index: Int) -> Bool {
        guard index > 0, index + 1 < scalars.count else { return false }
        let previous = scalars[index - 1]
        return (isASCIIAlphanumeric(previous) || "._+-".unicodeScalars.contains(previous))
            && isASCIIAlphanumeric(scalars[index + 1])
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

    /// A code span holding `code`: a backtick string one longer than the longest in `code`, and a
    /// space inside each end when `code` begins or ends with a backtick, or begins and ends with
    /// a space (and is not all spaces) — the reader strips exactly one. In a table cell `|` is
    /// written `\|` (GFM §4.10 unescapes it before the span is read).
    static func codeSpan(_ code: String, inTableCell: Bool) -> String {
        var longest = 0
        var current = 0
        for byte in code.utf8 {
            if byte == UInt8(ascii: "`") {
                current += 1
                longest = max(longest, current)
            } else {
                current = 0
            }
        }
        let fence = String(repeating: "`", count: longest + 1)
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
