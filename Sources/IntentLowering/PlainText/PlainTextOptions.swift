/// How ``IntentModel/IntentDocument/plainText(options:)`` turns structure into characters
/// (`.plainText`).
///
/// ```swift
/// var options = PlainTextOptions()
/// options.links = .textAndURL
/// options.tables = .alignedColumns
/// print(document.plainText(options: options))
/// ```
public struct PlainTextOptions: Sendable, Hashable, Codable {
    /// Between two blocks (paragraphs, headers, code blocks, lists, quotes, tables). Default
    /// `"\n\n"`: a blank line.
    public var blockSeparator: String
    /// Between two items of one list, two rows of a table, and the lines of a block. Default `"\n"`.
    public var lineSeparator: String
    /// Bullet-list markers by nesting depth (0-based), cycling. Default `•`, `◦`, `▪`.
    public var bulletMarkers: [String]
    /// Ordered-list numbering styles by nesting depth (0-based, counted over ordered lists only),
    /// cycling. Default decimal, lower alpha, lower roman (`1.`, `a.`, `i.`).
    public var orderedStyles: [OrderedMarkerStyle]
    /// Whether ordered-list markers keep the source's delimiter (`1)`) instead of `.`. Default `true`.
    public var keepsSourceDelimiters: Bool
    /// Written before every continuation line of a list item (its later lines and nested blocks),
    /// per level. Default `nil`: as many spaces as the item's marker is wide, so continuation lines
    /// align under the item's text.
    public var indentation: String?
    /// Before every line of a block quote, per level. Default `"│ "`.
    public var blockQuotePrefix: String
    /// Task-list markers, written before the item text instead of the bullet. Default `☐` / `☑`.
    public var uncheckedTaskMarker: String
    /// See ``uncheckedTaskMarker``.
    public var checkedTaskMarker: String
    /// How tables are written. Default ``TableLayout/tabSeparated``.
    public var tables: TableLayout
    /// How links are written. Default ``LinkStyle/text``.
    public var links: LinkStyle
    /// Footnote references become `[n]` and the notes are listed at the end as `[n] text`. Default
    /// `true`; `false` drops references and notes.
    public var footnotes: Bool
    /// The line a thematic break becomes. Default `"───"`.
    public var thematicBreak: String
    /// Whether soft line breaks stay line breaks (`true`) or become spaces (`false`, the default,
    /// as a renderer shows them).
    public var keepsSoftBreaks: Bool
    /// Whether raw HTML is written as is (`true`) or has its tags and comments removed, keeping the
    /// text between tags (`false`, the default). When removed, inline `<br>` in any spelling is a
    /// line break and inline `<img>` its alt text; a removed tag between two spaces leaves one
    /// (see `InlineHTMLMeaning`). Superscript and subscript text (display attributes, as from
    /// `<sup>` and `<sub>`) is written with Unicode's raised or lowered characters when every
    /// character has one (`2³³`, `H₂O`), else as `^(…)` or `_(…)`.
    public var keepsRawHTML: Bool

    /// How ordered-list numbers are written.
    public enum OrderedMarkerStyle: String, Sendable, Hashable, Codable, CaseIterable {
        /// 1, 2, 3 (`{decimal}`).
        case decimal
        /// a, b, … z, aa (`{lower-alpha}`).
        case lowerAlpha
        /// A, B, … (`{upper-alpha}`).
        case upperAlpha
        /// i, ii, iii (`{lower-roman}`).
        case lowerRoman
        /// I, II, III (`{upper-roman}`).
        case upperRoman
    }

    /// How tables are written.
    public enum TableLayout: String, Sendable, Hashable, Codable, CaseIterable {
        /// Cells separated by a tab, rows by the line separator.
        case tabSeparated
        /// Cells padded to column widths measured in terminal cells (CJK wide characters and emoji
        /// count 2), honouring column alignment, separated by two spaces, with a rule under the
        /// header row.
        case alignedColumns
    }

    /// How links are written.
    public enum LinkStyle: String, Sendable, Hashable, Codable, CaseIterable {
        /// The link text only.
        case text
        /// `text (url)`; just the URL when the text is the URL (autolinks).
        case textAndURL
    }

    /// Creates options; every argument defaults as documented on its property.
    public init(
        blockSeparator: String = "\n\n", lineSeparator: String = "\n", bulletMarkers: [String] = ["•", "◦", "▪"],
        orderedStyles: [OrderedMarkerStyle] = [.decimal, .lowerAlpha, .lowerRoman], keepsSourceDelimiters: Bool = true,
        indentation: String? = nil, blockQuotePrefix: String = "│ ", uncheckedTaskMarker: String = "☐",
        checkedTaskMarker: String = "☑", tables: TableLayout = .tabSeparated, links: LinkStyle = .text,
        footnotes: Bool = true, thematicBreak: String = "───", keepsSoftBreaks: Bool = false, keepsRawHTML: Bool = false
    ) {
        self.blockSeparator = blockSeparator
        self.lineSeparator = lineSeparator
        self.bulletMarkers = bulletMarkers
        self.orderedStyles = orderedStyles
        self.keepsSourceDelimiters = keepsSourceDelimiters
        self.indentation = indentation
        self.blockQuotePrefix = blockQuotePrefix
        self.uncheckedTaskMarker = uncheckedTaskMarker
        self.checkedTaskMarker = checkedTaskMarker
        self.tables = tables
        self.links = links
        self.footnotes = footnotes
        self.thematicBreak = thematicBreak
        self.keepsSoftBreaks = keepsSoftBreaks
        self.keepsRawHTML = keepsRawHTML
    }

    /// The defaults.
    public static let `default` = PlainTextOptions()
}
