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
        let htmlBits = InlinePresentationIntent.inlineHTML.rawValue | InlinePresentationIntent.blockHTML.rawValue
        guard let layout = rawHTMLLayout() else { return self }
        let utf8 = Array(text.utf8)
        var emptiedItems: Set<Int32> = []
        var start = 0

        var builder = IntentDocumentBuilder(blocksAndSpansOf: self, expectedBytes: utf8.count)
        var attributeIndex = [Int32](repeating: -1, count: attributeTable.count)
        func attributes(_ old: Int32) -> Int32 {
            if attributeIndex[Int(old)] < 0 { attributeIndex[Int(old)] = builder.attributesIndex(attributeTable[Int(old)]) }
            return attributeIndex[Int(old)]
        }
        start = 0
        // Whether the text written last ends with a space, and whether a dropped tag came after it.
        var endsWithSpace = false
        var collapsesSpace = false
        utf8.withUnsafeBufferPointer { bytes in
            for record in runRecords {
                defer { start = record.end }
                if layout.isHidden(record.block) {
                    if let item = layout.emptiedItem(of: record.block, in: self), emptiedItems.insert(item).inserted {
                        var separator = attributeTable[Int(record.attributes)]
                        separator.isBlockSeparator = true
                        builder.append("\n", block: item, inline: 0, attributes: builder.attributesIndex(separator), span: -1)
                    }
                    continue
                }
                let index = attributes(record.attributes)
                guard record.inline & htmlBits != 0 else {
                    var from = start
                    // A dropped tag between two spaces leaves one space, not two.
                    if collapsesSpace, from < record.end, bytes[from] == UInt8(ascii: " ") { from += 1 }
                    collapsesSpace = false
                    guard from < record.end else { continue }
                    builder.append(
                        UnsafeBufferPointer(rebasing: bytes[from..<record.end]), block: record.block, inline: record.inline,
                        attributes: index, span: record.span)
                    endsWithSpace = bytes[record.end - 1] == UInt8(ascii: " ")
                    continue
                }
                collapsesSpace = false
                let html = String(decoding: bytes[start..<record.end], as: UTF8.self)
                let inline = record.inline & ~htmlBits
                if record.inline & InlinePresentationIntent.blockHTML.rawValue != 0 {
                    builder.append(
                        HTMLBlockText.text(of: html), block: record.block, inline: inline, attributes: index,
                        span: record.span)
                    continue
                }
                switch InlineHTMLMeaning(html: html) {
                case .lineBreak where record.block >= 0 && blocks[Int(record.block)].kind.isTableCell:
                    // A table cell is one line in plain text's layouts: there a break is a space.
                    builder.append(" ", block: record.block, inline: inline, attributes: index, span: record.span)
                case .lineBreak:
                    // A hard line break, as parsed hard breaks are (U+2028).
                    builder.append(
                        "\u{2028}", block: record.block, inline: inline | InlinePresentationIntent.lineBreak.rawValue,
                        attributes: index, span: record.span)
                    // The next line does not start with the space that followed the tag.
                    endsWithSpace = false
                    collapsesSpace = true
                    continue
                case .text(let alternative):
                    builder.append(alternative, block: record.block, inline: inline, attributes: index, span: record.span)
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
        let htmlBits = InlinePresentationIntent.inlineHTML.rawValue | InlinePresentationIntent.blockHTML.rawValue
        guard runRecords.contains(where: { $0.inline & htmlBits != 0 }) else { return nil }
        // Arrays by block index, not sets: the passes below look up every run.
        var isHiddenLeaf = [Bool](repeating: false, count: blocks.count)
        var isVisibleLeaf = [Bool](repeating: false, count: blocks.count)
        var start = 0
        var text = text
        text.withUTF8 { utf8 in
            for record in runRecords {
                defer { start = record.end }
                guard record.block >= 0, record.inline & InlinePresentationIntent.blockHTML.rawValue != 0 else { continue }
                let html = String(decoding: UnsafeBufferPointer(rebasing: utf8[start..<record.end]), as: UTF8.self)
                if HTMLBlockText.text(of: html).isEmpty {
                    isHiddenLeaf[Int(record.block)] = true
                } else {
                    isVisibleLeaf[Int(record.block)] = true
                }
            }
        }
        var holdsVisibleLeaf = [Bool](repeating: false, count: blocks.count)
        var previousShown: Int32 = -1
        for record in runRecords where record.block >= 0 && record.block != previousShown {
            let leaf = Int(record.block)
            if isHiddenLeaf[leaf] {
                // A leaf with any run that is not hidden HTML shows (a separator does not count).
                if !isVisibleLeaf[leaf],
                    attributeTable[Int(record.attributes)].isBlockSeparator
                        || record.inline & InlinePresentationIntent.blockHTML.rawValue != 0
                {
                    continue
                }
                isHiddenLeaf[leaf] = false
            }
            previousShown = record.block
            var block = record.block
            while block >= 0, !holdsVisibleLeaf[Int(block)] {
                holdsVisibleLeaf[Int(block)] = true
                block = blocks[Int(block)].parent
            }
        }
        return RawHTMLLayout(isHiddenLeaf: isHiddenLeaf, holdsVisibleLeaf: holdsVisibleLeaf)
    }
}
