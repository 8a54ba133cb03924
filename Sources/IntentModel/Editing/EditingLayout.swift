import Foundation

/// Layout helpers of the editing layer: the `.newlines` normal form, range conversion, slices.
package enum EditingLayout {
    /// `document` in the `.newlines` layout: every leaf ends with its terminator (a code block's
    /// text with `"\n"`, a table cell with `"\t"` or, last in its row, `"\n"`, any other leaf with a
    /// `"\n"` separator run), and text without a block becomes paragraphs, one per line.
    package static func normalized(_ document: IntentDocument) -> IntentDocument {
        if isNormalized(document) { return document }
        var splicer = IntentDocumentSplicer(expectedBytes: document.text.utf8.count + 64, firstFreeIdentity: document.largestIdentity + 1)
        let leaves = document.leaves()
        var text = document.text
        text.withUTF8 { bytes in
            for (position, leaf) in leaves.enumerated() {
                if leaf.block < 0 {
                    // Plain text: one paragraph per line.
                    var lineStart = leaf.utf8Range.lowerBound
                    var index = leaf.utf8Range.lowerBound
                    while index <= leaf.utf8Range.upperBound {
                        if index == leaf.utf8Range.upperBound || bytes[index] == UInt8(ascii: "\n") {
                            if index < leaf.utf8Range.upperBound || lineStart < index {
                                let paragraph = splicer.addBlock(.paragraph, identity: splicer.freshIdentity(), parent: -1)
                                splicer.copy(document, sourceID: 0, utf8Range: lineStart..<index, block: paragraph)
                                splicer.append("\n", block: paragraph, attributes: separatorAttributes)
                            }
                            lineStart = index + 1
                        }
                        index += 1
                    }
                    continue
                }
                let block = splicer.block(leaf.block, of: document, sourceID: 0)
                let terminator = expectedTerminator(
                    of: leaf.block, in: document, next: position + 1 < leaves.count ? leaves[position + 1].block : -1)
                if terminator == "\t", leaf.utf8Range.count == 1, bytes[leaf.utf8Range.lowerBound] == UInt8(ascii: "\n"),
                    document.isSeparator(atUTF8Offset: leaf.utf8Range.lowerBound)
                {
                    // An empty cell holds only a separator where the layout has no separators
                    // (`.none`): that separator becomes the cell's tab, with its attributes (a
                    // source position), not a line end inside the cell before one.
                    let record = document.runRecords[document.runIndex(containingUTF8Offset: leaf.utf8Range.lowerBound).position]
                    splicer.append("\t", block: block, attributes: document.attributeTable[Int(record.attributes)])
                    continue
                }
                splicer.copy(document, sourceID: 0, utf8Range: leaf.utf8Range)
                if !ends(leaf.utf8Range, of: bytes, with: terminator, in: document, block: leaf.block) {
                    if case .codeBlock = document.blocks[Int(leaf.block)].kind {
                        splicer.append("\n", block: block)
                    } else {
                        splicer.append(terminator, block: block, attributes: separatorAttributes)
                    }
                }
            }
        }
        return splicer.finish()
    }

    package static let separatorAttributes: RunAttributes = {
        var attributes = RunAttributes()
        attributes.isBlockSeparator = true
        return attributes
    }()

    /// Whether every run has a block and every leaf ends with its terminator.
    private static func isNormalized(_ document: IntentDocument) -> Bool {
        var text = document.text
        let leaves = document.leaves()
        return text.withUTF8 { bytes in
            for (position, leaf) in leaves.enumerated() {
                guard leaf.block >= 0 else { return false }
                let terminator = expectedTerminator(
                    of: leaf.block, in: document, next: position + 1 < leaves.count ? leaves[position + 1].block : -1)
                if !ends(leaf.utf8Range, of: bytes, with: terminator, in: document, block: leaf.block) { return false }
            }
            return true
        }
    }

    /// `"\t"` for a table cell followed by another cell of its row, else `"\n"`.
    private static func expectedTerminator(of block: Int32, in document: IntentDocument, next: Int32) -> String {
        guard case .tableCell = document.blocks[Int(block)].kind, next >= 0, case .tableCell = document.blocks[Int(next)].kind,
            document.blocks[Int(next)].parent == document.blocks[Int(block)].parent
        else { return "\n" }
        return "\t"
    }

    /// Whether the leaf's bytes end with `terminator` (for code blocks: with `"\n"` of its text).
    private static func ends(
        _ range: Range<Int>, of bytes: UnsafeBufferPointer<UInt8>, with terminator: String, in document: IntentDocument, block: Int32
    ) -> Bool {
        guard !range.isEmpty else { return false }
        return bytes[range.upperBound - 1] == terminator.utf8.first
    }

    /// The UTF-8 range of a UTF-16 `NSRange` of `text`.
    /// - Throws: `IntentMarkError.invalidRange` outside the text or inside a surrogate pair.
    package static func utf8Range(of range: NSRange, in text: String) throws -> Range<Int> {
        let count = text.utf16.count
        guard range.location != NSNotFound, range.location >= 0, range.length >= 0, range.location <= count,
            range.length <= count - range.location
        else { throw IntentMarkError.invalidRange("\(range) is outside the text (UTF-16 length \(count))") }
        let utf16 = text.utf16
        let lower = utf16.index(utf16.startIndex, offsetBy: range.location)
        let upper = utf16.index(lower, offsetBy: range.length)
        guard lower.samePosition(in: text.unicodeScalars) != nil, upper.samePosition(in: text.unicodeScalars) != nil else {
            throw IntentMarkError.invalidRange("\(range) splits a UTF-16 surrogate pair")
        }
        return text.utf8.distance(from: text.startIndex, to: lower)..<text.utf8.distance(from: text.startIndex, to: upper)
    }

    /// Whether UTF-8 offset `offset` is where a paragraph's terminator begins: the last byte of a
    /// leaf, a line feed (a separator, or a code or HTML block's final line end).
    package static func endsBeforeTerminator(_ offset: Int, in document: IntentDocument) -> Bool {
        let count = document.text.utf8.count
        guard offset < count, !document.runRecords.isEmpty else { return false }
        let index = document.runIndex(containingUTF8Offset: offset).position
        let record = document.runRecords[index]
        guard record.end == offset + 1, record.block >= 0,
            index + 1 == document.runRecords.count || document.runRecords[index + 1].block != record.block
        else { return false }
        return document.text.utf8[document.text.utf8.index(document.text.utf8.startIndex, offsetBy: offset)] == UInt8(ascii: "\n")
    }

    /// `document` without its final line end (a separator, a code block's last newline or a
    /// plain line end); the document itself when it does not end with one.
    package static func droppingFinalLineEnd(of document: IntentDocument) -> IntentDocument {
        let count = document.text.utf8.count
        guard count > 0, document.text.utf8.last == UInt8(ascii: "\n") else { return document }
        var splicer = IntentDocumentSplicer(expectedBytes: count, firstFreeIdentity: document.largestIdentity + 1)
        splicer.copy(document, sourceID: 0, utf8Range: 0..<(count - 1))
        return splicer.finish()
    }

    /// The text of `document` as inline text when it is one body paragraph — a top-level
    /// `.paragraph` without markup, not an HTML block — without its block and its separator: a
    /// proposal of one paragraph takes the style of the paragraph it lands in, as the same text
    /// typed in Markdown would. `nil` for any other document.
    package static func inlineContent(of document: IntentDocument) -> IntentDocument? {
        guard let first = document.runRecords.first, first.block >= 0 else { return nil }
        let block = document.blocks[Int(first.block)]
        guard case .paragraph = block.kind, block.parent < 0, block.markup == nil,
            document.runRecords.allSatisfy({ $0.block == first.block && $0.inline & blockHTMLBit == 0 })
        else { return nil }
        var end = document.text.utf8.count
        if end > 0, document.isSeparator(atUTF8Offset: end - 1) { end -= 1 }
        var splicer = IntentDocumentSplicer(expectedBytes: end, firstFreeIdentity: document.largestIdentity + 1)
        splicer.copy(document, sourceID: 0, utf8Range: 0..<end, block: -1)
        return splicer.finish()
    }

    private static let blockHTMLBit = InlinePresentationIntent.blockHTML.rawValue

    /// The runs of `document` inside `utf8Range`, with their blocks and identities.
    package static func slice(of document: IntentDocument, utf8Range: Range<Int>) -> IntentDocument {
        var splicer = IntentDocumentSplicer(expectedBytes: utf8Range.count, firstFreeIdentity: 0)
        splicer.copy(document, sourceID: 0, utf8Range: utf8Range)
        return splicer.finish()
    }
}

extension IntentDocument {
    /// The leaves: maximal stretches of runs in one block (or without a block), in order.
    func leaves() -> [(block: Int32, utf8Range: Range<Int>)] {
        var result: [(block: Int32, utf8Range: Range<Int>)] = []
        for (index, record) in runRecords.enumerated() {
            let runStart = index > 0 ? runRecords[index - 1].end : 0
            if let last = result.last, last.block == record.block, last.utf8Range.upperBound == runStart {
                result[result.count - 1].utf8Range = last.utf8Range.lowerBound..<record.end
            } else {
                result.append((record.block, runStart..<record.end))
            }
        }
        return result
    }

    /// The leaves with their blocks (`nil`: text without a block), in order.
    package func leafBlocks() -> [(block: BlockID?, utf8Range: Range<Int>)] {
        leaves().map { ($0.block >= 0 ? BlockID($0.block) : nil, $0.utf8Range) }
    }
}

extension EditingLayout {
    /// `document` with the terminators of the code blocks that overlap `utf8Range` in the
    /// parser's form: a code block with text ends with a `"\n"` of its code (an empty code block is
    /// its separator `"\n"` alone, as ` ``` ` with nothing inside parses, and one holding a single
    /// empty line its code `"\n"`). Typing into an empty code block leaves its separator after the
    /// new text, and an undo must restore exactly what was there, so every edit ends in this form.
    package static func canonicalCodeTerminators(in document: IntentDocument, around utf8Range: Range<Int>) -> IntentDocument {
        let leaves = document.leaves()
        var fixes: [(offset: Int, block: Int32, toSeparator: Bool)] = []
        for leaf in leaves
        where leaf.block >= 0 && leaf.utf8Range.upperBound >= utf8Range.lowerBound
            && leaf.utf8Range.lowerBound <= utf8Range.upperBound
        {
            guard case .codeBlock = document.blocks[Int(leaf.block)].kind, !leaf.utf8Range.isEmpty else { continue }
            let last = leaf.utf8Range.upperBound - 1
            guard document.text.utf8[document.text.utf8.index(document.text.utf8.startIndex, offsetBy: last)] == UInt8(ascii: "\n")
            else { continue }
            let isSeparator = document.isSeparator(atUTF8Offset: last)
            let isEmpty = leaf.utf8Range.count == 1
            // Only a code block with text whose last line end is a separator is fixed: a single
            // line end of code is a code block holding one empty line (a fence around a blank
            // line), not an empty one, and an edit leaves an empty code block as its separator.
            if isSeparator, !isEmpty { fixes.append((last, leaf.block, false)) }
        }
        guard !fixes.isEmpty else { return document }
        var splicer = IntentDocumentSplicer(expectedBytes: document.text.utf8.count, firstFreeIdentity: document.largestIdentity + 1)
        var position = 0
        for fix in fixes {
            splicer.copy(document, sourceID: 0, utf8Range: position..<fix.offset)
            let block = splicer.block(fix.block, of: document, sourceID: 0)
            if fix.toSeparator {
                splicer.append("\n", block: block, attributes: separatorAttributes)
            } else {
                // Code text, with the attributes of the code before it so the two form one run.
                let previous = document.runIndex(containingUTF8Offset: fix.offset - 1).position
                let record = document.runRecords[previous]
                splicer.append(
                    "\n", block: block, inline: record.inline, attributes: document.attributeTable[Int(record.attributes)],
                    span: -1)
            }
            position = fix.offset + 1
        }
        splicer.copy(document, sourceID: 0, utf8Range: position..<document.text.utf8.count)
        return splicer.finish()
    }
}
