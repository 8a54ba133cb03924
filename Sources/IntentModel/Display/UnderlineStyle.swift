/// Line style for underlines and strikethroughs, with `NSUnderlineStyle`'s raw values.
///
/// A style combines one line kind (`single` 0x01, `thick` 0x02, `double` 0x09), at most one pattern
/// (`patternDot` 0x100, `patternDash` 0x200, `patternDashDot` 0x300, `patternDashDotDot` 0x400)
/// and `byWord` (0x8000).
public struct UnderlineStyle: OptionSet, Sendable, Hashable, Codable {
    /// The raw value, as `NSUnderlineStyle.rawValue`.
    public var rawValue: Int

    /// Creates a style from its raw value.
    /// - Parameter rawValue: `NSUnderlineStyle` bits.
    public init(rawValue: Int) { self.rawValue = rawValue }

    /// A single line (0x01).
    public static let single = UnderlineStyle(rawValue: 0x01)
    /// A thick line (0x02).
    public static let thick = UnderlineStyle(rawValue: 0x02)
    /// A double line (0x09).
    public static let double = UnderlineStyle(rawValue: 0x09)
    /// Dotted (0x100).
    public static let patternDot = UnderlineStyle(rawValue: 0x100)
    /// Dashed (0x200).
    public static let patternDash = UnderlineStyle(rawValue: 0x200)
    /// Dash-dot (0x300).
    public static let patternDashDot = UnderlineStyle(rawValue: 0x300)
    /// Dash-dot-dot (0x400).
    public static let patternDashDotDot = UnderlineStyle(rawValue: 0x400)
    /// Only under words, not spaces (0x8000).
    public static let byWord = UnderlineStyle(rawValue: 0x8000)
}
