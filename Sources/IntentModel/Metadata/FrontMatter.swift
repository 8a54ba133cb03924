/// Metadata at the very start of a Markdown file: YAML between `---` lines or TOML between `+++`
/// lines, as static site generators (Jekyll, Hugo) and GitHub read it.
///
/// The parser recognises it (``MarkdownParsing/MarkdownParsingOptions/recognizesFrontMatter``, on
/// by default) when the first line of the source, after an optional byte order mark, is `---` or
/// `+++` (spaces or tabs may follow), a later line closes it (`---` or `...` for YAML, `+++`
/// for TOML), and its first line that is neither blank nor a `#` comment begins a mapping (or all
/// its lines are blank) — for
/// YAML a key at the left margin followed by `:` and a space or the line's end (`title: Notes`),
/// for TOML `key =` or a table header (`[params]`); a thematic break followed by Markdown
/// (`---`, `# Heading`, `Text`, `---`) stays Markdown. The lines are then not read as Markdown
/// (no thematic break, no setext heading);
/// the document keeps them here, as written. The Markdown writer writes ``rawText`` back verbatim;
/// HTML, plain text, RTF, the terminal and `AttributedString` leave it out; the JSON form carries
/// it. The library does not parse YAML or TOML: ``content`` is the text to hand to a parser of
/// your choice.
///
/// ```swift
/// let document = try IntentDocument(markdown: "---\ntitle: Notes\n---\n# Notes\n")
/// document.frontMatter?.content  // "title: Notes\n"
/// document.text                  // "Notes\n"
/// ```
public struct FrontMatter: Sendable, Hashable, Codable {
    /// The syntax the delimiters say.
    public enum Format: String, Sendable, Hashable, Codable, CaseIterable {
        /// `---` … `---` (or `...`).
        case yaml
        /// `+++` … `+++`.
        case toml
    }

    /// The format its delimiters say.
    public var format: Format
    /// The front matter as written: from the opening delimiter through the closing delimiter
    /// line and its line ending (when it has one), line endings kept.
    public var rawText: String
    /// Where ``rawText`` was in the source: a range of **UTF-8 byte** offsets from the start of
    /// the source (a byte order mark before it counts 3 bytes); `nil` for front matter made by hand.
    public var sourceRange: Range<Int>?

    /// Creates front matter.
    /// - Parameters:
    ///   - format: The format.
    ///   - rawText: The text as written, delimiter lines included.
    ///   - sourceRange: The UTF-8 byte range it came from, if any.
    public init(format: Format, rawText: String, sourceRange: Range<Int>? = nil) {
        self.format = format
        self.rawText = rawText
        self.sourceRange = sourceRange
    }

    /// The lines between the delimiter lines, with their line endings (empty when there are
    /// none). When ``rawText`` does not start and end with delimiter lines (front matter made by
    /// hand), the whole of it.
    public var content: Substring {
        let bytes = rawText.utf8
        guard let firstEnd = bytes.firstIndex(where: { $0 == 0x0A || $0 == 0x0D }) else { return rawText[...] }
        var start = bytes.index(after: firstEnd)
        if bytes[firstEnd] == 0x0D, start < bytes.endIndex, bytes[start] == 0x0A { start = bytes.index(after: start) }
        // The closing line: the last line, without its line ending.
        var end = bytes.endIndex
        while end > start, let last = bytes[..<end].last, last == 0x0A || last == 0x0D { end = bytes.index(before: end) }
        var lineStart = end
        while lineStart > start, let previous = bytes[..<lineStart].last, previous != 0x0A, previous != 0x0D {
            lineStart = bytes.index(before: lineStart)
        }
        guard lineStart >= start else { return rawText[...] }
        return rawText[start..<lineStart]
    }
}
