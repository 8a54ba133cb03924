/// Where blocks live in a document's text.
public enum BlockSeparation: String, Sendable, Hashable, Codable, CaseIterable {
    /// Every leaf block's text is followed by exactly one `"\n"` carrying the leaf's intent (marked
    /// ``IntentModel/RunAttributes/isBlockSeparator``); a code or HTML block's own final newline is
    /// that terminator. Table cells are followed by `"\t"`, the last cell of a row by `"\n"`. A block
    /// without text (thematic break, empty list item or quote, empty code block) is just its
    /// `"\n"`. What text views and editors hold. The default.
    case newlines
    /// Apple parity: nothing between blocks, structure only in intents — what
    /// `AttributedString(markdown:)` produces with `.full`. One deviation, so that nothing is lost:
    /// a block that has no text at all (thematic break, empty item, empty code block, empty cell)
    /// is one `"\n"` marked ``IntentModel/RunAttributes/isBlockSeparator``, where Apple's parser
    /// drops the block.
    case none
}
