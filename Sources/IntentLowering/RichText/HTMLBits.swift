import IntentModel

/// ``IntentModel/InlinePresentationIntent`` raw bits of raw HTML and hard breaks as literals, for
/// per-run tests: building the option set from its static members (or from an array literal) per
/// run costs a `swift_once` or an allocation.
enum HTMLBits {
    static let lineBreak: UInt = 1 << 7
    static let inlineHTML: UInt = 1 << 8
    static let blockHTML: UInt = 1 << 9
    /// Either kind of raw HTML.
    static let either: UInt = inlineHTML | blockHTML
}
