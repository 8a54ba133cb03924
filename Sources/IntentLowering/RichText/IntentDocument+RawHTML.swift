import IntentModel

extension IntentDocument {
    /// This document with its raw HTML as outputs without HTML show it (what RTF writes):
    /// inline `<br>` in any spelling becomes a hard line break (a space in a table cell, which
    /// plain text keeps on one line), inline `<img>` its alt text, any
    /// other inline tag or comment nothing; an HTML block keeps only its text between tags, and
    /// an HTML block of nothing but tags, comments and white space is left out whole (as a
    /// browser shows nothing for it: a template comment of thousands of words stays hidden); a
    /// list item whose only content was such a block stays, empty, so its marker still shows.
    ///
    /// Blocks, spans and attributes are otherwise unchanged; the rule is ``InlineHTMLMeaning``'s
    /// and ``HTMLBlockText``'s, so plain text, rich text, RTF and the terminal show the same words.
    /// - Returns: The document itself when it holds no raw HTML.
    package func renderingRawHTML() -> IntentDocument {
        guard let layout = rawHTMLLayout() else { return self }
        let utf8 = Array(text.utf8)
        var emptiedItems: Set<BlockID> = []
        var builder = IntentDocumentBuilder(blocksAndSpansOf: self, expectedBytes: utf8.count)
        var attributeIDs = [RunAttributesID?](repeating: nil, count: attributeSetCount)
        func attributes(_ old: RunAttributesID) -> RunAttributesID {
            if let known = attributeIDs[old.index] { return known }
            let new = builder.attributesID(self.attributes(of: old))
            attributeIDs[old.index] = new
            return new
        }
        // Whether the text written last ends with a space, and whether a dropped tag came after it.
        var endsWithSpace = false
        var collapsesSpace = false
        utf8.withUnsafeBufferPointer { bytes in
            for run in storedRuns {
                let range = run.utf8Range
                if let leaf = run.block, layout.isHidden(leaf) {
                    if let item = layout.emptiedItem(of: leaf, in: self), emptiedItems.insert(item).inserted {
                        var separator = self.attributes(of: run.attributes)
                        separator.isBlockSeparator = true
                        builder.append("\n", block: item, inline: [], attributes: builder.attributesID(separator), span: nil)
                    }
                    continue
                }
                let id = attributes(run.attributes)
                let intents = run.inlinePresentationIntent
                guard intents.rawValue & HTMLBits.either != 0 else {
                    var from = range.lowerBound
                    // A dropped tag between two spaces leaves one space, not two.
                    if collapsesSpace, from < range.upperBound, bytes[from] == UInt8(ascii: " ") { from += 1 }
                    collapsesSpace = false
                    guard from < range.upperBound else { continue }
                    builder.append(
                        UnsafeBufferPointer(rebasing: bytes[from..<range.upperBound]), block: run.block, inline: intents,
                        attributes: id, span: run.span)
                    endsWithSpace = bytes[range.upperBound - 1] == UInt8(ascii: " ")
                    continue
                }
                collapsesSpace = false
                let html = String(decoding: bytes[range], as: UTF8.self)
                let inline = InlinePresentationIntent(rawValue: intents.rawValue & ~HTMLBits.either)
                if intents.rawValue & HTMLBits.blockHTML != 0 {
                    builder.append(HTMLBlockText.text(of: html), block: run.block, inline: inline, attributes: id, span: run.span)
                    continue
                }
                switch InlineHTMLMeaning(html: html) {
                case .lineBreak where run.block.map { kind(of: $0).isTableCell } ?? false:
                    // A table cell is one line in plain text's layouts: there a break is a space.
                    builder.append(" ", block: run.block, inline: inline, attributes: id, span: run.span)
                case .lineBreak:
                    // A hard line break, as parsed hard breaks are (U+2028).
                    builder.append(
                        "\u{2028}", block: run.block, inline: InlinePresentationIntent(rawValue: inline.rawValue | HTMLBits.lineBreak),
                        attributes: id, span: run.span)
                    // The next line does not start with the space that followed the tag.
                    endsWithSpace = false
                    collapsesSpace = true
                    continue
                case .text(let alternative):
                    builder.append(alternative, block: run.block, inline: inline, attributes: id, span: run.span)
                case .dropped:
                    collapsesSpace = endsWithSpace
                    continue
                }
                endsWithSpace = false
            }
        }
        return builder.finish()
    }

    /// Where a document's raw HTML shows nothing: the leaves of HTML blocks without visible text
    /// (``HTMLBlockText``), and which blocks hold a visible leaf. `nil` when the document has no
    /// raw HTML. Reads only the block HTML runs' text.
    package func rawHTMLLayout() -> RawHTMLLayout? {
        guard storedRuns.contains(where: { $0.inlinePresentationIntent.rawValue & HTMLBits.either != 0 }) else {
            return nil
        }
        // Arrays by block index, not sets: the passes below look up every run.
        var isHiddenLeaf = [Bool](repeating: false, count: blockCount)
        var isVisibleLeaf = [Bool](repeating: false, count: blockCount)
        var text = text
        text.withUTF8 { utf8 in
            for run in storedRuns {
                guard let leaf = run.block, run.inlinePresentationIntent.rawValue & HTMLBits.blockHTML != 0 else { continue }
                let html = String(decoding: UnsafeBufferPointer(rebasing: utf8[run.utf8Range]), as: UTF8.self)
                if HTMLBlockText.text(of: html).isEmpty {
                    isHiddenLeaf[leaf.index] = true
                } else {
                    isVisibleLeaf[leaf.index] = true
                }
            }
        }
        var holdsVisibleLeaf = [Bool](repeating: false, count: blockCount)
        var previousShown: BlockID? = nil
        for run in storedRuns {
            guard let leaf = run.block, leaf != previousShown else { continue }
            if isHiddenLeaf[leaf.index] {
                // A leaf with any run that is not hidden HTML shows (a separator does not count).
                if !isVisibleLeaf[leaf.index],
                    attributes(of: run.attributes).isBlockSeparator || run.inlinePresentationIntent.rawValue & HTMLBits.blockHTML != 0
                {
                    continue
                }
                isHiddenLeaf[leaf.index] = false
            }
            previousShown = leaf
            var current: BlockID? = leaf
            while let block = current, !holdsVisibleLeaf[block.index] {
                holdsVisibleLeaf[block.index] = true
                current = parent(of: block)
            }
        }
        return RawHTMLLayout(isHiddenLeaf: isHiddenLeaf, holdsVisibleLeaf: holdsVisibleLeaf)
    }
}
