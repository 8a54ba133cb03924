import Foundation

/// The attributes of a run other than its block and inline intents.
///
/// Links and images use Foundation's own attributes (`link`, `imageURL`, both `URL`); the other
/// fields are this library's lossless extensions (see the documentation's "The model and its extensions beyond Apple's" article), each `nil` when absent.
public struct RunAttributes: Sendable, Hashable, Codable {
    /// The link target, resolved against the parser's `baseURL`; Foundation's `link` attribute.
    /// `nil` also for a link whose destination is not a valid URL — ``linkDestination`` still
    /// holds it.
    public var link: URL?
    /// The link destination exactly as Markdown gave it (after backslash and entity decoding, not
    /// resolved). Set on every run inside a link, even when it is empty (`[a]()`).
    public var linkDestination: String?
    /// The link title (`[a](u "title")`), when there is one.
    public var linkTitle: String?
    /// The image source, resolved against `baseURL`; Foundation's `imageURL` attribute. The run's
    /// text is the image description (alt text).
    public var imageURL: URL?
    /// The image source exactly as Markdown gave it. Set on every run of an image description.
    public var imageSource: String?
    /// The image title (`![a](u "title")`), when there is one.
    public var imageTitle: String?
    /// A GFM footnote reference (`[^label]`): the label. The run's text is the footnote's number.
    public var footnoteReference: String?
    /// Apple extended attributes (`^[text](name: value, …)`), by name.
    public var extendedAttributes: [String: ExtendedAttributeValue]?
    /// The BCP-47 language code from the parser's `languageCode`; Foundation's
    /// `languageIdentifier` attribute.
    public var languageIdentifier: String?
    /// Where the run came from in the source, when the parser applies source positions.
    public var sourcePosition: MarkdownSourcePosition?
    /// Whether the run is a separator the parser inserted between blocks (`"\n"` after a leaf
    /// block, `"\t"` after a table cell) rather than text of the document. A code block's own
    /// final newline is text, not a separator.
    public var isBlockSeparator: Bool
    /// Whether the run's text is a single U+FFFC OBJECT REPLACEMENT CHARACTER standing for an
    /// inline that has no text of its own — an image without a description (`![](a.png)`), a link
    /// without text (`[](u)`), an empty extended-attribute span — so that it is not lost. Like an
    /// attachment in an attributed string, it is not text of the document.
    public var isPlaceholder: Bool
    /// Concrete styling (fonts, colors, underline, paragraph layout), set by lowering with a style
    /// sheet or by display syntax in the Markdown; `nil` when the run has none.
    public var display: DisplayAttributes?

    /// Creates attributes; every field defaults to absent.
    public init(
        link: URL? = nil, linkDestination: String? = nil, linkTitle: String? = nil,
        imageURL: URL? = nil, imageSource: String? = nil, imageTitle: String? = nil,
        footnoteReference: String? = nil, extendedAttributes: [String: ExtendedAttributeValue]? = nil,
        languageIdentifier: String? = nil, sourcePosition: MarkdownSourcePosition? = nil,
        isBlockSeparator: Bool = false, isPlaceholder: Bool = false, display: DisplayAttributes? = nil
    ) {
        self.link = link
        self.linkDestination = linkDestination
        self.linkTitle = linkTitle
        self.imageURL = imageURL
        self.imageSource = imageSource
        self.imageTitle = imageTitle
        self.footnoteReference = footnoteReference
        self.extendedAttributes = extendedAttributes
        self.languageIdentifier = languageIdentifier
        self.sourcePosition = sourcePosition
        self.isBlockSeparator = isBlockSeparator
        self.isPlaceholder = isPlaceholder
        self.display = display.flatMap { $0.isEmpty ? nil : $0 }
    }

    /// Whether no attribute is set (equal to `RunAttributes()`, checked field by field: the parser
    /// asks for every attribute set it interns).
    public var isEmpty: Bool {
        link == nil && linkDestination == nil && linkTitle == nil && imageURL == nil && imageSource == nil
            && imageTitle == nil && footnoteReference == nil && extendedAttributes == nil && languageIdentifier == nil
            && sourcePosition == nil && !isBlockSeparator && !isPlaceholder && display == nil
    }

    enum CodingKeys: String, CodingKey {
        case link, linkDestination, linkTitle, imageURL, imageSource, imageTitle, footnoteReference,
            extendedAttributes, languageIdentifier, sourcePosition, isBlockSeparator, isPlaceholder, display
    }

    /// Encodes the set fields only; URLs as their `absoluteString`.
    /// - Parameter encoder: The encoder.
    /// - Throws: Whatever the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encodeIfPresent(link?.absoluteString, forKey: .link)
        try container.encodeIfPresent(linkDestination, forKey: .linkDestination)
        try container.encodeIfPresent(linkTitle, forKey: .linkTitle)
        try container.encodeIfPresent(imageURL?.absoluteString, forKey: .imageURL)
        try container.encodeIfPresent(imageSource, forKey: .imageSource)
        try container.encodeIfPresent(imageTitle, forKey: .imageTitle)
        try container.encodeIfPresent(footnoteReference, forKey: .footnoteReference)
        try container.encodeIfPresent(extendedAttributes, forKey: .extendedAttributes)
        try container.encodeIfPresent(languageIdentifier, forKey: .languageIdentifier)
        try container.encodeIfPresent(sourcePosition, forKey: .sourcePosition)
        if isBlockSeparator { try container.encode(true, forKey: .isBlockSeparator) }
        if isPlaceholder { try container.encode(true, forKey: .isPlaceholder) }
        try container.encodeIfPresent(display, forKey: .display)
    }

    /// Decodes the form written by ``encode(to:)``; absent keys are absent attributes.
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` when a URL string is not a valid URL or a field has the wrong type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        func url(_ key: CodingKeys) throws -> URL? {
            guard let string = try container.decodeIfPresent(String.self, forKey: key) else { return nil }
            guard let url = URL(string: string) else {
                throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: "not a URL: \(string)")
            }
            return url
        }
        self.init(
            link: try url(.link),
            linkDestination: try container.decodeIfPresent(String.self, forKey: .linkDestination),
            linkTitle: try container.decodeIfPresent(String.self, forKey: .linkTitle),
            imageURL: try url(.imageURL),
            imageSource: try container.decodeIfPresent(String.self, forKey: .imageSource),
            imageTitle: try container.decodeIfPresent(String.self, forKey: .imageTitle),
            footnoteReference: try container.decodeIfPresent(String.self, forKey: .footnoteReference),
            extendedAttributes: try container.decodeIfPresent(
                [String: ExtendedAttributeValue].self, forKey: .extendedAttributes),
            languageIdentifier: try container.decodeIfPresent(String.self, forKey: .languageIdentifier),
            sourcePosition: try container.decodeIfPresent(MarkdownSourcePosition.self, forKey: .sourcePosition),
            isBlockSeparator: try container.decodeIfPresent(Bool.self, forKey: .isBlockSeparator) ?? false,
            isPlaceholder: try container.decodeIfPresent(Bool.self, forKey: .isPlaceholder) ?? false,
            display: try container.decodeIfPresent(DisplayAttributes.self, forKey: .display))
    }
}
