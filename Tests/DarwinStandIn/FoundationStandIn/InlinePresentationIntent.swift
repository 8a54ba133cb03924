/// https://developer.apple.com/documentation/foundation/inlinepresentationintent
///
/// Imported from the Objective-C `NS_OPTIONS` type `NSInlinePresentationIntent` (values from
/// https://developer.apple.com/documentation/foundation/nsinlinepresentationintent).
public struct InlinePresentationIntent: OptionSet, Hashable, Codable, Sendable {
    /// https://developer.apple.com/documentation/foundation/inlinepresentationintent/rawvalue
    public var rawValue: UInt
    /// https://developer.apple.com/documentation/foundation/inlinepresentationintent/init(rawvalue:)
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// https://developer.apple.com/documentation/foundation/inlinepresentationintent/emphasized
    public static let emphasized = InlinePresentationIntent(rawValue: 1 << 0)
    /// https://developer.apple.com/documentation/foundation/inlinepresentationintent/stronglyemphasized
    public static let stronglyEmphasized = InlinePresentationIntent(rawValue: 1 << 1)
    /// https://developer.apple.com/documentation/foundation/inlinepresentationintent/code
    public static let code = InlinePresentationIntent(rawValue: 1 << 2)
    /// https://developer.apple.com/documentation/foundation/inlinepresentationintent/strikethrough
    public static let strikethrough = InlinePresentationIntent(rawValue: 1 << 5)
    /// https://developer.apple.com/documentation/foundation/inlinepresentationintent/softbreak
    public static let softBreak = InlinePresentationIntent(rawValue: 1 << 6)
    /// https://developer.apple.com/documentation/foundation/inlinepresentationintent/linebreak
    public static let lineBreak = InlinePresentationIntent(rawValue: 1 << 7)
    /// https://developer.apple.com/documentation/foundation/inlinepresentationintent/inlinehtml
    public static let inlineHTML = InlinePresentationIntent(rawValue: 1 << 8)
    /// https://developer.apple.com/documentation/foundation/inlinepresentationintent/blockhtml
    public static let blockHTML = InlinePresentationIntent(rawValue: 1 << 9)
}
