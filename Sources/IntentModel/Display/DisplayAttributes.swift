/// Concrete styling of a run, with AppKit/UIKit attribute names — what a text view draws.
/// Every field is optional: `nil` leaves the view's default.
public struct DisplayAttributes: Sendable, Hashable, Codable {
    /// The font (`.font`).
    public var font: FontDescriptor?
    /// The text color (`.foregroundColor`).
    public var foregroundColor: DisplayColor?
    /// The background color behind the text (`.backgroundColor`); highlights use it.
    public var backgroundColor: DisplayColor?
    /// Underline (`.underlineStyle`).
    public var underlineStyle: UnderlineStyle?
    /// Strikethrough (`.strikethroughStyle`).
    public var strikethroughStyle: UnderlineStyle?
    /// Vertical offset from the baseline in points, positive up (`.baselineOffset`).
    public var baselineOffset: Double?
    /// Superscript level: > 0 superscript, < 0 subscript (AppKit's `.superscript`).
    public var superscript: Int?
    /// Paragraph layout (`.paragraphStyle`).
    public var paragraphStyle: ParagraphStyle?

    /// Creates attributes; every field defaults to `nil`.
    public init(
        font: FontDescriptor? = nil, foregroundColor: DisplayColor? = nil, backgroundColor: DisplayColor? = nil,
        underlineStyle: UnderlineStyle? = nil, strikethroughStyle: UnderlineStyle? = nil, baselineOffset: Double? = nil,
        superscript: Int? = nil, paragraphStyle: ParagraphStyle? = nil
    ) {
        self.font = font
        self.foregroundColor = foregroundColor
        self.backgroundColor = backgroundColor
        self.underlineStyle = underlineStyle
        self.strikethroughStyle = strikethroughStyle
        self.baselineOffset = baselineOffset
        self.superscript = superscript
        self.paragraphStyle = paragraphStyle
    }

    /// Whether no field is set.
    public var isEmpty: Bool { self == DisplayAttributes() }
}
