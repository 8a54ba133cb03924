import IntentModel

/// Builds ``IntentModel/IntentDocument/renderingRawHTML()``'s document run by run: hidden leaves
/// left out (an item they emptied keeps a separator), other text copied, block HTML replaced by
/// its visible text and inline HTML by what it means (a break, alt text, or nothing, with the
/// spaces around a dropped tag collapsed).
struct RawHTMLRewriter {
    private let document: IntentDocument
    private let layout: RawHTMLLayout
    private var builder: IntentDocumentBuilder
    /// The builder's attribute set for each of the document's, once used.
    private var attributeIDs: [RunAttributesID?]
    /// List items whose content was all hidden, given their separator already.
    private var emptiedItems: Set<BlockID> = []
    /// Whether the text written last ends with a space, and whether a dropped tag came after it.
    private var endsWithSpace = false
    private var collapsesSpace = false

    init(document: IntentDocument, layout: RawHTMLLayout, expectedBytes: Int) {
        self.document = document
        self.layout = layout
        builder = IntentDocumentBuilder(blocksAndSpansOf: document, expectedBytes: expectedBytes)
        attributeIDs = [RunAttributesID?](repeating: nil, count: document.attributeSetCount)
    }

    private mutating func attributes(_ old: RunAttributesID) -> RunAttributesID {
        if let known = attributeIDs[old.index] { return known }
        let new = builder.attributesID(document.attributes(of: old))
        attributeIDs[old.index] = new
        return new
    }

    /// The document built.
    mutating func finish() -> IntentDocument { builder.finish() }

    /// Appends what `run` (its bytes in `bytes`, the document's text) becomes.
    mutating func append(_ run: IntentDocument.StoredRun, bytes: UnsafeBufferPointer<UInt8>) {
        let range = run.utf8Range
        if let leaf = run.block, layout.isHidden(leaf) {
            if let item = layout.emptiedItem(of: leaf, in: document), emptiedItems.insert(item).inserted {
                var separator = document.attributes(of: run.attributes)
                separator.isBlockSeparator = true
                builder.append("\n", block: item, inline: [], attributes: builder.attributesID(separator), span: nil)
            }
            return
        }
        let id = attributes(run.attributes)
        let intents = run.inlinePresentationIntent
        guard intents.rawValue & HTMLBits.either != 0 else {
            var from = range.lowerBound
            // A dropped tag between two spaces leaves one space, not two.
            if collapsesSpace, from < range.upperBound, bytes[from] == UInt8(ascii: " ") { from += 1 }
            collapsesSpace = false
            guard from < range.upperBound else { return }
            builder.append(
                UnsafeBufferPointer(rebasing: bytes[from..<range.upperBound]), block: run.block, inline: intents, attributes: id,
                span: run.span)
            endsWithSpace = bytes[range.upperBound - 1] == UInt8(ascii: " ")
            return
        }
        collapsesSpace = false
        let html = String(decoding: bytes[range], as: UTF8.self)
        let inline = InlinePresentationIntent(rawValue: intents.rawValue & ~HTMLBits.either)
        if intents.rawValue & HTMLBits.blockHTML != 0 {
            builder.append(HTMLBlockText.text(of: html), block: run.block, inline: inline, attributes: id, span: run.span)
            return
        }
        appendInlineHTML(html, of: run, inline: inline, attributes: id)
    }

    /// Inline HTML as what it means: a hard line break for `<br>` (a space in a table cell, one
    /// line in plain text's layouts), an image's alt text, or nothing.
    private mutating func appendInlineHTML(
        _ html: String, of run: IntentDocument.StoredRun, inline: InlinePresentationIntent, attributes id: RunAttributesID
    ) {
        switch InlineHTMLMeaning(html: html) {
        case .lineBreak where run.block.map { document.kind(of: $0).isTableCell } ?? false:
            builder.append(" ", block: run.block, inline: inline, attributes: id, span: run.span)
        case .lineBreak:
            // A hard line break, as parsed hard breaks are (U+2028).
            builder.append(
                "\u{2028}", block: run.block, inline: InlinePresentationIntent(rawValue: inline.rawValue | HTMLBits.lineBreak),
                attributes: id, span: run.span)
            // The next line does not start with the space that followed the tag.
            endsWithSpace = false
            collapsesSpace = true
            return
        case .text(let alternative):
            builder.append(alternative, block: run.block, inline: inline, attributes: id, span: run.span)
        case .dropped:
            collapsesSpace = endsWithSpace
            return
        }
        endsWithSpace = false
    }
}
