/// Markdown facts about one block that Apple's `PresentationIntent.Kind` cannot say.
///
/// Part of this library's lossless extension of Apple's model (see the table in the
/// documentation's "The model and its extensions beyond Apple's" article). A document stores at most one value per block identity; every run exposes the values of
/// the blocks it lies in through ``IntentDocument/Run/blockMarkup``. All fields are optional: `nil`
/// means "not applicable or not known" (a document built by hand need not set any).
public struct BlockMarkup: Sendable, Hashable, Codable {
    /// Lists: the list's delimiter (`.` `)` for ordered lists, `-` `+` `*` for bullet lists).
    public var listItemDelimiter: ListItemDelimiter?
    /// Lists: `true` for a tight list, `false` for a loose one (CommonMark §5.3). Changes HTML:
    /// items of tight lists render without `<p>`.
    public var isTight: Bool?
    /// List items: the GFM task-list state (`- [x]` → `true`, `- [ ]` → `false`; GFM §5.3);
    /// `nil` for an ordinary item.
    public var isTaskChecked: Bool?
    /// Code blocks: the fence, or `nil` for an indented code block.
    public var codeFence: CodeFence?
    /// Fenced code blocks: the whole info string (``PresentationIntent/Kind/codeBlock(languageHint:)``
    /// keeps only its first word). `nil` when the info string is empty.
    public var infoString: String?
    /// Tables: one flag per column, `true` where the delimiter row gave an alignment (`:--`, `:-:`,
    /// `--:`), `false` for a bare `---` (which Apple's model reports as `.left`).
    public var columnAlignmentIsExplicit: [Bool]?
    /// GFM footnote definitions (carried as a ``PresentationIntent/Kind/blockQuote``): the label
    /// as written between `[^` and `]`.
    public var footnoteLabel: String?
    /// Block quotes at the top level: the GitHub alert the quote is (``GitHubAlert``), its marker
    /// kept here and not in the text.
    public var alert: GitHubAlert?

    /// Creates markup; every field defaults to `nil`.
    public init(
        listItemDelimiter: ListItemDelimiter? = nil, isTight: Bool? = nil, isTaskChecked: Bool? = nil,
        codeFence: CodeFence? = nil, infoString: String? = nil, columnAlignmentIsExplicit: [Bool]? = nil,
        footnoteLabel: String? = nil, alert: GitHubAlert? = nil
    ) {
        self.listItemDelimiter = listItemDelimiter
        self.isTight = isTight
        self.isTaskChecked = isTaskChecked
        self.codeFence = codeFence
        self.infoString = infoString
        self.columnAlignmentIsExplicit = columnAlignmentIsExplicit
        self.footnoteLabel = footnoteLabel
        self.alert = alert
    }

    /// Whether no field is set.
    public var isEmpty: Bool { self == BlockMarkup() }
}
