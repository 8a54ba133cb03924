/// Text for one line of standard error: control characters (C0, DEL and C1, which a file name may
/// hold) written as escapes — `\n`, `\r`, `\t`, else `\u{1B}` — so that a message stays on its
/// line and a name cannot forge another line or drive the terminal.
///
/// ```swift
/// OneLineText.escaping("docs/evil\nintentmark: converted 99 of 99 files.md")
/// // "docs/evil\\nintentmark: converted 99 of 99 files.md"
/// ```
enum OneLineText {
    /// `text` with its control characters escaped (unchanged when it has none).
    static func escaping(_ text: String) -> String {
        guard text.unicodeScalars.contains(where: isControl) else { return text }
        var escaped = ""
        escaped.reserveCapacity(text.utf8.count + 8)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\n": escaped += "\\n"
            case "\r": escaped += "\\r"
            case "\t": escaped += "\\t"
            case _ where isControl(scalar): escaped += "\\u{" + String(scalar.value, radix: 16, uppercase: true) + "}"
            default: escaped.unicodeScalars.append(scalar)
            }
        }
        return escaped
    }

    /// U+0000–U+001F, U+007F and U+0080–U+009F.
    private static func isControl(_ scalar: Unicode.Scalar) -> Bool {
        scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
    }
}
