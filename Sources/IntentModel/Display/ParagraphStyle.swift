/// Paragraph layout, as `NSParagraphStyle` describes it. Lengths are in points.
public struct ParagraphStyle: Sendable, Hashable, Codable {
    /// Indent of lines after the first, from the leading margin (`headIndent`).
    public var headIndent: Double
    /// Indent of the first line (`firstLineHeadIndent`).
    public var firstLineHeadIndent: Double
    /// Trailing indent: positive from the leading margin, negative or 0 from the trailing one
    /// (`tailIndent`).
    public var tailIndent: Double
    /// Space before the paragraph (`paragraphSpacingBefore`).
    public var paragraphSpacingBefore: Double
    /// Space after the paragraph (`paragraphSpacing`).
    public var paragraphSpacing: Double
    /// Line height multiple; 0 is the font's natural height (`lineHeightMultiple`).
    public var lineHeightMultiple: Double
    /// Alignment (`alignment`).
    public var alignment: TextAlignment
    /// The lists the paragraph is in, outermost first (`textLists`).
    public var textLists: [TextList]
    /// The table cells the paragraph is in, outermost first (`textBlocks`).
    public var textBlocks: [TextTableBlock]

    /// Creates a style; every length defaults to 0, alignment to natural, no lists or blocks.
    public init(
        headIndent: Double = 0, firstLineHeadIndent: Double = 0, tailIndent: Double = 0,
        paragraphSpacingBefore: Double = 0, paragraphSpacing: Double = 0, lineHeightMultiple: Double = 0,
        alignment: TextAlignment = .natural, textLists: [TextList] = [], textBlocks: [TextTableBlock] = []
    ) {
        self.headIndent = headIndent
        self.firstLineHeadIndent = firstLineHeadIndent
        self.tailIndent = tailIndent
        self.paragraphSpacingBefore = paragraphSpacingBefore
        self.paragraphSpacing = paragraphSpacing
        self.lineHeightMultiple = lineHeightMultiple
        self.alignment = alignment
        self.textLists = textLists
        self.textBlocks = textBlocks
    }
}
