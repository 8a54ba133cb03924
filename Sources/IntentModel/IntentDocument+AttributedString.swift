import Foundation

extension IntentDocument {
    /// Converts the document to a Foundation `AttributedString` with the attributes of
    /// `AttributeScopes.IntentMarkAttributes` (and Foundation's `link`, `imageURL`,
    /// `languageIdentifier`).
    ///
    /// Cost: Foundation's `AttributedString` is slow to build on Linux (tens of µs per run); this
    /// assembles one `AttributedString` per leaf block and appends those, the fastest of the ways
    /// measured (INTENT-MODEL §2b).
    /// - Returns: An attributed string with the same characters and runs.
    public func attributedString() -> AttributedString {
        var result = AttributedString()
        var blockPiece = AttributedString()
        var currentBlock: Int32 = -2
        var containerCache: [RunKey: AttributeContainer] = [:]
        // `spanPaths` shares one path node per span, so deep nesting stays linear.
        var start = text.utf8.startIndex
        for (position, record) in runRecords.enumerated() {
            let end = text.utf8.index(start, offsetBy: record.end - (position == 0 ? 0 : runRecords[position - 1].end))
            let key = RunKey(block: record.block, attributes: record.attributes, inline: record.inline, span: record.span)
            let container: AttributeContainer
            if let cached = containerCache[key] {
                container = cached
            } else {
                var made = makeContainer(record)
                if record.span >= 0 { made[IntentMarkAttribute.InlineSpansAttribute.self] = spanPaths[Int(record.span)] }
                container = made
                containerCache[key] = container
            }
            if record.block != currentBlock {
                if !blockPiece.characters.isEmpty { result.append(blockPiece) }
                blockPiece = AttributedString()
                currentBlock = record.block
            }
            blockPiece.append(AttributedString(String(text[start..<end]), attributes: container))
            start = end
        }
        if !blockPiece.characters.isEmpty { result.append(blockPiece) }
        return result
    }

    private struct RunKey: Hashable {
        var block: Int32
        var attributes: Int32
        var inline: UInt
        var span: Int32
    }

    private func makeContainer(_ record: RunRecord) -> AttributeContainer {
        var container = AttributeContainer()
        if let intent = presentationIntent(ofBlock: record.block) {
            container[IntentMarkAttribute.PresentationIntentAttribute.self] = intent
            let markup = blockMarkup(ofBlock: record.block)
            if !markup.isEmpty { container[IntentMarkAttribute.BlockMarkupAttribute.self] = markup }
        }
        if record.inline != 0 {
            container[IntentMarkAttribute.InlinePresentationIntentAttribute.self] =
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
        if let value = attributes.sourcePosition {
            container[IntentMarkAttribute.MarkdownSourcePositionAttribute.self] = value
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
    /// `document == IntentDocument(document.attributedString())` for every document.
    /// - Parameter attributedString: The string to convert.
    public init(_ attributedString: AttributedString) {
        self.init()
        var spanCache: [ObjectIdentifier: Int32] = [:]
        for run in attributedString.runs {
            let text = String(attributedString.characters[run.range])
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
                sourcePosition: run[IntentMarkAttribute.MarkdownSourcePositionAttribute.self],
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
            append(
                text, presentationIntent: run[IntentMarkAttribute.PresentationIntentAttribute.self],
                inlinePresentationIntent: run[IntentMarkAttribute.InlinePresentationIntentAttribute.self] ?? [],
                attributes: attributes,
                blockMarkup: run[IntentMarkAttribute.BlockMarkupAttribute.self] ?? [:],
                inlineSpans: run[IntentMarkAttribute.InlineSpansAttribute.self], spanCache: &spanCache)
        }
    }
}
