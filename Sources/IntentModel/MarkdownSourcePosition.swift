/// Where a run's text came from in the Markdown source.
///
/// Mirrors Foundation's `AttributedString.MarkdownSourcePosition` (macOS 13): lines and columns are
/// **1-based**; columns count **UTF-8 bytes** (for a multi-byte character, the column of its first
/// byte); the end is **inclusive**. The span covers the text without its markup (in
/// `This is *emphasized*.` the run `emphasized` starts at column 10). Positions come from
/// libcmark-gfm, which records them for blocks and for most inlines; where it records none for an
/// inline, the run carries the position of its enclosing block.
public struct MarkdownSourcePosition: Sendable, Hashable, Codable {
    /// The first line, 1-based.
    public var startLine: Int
    /// The first column, 1-based, in UTF-8 bytes.
    public var startColumn: Int
    /// The last line, 1-based, inclusive.
    public var endLine: Int
    /// The last column, 1-based, in UTF-8 bytes, inclusive.
    public var endColumn: Int

    /// Creates a position.
    /// - Parameters:
    ///   - startLine: First line, 1-based.
    ///   - startColumn: First column, 1-based, UTF-8 bytes.
    ///   - endLine: Last line, 1-based, inclusive.
    ///   - endColumn: Last column, 1-based, UTF-8 bytes, inclusive.
    public init(startLine: Int, startColumn: Int, endLine: Int, endColumn: Int) {
        self.startLine = startLine
        self.startColumn = startColumn
        self.endLine = endLine
        self.endColumn = endColumn
    }
}

extension MarkdownSourcePosition: CustomStringConvertible {
    /// `startLine:startColumn-endLine:endColumn`, e.g. `3:1-3:12`.
    public var description: String { "\(startLine):\(startColumn)-\(endLine):\(endColumn)" }
}
