import IntentModel

/// One piece of a parallel parse, converted on its own (``IntentTreeConverter/piece()``): what
/// ``ParallelParse`` joins, in order, into the document one parse makes.
struct ConvertedPiece: @unchecked Sendable {
    /// The piece's text, blocks, spans, attribute sets and runs, identities from 1.
    var builder: IntentDocumentBuilder
    /// How many block and span identities the piece handed out: what the next piece's are moved
    /// up by.
    var blockIdentities: Int
    var spanIdentities: Int
    /// Where each top-level block of the piece starts: its identity, and the bytes and runs of
    /// the piece before it.
    var topLevelMarks: [(identity: Int, bytes: Int, runs: Int)]
    /// The piece's top-level nodes, lines counted in the whole source (for the source map).
    var nodes: [MarkdownSourceMapBuilder.TopLevelNode] = []
}
