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
    /// block, or `document` itself when there is nothing to move. Reads the runs from the end,
    /// only as far as the definitions and the block before them.
    static func reordered(_ document: IntentDocument) -> IntentDocument {
        func root(ofRun index: Int) -> BlockID? {
            document.storedRun(at: RunIndex(index)).block.map { document.topLevelBlock(of: $0) }
        }
        func isDefinition(_ root: BlockID?) -> Bool { root.flatMap { document.markup(of: $0)?.footnoteLabel } != nil }
        var index = document.runCount - 1
        while index >= 0, isDefinition(root(ofRun: index)) { index -= 1 }
        // No trailing definitions, or nothing before them.
        guard index >= 0, index < document.runCount - 1 else { return document }
        let definitionsStart = document.storedRun(at: RunIndex(index)).utf8Range.upperBound
        guard let candidate = root(ofRun: index) else { return document }
        var first = index
        while first > 0, root(ofRun: first - 1) == candidate { first -= 1 }
        let candidateStart = document.storedRun(at: RunIndex(first)).utf8Range.lowerBound
        guard isOpenHTMLBlock(candidate, range: candidateStart..<definitionsStart, in: document) else { return document }
        let total = document.text.utf8.count
        var splicer = IntentDocumentSplicer(expectedBytes: total, firstFreeIdentity: document.largestIdentity + 1)
        splicer.copy(document, sourceID: 0, utf8Range: 0..<candidateStart)
        splicer.copy(document, sourceID: 0, utf8Range: definitionsStart..<total)
        splicer.copy(document, sourceID: 0, utf8Range: candidateStart..<definitionsStart)
        return splicer.finish()
    }

    /// Whether top-level block `root` is an HTML block (a leaf whose text is block HTML) that
    /// stays open.
    private static func isOpenHTMLBlock(_ root: BlockID, range: Range<Int>, in document: IntentDocument) -> Bool {
        guard document.kind(of: root).isParagraphLike else { return false }
        let index = document.runIndex(containingUTF8Offset: range.lowerBound)
        guard index.position < document.runCount,
            document.storedRun(at: index).inlinePresentationIntent.contains(.blockHTML)
        else { return false }
        return HTMLBlockStart.staysOpen(String(document.text(inUTF8Range: range)))
    }
}

extension PresentationIntent.Kind {
    /// Whether the kind is a paragraph (HTML blocks are paragraphs of block HTML).
    fileprivate var isParagraphLike: Bool {
        if case .paragraph = self { return true }
        return false
    }
}
