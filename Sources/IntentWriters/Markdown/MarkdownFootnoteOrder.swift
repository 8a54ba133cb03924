import IntentModel

/// Where the Markdown writer puts footnote definitions that would follow an HTML block left open.
///
/// libcmark-gfm gathers footnote definitions at the end of the document, wherever they were
/// written, so a parsed document ends with them. When the block before them is a top-level HTML
/// block of start conditions 1–5 that never closes (`<?` with no `?>`, an unclosed `<!--`), that
/// block, written back, runs to the end of the document and would take the definitions in as
/// HTML. Written before the open block instead, the definitions are read as definitions, and
/// libcmark-gfm gathers them at the end again: the same document.
enum MarkdownFootnoteOrder {
    /// `document` with its trailing footnote definitions moved in front of a trailing open HTML
    /// block, or `document` itself when there is nothing to move (one pass over the runs).
    static func reordered(_ document: IntentDocument) -> IntentDocument {
        // The top-level blocks, as (root block index, UTF-8 range), in order.
        var roots: [(root: Int32, range: Range<Int>)] = []
        var start = 0
        for record in document.runRecords {
            var root = record.block
            while root >= 0, document.blocks[Int(root)].parent >= 0 { root = document.blocks[Int(root)].parent }
            if let last = roots.last, last.root == root {
                roots[roots.count - 1].range = last.range.lowerBound..<record.end
            } else {
                roots.append((root, start..<record.end))
            }
            start = record.end
        }
        var firstDefinition = roots.count
        while firstDefinition > 0, let root = Optional(roots[firstDefinition - 1].root), root >= 0,
            document.blocks[Int(root)].markup?.footnoteLabel != nil
        {
            firstDefinition -= 1
        }
        guard firstDefinition < roots.count, firstDefinition > 0 else { return document }
        let candidate = roots[firstDefinition - 1]
        guard isOpenHTMLBlock(candidate.root, range: candidate.range, in: document) else { return document }
        let total = document.text.utf8.count
        let definitionsStart = roots[firstDefinition].range.lowerBound
        var splicer = IntentDocumentSplicer(expectedBytes: total, firstFreeIdentity: document.largestIdentity + 1)
        splicer.copy(document, sourceID: 0, utf8Range: 0..<candidate.range.lowerBound)
        splicer.copy(document, sourceID: 0, utf8Range: definitionsStart..<total)
        splicer.copy(document, sourceID: 0, utf8Range: candidate.range.lowerBound..<definitionsStart)
        return splicer.finish()
    }

    /// Whether top-level block `root` is an HTML block (a leaf whose text is block HTML) that
    /// stays open.
    private static func isOpenHTMLBlock(_ root: Int32, range: Range<Int>, in document: IntentDocument) -> Bool {
        guard root >= 0, document.blocks[Int(root)].kind.isParagraphLike else { return false }
        let index = document.runIndex(containingUTF8Offset: range.lowerBound)
        guard index < document.runRecords.count,
            document.runRecords[index].inline & InlinePresentationIntent.blockHTML.rawValue != 0
        else { return false }
        let utf8 = document.text.utf8
        let text = String(
            decoding: utf8[utf8.index(utf8.startIndex, offsetBy: range.lowerBound)..<utf8.index(utf8.startIndex, offsetBy: range.upperBound)],
            as: UTF8.self)
        return HTMLBlockStart.staysOpen(text)
    }
}

extension PresentationIntent.Kind {
    /// Whether the kind is a paragraph (HTML blocks are paragraphs of block HTML).
    fileprivate var isParagraphLike: Bool {
        if case .paragraph = self { return true }
        return false
    }
}
