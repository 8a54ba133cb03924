import IntentModel

/// What a Markdown rendering carries from one top-level block into the next: everything the
/// renderer reads when the next block opens and after, except its own output before the current
/// line. Two renderers that reach the same top-level boundary in the same state write the same
/// bytes from there on (what a block resets when it opens, such as a table's header cell count,
/// is left out); a document rendered in pieces (``MarkdownRenderer/renderPiece(runs:startBlock:isLast:)``)
/// is joined only where each piece's end state is the next piece's start state.
struct MarkdownBoundaryState: Equatable {
    /// The bytes of the line being written (after the last line feed).
    var currentLine: [UInt8]
    var linePrefix: String
    var prefixLengths: [Int]
    var atLineStart: Bool
    var lineHasContent: Bool
    var markerOnLine: Character?
    /// The top level's last block opened, and its list marker when it is a list.
    var lastTopLevelBlock: BlockID?
    var lastTopLevelListMarker: Character?
    var currentLeaf: BlockID?
    var hasPendingLeaf: Bool
    var runEntersLeaf: Bool
    var lastLeafTakesLines: Bool
    var lastOpenHTMLLeaf: BlockID?
    var nextLeafInterruptsParagraph: Bool
    var nextLeafIsHTMLBlock: Bool
    var openMarkupCount: Int
    var sharedDepth: Int
    var pendingSpans: [SpanID]
    var skippedDepth: Int
}
