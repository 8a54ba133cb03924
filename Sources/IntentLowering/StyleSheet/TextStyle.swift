import IntentModel

/// One slot of a ``StyleSheet``: changes to the display attributes of the text it applies to.
///
/// Every field is optional; `nil` leaves what enclosing styles set. Indents **add up** through
/// nested contexts (a quote in a list item is indented by both); every other field **replaces**
/// the value set by an outer context. Sizes and indents are in points.
public struct TextStyle: Sendable, Hashable, Codable {
    /// Font design.
    public var fontDesign: FontDescriptor.Design?
    /// Font size in points (replaces the inherited size).
    public var fontSize: Double?
    /// Factor applied to the inherited font size (after ``fontSize``); code uses 0.88.
    public var fontSizeScale: Double?
    /// Font weight.
    public var fontWeight: FontDescriptor.Weight?
    /// Italic or not.
    public var isItalic: Bool?
    /// Text color.
    public var foregroundColor: DisplayColor?
    /// Background color.
    public var backgroundColor: DisplayColor?
    /// Underline.
    public var underlineStyle: UnderlineStyle?
    /// Strikethrough.
    public var strikethroughStyle: UnderlineStyle?
    /// Baseline offset, points.
    public var baselineOffset: Double?
    /// Superscript level.
    public var superscript: Int?
    /// Added to the head indent of lines after the first, points.
    public var headIndent: Double?
    /// Added to the first line's head indent, points.
    public var firstLineHeadIndent: Double?
    /// Tail indent, points.
    public var tailIndent: Double?
    /// Space before the paragraph, points.
    public var paragraphSpacingBefore: Double?
    /// Space after the paragraph, points.
    public var paragraphSpacing: Double?
    /// Line height multiple.
    public var lineHeightMultiple: Double?
    /// Paragraph alignment.
    public var alignment: TextAlignment?

    /// Creates a style; every field defaults to `nil` (no change).
    public init(
        fontDesign: FontDescriptor.Design? = nil, fontSize: Double? = nil, fontSizeScale: Double? = nil,
        fontWeight: FontDescriptor.Weight? = nil, isItalic: Bool? = nil, foregroundColor: DisplayColor? = nil,
        backgroundColor: DisplayColor? = nil, underlineStyle: UnderlineStyle? = nil,
        strikethroughStyle: UnderlineStyle? = nil, baselineOffset: Double? = nil, superscript: Int? = nil,
        headIndent: Double? = nil, firstLineHeadIndent: Double? = nil, tailIndent: Double? = nil,
        paragraphSpacingBefore: Double? = nil, paragraphSpacing: Double? = nil, lineHeightMultiple: Double? = nil,
        alignment: TextAlignment? = nil
    ) {
        self.fontDesign = fontDesign
        self.fontSize = fontSize
        self.fontSizeScale = fontSizeScale
        self.fontWeight = fontWeight
        self.isItalic = isItalic
        self.foregroundColor = foregroundColor
        self.backgroundColor = backgroundColor
        self.underlineStyle = underlineStyle
        self.strikethroughStyle = strikethroughStyle
        self.baselineOffset = baselineOffset
        self.superscript = superscript
        self.headIndent = headIndent
        self.firstLineHeadIndent = firstLineHeadIndent
        self.tailIndent = tailIndent
        self.paragraphSpacingBefore = paragraphSpacingBefore
        self.paragraphSpacing = paragraphSpacing
        self.lineHeightMultiple = lineHeightMultiple
        self.alignment = alignment
    }

    /// No change.
    public static let unchanged = TextStyle()

    /// `attributes` with this style's changes applied (see the type's rules).
    /// - Parameter attributes: The attributes of the enclosing context.
    /// - Returns: The attributes inside this context.
    public func applied(to attributes: DisplayAttributes) -> DisplayAttributes {
        var result = attributes
        if fontDesign != nil || fontSize != nil || fontSizeScale != nil || fontWeight != nil || isItalic != nil {
            var font = result.font ?? FontDescriptor(size: 17)
            if let fontDesign { font.design = fontDesign }
            if let fontSize { font.size = fontSize }
            if let fontSizeScale { font.size = (font.size * fontSizeScale * 100).rounded() / 100 }
            if let fontWeight { font.weight = fontWeight }
            if let isItalic { font.isItalic = isItalic }
            result.font = font
        }
        if let foregroundColor { result.foregroundColor = foregroundColor }
        if let backgroundColor { result.backgroundColor = backgroundColor }
        if let underlineStyle { result.underlineStyle = underlineStyle }
        if let strikethroughStyle { result.strikethroughStyle = strikethroughStyle }
        if let baselineOffset { result.baselineOffset = baselineOffset }
        if let superscript { result.superscript = superscript }
        if headIndent != nil || firstLineHeadIndent != nil || tailIndent != nil || paragraphSpacingBefore != nil
            || paragraphSpacing != nil || lineHeightMultiple != nil || alignment != nil
        {
            var paragraph = result.paragraphStyle ?? ParagraphStyle()
            if let headIndent { paragraph.headIndent += headIndent }
            if let firstLineHeadIndent { paragraph.firstLineHeadIndent += firstLineHeadIndent }
            if let tailIndent { paragraph.tailIndent = tailIndent }
            if let paragraphSpacingBefore { paragraph.paragraphSpacingBefore = paragraphSpacingBefore }
            if let paragraphSpacing { paragraph.paragraphSpacing = paragraphSpacing }
            if let lineHeightMultiple { paragraph.lineHeightMultiple = lineHeightMultiple }
            if let alignment { paragraph.alignment = alignment }
            result.paragraphStyle = paragraph
        }
        return result
    }
}
