/// How many terminal cells text takes, from Unicode's data: a character of East Asian Width
/// Wide or Fullwidth, or with emoji presentation by default (Emoji_Presentation), takes 2; a
/// combining or enclosing mark, a format character (zero-width space, joiners), a control
/// character and a Hangul medial vowel or final consonant take 0; everything else 1 — the rules
/// of `wcwidth` as terminals apply them, with the tables of ``unicodeVersion``.
///
/// A grapheme cluster takes the width of its first scalar that has one, except that the emoji
/// presentation selector (U+FE0F) makes it 2 (`☺️`) and the text presentation selector (U+FE0E)
/// makes it 1. So `🖋` (East Asian Width N, no default emoji presentation) is one cell and `🖋️`
/// two, `😀` two, a flag (two regional indicators) two, `é` written as `e` and a combining accent
/// one.
///
/// Swift's standard library exposes no East Asian Width property, and no Unicode width library
/// is reachable from this build: the ranges are generated from the Unicode Character Database by
/// `scripts/generate-unicode-tables` and tested against it code point by code point.
public enum TerminalCellWidth {
    /// The version of the Unicode Character Database the width tables come from (`"15.0.0"`).
    public static var unicodeVersion: String { UnicodeTables.version }

    /// The width of `text` in terminal cells, summed over its grapheme clusters.
    /// - Parameter text: Any text; a line break counts 0.
    /// - Returns: Cells, ≥ 0.
    public static func of<Text: StringProtocol>(_ text: Text) -> Int {
        var total = 0
        for character in text { total += of(character) }
        return total
    }

    /// The width of one grapheme cluster: 2 with the emoji presentation selector, 1 with the
    /// text presentation selector, else the width of its first scalar that is not zero-width
    /// (0 when all are).
    public static func of(_ character: Character) -> Int {
        var width = 0
        for scalar in character.unicodeScalars {
            switch scalar.value {
            case 0xFE0F: return 2
            case 0xFE0E: return 1
            default: if width == 0 { width = of(scalar) }
            }
        }
        return width
    }

    /// The width of one scalar: 0, 1 or 2 cells, as described above.
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (value >= 0x7F && value < 0xA0) { return 0 }
        if value < 0x300 { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        // Hangul Jamo medial vowels and final consonants join the syllable before them.
        if (0x1160...0x11FF).contains(value) || (0xD7B0...0xD7FF).contains(value) { return 0 }
        return UnicodeTables.isWide(scalar) ? 2 : 1
    }
}
