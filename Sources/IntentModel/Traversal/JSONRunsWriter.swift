/// Writes the `"runs"` array of the JSON document form (``IntentDocument/jsonData()``) as a
/// visitor of the walk: one line per run, `{"text": …}` with its block (renumbered parents
/// first), inline intent names, attribute set and span, each only when it has one. Each distinct
/// inline value's `"inline": [...]` is encoded once.
struct JSONRunsWriter: IntentRunVisitor, ~Copyable {
    // MARK: Stored layout

    private var output: ByteOutput
    /// The JSON index of every block, by block index.
    private let blockIndex: [Int32]
    private var inlineCache: [UInt: [UInt8]] = [:]
    private var isFirst = true

    // MARK: Initialisers

    /// - Parameters:
    ///   - output: The JSON written so far (up to `"runs": [`).
    ///   - blockIndex: The JSON index of every block, by block index.
    init(output: consuming ByteOutput, blockIndex: [Int32]) {
        self.output = output
        self.blockIndex = blockIndex
    }

    /// The JSON written so far.
    consuming func takeOutput() -> ByteOutput { output }

    // MARK: Walk

    // The form stores blocks and spans as tables that runs refer to: the walk's block and span
    // events carry nothing more.

    mutating func visitRun(_ run: IntentDocument.StoredRun, text: UnsafeBufferPointer<UInt8>, isLastInLeaf: Bool) {
        output.append(isFirst ? "\n{\"text\": " : ",\n{\"text\": ")
        isFirst = false
        output.appendJSONString(utf8: text)
        if let block = run.block {
            output.append(", \"block\": ")
            output.appendJSONInteger(Int(blockIndex[block.index]))
        }
        let inline = run.inlinePresentationIntent.rawValue
        if inline != 0 {
            if inlineCache[inline] == nil {
                var names = ", \"inline\": ["
                for (index, name) in run.inlinePresentationIntent.names.enumerated() {
                    names += (index > 0 ? ", \"" : "\"") + name + "\""
                }
                inlineCache[inline] = Array((names + "]").utf8)
            }
            output.append(inlineCache[inline] ?? [])
        }
        if run.attributes.index != 0 {
            output.append(", \"attributes\": ")
            output.appendJSONInteger(run.attributes.index)
        }
        if let span = run.span {
            output.append(", \"span\": ")
            output.appendJSONInteger(span.index)
        }
        output.append("}")
    }
}
