extension MarkdownParsingOptions {
    /// Which Markdown syntax produces attributes.
    ///
    /// Mirrors `AttributedString.MarkdownParsingOptions.InterpretedSyntax` (raw values 0/1/2 as
    /// `NSAttributedStringMarkdownInterpretedSyntax`).
    public enum InterpretedSyntax: Int, Sendable, Hashable, Codable, CaseIterable {
        /// The full syntax: blocks get presentation intents, inlines get inline intents.
        case full = 0
        /// Inline syntax only: block syntax (`#`, `>`, `-`, fences, tables, …) is not interpreted and
        /// stays literal text; no run gets a presentation intent. Whitespace collapses as in a
        /// CommonMark paragraph: a line ending is a soft break (`" "`), a blank line becomes one
        /// `" "` between the paragraphs it separates, leading spaces of lines are dropped.
        case inlineOnly = 1
        /// Inline syntax only, with every whitespace character kept as written: line endings stay
        /// `"\n"` (runs with ``IntentModel/InlinePresentationIntent/softBreak``), blank lines and
        /// leading spaces are kept. What chat messages and UI strings want.
        case inlineOnlyPreservingWhitespace = 2

        /// The name used by the command line: `full`, `inline-only`, `inline-only-preserving-whitespace`.
        public var name: String {
            switch self {
            case .full: return "full"
            case .inlineOnly: return "inline-only"
            case .inlineOnlyPreservingWhitespace: return "inline-only-preserving-whitespace"
            }
        }
    }
}
