/// How a ``TerminalRenderer`` lays out and styles a document.
///
/// Widths are in terminal columns, text is measured in terminal cells (East Asian Wide and
/// Fullwidth characters and emoji take 2; see `TerminalCellWidth`). With
/// ``usesEscapeSequences`` off the output is plain text with exactly the same layout — what to
/// write when standard output is not a terminal or `NO_COLOR` is set (no-color.org).
///
/// ```swift
/// var options = TerminalRenderingOptions(width: 100)
/// options.usesEscapeSequences = isatty(STDOUT_FILENO) != 0
/// print(TerminalRenderer(options: options).render(document), terminator: "")
/// ```
public struct TerminalRenderingOptions: Sendable, Hashable, Codable {
    // MARK: Stored layout

    /// The width lines are wrapped to, in terminal columns, prefixes (quote bars, list indents)
    /// included. Default 80; values below 1 count as 1. Code blocks are not wrapped and may be
    /// wider. When nesting leaves too few columns for text — less than a quarter of the width,
    /// and never less than 10 (or the width, if smaller) — text is wrapped to that many columns
    /// and lines run past the width.
    public var width: Int
    /// Whether to write escape sequences: ECMA-48 SGR styles (`ESC [ … m`) and, when
    /// ``hyperlinks`` is on, OSC 8 hyperlinks. Default `true`; `false` gives plain text.
    public var usesEscapeSequences: Bool
    /// Whether links (and image descriptions) become OSC 8 hyperlinks
    /// (`ESC ] 8 ; ; URL ESC \ text ESC ] 8 ; ; ESC \`), which terminals that support them make
    /// clickable and others ignore. Needs ``usesEscapeSequences``. Default `true`. Without them
    /// (this off, or no escape sequences), each link's target is written after its text:
    /// `text (URL)`.
    public var hyperlinks: Bool
    /// The SGR styles of each kind. Default ``TerminalTheme/default``.
    public var theme: TerminalTheme

    // MARK: Initialisers

    /// Creates options; every argument defaults as documented on its property.
    public init(width: Int = 80, usesEscapeSequences: Bool = true, hyperlinks: Bool = true, theme: TerminalTheme = .default) {
        self.width = width
        self.usesEscapeSequences = usesEscapeSequences
        self.hyperlinks = hyperlinks
        self.theme = theme
    }

    /// The defaults: 80 columns, styles and hyperlinks on.
    public static let `default` = TerminalRenderingOptions()

    /// 80 columns, no escape sequences: plain text with the terminal layout.
    public static let plain = TerminalRenderingOptions(usesEscapeSequences: false)
}
