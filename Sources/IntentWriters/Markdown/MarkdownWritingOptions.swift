/// Options of the Markdown writer, in the style of a Markdown formatter (Prettier, mdformat,
/// cmark's `--to commonmark`). Every option changes only how the Markdown looks: the written
/// Markdown parses back to an equivalent document whichever values are chosen.
public struct MarkdownWritingOptions: Sendable, Hashable, Codable {
    /// The delimiter of emphasis: `*text*` or `_text_`. Default ``EmphasisMarker/asterisk``.
    /// Where the chosen character could not open or close (inside a word for `_`, or next to the
    /// other delimiter of the same character), the writer uses the other one.
    public var emphasisMarker: EmphasisMarker
    /// The delimiter of strong emphasis: `**text**` or `__text__`. Default
    /// ``EmphasisMarker/asterisk``.
    public var strongMarker: EmphasisMarker
    /// The bullet of unordered list items (CommonMark §5.2). Default ``BulletMarker/hyphen``.
    public var bulletMarker: BulletMarker
    /// The delimiter after the number of an ordered list item: `1.` or `1)`. Default
    /// ``OrderedListDelimiter/period``.
    public var orderedListDelimiter: OrderedListDelimiter
    /// The character of code fences (CommonMark §4.5). Default ``CodeFenceCharacter/backtick``.
    /// A backtick fence cannot carry an info string with a backtick; such blocks get `~~~`.
    public var codeFenceCharacter: CodeFenceCharacter
    /// ATX (`## Title`) or setext (`Title` over `---`) headings. Setext exists for levels 1 and 2
    /// only; other levels are ATX whatever this says, and a heading that holds a line break is
    /// setext when its level allows. Default ``HeadingStyle/atx``.
    public var headingStyle: HeadingStyle
    /// How a hard line break is written: a backslash before the newline, or two spaces. Default
    /// ``HardBreakStyle/backslash`` (visible, and not stripped by editors).
    public var hardBreakStyle: HardBreakStyle
    /// Keep the source's own list delimiters and code fences where the document records them
    /// (``IntentModel/BlockMarkup/listItemDelimiter``, ``IntentModel/BlockMarkup/codeFence``);
    /// `false` writes the markers chosen above everywhere. Default `true`.
    public var keepsSourceDelimiters: Bool
    /// How display attributes that Markdown has no syntax for and no recorded tag explains
    /// (underline, strikethrough without an intent, superscript, subscript) are written; fonts,
    /// colours and highlight without a recorded tag are not written. Default
    /// ``DisplayAttributeSyntax/htmlTags``.
    public var displayAttributeSyntax: DisplayAttributeSyntax
    /// Wrap paragraphs at this many characters (Unicode scalars, prefixes included) by turning
    /// spaces into line breaks; `nil` (the default) keeps each paragraph's own lines. Wrapping
    /// turns spaces into soft breaks, so the re-parsed text has `softBreak` runs where spaces were.
    public var lineWidth: Int?
    /// Escape straight quotes and runs of `-` and `.` so that a reader with smart punctuation on
    /// (`--smart`, `CMARK_OPT_SMART`) keeps them as they are. Default `false`: the Markdown is
    /// read as written, without smart punctuation.
    public var protectsFromSmartPunctuation: Bool
    /// Write a document parsed from Markdown as its author wrote it: every top-level block not
    /// edited since (and everything between blocks: blank lines, link reference definitions, front
    /// matter) byte for byte, line endings kept; edited and new blocks written with these options,
    /// in the source's line endings, where they stand. Inside an edited list or block quote, the
    /// items and quoted blocks no edit touched keep their lines too (the Outputs article lists the
    /// exceptions Markdown forces). Default `true`. `false` writes every block
    /// anew (a formatter's output). Documents without a Markdown source (built by hand, read from
    /// JSON or an `AttributedString`) are always written anew.
    public var preservesSource: Bool
    /// Escape a character only where leaving it would change libcmark-gfm's reading: the writer
    /// escapes wherever a character could be syntax, then asks the parser, block by block, which
    /// escapes can go (bounded to parsing the output a few times; past that the rest stay). Blocks
    /// are asked about on every active core when those holding escapes add up to 64 KiB or more;
    /// the result is the same on any number of cores. Default `true`. `false` is faster and keeps
    /// every cautious escape.
    public var minimizesEscapes: Bool
    /// When writing a document that remembers its Markdown source (``preservesSource``), write its
    /// edited and new blocks in the source's own conventions where the source shows them: the
    /// emphasis and strong delimiters, heading style (levels 1 and 2), hard-break style, bullet,
    /// ordered-list delimiter and fence character its blocks use most, where its list items'
    /// content starts (``listItemIndent``) and whether its tables are padded
    /// (``padsTableColumns``) (a tie keeps the option).
    /// The options above apply where the source has no example, and a block's own recorded
    /// delimiter or fence still wins with ``keepsSourceDelimiters`` (Markdown pasted with `-`
    /// bullets keeps them). Learning costs one more parse of the source, on the first block
    /// written anew (none when every block is written from source). Default `true`.
    public var learnsConventions: Bool
    /// Pad every table cell with spaces so that the columns line up: each column as wide as its
    /// widest cell in terminal cells (a CJK character or an emoji takes two), the delimiter row's
    /// dashes as wide, its alignment colons kept, and each cell placed as its column aligns (a
    /// right-aligned column's cells padded on the left, a centered one's on both sides). The
    /// table reads the same (GFM trims cells).
    /// Default `false`: cells are written `| a | b |`. With ``learnsConventions``, a source whose
    /// tables are mostly padded this way turns it on for the tables written anew in it (and one
    /// whose tables mostly are not turns it off).
    public var padsTableColumns: Bool
    /// Where a list item's content starts after its marker. Default ``ListItemIndent/oneSpace``
    /// (`- item`, `1. item`); ``ListItemIndent/tabStop`` puts it at the item's fourth column
    /// (`-   item`, `1.  item`, `10. item`), as many authors align it. Learned from the source's
    /// items with ``learnsConventions``.
    public var listItemIndent: ListItemIndent

    /// `*` or `_`.
    public enum EmphasisMarker: String, Sendable, Hashable, Codable, CaseIterable {
        /// `*`, which works inside words too.
        case asterisk
        /// `_`, which CommonMark does not let open or close inside a word.
        case underscore
    }

    /// The bullet characters of CommonMark (§5.2).
    public enum BulletMarker: String, Sendable, Hashable, Codable, CaseIterable {
        /// `-`
        case hyphen
        /// `*`
        case asterisk
        /// `+`
        case plus
    }

    /// The delimiters of ordered list items (§5.2).
    public enum OrderedListDelimiter: String, Sendable, Hashable, Codable, CaseIterable {
        /// `1.`
        case period
        /// `1)`
        case parenthesis
    }

    /// The fence characters of fenced code blocks (§4.5).
    public enum CodeFenceCharacter: String, Sendable, Hashable, Codable, CaseIterable {
        /// Three backticks.
        case backtick
        /// `~~~`
        case tilde
    }

    /// The two heading syntaxes (§4.2 ATX, §4.3 setext).
    public enum HeadingStyle: String, Sendable, Hashable, Codable, CaseIterable {
        /// `# Title` … `###### Title`.
        case atx
        /// `Title` underlined with `===` (level 1) or `---` (level 2).
        case setext
    }

    /// Where a list item's content starts after its marker (§5.2 allows one to four spaces).
    public enum ListItemIndent: String, Sendable, Hashable, Codable, CaseIterable {
        /// One space after the marker: `- item`, `1. item`.
        case oneSpace
        /// At the fourth column from the marker's start (a tab stop), one space at least:
        /// `-   item`, `1.  item`, `10. item`.
        case tabStop
    }

    /// The two hard line break syntaxes (§6.7).
    public enum HardBreakStyle: String, Sendable, Hashable, Codable, CaseIterable {
        /// `\` at the end of the line.
        case backslash
        /// Two spaces at the end of the line.
        case spaces
    }

    /// How display attributes without Markdown syntax are written.
    public enum DisplayAttributeSyntax: String, Sendable, Hashable, Codable, CaseIterable {
        /// Inline HTML formatting tags: `<u>`, `<s>`, `<sup>`, `<sub>` (a parsed document's own
        /// tags, `<mark>` and `<kbd>` included, are always written as they were).
        case htmlTags
        /// Apple's extended attributes: `^[text](underline: true)` and so on.
        case extendedAttributes
        /// Not written (the text stays; the attribute is dropped).
        case none
    }

    /// Creates options; each defaults as documented on its property.
    public init(
        emphasisMarker: EmphasisMarker = .asterisk, strongMarker: EmphasisMarker = .asterisk,
        bulletMarker: BulletMarker = .hyphen, orderedListDelimiter: OrderedListDelimiter = .period,
        codeFenceCharacter: CodeFenceCharacter = .backtick, headingStyle: HeadingStyle = .atx,
        hardBreakStyle: HardBreakStyle = .backslash, keepsSourceDelimiters: Bool = true,
        displayAttributeSyntax: DisplayAttributeSyntax = .htmlTags, lineWidth: Int? = nil,
        protectsFromSmartPunctuation: Bool = false, preservesSource: Bool = true, minimizesEscapes: Bool = true,
        learnsConventions: Bool = true, padsTableColumns: Bool = false, listItemIndent: ListItemIndent = .oneSpace
    ) {
        self.learnsConventions = learnsConventions
        self.padsTableColumns = padsTableColumns
        self.listItemIndent = listItemIndent
        self.protectsFromSmartPunctuation = protectsFromSmartPunctuation
        self.preservesSource = preservesSource
        self.minimizesEscapes = minimizesEscapes
        self.emphasisMarker = emphasisMarker
        self.strongMarker = strongMarker
        self.bulletMarker = bulletMarker
        self.orderedListDelimiter = orderedListDelimiter
        self.codeFenceCharacter = codeFenceCharacter
        self.headingStyle = headingStyle
        self.hardBreakStyle = hardBreakStyle
        self.keepsSourceDelimiters = keepsSourceDelimiters
        self.displayAttributeSyntax = displayAttributeSyntax
        self.lineWidth = lineWidth
    }

    /// The defaults: `*`, `**`, `-`, `1.`, backtick fences, ATX headings, backslash hard breaks,
    /// source delimiters kept, HTML tags for display attributes, no wrapping, source preserved
    /// and its conventions learned, table cells not padded, one space after list markers.
    public static let `default` = MarkdownWritingOptions()

    private enum CodingKeys: String, CodingKey {
        case emphasisMarker, strongMarker, bulletMarker, orderedListDelimiter, codeFenceCharacter, headingStyle,
            hardBreakStyle, keepsSourceDelimiters, displayAttributeSyntax, lineWidth, protectsFromSmartPunctuation,
            preservesSource, minimizesEscapes, learnsConventions, padsTableColumns, listItemIndent
    }

    /// Decodes options from JSON; every key is optional and defaults as in
    /// ``init(emphasisMarker:strongMarker:bulletMarker:orderedListDelimiter:codeFenceCharacter:headingStyle:hardBreakStyle:keepsSourceDelimiters:displayAttributeSyntax:lineWidth:protectsFromSmartPunctuation:preservesSource:minimizesEscapes:learnsConventions:padsTableColumns:listItemIndent:)``.
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` for a value of the wrong type or an unknown name.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init()
        emphasisMarker = try container.decodeIfPresent(EmphasisMarker.self, forKey: .emphasisMarker) ?? emphasisMarker
        strongMarker = try container.decodeIfPresent(EmphasisMarker.self, forKey: .strongMarker) ?? strongMarker
        bulletMarker = try container.decodeIfPresent(BulletMarker.self, forKey: .bulletMarker) ?? bulletMarker
        orderedListDelimiter =
            try container.decodeIfPresent(OrderedListDelimiter.self, forKey: .orderedListDelimiter) ?? orderedListDelimiter
        codeFenceCharacter = try container.decodeIfPresent(CodeFenceCharacter.self, forKey: .codeFenceCharacter) ?? codeFenceCharacter
        headingStyle = try container.decodeIfPresent(HeadingStyle.self, forKey: .headingStyle) ?? headingStyle
        hardBreakStyle = try container.decodeIfPresent(HardBreakStyle.self, forKey: .hardBreakStyle) ?? hardBreakStyle
        keepsSourceDelimiters = try container.decodeIfPresent(Bool.self, forKey: .keepsSourceDelimiters) ?? keepsSourceDelimiters
        displayAttributeSyntax =
            try container.decodeIfPresent(DisplayAttributeSyntax.self, forKey: .displayAttributeSyntax) ?? displayAttributeSyntax
        lineWidth = try container.decodeIfPresent(Int.self, forKey: .lineWidth)
        protectsFromSmartPunctuation =
            try container.decodeIfPresent(Bool.self, forKey: .protectsFromSmartPunctuation) ?? protectsFromSmartPunctuation
        preservesSource = try container.decodeIfPresent(Bool.self, forKey: .preservesSource) ?? preservesSource
        minimizesEscapes = try container.decodeIfPresent(Bool.self, forKey: .minimizesEscapes) ?? minimizesEscapes
        learnsConventions = try container.decodeIfPresent(Bool.self, forKey: .learnsConventions) ?? learnsConventions
        padsTableColumns = try container.decodeIfPresent(Bool.self, forKey: .padsTableColumns) ?? padsTableColumns
        listItemIndent = try container.decodeIfPresent(ListItemIndent.self, forKey: .listItemIndent) ?? listItemIndent
    }
}
