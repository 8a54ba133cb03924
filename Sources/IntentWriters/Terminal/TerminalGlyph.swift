import IntentLowering

/// One character laid out for the terminal: the character, the cells it takes, and its style (an
/// index into the render's table of ``TerminalTextStyle``s; 0 is unstyled).
struct TerminalGlyph {
    var character: Character
    /// Terminal cells, 0–2.
    var width: Int
    var style: Int32

    /// A forced line break inside a block (a hard break, a line of an HTML block).
    static let lineBreak = TerminalGlyph(character: "\n", width: 0, style: 0)

    var isLineBreak: Bool { character == "\n" }
    var isSpace: Bool { character == " " }

    /// Glyphs for `text` in one style, every character its own glyph.
    static func glyphs(_ text: String, style: Int32) -> [TerminalGlyph] {
        text.map { TerminalGlyph(character: $0, width: TerminalCellWidth.of($0), style: style) }
    }
}
