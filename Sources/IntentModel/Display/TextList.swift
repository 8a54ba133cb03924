/// A list in a paragraph style, as AppKit's `NSTextList` describes it.
///
/// `ParagraphStyle.textLists` holds the lists a paragraph is in, **outermost first** (the reverse
/// of ``PresentationIntent/components``).
public struct TextList: Sendable, Hashable, Codable {
    /// The marker format (`NSTextList.MarkerFormat`).
    public var markerFormat: MarkerFormat
    /// The number of the list's first item (`startingItemNumber`).
    public var startingItemNumber: Int
    /// Whether markers include the enclosing list's marker (`.prependEnclosingMarker`).
    public var prependsEnclosingMarker: Bool
    /// The identity of the list block this list comes from, when lowered from intents.
    public var identity: Int?

    /// Creates a list.
    /// - Parameters:
    ///   - markerFormat: The marker format.
    ///   - startingItemNumber: First item's number.
    ///   - prependsEnclosingMarker: The prepend option.
    ///   - identity: The list block's identity, or `nil`.
    public init(markerFormat: MarkerFormat, startingItemNumber: Int = 1, prependsEnclosingMarker: Bool = false, identity: Int? = nil) {
        self.markerFormat = markerFormat
        self.startingItemNumber = startingItemNumber
        self.prependsEnclosingMarker = prependsEnclosingMarker
        self.identity = identity
    }

    /// `NSTextList.MarkerFormat` values; the raw value is the format string (`{disc}`).
    public enum MarkerFormat: String, Sendable, Hashable, Codable, CaseIterable {
        /// `{box}`.
        case box = "{box}"
        /// `{check}`.
        case check = "{check}"
        /// `{circle}`.
        case circle = "{circle}"
        /// `{diamond}`.
        case diamond = "{diamond}"
        /// `{disc}`.
        case disc = "{disc}"
        /// `{hyphen}`.
        case hyphen = "{hyphen}"
        /// `{square}`.
        case square = "{square}"
        /// `{lower-hexadecimal}`.
        case lowerHexadecimal = "{lower-hexadecimal}"
        /// `{upper-hexadecimal}`.
        case upperHexadecimal = "{upper-hexadecimal}"
        /// `{octal}`.
        case octal = "{octal}"
        /// `{lower-alpha}`.
        case lowerAlpha = "{lower-alpha}"
        /// `{upper-alpha}`.
        case upperAlpha = "{upper-alpha}"
        /// `{lower-latin}`.
        case lowerLatin = "{lower-latin}"
        /// `{upper-latin}`.
        case upperLatin = "{upper-latin}"
        /// `{lower-roman}`.
        case lowerRoman = "{lower-roman}"
        /// `{upper-roman}`.
        case upperRoman = "{upper-roman}"
        /// `{decimal}`.
        case decimal = "{decimal}"

        /// Whether the format numbers items (decimal, alphabetic, roman, hexadecimal, octal).
        public var isOrdered: Bool {
            switch self {
            case .box, .check, .circle, .diamond, .disc, .hyphen, .square: return false
            case .lowerHexadecimal, .upperHexadecimal, .octal, .lowerAlpha, .upperAlpha, .lowerLatin, .upperLatin,
                .lowerRoman, .upperRoman, .decimal:
                return true
            }
        }
    }
}
