/// The text a terminal render writes: lines of glyphs, with the escape sequences their styles ask
/// for when escapes are on.
///
/// Every line starts and ends unstyled: styles and hyperlinks are closed before each line break
/// and reopened after the next line's prefix, so a pager or a terminal that cuts lines never
/// carries a colour into the next line, and no escape sequence is ever split.
struct TerminalOutput {
    // MARK: Stored layout

    private(set) var text = ""
    private let usesEscapeSequences: Bool
    private let hyperlinks: Bool
    private var current = TerminalTextStyle.plain

    // MARK: Initialisers

    init(usesEscapeSequences: Bool, hyperlinks: Bool) {
        self.usesEscapeSequences = usesEscapeSequences
        self.hyperlinks = hyperlinks
    }

    // MARK: Writing

    /// Writes one line (which must hold no line-break glyph) and a `"\n"`.
    mutating func writeLine<Glyphs: Sequence<TerminalGlyph>>(_ glyphs: Glyphs, styles: [TerminalTextStyle]) {
        var currentIndex: Int32 = 0
        for glyph in glyphs {
            if glyph.style != currentIndex {
                currentIndex = glyph.style
                change(to: styles[Int(currentIndex)])
            }
            text.append(glyph.character)
        }
        change(to: .plain)
        text.append("\n")
    }

    /// Writes the sequences that go from the current style to `style` (ECMA-48 SGR: reset `0`,
    /// then the new parameters; OSC 8 closed before and opened after).
    private mutating func change(to style: TerminalTextStyle) {
        guard usesEscapeSequences, style != current else { return }
        let linkChanges = hyperlinks && style.hyperlink != current.hyperlink
        if linkChanges, current.hyperlink != nil { text += "\u{1B}]8;;\u{1B}\\" }
        if style.parameters != current.parameters {
            if !current.parameters.isEmpty { text += "\u{1B}[0m" }
            if !style.parameters.isEmpty { text += "\u{1B}[" + style.parameters + "m" }
        }
        if linkChanges, let target = style.hyperlink { text += "\u{1B}]8;;" + target + "\u{1B}\\" }
        current = style
    }
}
