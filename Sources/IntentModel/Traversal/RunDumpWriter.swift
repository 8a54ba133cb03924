/// Writes the run dump (``IntentDocument/runDump()``) as a visitor of the walk: one block per
/// run. The lines a run shares with others — its block chain's, its attributes', its inline
/// intents' and its spans' — are formatted once (a block's once per stretch of its runs, an
/// ancestor's once per depth, see ``IntentDocument/BlockDumpMemo``) and then copied, so the dump is
/// linear in its length and holds no text per block.
struct RunDumpWriter: IntentRunVisitor {
    // MARK: Stored layout

    let document: IntentDocument
    /// The dump so far.
    private(set) var output = ""
    /// The block lines of the last run's block (-2: none yet; -1: runs outside every block). A
    /// leaf's runs come one after another, so one entry serves them all, and the dump holds no
    /// per-block text (ancestors' texts are reused through ``IntentDocument/BlockDumpMemo``).
    private var lastBlock: Int32 = -2
    private var lastBlockLines = (markup: "", intent: "")
    /// Indexed by attribute set and span.
    private var attributeLines: [(beforeInline: String, afterSpans: String, last: String)?]
    private var inlineLines: [UInt: String] = [:]
    private var spanLines: [String?]
    private var blockMemo = IntentDocument.BlockDumpMemo()

    // MARK: Initialisers

    init(document: IntentDocument) {
        self.document = document
        output.reserveCapacity(document.text.utf8.count * 4)
        attributeLines = Array(repeating: nil, count: document.attributeSetCount)
        spanLines = Array(repeating: nil, count: document.spanCount)
    }

    // MARK: Walk

    // Every run names its whole block chain and span path: the walk's block and span events
    // carry nothing more.

    mutating func visitRun(_ run: IntentDocument.StoredRun, text: UnsafeBufferPointer<UInt8>, isLastInLeaf: Bool) {
        IntentDocument.appendEscaped(document.text(inUTF8Range: run.utf8Range), to: &output)
        output += " {\n"
        let block = blockLines(run.block)
        let attributes = attributeLines(run.attributes)
        output += block.markup
        output += attributes.beforeInline
        let inline = run.inlinePresentationIntent.rawValue
        if inline != 0 {
            if let known = inlineLines[inline] {
                output += known
            } else {
                let line = IntentDocument.dumpLine("inlinePresentationIntent", run.inlinePresentationIntent.names.joined(separator: ", "))
                inlineLines[inline] = line
                output += line
            }
        }
        if let span = run.span {
            if let known = spanLines[span.index] {
                output += known
            } else {
                let line = IntentDocument.dumpLine("inlineSpans", document.spanPaths[span.index].debugDescription)
                spanLines[span.index] = line
                output += line
            }
        }
        output += attributes.afterSpans
        output += block.intent
        output += attributes.last
        output += "}\n"
    }

    // MARK: Shared lines

    private mutating func blockLines(_ block: BlockID?) -> (markup: String, intent: String) {
        let index = block?.storage ?? -1
        if index != lastBlock {
            lastBlock = index
            lastBlockLines = document.blockDumpLines(index, memo: &blockMemo)
        }
        return lastBlockLines
    }

    private mutating func attributeLines(_ set: RunAttributesID) -> (beforeInline: String, afterSpans: String, last: String) {
        if let known = attributeLines[set.index] { return known }
        let made = IntentDocument.attributeDumpLines(document.attributes(of: set))
        attributeLines[set.index] = made
        return made
    }
}
