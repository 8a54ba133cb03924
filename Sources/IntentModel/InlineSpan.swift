/// One inline span of Markdown — an emphasis, a link, an image — with an identity, so that the
/// exact nesting and the boundaries of inline markup survive.
///
/// Apple's flat ``InlinePresentationIntent`` cannot say whether `<em>` is inside `<strong>` or the
/// other way round, nor where one link ends and an adjacent one to the same URL begins. Every run
/// inside inline markup therefore also carries an ``InlineSpanPath``: its spans, innermost first,
/// each with an identity unique among the document's spans (numbered from 1 in document order,
/// an outer span before the spans inside it). Names follow CommonMark's nodes.
public struct InlineSpan: Sendable, Hashable, Codable {
    /// The kind of span.
    public var kind: Kind
    /// The span's identity, unique among the spans of one document.
    public var identity: Int
    /// For an ``Kind/htmlFormatting`` span: its opening and closing tags exactly as written, so
    /// that writers give back `<U>` or `<ins>` rather than a normalised `<u>`. `nil` for every other
    /// kind (and ignored there).
    public var htmlTag: HTMLFormattingTag?

    /// Creates a span.
    /// - Parameters:
    ///   - kind: The kind of span.
    ///   - identity: Its identity within the document.
    ///   - htmlTag: The tags of an ``Kind/htmlFormatting`` span; `nil` otherwise.
    public init(kind: Kind, identity: Int, htmlTag: HTMLFormattingTag? = nil) {
        self.kind = kind
        self.identity = identity
        self.htmlTag = htmlTag
    }

    /// The kinds of inline span.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// `*a*` (CommonMark §6.2), flattened into ``InlinePresentationIntent/emphasized``.
        case emphasis
        /// `**a**`, flattened into ``InlinePresentationIntent/stronglyEmphasized``.
        case strongEmphasis
        /// `~a~` (GFM §6.5), flattened into ``InlinePresentationIntent/strikethrough``.
        case strikethrough
        /// A link (CommonMark §6.3, §6.5; GFM §6.9); the runs carry the link attributes.
        case link
        /// An image (CommonMark §6.4); its runs are the image description.
        case image
        /// A GFM footnote reference; its run is the footnote's number.
        case footnoteReference
        /// An Apple extended-attribute span, `^[text](attributes)`.
        case extendedAttributes
        /// One piece of raw inline HTML (a tag, comment, processing instruction, declaration or
        /// CDATA section; CommonMark §6.6), flattened into ``InlinePresentationIntent/inlineHTML``.
        /// Keeps adjacent pieces (`<b><i>`) apart.
        case inlineHTML
        /// A balanced pair of inline HTML formatting tags (`<u>…</u>`, `<sup>…</sup>`, …; see
        /// ``HTMLFormattingTag``) read as display attributes: the runs between the tags carry the
        /// tag's ``DisplayAttributes`` and the tags themselves are not in the text; the span's
        /// ``InlineSpan/htmlTag`` keeps them as written. An IntentMark extension.
        case htmlFormatting
    }
}

extension InlineSpan: CustomDebugStringConvertible {
    /// `emphasis (id 2)`; `htmlFormatting <U>…</u> (id 3)` for formatting tags.
    public var debugDescription: String {
        if let htmlTag { return "\(kind.rawValue) \(htmlTag.opening)…\(htmlTag.closing) (id \(identity))" }
        return "\(kind.rawValue) (id \(identity))"
    }
}
