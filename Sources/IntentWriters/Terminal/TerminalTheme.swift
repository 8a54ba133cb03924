/// The styles a ``TerminalRenderer`` gives each block and inline kind, as ECMA-48 SGR parameters.
///
/// Each slot is a list of Select Graphic Rendition parameters separated by `;` (ECMA-48 §8.3.117;
/// `"1"` bold, `"2"` faint, `"3"` italic, `"4"` underline, `"9"` crossed out, `"30"`–`"37"` and
/// `"90"`–`"97"` foreground colours, `"38;5;N"` a 256-colour foreground), written as `ESC [ … m`.
/// An empty string means no styling. Characters other than digits and `;` are ignored, so a theme
/// read from JSON cannot write other escape sequences. Styles compose: a strong run in a header
/// gets the header's parameters, then the strong ones.
///
/// ```swift
/// var theme = TerminalTheme.default
/// theme.code = "38;5;208"   // orange code spans
/// ```
public struct TerminalTheme: Sendable, Hashable, Codable {
    // MARK: Stored layout

    /// Header text by level (index 0 is level 1); levels past the end use the last entry.
    /// Default: level 1 bold, underlined magenta; 2 bold magenta; 3 bold cyan; 4–6 bold.
    public var headers: [String]
    /// Emphasis (`*a*`). Default `"3"`, italic.
    public var emphasis: String
    /// Strong emphasis (`**a**`). Default `"1"`, bold.
    public var strong: String
    /// Strikethrough (`~~a~~`). Default `"9"`, crossed out.
    public var strikethrough: String
    /// Code spans. Default `"33"`, yellow.
    public var code: String
    /// The text of code blocks. Default `"33"`, yellow.
    public var codeBlock: String
    /// Link text. Default `"4;34"`, underlined blue.
    public var link: String
    /// Image descriptions (alt text). Default `"3;36"`, italic cyan.
    public var image: String
    /// The `│` bar before block-quote lines. Default `"2"`, faint.
    public var blockQuoteBar: String
    /// List markers (`•`, `1.`, `☐`). Default `"36"`, cyan.
    public var listMarker: String
    /// Table borders. Default `"2"`, faint.
    public var tableBorder: String
    /// The cells of a table's header row. Default `"1"`, bold.
    public var tableHeader: String
    /// The rule of a thematic break. Default `"2"`, faint.
    public var thematicBreak: String
    /// Footnote references (`[1]`) and the markers of footnote definitions. Default `"36"`, cyan.
    public var footnote: String

    // MARK: Initialisers

    /// Creates a theme; every argument defaults as documented on its property.
    public init(
        headers: [String] = ["1;4;35", "1;35", "1;36", "1", "1", "1"], emphasis: String = "3", strong: String = "1",
        strikethrough: String = "9", code: String = "33", codeBlock: String = "33", link: String = "4;34",
        image: String = "3;36", blockQuoteBar: String = "2", listMarker: String = "36", tableBorder: String = "2",
        tableHeader: String = "1", thematicBreak: String = "2", footnote: String = "36"
    ) {
        self.headers = headers
        self.emphasis = emphasis
        self.strong = strong
        self.strikethrough = strikethrough
        self.code = code
        self.codeBlock = codeBlock
        self.link = link
        self.image = image
        self.blockQuoteBar = blockQuoteBar
        self.listMarker = listMarker
        self.tableBorder = tableBorder
        self.tableHeader = tableHeader
        self.thematicBreak = thematicBreak
        self.footnote = footnote
    }

    /// The defaults: the 8 standard colours, readable on dark and light backgrounds.
    public static let `default` = TerminalTheme()

    /// The style of header text at `level` (1-based; out-of-range levels use the nearest entry).
    /// - Parameter level: The header level.
    /// - Returns: SGR parameters, possibly empty.
    public func header(level: Int) -> String {
        guard !headers.isEmpty else { return "" }
        return headers[min(max(level, 1), headers.count) - 1]
    }
}
