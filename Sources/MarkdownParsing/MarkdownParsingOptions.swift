import Foundation

/// Options for parsing Markdown into an ``IntentModel/IntentDocument``.
///
/// Mirrors Foundation's `AttributedString.MarkdownParsingOptions` (members, defaults, and the
/// nested ``InterpretedSyntax`` and ``FailurePolicy``), plus this library's own: ``baseURL``,
/// ``blockSeparation``, ``extensions``, ``smartPunctuation``, ``appliesDisplayAttributes``,
/// ``recognizesFrontMatter``, ``recognizesGitHubAlerts``, ``limits`` and ``maximumParsingThreads``.
///
/// ```swift
/// var options = MarkdownParsingOptions()
/// options.extensions = []                    // pure CommonMark
/// options.appliesSourcePositionAttributes = true
/// let document = try IntentDocument(markdown: "*hi*", options: options)
/// ```
public struct MarkdownParsingOptions: Sendable, Hashable, Codable {
    // MARK: Apple's members

    /// Whether Apple's extended attribute syntax `^[text](name: value, …)` is interpreted
    /// (values are JSON5). Default `false`: the syntax stays literal text, as CommonMark reads it.
    public var allowsExtendedAttributes: Bool
    /// Which syntax produces attributes. Default ``InterpretedSyntax/full``.
    public var interpretedSyntax: InterpretedSyntax
    /// What happens when the input cannot be parsed exactly. Default ``FailurePolicy/throwError``.
    public var failurePolicy: FailurePolicy
    /// A BCP-47 language code (`"en"`, `"ja-JP"`) put on every run as Foundation's
    /// `languageIdentifier`; default `nil` (none).
    public var languageCode: String?
    /// Whether every run gets a ``IntentModel/MarkdownSourcePosition`` (1-based lines, 1-based
    /// UTF-8 byte columns, end inclusive). Default `false`.
    public var appliesSourcePositionAttributes: Bool

    // MARK: IntentMark's members

    /// The URL that relative link and image destinations are resolved against (Foundation's
    /// `link` and `imageURL`); the destinations as written are kept too. Default `nil`.
    public var baseURL: URL?
    /// Where blocks live in the text. Default ``BlockSeparation/newlines``.
    public var blockSeparation: BlockSeparation
    /// The GFM extensions in effect. Default ``MarkdownExtensions/all``; `[]` is pure CommonMark.
    public var extensions: MarkdownExtensions
    /// Smart punctuation (libcmark-gfm's `CMARK_OPT_SMART`): straight quotes become curly, `--`
    /// an en dash, `---` an em dash, `...` an ellipsis. Default `false`.
    public var smartPunctuation: Bool
    /// Bounds on the input that real documents never reach. Default ``ParsingLimits/default``.
    public var limits: ParsingLimits
    /// Whether Markdown's display syntax becomes ``IntentModel/DisplayAttributes`` on the runs it
    /// encloses. Default `true`.
    ///
    /// - Inline HTML formatting tags (``IntentModel/HTMLFormattingTag/Element``: `<u>` `<ins>`
    ///   underline, `<s>` `<del>` `<strike>` strikethrough, `<sup>` `<sub>`, `<mark>` highlight,
    ///   `<kbd>` monospaced) that are bare (`<name>`/`</name>`, any letter case, no attributes or
    ///   whitespace), balanced among the children of one inline parent (so within one paragraph,
    ///   heading or cell; inline-only text is one inline sequence, across blank lines), properly nested, not empty and not inside an image description become an
    ///   ``IntentModel/InlineSpan/Kind/htmlFormatting`` span that keeps the tags as written; the
    ///   tags are no longer in the text. Unbalanced, unknown or decorated tags stay raw inline HTML.
    ///   HTML and Markdown written from the document give the tags back byte for byte.
    /// - Extended attributes (with ``allowsExtendedAttributes``) named in
    ///   ``IntentModel/DisplayAttributes/extendedAttributeNames`` (`underline: true`,
    ///   `superscript: 1`, …) also set display attributes, besides staying in
    ///   ``IntentModel/RunAttributes/extendedAttributes``.
    ///
    /// `false` keeps every tag as raw inline HTML and extended attributes as extended attributes only.
    public var appliesDisplayAttributes: Bool
    /// Whether YAML (`---`) or TOML (`+++`) front matter at the very start of the source becomes
    /// the document's ``IntentModel/FrontMatter`` instead of Markdown (a thematic break and a
    /// heading): delimiter lines around lines that begin a mapping (`title: Notes`), as
    /// ``IntentModel/FrontMatter`` says. Default `true`; only with ``InterpretedSyntax/full``.
    /// Text that is not a file's (a language model's answer) is better read with `false`: an
    /// answer that opens with `---` and a `key: value` line, and has another `---` line further
    /// on, would otherwise lose the lines between to front matter.
    public var recognizesFrontMatter: Bool
    /// Whether top-level block quotes led by `[!NOTE]`, `[!TIP]`, `[!IMPORTANT]`, `[!WARNING]` or
    /// `[!CAUTION]` become GitHub alerts (``IntentModel/GitHubAlert``, on the quote's block
    /// markup; the marker leaves the text). Default `true`; HTML is still written as
    /// libcmark-gfm writes the quote unless the HTML writer is asked for alert markup.
    public var recognizesGitHubAlerts: Bool
    /// The most threads one document is parsed on; `nil` (the default) for the active processor
    /// count, 1 (or less) for the calling thread alone.
    ///
    /// A document of 512 KiB or more is cut at top-level blocks into pieces that libcmark-gfm
    /// parses apart, on that many threads, and joined into the document one parse makes:
    /// identities, source positions, link references resolved across pieces and the source map
    /// are the same. A document with a footnote definition (libcmark-gfm numbers footnotes across
    /// the whole document), or whose syntax is rewritten before parsing (extended attributes,
    /// inline-only syntax), is parsed on the calling thread.
    public var maximumParsingThreads: Int?
    /// The smallest input parsed in pieces and the smallest piece, in UTF-8 bytes
    /// (``maximumParsingThreads``); tests make them small to cut small documents.
    package var minimumBytesInPieces = 1 << 19
    package var minimumPieceBytes = 1 << 16
    /// ``maximumParsingThreads`` resolved: at least 1.
    var parsingThreads: Int { max(1, maximumParsingThreads ?? ProcessInfo.processInfo.activeProcessorCount) }
    /// Whether the document keeps its source for source-preserving writes
    /// (``IntentModel/MarkdownSourceMap``). Always, except for parses that only compare readings
    /// (the Markdown writer's escape checks), which skip the copy.
    package var recordsSource = true
    /// Whether links and images get their `link` and `imageURL` (Foundation `URL`s made from the
    /// destination, resolved against ``baseURL``). Always, except for the command line's HTML,
    /// which writes `href` and `src` from the destination as written (`linkDestination`,
    /// `imageSource`) and so skips a URL parse per link.
    package var resolvesLinkURLs = true

    // MARK: Initialisers

    /// Creates options; every argument defaults to Apple's (or this library's) default.
    public init(
        allowsExtendedAttributes: Bool = false, interpretedSyntax: InterpretedSyntax = .full,
        failurePolicy: FailurePolicy = .throwError, languageCode: String? = nil,
        appliesSourcePositionAttributes: Bool = false, baseURL: URL? = nil,
        blockSeparation: BlockSeparation = .newlines, extensions: MarkdownExtensions = .all,
        smartPunctuation: Bool = false, limits: ParsingLimits = .default, appliesDisplayAttributes: Bool = true,
        recognizesFrontMatter: Bool = true, recognizesGitHubAlerts: Bool = true, maximumParsingThreads: Int? = nil
    ) {
        self.allowsExtendedAttributes = allowsExtendedAttributes
        self.interpretedSyntax = interpretedSyntax
        self.failurePolicy = failurePolicy
        self.languageCode = languageCode
        self.appliesSourcePositionAttributes = appliesSourcePositionAttributes
        self.baseURL = baseURL
        self.blockSeparation = blockSeparation
        self.extensions = extensions
        self.smartPunctuation = smartPunctuation
        self.limits = limits
        self.appliesDisplayAttributes = appliesDisplayAttributes
        self.recognizesFrontMatter = recognizesFrontMatter
        self.recognizesGitHubAlerts = recognizesGitHubAlerts
        self.maximumParsingThreads = maximumParsingThreads
    }

    /// All defaults.
    public static let `default` = MarkdownParsingOptions()
}

// MARK: - Codable

extension MarkdownParsingOptions {
    enum CodingKeys: String, CodingKey {
        case allowsExtendedAttributes, interpretedSyntax, failurePolicy, languageCode,
            appliesSourcePositionAttributes, baseURL, blockSeparation, extensions, smartPunctuation, limits,
            appliesDisplayAttributes, recognizesFrontMatter, recognizesGitHubAlerts, maximumParsingThreads
    }

    /// Decodes options from JSON; every key is optional and defaults as ``init(allowsExtendedAttributes:interpretedSyntax:failurePolicy:languageCode:appliesSourcePositionAttributes:baseURL:blockSeparation:extensions:smartPunctuation:limits:appliesDisplayAttributes:recognizesFrontMatter:recognizesGitHubAlerts:maximumParsingThreads:)``
    /// does (`{"smartPunctuation": true}` is a complete options file).
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` for a value of the wrong type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            allowsExtendedAttributes: try container.decodeIfPresent(Bool.self, forKey: .allowsExtendedAttributes) ?? false,
            interpretedSyntax: try container.decodeIfPresent(InterpretedSyntax.self, forKey: .interpretedSyntax) ?? .full,
            failurePolicy: try container.decodeIfPresent(FailurePolicy.self, forKey: .failurePolicy) ?? .throwError,
            languageCode: try container.decodeIfPresent(String.self, forKey: .languageCode),
            appliesSourcePositionAttributes: try container.decodeIfPresent(
                Bool.self, forKey: .appliesSourcePositionAttributes) ?? false,
            baseURL: try container.decodeIfPresent(URL.self, forKey: .baseURL),
            blockSeparation: try container.decodeIfPresent(BlockSeparation.self, forKey: .blockSeparation) ?? .newlines,
            extensions: try container.decodeIfPresent(MarkdownExtensions.self, forKey: .extensions) ?? .all,
            smartPunctuation: try container.decodeIfPresent(Bool.self, forKey: .smartPunctuation) ?? false,
            limits: try container.decodeIfPresent(ParsingLimits.self, forKey: .limits) ?? .default,
            appliesDisplayAttributes: try container.decodeIfPresent(Bool.self, forKey: .appliesDisplayAttributes) ?? true,
            recognizesFrontMatter: try container.decodeIfPresent(Bool.self, forKey: .recognizesFrontMatter) ?? true,
            recognizesGitHubAlerts: try container.decodeIfPresent(Bool.self, forKey: .recognizesGitHubAlerts) ?? true,
            maximumParsingThreads: try container.decodeIfPresent(Int.self, forKey: .maximumParsingThreads))
    }
}
