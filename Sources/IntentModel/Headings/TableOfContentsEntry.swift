/// One heading of a document, for a table of contents (``IntentDocument/tableOfContents``).
public struct TableOfContentsEntry: Sendable, Hashable, Codable {
    /// The heading's level, 1…6.
    public var level: Int
    /// The heading's text as HTML shows it: no markup, code spans' code, no image.
    public var title: String
    /// The heading's anchor by GitHub's rule (``HeadingAnchor``), unique in the document.
    public var anchor: String
    /// The heading block's identity (``PresentationIntent/IntentType/identity``).
    public var identity: Int

    /// Creates an entry.
    /// - Parameters:
    ///   - level: The heading's level, 1…6.
    ///   - title: The heading's text.
    ///   - anchor: The heading's anchor.
    ///   - identity: The heading block's identity.
    public init(level: Int, title: String, anchor: String, identity: Int) {
        self.level = level
        self.title = title
        self.anchor = anchor
        self.identity = identity
    }
}
