import IntentModel

/// The style mapping of an editor that holds every intent — one whose storage is Markdown, or
/// a tool that replays edits (`intentmark apply`): a paragraph's style is its whole chain of
/// blocks and a character style its inline intents with their attributes, so nothing degrades,
/// and proposals enter the storage as they are (``normalizedProposal(_:)`` returns them
/// unchanged).
///
/// ```swift
/// var session = EditorSession(document: try IntentDocument(markdown: "Notes\n"), styleMapping: MarkdownStyleMapping())
/// let context = try session.contexts(for: .fullDocument, selection: NSRange(location: 0, length: 0))[0]
/// try session.replace(NSRange(location: 0, length: 5), in: context.identifier,
///                     proposedText: try IntentDocument(markdown: "##### Small\n"))
/// session.storage.document.markdown()   // "##### Small\n" (a notes mapping would make it "### Small")
/// ```
public struct MarkdownStyleMapping: EditorStyleMapping {
    /// A paragraph's style: its leaf block and the blocks around it, innermost first, without
    /// identities (list items numbered 1: the caller numbers them).
    public typealias ParagraphStyle = [BlockDescription]

    /// A character style: inline intents with the run's other attributes (link, display
    /// attributes, extended attributes).
    public struct CharacterStyle: Hashable, Sendable {
        /// The inline intents.
        public var inlinePresentationIntent: InlinePresentationIntent
        /// The run's other attributes.
        public var attributes: RunAttributes

        /// Creates a character style.
        /// - Parameters:
        ///   - inlinePresentationIntent: The inline intents.
        ///   - attributes: The other attributes.
        public init(_ inlinePresentationIntent: InlinePresentationIntent, attributes: RunAttributes = RunAttributes()) {
            self.inlinePresentationIntent = inlinePresentationIntent
            self.attributes = attributes
        }
    }

    /// Creates the mapping.
    public init() {}

    /// See ``EditorStyleMapping/paragraphFormat(for:markup:)``: the leaf's chain of blocks (a body
    /// paragraph for text without a block); the indentation level is the list depth − 1.
    public func paragraphFormat(for intent: PresentationIntent?, markup: [Int: BlockMarkup]) -> ParagraphFormat<ParagraphStyle> {
        guard let intent else { return ParagraphFormat([BlockDescription(.paragraph)]) }
        var lists = 0
        let chain = intent.components.map { component -> BlockDescription in
            var kind = component.kind
            switch kind {
            case .listItem: kind = .listItem(ordinal: 1)
            case .orderedList, .unorderedList: lists += 1
            case .paragraph, .header, .blockQuote, .codeBlock, .thematicBreak, .table, .tableHeaderRow, .tableRow, .tableCell:
                break
            @unknown default:
                break
            }
            return BlockDescription(kind, markup: markup[component.identity])
        }
        return ParagraphFormat(chain, indentLevel: max(0, lists - 1))
    }

    /// See ``EditorStyleMapping/blocks(for:)``: the chain the style is.
    public func blocks(for format: ParagraphFormat<ParagraphStyle>) -> [BlockDescription] {
        format.style.isEmpty ? [BlockDescription(.paragraph)] : format.style
    }

    /// See ``EditorStyleMapping/characterStyles(for:attributes:)``: one style holding both.
    public func characterStyles(for inline: InlinePresentationIntent, attributes: RunAttributes) -> Set<CharacterStyle> {
        inline.isEmpty && attributes.isEmpty ? [] : [CharacterStyle(inline, attributes: attributes)]
    }

    /// See ``EditorStyleMapping/inlineIntents(for:)``: the union of the styles' intents, with the
    /// attributes of the one that has the most intents.
    public func inlineIntents(for styles: Set<CharacterStyle>) -> (InlinePresentationIntent, RunAttributes) {
        var inline: InlinePresentationIntent = []
        for style in styles { inline.formUnion(style.inlinePresentationIntent) }
        let main = styles.max {
            $0.inlinePresentationIntent.rawValue.nonzeroBitCount < $1.inlinePresentationIntent.rawValue.nonzeroBitCount
        }
        return (inline, main?.attributes ?? RunAttributes())
    }

    /// See ``EditorStyleMapping/joinsLines(of:)``: lines of a code block form one block.
    public func joinsLines(of style: ParagraphStyle) -> Bool {
        guard case .codeBlock? = style.first?.kind else { return false }
        return true
    }

    /// Proposals keep every intent: returned unchanged.
    /// - Parameter document: The proposal.
    /// - Returns: `document`.
    public func normalizedProposal(_ document: IntentDocument) -> IntentDocument { document }
}
