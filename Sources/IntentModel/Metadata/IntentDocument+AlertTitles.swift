extension IntentDocument {
    /// This document with each GitHub alert's title (``GitHubAlert/Kind/title``:
    /// `Note`, `Warning`, …) as a strongly emphasized paragraph of its own at the start of the
    /// alert's quote, for outputs that have no alert markup (rich text and RTF show the title as
    /// plain text and the terminal do). The title paragraphs get identities above the document's
    /// largest; a block separator follows each when the document's layout has separators. The
    /// quotes lose their ``BlockMarkup/alert`` (the title is in the text now), so a
    /// second call changes nothing.
    /// - Returns: The document itself when it has no alert.
    package func showingAlertTitles() -> IntentDocument {
        guard blocks.contains(where: { $0.markup?.alert != nil }) else { return self }
        let hasSeparators = attributeTable.contains { $0.isBlockSeparator }
        // The alert quote each block sits in (-1: none).
        let alertOf = enclosingBlockIndices { $0.markup?.alert != nil }
        let utf8 = Array(text.utf8)
        var stripped = self
        for index in blocks.indices where blocks[index].markup?.alert != nil {
            stripped.blocks[index].markup?.alert = nil
            if stripped.blocks[index].markup?.isEmpty == true { stripped.blocks[index].markup = nil }
        }
        var builder = IntentDocumentBuilder(blocksAndSpansOf: stripped, expectedBytes: utf8.count + 64)
        var attributeIndex = [Int32](repeating: -1, count: attributeTable.count)
        let plain = builder.attributesIndex(RunAttributes())
        let separator = builder.attributesIndex(RunAttributes(isBlockSeparator: true))
        var nextIdentity = largestIdentity + 1
        var titled: Set<Int32> = []
        var start = 0
        utf8.withUnsafeBufferPointer { bytes in
            for record in runRecords {
                defer { start = record.end }
                let quote = record.block >= 0 ? alertOf[Int(record.block)] : -1
                if quote >= 0, titled.insert(quote).inserted, let alert = blocks[Int(quote)].markup?.alert {
                    let title = builder.addBlock(.paragraph, identity: nextIdentity, parent: quote)
                    nextIdentity += 1
                    builder.append(
                        alert.kind.title, block: title, inline: InlinePresentationIntent.stronglyEmphasized.rawValue,
                        attributes: plain, span: -1)
                    if hasSeparators { builder.append("\n", block: title, inline: 0, attributes: separator, span: -1) }
                }
                if attributeIndex[Int(record.attributes)] < 0 {
                    attributeIndex[Int(record.attributes)] = builder.attributesIndex(attributeTable[Int(record.attributes)])
                }
                builder.append(
                    UnsafeBufferPointer(rebasing: bytes[start..<record.end]), block: record.block, inline: record.inline,
                    attributes: attributeIndex[Int(record.attributes)], span: record.span)
            }
        }
        var result = builder.finish()
        result.frontMatter = frontMatter
        return result
    }
}
