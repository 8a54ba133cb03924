/// One piece of a Markdown rendering made on its own (``MarkdownRenderer/renderPiece(runs:startBlock:isLast:)``):
/// its bytes, where its top-level blocks and verbatim ranges are in them, and the renderer's state
/// where the piece starts and ends, for checking that the pieces join into one rendering.
struct MarkdownRenderedPiece {
    var text: String
    /// UTF-8 offsets in ``text``.
    var topLevelStarts: [Int]
    var verbatimRanges: [Range<Int>]
    /// The state at the piece's first block (`nil` for the first piece, or when the block was
    /// never reached), and at its end (`nil` for the last piece).
    var startState: MarkdownBoundaryState?
    var endState: MarkdownBoundaryState?
}
