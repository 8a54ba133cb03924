import Foundation

extension IntentDocument {
    /// Converts the document to a Foundation `AttributedString` with the attributes of
    /// `AttributeScopes.IntentMarkAttributes` (and Foundation's `link`, `imageURL`,
    /// `languageIdentifier`).
    ///
    /// Cost: Foundation's `AttributedString` is slow to build on Linux (tens of µs per run). Of the
    /// ways to build the same runs with Foundation (`intentmark-benchmarks --foundation`), the
    /// fastest is used: one `AttributedString` per block, made from the block's text with its first
    /// run's attributes, the block's other runs set over their UTF-8 ranges, then the blocks
    /// appended.
    /// - Returns: An attributed string with the same characters and runs.
    public func attributedString() -> AttributedString {
        attributedString(foundationAttributesOnly: false)
    }

    /// Converts the document to a Foundation `AttributedString`, with only Foundation's
    /// attributes when `foundationAttributesOnly` is set: `presentationIntent`,
    /// `inlinePresentationIntent`, `link`, `imageURL`, `languageIdentifier` and
    /// `markdownSourcePosition` — what Apple's `AttributedString(markdown:)` puts on runs. Runs that
    /// differ only in IntentMark's attributes then merge, as Apple's would be one run.
    /// - Parameter foundationAttributesOnly: Whether to leave IntentMark's own attributes out.
    /// - Returns: An attributed string with the same characters.
    package func attributedString(foundationAttributesOnly: Bool) -> AttributedString {
        var assembler = AttributedStringAssembler(document: self, foundationAttributesOnly: foundationAttributesOnly)
        walk(&assembler)
        return assembler.result
    }

    /// The attributes every run of block `block` has: its intent and markup.
    func blockContainer(_ block: Int32, foundationAttributesOnly: Bool) -> AttributeContainer {
        var container = AttributeContainer()
        if let intent = presentationIntent(ofBlock: block) {
            container[PresentationIntentKey.self] = intent
            let markup = foundationAttributesOnly ? [:] : blockMarkup(ofBlock: block)
            if !markup.isEmpty { container[IntentMarkAttribute.BlockMarkupAttribute.self] = markup }
        }
        return container
    }

    /// The attributes of one run besides its block's (``blockContainer(_:foundationAttributesOnly:)``)
    /// and its spans.
    func runContainer(_ record: RunRecord, foundationAttributesOnly: Bool) -> AttributeContainer {
        var container = AttributeContainer()
        if record.inline != 0 {
            container[InlinePresentationIntentKey.self] =
                InlinePresentationIntent(rawValue: record.inline)
        }
        let attributes = attributeTable[Int(record.attributes)]
        if let value = attributes.link { container[AttributeScopes.FoundationAttributes.LinkAttribute.self] = value }
        if let value = attributes.imageURL {
            container[AttributeScopes.FoundationAttributes.ImageURLAttribute.self] = value
        }
        if let value = attributes.languageIdentifier {
            container[AttributeScopes.FoundationAttributes.LanguageIdentifierAttribute.self] = value
        }
        if let value = attributes.sourcePosition {
            container[MarkdownSourcePositionKey.self] = value.attributeValue
        }
        if foundationAttributesOnly { return container }
        if let value = attributes.linkDestination { container[IntentMarkAttribute.LinkDestinationAttribute.self] = value }
        if let value = attributes.linkTitle { container[IntentMarkAttribute.LinkTitleAttribute.self] = value }
        if let value = attributes.imageSource { container[IntentMarkAttribute.ImageSourceAttribute.self] = value }
        if let value = attributes.imageTitle { container[IntentMarkAttribute.ImageTitleAttribute.self] = value }
        if let value = attributes.footnoteReference {
            container[IntentMarkAttribute.FootnoteReferenceAttribute.self] = value
        }
        if let value = attributes.extendedAttributes {
            container[IntentMarkAttribute.ExtendedAttributesAttribute.self] = value
        }
        if attributes.isBlockSeparator { container[IntentMarkAttribute.BlockSeparatorAttribute.self] = true }
        if attributes.isPlaceholder { container[IntentMarkAttribute.PlaceholderAttribute.self] = true }
        if let display = attributes.display {
            if let value = display.font { container[IntentMarkAttribute.FontAttribute.self] = value }
            if let value = display.foregroundColor { container[IntentMarkAttribute.ForegroundColorAttribute.self] = value }
            if let value = display.backgroundColor { container[IntentMarkAttribute.BackgroundColorAttribute.self] = value }
            if let value = display.underlineStyle { container[IntentMarkAttribute.UnderlineStyleAttribute.self] = value }
            if let value = display.strikethroughStyle {
                container[IntentMarkAttribute.StrikethroughStyleAttribute.self] = value
            }
            if let value = display.baselineOffset { container[IntentMarkAttribute.BaselineOffsetAttribute.self] = value }
            if let value = display.superscript { container[IntentMarkAttribute.SuperscriptAttribute.self] = value }
            if let value = display.paragraphStyle { container[IntentMarkAttribute.ParagraphStyleAttribute.self] = value }
        }
        return container
    }

    /// Creates a document from a Foundation `AttributedString`, reading the attributes of
    /// `AttributeScopes.IntentMarkAttributes` (others are ignored).
    ///
    /// Two conventions for where a block ends are read, run by run, without an option:
    /// - **Apple's** (`AttributedString(markdown:)` on Darwin, the `.none` layout): nothing
    ///   separates blocks; a block ends where the next run names another block.
    /// - **Text-view paragraphs** (what `NSTextView`, `UITextView` and SwiftUI's `TextEditor`
    ///   hold): every paragraph ends with a `"\n"` that carries the paragraph's own presentation
    ///   intent. A line feed that is the last character of a paragraph, header, table cell or
    ///   thematic break — the next run names another block, or the text ends — and is not marked
    ///   as a separator already is read as that block's separator (``RunAttributes/isBlockSeparator``),
    ///   which is what the `.newlines` layout puts there. A code block's or HTML block's final
    ///   line feed is its own text, and a line feed inside a block stays text.
    ///
    /// So `"Shopping\n"` as a level-1 header followed by `"Total\n"` as a paragraph reads as the
    /// same document as `"# Shopping\n\nTotal\n"` parsed, and writes the same Markdown, HTML and
    /// plain text. `document == IntentDocument(document.attributedString())` for every document
    /// IntentMark produces (parsed, lowered, raised or edited).
    /// - Parameter attributedString: The string to convert.
    public init(_ attributedString: AttributedString) {
        self.init()
        var spanCache: [ObjectIdentifier: Int32] = [:]
        var previousBlock: (intent: PresentationIntent?, markup: [Int: BlockMarkup], index: Int32)?
        var pendingLineEnd: PendingLineEnd?
        for run in attributedString.runs {
            // The character view widens a range to whole characters, which would move a run
            // that begins inside one (an emphasised combining mark): such a run is read by
            // scalars (slower, so only then).
            let characters = attributedString.characters[run.range]
            let text =
                characters.startIndex == run.range.lowerBound && characters.endIndex == run.range.upperBound
                ? String(characters) : String(String.UnicodeScalarView(attributedString.unicodeScalars[run.range]))
            let attributes = RunAttributes(
                link: run[AttributeScopes.FoundationAttributes.LinkAttribute.self],
                linkDestination: run[IntentMarkAttribute.LinkDestinationAttribute.self],
                linkTitle: run[IntentMarkAttribute.LinkTitleAttribute.self],
                imageURL: run[AttributeScopes.FoundationAttributes.ImageURLAttribute.self],
                imageSource: run[IntentMarkAttribute.ImageSourceAttribute.self],
                imageTitle: run[IntentMarkAttribute.ImageTitleAttribute.self],
                footnoteReference: run[IntentMarkAttribute.FootnoteReferenceAttribute.self],
                extendedAttributes: run[IntentMarkAttribute.ExtendedAttributesAttribute.self],
                languageIdentifier: run[AttributeScopes.FoundationAttributes.LanguageIdentifierAttribute.self],
                sourcePosition: run[MarkdownSourcePositionKey.self].map(MarkdownSourcePosition.init(attributeValue:)),
                isBlockSeparator: run[IntentMarkAttribute.BlockSeparatorAttribute.self] ?? false,
                isPlaceholder: run[IntentMarkAttribute.PlaceholderAttribute.self] ?? false,
                display: DisplayAttributes(
                    font: run[IntentMarkAttribute.FontAttribute.self],
                    foregroundColor: run[IntentMarkAttribute.ForegroundColorAttribute.self],
                    backgroundColor: run[IntentMarkAttribute.BackgroundColorAttribute.self],
                    underlineStyle: run[IntentMarkAttribute.UnderlineStyleAttribute.self],
                    strikethroughStyle: run[IntentMarkAttribute.StrikethroughStyleAttribute.self],
                    baselineOffset: run[IntentMarkAttribute.BaselineOffsetAttribute.self],
                    superscript: run[IntentMarkAttribute.SuperscriptAttribute.self],
                    paragraphStyle: run[IntentMarkAttribute.ParagraphStyleAttribute.self]))
            // Consecutive runs of one block carry the same intent and markup: resolve it once.
            let intent = run[PresentationIntentKey.self]
            let markup = run[IntentMarkAttribute.BlockMarkupAttribute.self] ?? [:]
            if !(previousBlock.map({ $0.intent == intent && $0.markup == markup }) ?? false) {
                previousBlock = (intent, markup, block(of: intent, blockMarkup: markup))
            }
            let blockIndex = previousBlock?.index ?? -1
            let inline = run[InlinePresentationIntentKey.self] ?? []
            let spans = run[IntentMarkAttribute.InlineSpansAttribute.self]
            if let line = pendingLineEnd {
                // The line feed held back ended its paragraph only if the paragraph ends there.
                appendLineEnd(line, endsParagraph: line.block != blockIndex, spanCache: &spanCache)
                pendingLineEnd = nil
            }
            var body = text
            if body.utf8.last == UInt8(ascii: "\n"), !attributes.isBlockSeparator, endsTextViewParagraph(blockIndex, inline: inline) {
                body.removeLast()
                pendingLineEnd = (blockIndex, inline, attributes, spans)
            }
            append(
                body, block: blockIndex, inlinePresentationIntent: inline, attributes: attributes, inlineSpans: spans, spanCache: &spanCache
            )
        }
        if let line = pendingLineEnd { appendLineEnd(line, endsParagraph: true, spanCache: &spanCache) }
    }

    /// A line feed that may end a text view's paragraph: the block it is in, and the attributes
    /// it had in the attributed string.
    private typealias PendingLineEnd = (
        block: Int32, inline: InlinePresentationIntent, attributes: RunAttributes, spans: InlineSpanPath?
    )

    /// Whether a line feed at the end of a run of block `block` can be a text view's paragraph end:
    /// the block is a leaf whose own text never ends in a line feed (not a code block, not an
    /// HTML block's text).
    private func endsTextViewParagraph(_ block: Int32, inline: InlinePresentationIntent) -> Bool {
        guard block >= 0, !inline.contains(.blockHTML) else { return false }
        switch blocks[Int(block)].kind {
        case .codeBlock, .orderedList, .unorderedList, .listItem, .blockQuote, .table, .tableHeaderRow, .tableRow:
            return false
        case .paragraph, .header, .thematicBreak, .tableCell:
            return true
        @unknown default:
            return true
        }
    }

    /// Appends a held-back line feed: as its block's separator when the paragraph ends with it
    /// (the text view's convention), else as the text it was.
    private mutating func appendLineEnd(_ line: PendingLineEnd, endsParagraph: Bool, spanCache: inout [ObjectIdentifier: Int32]) {
        if endsParagraph {
            var separator = RunAttributes()
            separator.isBlockSeparator = true
            append("\n", block: line.block, inlinePresentationIntent: [], attributes: separator, inlineSpans: nil, spanCache: &spanCache)
        } else {
            append(
                "\n", block: line.block, inlinePresentationIntent: line.inline, attributes: line.attributes,
                inlineSpans: line.spans, spanCache: &spanCache)
        }
    }
}
