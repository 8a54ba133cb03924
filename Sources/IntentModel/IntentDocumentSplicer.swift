/// Builds a document out of pieces of others — the engine of editing and incremental parsing:
/// copies runs of source documents (remapping their blocks and spans into one new table),
/// optionally with fresh identities or with every run moved into a given block, and appends new
/// text.
///
/// Two invariants hold for the result whatever the pieces: every block is contiguous (a block
/// that runs of another block interrupted is continued by a copy with a fresh identity — as
/// Markdown would read it: a heading put between the paragraphs of a list item ends the item,
/// and the rest is a new item — except that a list item closed by a later item of its own list
/// goes on in that item, as what follows a split item's first paragraph does), and the tables hold only referenced blocks and spans, in the
/// order runs first meet them (document pre-order).
package struct IntentDocumentSplicer {
    private var builder: IntentDocumentBuilder
    /// Per source (by the caller's id): source block index → new index, and the same for spans.
    /// Indexed by source id (small integers); each map is an array (source index → new index,
    /// -1 unmapped), mutated in place.
    private var blockMaps: [[Int32]] = []
    private var spanMaps: [[Int32]] = []
    private var attributeMaps: [[Int32]] = []
    /// The block and span of the last run appended, and what `contiguous` made of them, so runs
    /// of the same leaf and span (most runs) skip the walk.
    private var lastBlockIn: Int32 = -2
    private var lastBlockOut: (Int32, Bool) = (-1, false)
    private var lastSpanIn: Int32 = -2
    private var lastSpanOut: Int32 = -1
    /// The next fresh identity handed out.
    package private(set) var nextIdentity: Int
    /// Contiguity of blocks and of spans.
    private var blockContiguity = ContiguityTracker(.blocks)
    private var spanContiguity = ContiguityTracker(.spans)
    /// The end (UTF-8 offset in the new text) of the last run written into a continuation copy,
    /// or 0: text up to there belongs to blocks an interruption split.
    package private(set) var endOfContinuedText = 0

    /// - Parameters:
    ///   - expectedBytes: Capacity to reserve, in UTF-8 bytes.
    ///   - firstFreeIdentity: The first identity ``freshIdentity()`` hands out.
    package init(expectedBytes: Int = 0, firstFreeIdentity: Int) {
        builder = IntentDocumentBuilder(expectedBytes: expectedBytes)
        nextIdentity = firstFreeIdentity
    }

    /// A block or span identity not used before (counting up from `firstFreeIdentity`).
    package mutating func freshIdentity() -> Int {
        defer { nextIdentity += 1 }
        return nextIdentity
    }

    /// The number of UTF-8 bytes written so far.
    package var byteCount: Int { builder.byteCount }

    /// The last byte written, if any.
    package var lastByte: UInt8? { builder.lastByte }

    /// Whether the text written so far ends with a leaf's terminator: a line end that is a block
    /// separator, the last line end of an HTML block or of a code block — not one inside a
    /// paragraph's text (inline HTML keeps the line ends it spans).
    package var endsWithTerminator: Bool {
        guard builder.lastByte == UInt8(ascii: "\n"), let last = builder.runRecords.last else { return false }
        if builder.attributeTable[Int(last.attributes)].isBlockSeparator { return true }
        if last.inline & InlinePresentationIntent.blockHTML.rawValue != 0 { return true }
        if last.block >= 0, case .codeBlock = builder.blocks[Int(last.block)].kind { return true }
        return false
    }

    /// The kind of new block `index`, or `nil` for -1.
    package func kind(of index: Int32) -> PresentationIntent.Kind? {
        index >= 0 ? builder.blocks[Int(index)].kind : nil
    }

    /// Adds a block (its parent already added) and returns its index.
    package mutating func addBlock(
        _ kind: PresentationIntent.Kind, identity: Int, parent: Int32, markup: BlockMarkup? = nil
    ) -> Int32 {
        builder.addBlock(kind, identity: identity, parent: parent, markup: markup)
    }

    /// The new index of block `index` of source `sourceID`, adding it (and its missing ancestors)
    /// when first met. `renumber` gives added blocks fresh identities.
    package mutating func block(_ index: Int32, of source: IntentDocument, sourceID: Int, renumber: Bool = false) -> Int32 {
        guard index >= 0 else { return -1 }
        ensureMaps(sourceID, blocks: source.blocks.count, spans: source.spans.count)
        return Self.place(
            index, of: .blocks, in: source, map: &blockMaps[sourceID], builder: &builder, nextIdentity: &nextIdentity,
            renumber: renumber)
    }

    /// The new index of node `index` of `source`'s `tree`, adding it and its missing ancestors
    /// (in `map`: source index → new index, -1 not yet added) — the one walk behind ``block(_:of:sourceID:renumber:)``
    /// and ``span(_:of:sourceID:renumber:)``.
    private static func place(
        _ index: Int32, of tree: ContiguityTracker.Table, in source: IntentDocument, map: inout [Int32],
        builder: inout IntentDocumentBuilder, nextIdentity: inout Int, renumber: Bool
    ) -> Int32 {
        if map[Int(index)] >= 0 { return map[Int(index)] }
        var chain: [Int32] = []
        var current = index
        var parent: Int32 = -1
        while current >= 0 {
            if map[Int(current)] >= 0 {
                parent = map[Int(current)]
                break
            }
            chain.append(current)
            current = tree == .blocks ? source.blocks[Int(current)].parent : source.spans[Int(current)].parent
        }
        for old in chain.reversed() {
            var identity: Int
            switch tree {
            case .blocks: identity = source.blocks[Int(old)].identity
            case .spans: identity = source.spans[Int(old)].identity
            }
            if renumber {
                identity = nextIdentity
                nextIdentity += 1
            }
            switch tree {
            case .blocks:
                let block = source.blocks[Int(old)]
                parent = builder.addBlock(block.kind, identity: identity, parent: parent, markup: block.markup)
            case .spans:
                let span = source.spans[Int(old)]
                parent = builder.addSpan(span.kind, identity: identity, parent: parent, htmlTag: span.htmlTag)
            }
            map[Int(old)] = parent
        }
        return parent
    }

    /// Makes sure the maps of source `sourceID` can hold `blocks` blocks and `spans` spans.
    private mutating func ensureMaps(_ sourceID: Int, blocks: Int, spans: Int) {
        while blockMaps.count <= sourceID { blockMaps.append([]) }
        while spanMaps.count <= sourceID { spanMaps.append([]) }
        if blockMaps[sourceID].count < blocks {
            blockMaps[sourceID].append(contentsOf: repeatElement(-1, count: blocks - blockMaps[sourceID].count))
        }
        if spanMaps[sourceID].count < spans {
            spanMaps[sourceID].append(contentsOf: repeatElement(-1, count: spans - spanMaps[sourceID].count))
        }
    }

    /// Records that block `index` of source `sourceID` is `target` in the new document (so its
    /// descendants hang under `target`).
    package mutating func mapBlock(_ index: Int32, of source: IntentDocument, sourceID: Int, to target: Int32) {
        ensureMaps(sourceID, blocks: source.blocks.count, spans: source.spans.count)
        blockMaps[sourceID][Int(index)] = target
    }

    /// Records that span `index` of source `sourceID` is `target` in the new document.
    package mutating func mapSpan(_ index: Int32, of source: IntentDocument, sourceID: Int, to target: Int32) {
        ensureMaps(sourceID, blocks: source.blocks.count, spans: source.spans.count)
        spanMaps[sourceID][Int(index)] = target
    }

    /// Whether span `index` of source `sourceID` has a place in the new document yet.
    package func hasSpan(_ index: Int32, of sourceID: Int) -> Bool {
        sourceID < spanMaps.count && Int(index) < spanMaps[sourceID].count && spanMaps[sourceID][Int(index)] >= 0
    }

    /// Adds a span (its parent already added) and returns its index.
    package mutating func addSpan(
        _ kind: InlineSpan.Kind, identity: Int, parent: Int32, htmlTag: HTMLFormattingTag? = nil
    ) -> Int32 {
        builder.addSpan(kind, identity: identity, parent: parent, htmlTag: htmlTag)
    }

    /// The new index of span `index` of `source`, adding it and its missing ancestors.
    package mutating func span(_ index: Int32, of source: IntentDocument, sourceID: Int, renumber: Bool = false) -> Int32 {
        guard index >= 0 else { return -1 }
        ensureMaps(sourceID, blocks: source.blocks.count, spans: source.spans.count)
        return Self.place(
            index, of: .spans, in: source, map: &spanMaps[sourceID], builder: &builder, nextIdentity: &nextIdentity,
            renumber: renumber)
    }

    /// Copies the part of `source`'s runs inside `utf8Range` (run boundaries need not match; the
    /// range must lie on character boundaries).
    /// - Parameters:
    ///   - source: The document to copy from.
    ///   - sourceID: The caller's id for `source` (blocks and spans met again map to the same
    ///     new ones).
    ///   - utf8Range: The bytes to copy.
    ///   - block: Put every copied run in this block (a new index) instead of its own; `nil`
    ///     keeps the runs' own blocks.
    ///   - renumber: Give blocks and spans added now fresh identities.
    package mutating func copy(
        _ source: IntentDocument, sourceID: Int, utf8Range: Range<Int>, block override: Int32? = nil, renumber: Bool = false
    ) {
        guard !utf8Range.isEmpty else { return }
        var text = source.text
        text.withUTF8 { bytes in
            var index = source.runPosition(containingUTF8Offset: utf8Range.lowerBound)
            var start = index > 0 ? source.runRecords[index - 1].end : 0
            while index < source.runRecords.count, start < utf8Range.upperBound {
                let record = source.runRecords[index]
                let from = max(start, utf8Range.lowerBound)
                let to = min(record.end, utf8Range.upperBound)
                if from < to {
                    let (newBlock, continued) = contiguous(
                        override ?? block(record.block, of: source, sourceID: sourceID, renumber: renumber))
                    let newSpan = contiguousSpan(span(record.span, of: source, sourceID: sourceID, renumber: renumber))
                    let attributes = attribute(record.attributes, of: source, sourceID: sourceID)
                    builder.append(
                        UnsafeBufferPointer(rebasing: bytes[from..<to]), block: newBlock, inline: record.inline,
                        attributes: attributes, span: newSpan)
                    if continued { endOfContinuedText = builder.byteCount }
                }
                start = record.end
                index += 1
            }
        }
    }

    /// The new index of attribute set `index` of `source` (interned once per source index).
    private mutating func attribute(_ index: Int32, of source: IntentDocument, sourceID: Int) -> Int32 {
        while attributeMaps.count <= sourceID { attributeMaps.append([]) }
        if attributeMaps[sourceID].count < source.attributeTable.count {
            attributeMaps[sourceID].append(
                contentsOf: repeatElement(-1, count: source.attributeTable.count - attributeMaps[sourceID].count))
        }
        let known = attributeMaps[sourceID][Int(index)]
        if known >= 0 { return known }
        let new = builder.attributesIndex(source.attributeTable[Int(index)])
        attributeMaps[sourceID][Int(index)] = new
        return new
    }

    /// Appends `text` as one run.
    package mutating func append(
        _ text: String, block: Int32, inline: UInt = 0, attributes: RunAttributes = RunAttributes(), span: Int32 = -1
    ) {
        let (resolved, continued) = contiguous(block)
        let resolvedSpan = contiguousSpan(span)
        builder.append(text, block: resolved, inline: inline, attributes: builder.attributesIndex(attributes), span: resolvedSpan)
        if continued { endOfContinuedText = builder.byteCount }
    }

    /// The block a run of `block` goes into so that every block stays contiguous: `block`
    /// itself, or — when it or an ancestor was closed by runs outside it — a copy of the chain
    /// from that ancestor down (copies of blocks that held runs get fresh identities); and
    /// whether the block is inside such a copy.
    private mutating func contiguous(_ block: Int32) -> (Int32, Bool) {
        if block == lastBlockIn { return lastBlockOut }
        let result = walkContiguous(block)
        if result.0 != lastBlockOut.0 {
            // Another leaf: every open span ends (a span never crosses paragraphs).
            spanContiguity.closeAll()
            lastSpanIn = -2
        }
        lastBlockIn = block
        lastBlockOut = result
        return result
    }

    private mutating func walkContiguous(_ block: Int32) -> (Int32, Bool) {
        blockContiguity.place(block, builder: &builder, nextIdentity: &nextIdentity)
    }

    /// The span a run of `span` goes into so that every span stays contiguous (see
    /// ``contiguous(_:)`` — the same rule, for spans).
    private mutating func contiguousSpan(_ span: Int32) -> Int32 {
        if span == lastSpanIn { return lastSpanOut }
        let result = walkContiguousSpan(span)
        lastSpanIn = span
        lastSpanOut = result
        return result
    }

    private mutating func walkContiguousSpan(_ span: Int32) -> Int32 {
        spanContiguity.place(span, builder: &builder, nextIdentity: &nextIdentity).0
    }

    /// The document built, its tables reduced to the blocks and spans its runs use, numbered in
    /// the order runs first meet them.
    package consuming func finish() -> IntentDocument {
        builder.compactTables()
        return builder.finish()
    }
}

extension IntentDocument {
    /// The index of the run holding UTF-8 offset `offset` (the first run whose end is past it;
    /// `runCount` when `offset` is at or past the end). O(log runs).
    /// Whether the byte at UTF-8 `offset` lies in a block separator run.
    package func isSeparator(atUTF8Offset offset: Int) -> Bool {
        let index = runPosition(containingUTF8Offset: offset)
        guard offset >= 0, index < runRecords.count else { return false }
        return attributeTable[Int(runRecords[index].attributes)].isBlockSeparator
    }

    func runPosition(containingUTF8Offset offset: Int) -> Int {
        var low = 0
        var high = runRecords.count
        while low < high {
            let middle = (low + high) / 2
            if runRecords[middle].end <= offset { low = middle + 1 } else { high = middle }
        }
        return low
    }

    /// The largest block or span identity in the document (0 when there is none), at most
    /// ``ModelRanges/identity``'s upper bound, so that numbering new identities after it never
    /// overflows (a document built by hand may hold `Int.max`).
    package var largestIdentity: Int {
        min(max(blocks.map(\.identity).max() ?? 0, spans.map(\.identity).max() ?? 0), ModelRanges.identity.upperBound)
    }
}
