/// What the incremental document's tree adds up over its top-level blocks: the lengths of their
/// Markdown source (UTF-8 bytes, UTF-16 units, line feeds) and of their text in the intent
/// document (UTF-8 bytes, UTF-16 units), and how many blocks. Offsets of the source and of the
/// document are found from these in O(log n).
struct SourceBlockSummary: TreeSummary, Hashable {
    /// Source length in UTF-8 bytes.
    var sourceUTF8 = 0
    /// Source length in UTF-16 code units.
    var sourceUTF16 = 0
    /// Line feeds in the source.
    var lineFeeds = 0
    /// Document text length in UTF-8 bytes.
    var textUTF8 = 0
    /// Document text length in UTF-16 code units.
    var textUTF16 = 0
    /// Top-level blocks (the prefix before the first block counts 0).
    var blocks = 0
    /// The labels the blocks' brackets may refer to, as ``DefinitionIndex/labelBit(_:)`` bits
    /// (all bits for a bracket outside ASCII): a subtree without a label's bit has no block that
    /// refers to it.
    var bracketLabels: UInt64 = 0
    /// Elements whose source holds `]:` (every link reference definition's label ends so): a
    /// subtree without one has no definition, between blocks or inside them.
    var labelColonElements = 0

    static let zero = SourceBlockSummary()

    static func + (left: SourceBlockSummary, right: SourceBlockSummary) -> SourceBlockSummary {
        SourceBlockSummary(
            sourceUTF8: left.sourceUTF8 + right.sourceUTF8, sourceUTF16: left.sourceUTF16 + right.sourceUTF16,
            lineFeeds: left.lineFeeds + right.lineFeeds, textUTF8: left.textUTF8 + right.textUTF8,
            textUTF16: left.textUTF16 + right.textUTF16, blocks: left.blocks + right.blocks,
            bracketLabels: left.bracketLabels | right.bracketLabels,
            labelColonElements: left.labelColonElements + right.labelColonElements)
    }
}
