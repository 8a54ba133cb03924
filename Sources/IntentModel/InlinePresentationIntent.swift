#if !canImport(Darwin) && !INTENTMARK_DARWIN_STANDIN
    /// Inline styling of a run, as an option set with Apple's raw values.
    ///
    /// Mirrors Foundation's `InlinePresentationIntent` (ObjC `NSInlinePresentationIntent`; on Apple
    /// platforms it is Foundation's own type): bits 3 and 4 are unused, as in Apple's. Nested emphasis collapses (`*a **b** c*` gives `b` the value
    /// `[.emphasized, .stronglyEmphasized]`).
    public struct InlinePresentationIntent: OptionSet, Sendable, Hashable, Codable {
        /// The raw bits.
        public var rawValue: UInt

        /// Creates a value from raw bits.
        /// - Parameter rawValue: The bits; unknown bits are kept.
        public init(rawValue: UInt) {
            self.rawValue = rawValue
        }

        /// Emphasis, `*a*` or `_a_` (raw 1).
        public static let emphasized = InlinePresentationIntent(rawValue: 1 << 0)
        /// Strong emphasis, `**a**` or `__a__` (raw 2).
        public static let stronglyEmphasized = InlinePresentationIntent(rawValue: 1 << 1)
        /// A code span (raw 4).
        public static let code = InlinePresentationIntent(rawValue: 1 << 2)
        /// GFM strikethrough, `~a~` or `~~a~~` (raw 32).
        public static let strikethrough = InlinePresentationIntent(rawValue: 1 << 5)
        /// A soft line break (raw 64); the run's text is `" "`.
        public static let softBreak = InlinePresentationIntent(rawValue: 1 << 6)
        /// A hard line break (raw 128); the run's text is U+2028 LINE SEPARATOR.
        public static let lineBreak = InlinePresentationIntent(rawValue: 1 << 7)
        /// Raw inline HTML (raw 256); the run's text is the HTML as written.
        public static let inlineHTML = InlinePresentationIntent(rawValue: 1 << 8)
        /// Raw block HTML (raw 512); the run's text is the HTML block as written.
        public static let blockHTML = InlinePresentationIntent(rawValue: 1 << 9)
    }

    extension InlinePresentationIntent: CustomDebugStringConvertible {
        /// Apple's print style: `NSInlinePresentationIntent(rawValue: 3)`.
        public var debugDescription: String { "NSInlinePresentationIntent(rawValue: \(rawValue))" }
    }
#endif

extension InlinePresentationIntent {
    /// The named options in raw-value order, with their names as the JSON form spells them.
    public static let named: [(name: String, option: InlinePresentationIntent)] = [
        ("emphasized", .emphasized), ("stronglyEmphasized", .stronglyEmphasized), ("code", .code),
        ("strikethrough", .strikethrough), ("softBreak", .softBreak), ("lineBreak", .lineBreak),
        ("inlineHTML", .inlineHTML), ("blockHTML", .blockHTML),
    ]

    /// The names of the options set, in raw-value order (`["emphasized", "code"]`); unknown bits
    /// appear as `"bit N"`.
    public var names: [String] {
        var result: [String] = []
        var rest = rawValue
        for (name, option) in Self.named where contains(option) {
            result.append(name)
            rest &= ~option.rawValue
        }
        var bit: UInt = 0
        while rest != 0 {
            if rest & 1 != 0 { result.append("bit \(bit)") }
            rest >>= 1
            bit += 1
        }
        return result
    }
}
