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
    /// The paragraph's base writing direction (`baseWritingDirection`); ``WritingDirection/natural``
    /// by default.
    public var baseWritingDirection: WritingDirection

    /// Creates a style; every length defaults to 0, alignment and writing direction to natural,
    /// no lists or blocks.
    public init(
        headIndent: Double = 0, firstLineHeadIndent: Double = 0, tailIndent: Double = 0,
        paragraphSpacingBefore: Double = 0, paragraphSpacing: Double = 0, lineHeightMultiple: Double = 0,
        alignment: TextAlignment = .natural, textLists: [TextList] = [], textBlocks: [TextTableBlock] = [],
        baseWritingDirection: WritingDirection = .natural
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
        self.baseWritingDirection = baseWritingDirection
    }

    private enum CodingKeys: String, CodingKey {
        case headIndent, firstLineHeadIndent, tailIndent, paragraphSpacingBefore, paragraphSpacing, lineHeightMultiple
        case alignment, textLists, textBlocks, baseWritingDirection
    }

    /// Decodes a style; `baseWritingDirection` may be missing (documents written before it
    /// existed) and is then ``WritingDirection/natural``.
    /// - Throws: `DecodingError` when another key is missing or a value has the wrong type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        headIndent = try container.decode(Double.self, forKey: .headIndent)
        firstLineHeadIndent = try container.decode(Double.self, forKey: .firstLineHeadIndent)
        tailIndent = try container.decode(Double.self, forKey: .tailIndent)
        paragraphSpacingBefore = try container.decode(Double.self, forKey: .paragraphSpacingBefore)
        paragraphSpacing = try container.decode(Double.self, forKey: .paragraphSpacing)
        lineHeightMultiple = try container.decode(Double.self, forKey: .lineHeightMultiple)
        alignment = try container.decode(TextAlignment.self, forKey: .alignment)
        textLists = try container.decode([TextList].self, forKey: .textLists)
        textBlocks = try container.decode([TextTableBlock].self, forKey: .textBlocks)
        baseWritingDirection = try container.decodeIfPresent(WritingDirection.self, forKey: .baseWritingDirection) ?? .natural
    }

    /// Encodes every field; `baseWritingDirection` only when it is not natural, so documents
    /// without right-to-left text read as before.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(headIndent, forKey: .headIndent)
        try container.encode(firstLineHeadIndent, forKey: .firstLineHeadIndent)
        try container.encode(tailIndent, forKey: .tailIndent)
        try container.encode(paragraphSpacingBefore, forKey: .paragraphSpacingBefore)
        try container.encode(paragraphSpacing, forKey: .paragraphSpacing)
        try container.encode(lineHeightMultiple, forKey: .lineHeightMultiple)
        try container.encode(alignment, forKey: .alignment)
        try container.encode(textLists, forKey: .textLists)
        try container.encode(textBlocks, forKey: .textBlocks)
        if baseWritingDirection != .natural { try container.encode(baseWritingDirection, forKey: .baseWritingDirection) }
    }
}
