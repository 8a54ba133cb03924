/// How many terminal cells text takes: East Asian Wide and Fullwidth characters and emoji take 2,
/// combining marks and other zero-width characters 0, everything else 1 (the `wcwidth` rules).
///
/// Written here because no maintained Unicode width library is reachable from this build (Swift's
/// standard library exposes no East Asian Width property); the ranges follow Unicode 15's
/// `EastAsianWidth.txt` (W and F) for the blocks in common use.
public enum TerminalCellWidth {
    /// The width of `text` in terminal cells, summed over its grapheme clusters.
    /// - Parameter text: Any text; a line break counts 0.
    /// - Returns: Cells, ≥ 0.
    public static func of<Text: StringProtocol>(_ text: Text) -> Int {
        var total = 0
        for character in text { total += of(character) }
        return total
    }

    /// The width of one grapheme cluster: 2 when it is an emoji presentation sequence or starts
    /// with a wide scalar, 0 when it is only zero-width scalars, else 1.
    public static func of(_ character: Character) -> Int {
        var width = 0
        for (offset, scalar) in character.unicodeScalars.enumerated() {
            if scalar.value == 0xFE0F { return 2 }  // emoji presentation selector
            if offset == 0 {
                width = of(scalar)
            } else if width == 0 {
                width = of(scalar)
            }
        }
        return width
    }

    /// The width of one scalar.
    public static func of(_ scalar: Unicode.Scalar) -> Int {
        let value = scalar.value
        if value < 0x20 || (value >= 0x7F && value < 0xA0) { return 0 }
        if value < 0x300 { return 1 }
        switch scalar.properties.generalCategory {
        case .nonspacingMark, .enclosingMark, .format: return 0
        default: break
        }
        if value == 0x200B || (value >= 0x1160 && value <= 0x11FF) { return 0 }
        if scalar.properties.isEmojiPresentation { return 2 }
        return isWide(value) ? 2 : 1
    }

    private static func isWide(_ value: UInt32) -> Bool {
        switch value {
        case 0x1100...0x115F, 0x231A...0x231B, 0x2329...0x232A, 0x2E80...0x303E, 0x3041...0x33FF,
            0x3400...0x4DBF, 0x4E00...0x9FFF, 0xA000...0xA4CF, 0xA960...0xA97F, 0xAC00...0xD7A3,
            0xF900...0xFAFF, 0xFE10...0xFE19, 0xFE30...0xFE6F, 0xFF00...0xFF60, 0xFFE0...0xFFE6,
            0x16FE0...0x16FE4, 0x17000...0x18CFF, 0x1AFF0...0x1B2FF, 0x1F200...0x1F2FF, 0x1F300...0x1F64F,
            0x1F900...0x1F9FF, 0x20000...0x2FFFD, 0x30000...0x3FFFD:
            return true
        default:
            return false
        }
    }
}
