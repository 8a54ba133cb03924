import IntentModel

/// Renders any ``IntentModel/IntentDocument`` for a terminal: styled with ECMA-48 SGR escape
/// sequences, links as OSC 8 hyperlinks, word-wrapped to a width in terminal columns.
///
/// Structure comes from the intents — each run's block chain and inline intents — never from
/// characters, so parsed documents in either block layout, decoded ones and hand-made ones render
/// alike; inserted separators and placeholders are not written.
///
/// - Headers: `#`…`######` and the text, bold and coloured by level.
/// - Emphasis italic (SGR 3), strong bold (SGR 1), strikethrough crossed out (SGR 9), code spans
///   coloured; links styled and, with ``TerminalRenderingOptions/hyperlinks``, OSC 8 hyperlinks
///   (`ESC ]8;;URL ESC \ text ESC ]8;; ESC \`) when the URL is absolute and runs no code (a relative
///   path or `#fragment` is styled text only; give a base URL to resolve it); without hyperlinks
///   (or escape sequences) a link's target follows its text, `text (URL)`, as in plain text with
///   ``IntentLowering/PlainTextOptions/LinkStyle/textAndURL`` (the URL alone for a link without
///   text, nothing more when the text is the URL); images as their description (alt text).
/// - Display attributes (from `<u>`, `<s>`, `<mark>`, `<kbd>` and the like, or set by hand):
///   underline SGR 4, strikethrough as the theme's strikethrough, the highlight colour
///   (``IntentModel/DisplayColor/highlight``) reverse video (SGR 7), a monospaced font as the
///   theme's code style; superscript and subscript as Unicode's raised or lowered characters
///   when every character has one (`2³³`, `H₂O`), else `^(…)` and `_(…)` (`ScriptText`).
/// - Raw inline HTML: `<br>` in any spelling breaks the line, `<img>` shows its alt text, other
///   tags and comments are dropped without leaving a double space.
/// - Block quotes: `│ ` before every line; lists: `•` `◦` `▪` by depth, `1.` (or `1)`) from the
///   item's ordinal, `☐`/`☑` for task items, continuation lines aligned under the text.
/// - Code blocks: indented 4 columns, never wrapped; thematic breaks: a `─` rule of the width.
/// - Tables: box drawing (`┌─┬─┐`), columns measured in terminal cells (wide characters and emoji
///   count 2), cells aligned as the columns say, wrapped inside their column when the table is
///   wider than the width.
/// - Raw HTML: inline HTML is dropped, HTML blocks show their text without tags; footnote
///   references are `[n]`, definitions `[n] text`.
///
/// Text wraps at spaces and around wide characters (a word longer than the line is cut); prefixes
/// are repeated on every line. Every line starts and ends unstyled. Control characters of the
/// document's text are not written, so a document cannot send its own escape sequences. The
/// render is iterative: 10 000-deep nesting costs no stack.
///
/// ```swift
/// let document = try IntentDocument(markdown: "# Hi *there*\n")
/// print(TerminalRenderer(options: .plain).render(document), terminator: "")   // # Hi there
/// ```
public struct TerminalRenderer: Sendable {
    /// The options every render uses.
    public var options: TerminalRenderingOptions

    /// Creates a renderer.
    /// - Parameter options: Width, escapes, hyperlinks and theme; default 80 columns, styled.
    public init(options: TerminalRenderingOptions = .default) {
        self.options = options
    }

    /// Renders `document` for a terminal.
    /// - Parameter document: Any intent document.
    /// - Returns: The lines, each ending in `"\n"` (empty for a document with no visible text),
    ///   with escape sequences only when ``TerminalRenderingOptions/usesEscapeSequences`` is on.
    public func render(_ document: IntentDocument) -> String {
        var state = TerminalRenderState(document: document, options: options)
        return state.render()
    }
}

extension IntentDocument {
    /// The document rendered for a terminal; see ``IntentWriters/TerminalRenderer``.
    /// - Parameter options: Width, escapes, hyperlinks and theme; default 80 columns, styled.
    /// - Returns: The lines, each ending in `"\n"`.
    public func terminalText(options: TerminalRenderingOptions = .default) -> String {
        TerminalRenderer(options: options).render(self)
    }
}
