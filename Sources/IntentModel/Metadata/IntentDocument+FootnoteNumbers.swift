extension IntentDocument {
    /// This document with its footnotes numbered for an output without footnote markup (what RTF
    /// writes): each reference's number raised (display superscript, RTF `\super`), and each
    /// footnote definition's first paragraph starting with its number, raised, and a space — so
    /// `workload[^3] owners` reads `workload¹ owners` and its note `¹ The note.` at the end,
    /// where libcmark-gfm's HTML puts the notes. The numbers are the references' own (the order
    /// of first reference, as libcmark-gfm numbers them); a definition no reference names keeps
    /// no number.
    /// - Returns: The document itself when it has no footnote references.
    package func numberingFootnotes() -> IntentDocument {
        guard attributeTable.contains(where: { $0.footnoteReference != nil }) else { return self }
        let utf8 = Array(text.utf8)
        var numberOfLabel: [String: String] = [:]
        var start = 0
        for record in runRecords {
            defer { start = record.end }
            if let label = attributeTable[Int(record.attributes)].footnoteReference, numberOfLabel[label] == nil {
                numberOfLabel[label] = String(decoding: utf8[start..<record.end], as: UTF8.self)
            }
        }
        // The footnote definition each block sits in (-1: none).
        let definitionOf = enclosingBlockIndices { $0.markup?.footnoteLabel != nil }

        var builder = IntentDocumentBuilder(blocksAndSpansOf: self, expectedBytes: utf8.count + 64)
        var plainIndex = [Int32](repeating: -1, count: attributeTable.count)
        var raisedIndex = [Int32](repeating: -1, count: attributeTable.count)
        func attributes(_ old: Int32, raised: Bool) -> Int32 {
            if raised {
                if raisedIndex[Int(old)] < 0 {
                    var changed = attributeTable[Int(old)]
                    var display = changed.display ?? DisplayAttributes()
                    display.superscript = 1
                    changed.display = display
                    raisedIndex[Int(old)] = builder.attributesIndex(changed)
                }
                return raisedIndex[Int(old)]
            }
            if plainIndex[Int(old)] < 0 { plainIndex[Int(old)] = builder.attributesIndex(attributeTable[Int(old)]) }
            return plainIndex[Int(old)]
        }
        var numbered: Set<Int32> = []
        start = 0
        utf8.withUnsafeBufferPointer { bytes in
            for record in runRecords {
                defer { start = record.end }
                let old = attributeTable[Int(record.attributes)]
                if record.block >= 0, !old.isBlockSeparator, !old.isPlaceholder {
                    let definition = definitionOf[Int(record.block)]
                    if definition >= 0, numbered.insert(definition).inserted,
                        let label = blocks[Int(definition)].markup?.footnoteLabel, let number = numberOfLabel[label]
                    {
                        builder.append(
                            number, block: record.block, inline: 0, attributes: attributes(record.attributes, raised: true), span: -1)
                        builder.append(
                            " ", block: record.block, inline: 0, attributes: attributes(record.attributes, raised: false), span: -1)
                    }
                }
                builder.append(
                    UnsafeBufferPointer(rebasing: bytes[start..<record.end]), block: record.block, inline: record.inline,
                    attributes: attributes(record.attributes, raised: old.footnoteReference != nil), span: record.span)
            }
        }
        return builder.finish()
    }
}
