import IntentModel

/// What an editor implements to use IntentMark as its formatting layer: a map between its own
/// paragraph and character styles and presentation intents, both ways.
///
/// An editor paragraph is one leaf block of the intent model (a paragraph, a header, a line of a
/// code block, a table cell). ``paragraphFormat(for:markup:)`` names the editor's style for a
/// leaf's intent chain; ``blocks(for:)`` gives the block kinds (innermost first) a paragraph of a
/// style stands for — the generic operations (``styledParagraphs(of:)``, ``document(from:)``,
/// ``normalized(_:)``) group consecutive paragraphs into lists, quotes and code blocks and assign
/// identities and ordinals. Intents a style cannot say degrade as the mapping documents; text is
/// never dropped.
///
/// ```swift
/// let notes = NotesStyleMapping()
/// let paragraphs = notes.styledParagraphs(of: try IntentDocument(markdown: "# Title\n\n- item\n"))
/// // [title "Title", bulletedList(0) "item"]
/// let document = notes.document(from: paragraphs)   // back to intents
/// ```
public protocol EditorStyleMapping: Sendable {
    /// The editor's paragraph styles (title, body, bulleted list, …).
    associatedtype ParagraphStyle: Hashable & Sendable
    /// The editor's character styles (bold, italic, link, …).
    associatedtype CharacterStyle: Hashable & Sendable

    /// The editor's format for a paragraph whose leaf block has `intent` (Foundation's order:
    /// the leaf first, then its ancestors).
    /// - Parameters:
    ///   - intent: The leaf's presentation intent, or `nil` for text without a block.
    ///   - markup: Block markup of the intent's blocks, by identity.
    /// - Returns: Style and indentation (0-based list depth).
    func paragraphFormat(for intent: PresentationIntent?, markup: [Int: BlockMarkup]) -> ParagraphFormat<ParagraphStyle>

    /// The blocks a paragraph of `format` stands for, innermost first (the leaf, then its
    /// ancestors), without identities. List items' ordinals are assigned by the caller.
    /// - Parameter format: A paragraph format.
    /// - Returns: At least one block: the leaf.
    func blocks(for format: ParagraphFormat<ParagraphStyle>) -> [BlockDescription]

    /// The editor's character styles for a run's inline intents and attributes.
    /// - Parameters:
    ///   - inline: The run's inline intents.
    ///   - attributes: The run's other attributes (link, display attributes).
    /// - Returns: The styles; empty for plain text.
    func characterStyles(for inline: InlinePresentationIntent, attributes: RunAttributes) -> Set<CharacterStyle>

    /// The inline intents and attributes `styles` stand for.
    /// - Parameter styles: Character styles.
    /// - Returns: Inline intents and attributes.
    func inlineIntents(for styles: Set<CharacterStyle>) -> (InlinePresentationIntent, RunAttributes)

    /// Whether consecutive paragraphs of `style` form one block (lines of one code block).
    /// - Parameter style: A paragraph style.
    /// - Returns: `true` when paragraphs of `style` are lines of one leaf block.
    func joinsLines(of style: ParagraphStyle) -> Bool

    /// A proposal (text with block intents a rewrite tool proposes) as this editor holds it,
    /// before it enters the storage. The default is ``normalized(_:)``: through the editor's
    /// styles and back, so intents a style cannot say degrade as the mapping documents.
    /// - Parameter document: The proposal.
    /// - Returns: The proposal with only intents the editor can hold.
    func normalizedProposal(_ document: IntentDocument) -> IntentDocument
}

extension EditorStyleMapping {
    /// The default: ``normalized(_:)``.
    /// - Parameter document: The proposal.
    /// - Returns: `normalized(document)`.
    public func normalizedProposal(_ document: IntentDocument) -> IntentDocument { normalized(document) }
}

/// A paragraph's format in an editor: its style and its indentation level.
public struct ParagraphFormat<Style: Hashable & Sendable>: Hashable, Sendable {
    /// The paragraph style.
    public var style: Style
    /// The indentation level, 0-based (list depth − 1 for list paragraphs).
    public var indentLevel: Int

    /// Creates a format.
    /// - Parameters:
    ///   - style: The paragraph style.
    ///   - indentLevel: 0-based indentation level.
    public init(_ style: Style, indentLevel: Int = 0) {
        self.style = style
        self.indentLevel = indentLevel
    }
}

/// One block a paragraph style stands for: its kind and markup (no identity).
public struct BlockDescription: Hashable, Sendable {
    /// The block kind (`listItem`'s ordinal is replaced by the caller).
    public var kind: PresentationIntent.Kind
    /// The block's markup (task state, list delimiter, …).
    public var markup: BlockMarkup?

    /// Creates a description.
    /// - Parameters:
    ///   - kind: The block kind.
    ///   - markup: The block's markup.
    public init(_ kind: PresentationIntent.Kind, markup: BlockMarkup? = nil) {
        self.kind = kind
        self.markup = markup
    }
}

/// One paragraph as an editor holds it: format and styled runs.
public struct StyledParagraph<ParagraphStyle: Hashable & Sendable, CharacterStyle: Hashable & Sendable>: Hashable, Sendable {
    /// The paragraph's format.
    public var format: ParagraphFormat<ParagraphStyle>
    /// The text, in runs of equal character styles (no paragraph terminator).
    public var runs: [StyledRun<CharacterStyle>]

    /// Creates a paragraph.
    /// - Parameters:
    ///   - format: The paragraph's format.
    ///   - runs: Its runs.
    public init(_ format: ParagraphFormat<ParagraphStyle>, runs: [StyledRun<CharacterStyle>]) {
        self.format = format
        self.runs = runs
    }

    /// The paragraph's text.
    public var text: String { runs.map(\.text).joined() }
}

/// A run of text with character styles.
public struct StyledRun<CharacterStyle: Hashable & Sendable>: Hashable, Sendable {
    /// The text.
    public var text: String
    /// Its character styles.
    public var styles: Set<CharacterStyle>

    /// Creates a run.
    /// - Parameters:
    ///   - text: The text.
    ///   - styles: Its character styles.
    public init(_ text: String, styles: Set<CharacterStyle> = []) {
        self.text = text
        self.styles = styles
    }
}
