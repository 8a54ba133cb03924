/// The contract between inline-only preparation and the converter, in one place.
///
/// With inline-only syntax, ``InlineOnlyChunks`` hands libcmark-gfm each chunk of the source
/// (the lines between blank lines) led by the line ``bytes`` (`x` and a line feed), so that every
/// real line is a paragraph continuation line: none can open indented code or a link reference
/// definition, and with the escapes of ``ParagraphInterruption`` none can start another block.
/// libcmark-gfm reports the dummy line as the first two inline nodes of the chunk's paragraph —
/// the text `x` and a soft break — which the converter skips: it calls ``paragraphBegins()``
/// when the chunk's paragraph opens, and asks ``skipsText()`` and ``skipsSoftBreak()`` before
/// converting a text node or a soft break.
struct DummyLine {
    /// The line put before every chunk.
    static let bytes: [UInt8] = Array("x\n".utf8)

    /// How many nodes of the dummy line the converter has still to skip in this paragraph.
    private var nodesToSkip = 0

    /// A chunk's paragraph opened: its first text node and soft break are the dummy line's.
    mutating func paragraphBegins() { nodesToSkip = 2 }

    /// Whether a text node is the dummy line's `x`, to skip.
    mutating func skipsText() -> Bool {
        guard nodesToSkip > 0 else { return false }
        nodesToSkip -= 1
        return true
    }

    /// Whether a soft break ends the dummy line, to skip. Either way, the dummy line is over.
    mutating func skipsSoftBreak() -> Bool {
        defer { nodesToSkip = 0 }
        return nodesToSkip > 0
    }

    /// A hard line break: the dummy line is over (it never holds one).
    mutating func lineBreakSeen() { nodesToSkip = 0 }
}
