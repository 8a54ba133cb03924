/// The fast path for producers inside this package (the parser): appends UTF-8 bytes with block,
/// inline and attribute indices already resolved, and makes the ``IntentDocument`` once at the end.
package struct IntentDocumentBuilder {
    // MARK: Stored layout

    package private(set) var bytes: [UInt8] = []
    var blocks: [IntentDocument.Block] = []
    var spans: [IntentDocument.Span] = []
    var spanPaths: [InlineSpanPath] = []
    var attributeTable: [RunAttributes] = [RunAttributes()]
    var attributeInterner = RunAttributesInterner(capacity: 0)
    var runRecords: [IntentDocument.RunRecord] = []

    // MARK: Initialisers

    /// A builder holding `document`'s blocks and spans at the same indices and no text yet: for
    /// copying its runs with changes (their `block` and `span` indices stay valid).
    /// - Parameters:
    ///   - document: The document whose tables are copied.
    ///   - expectedBytes: Capacity to reserve for the text, in UTF-8 bytes.
    package init(blocksAndSpansOf document: IntentDocument, expectedBytes: Int) {
        self.init(expectedBytes: expectedBytes)
        // The tables themselves (shared until one is changed): a span's path names the same span.
        blocks = document.blocks
        spans = document.spans
        spanPaths = document.spanPaths
    }

    /// - Parameter expectedBytes: Capacity to reserve for the text, in UTF-8 bytes.
    package init(expectedBytes: Int = 0) {
        bytes.reserveCapacity(expectedBytes)
        runRecords.reserveCapacity(expectedBytes / 24)
        // About one distinct attribute set (a link, an image) per kilobyte in real documents:
        // reserving spares the interning table most of its rehashing as it grows.
        attributeInterner = RunAttributesInterner(capacity: expectedBytes / 1024)
    }

    // MARK: Building

    /// The number of UTF-8 bytes appended so far.
    package var byteCount: Int { bytes.count }

    /// The number of runs appended so far.
    package var runCount: Int { runRecords.count }

    /// Adds a block and returns its index (for `parent` and `block` arguments).
    package mutating func addBlock(
        _ kind: PresentationIntent.Kind, identity: Int, parent: Int32, markup: BlockMarkup? = nil
    ) -> Int32 {
        blocks.append(IntentDocument.Block(kind: kind, identity: identity, parent: parent, markup: markup))
        return Int32(blocks.count - 1)
    }

    /// Adds an inline span and returns its index (for `parent` and `span` arguments).
    package mutating func addSpan(
        _ kind: InlineSpan.Kind, identity: Int, parent: Int32, htmlTag: HTMLFormattingTag? = nil
    ) -> Int32 {
        spans.append(IntentDocument.Span(kind: kind, identity: identity, parent: parent, htmlTag: htmlTag))
        spanPaths.append(
            InlineSpanPath(
                InlineSpan(kind: kind, identity: identity, htmlTag: htmlTag), parent: parent >= 0 ? spanPaths[Int(parent)] : nil))
        return Int32(spans.count - 1)
    }

    /// The index of `attributes` in the interned table, adding it when new. Empty attributes are 0.
    package mutating func attributesIndex(_ attributes: RunAttributes) -> Int32 {
        if attributes.isEmpty { return 0 }
        return attributeInterner.index(of: attributes, in: &attributeTable)
    }

    /// Appends bytes (valid UTF-8) as a run, merging with the previous run when its indices match.
    package mutating func append(
        _ buffer: UnsafeBufferPointer<UInt8>, block: Int32, inline: UInt, attributes: Int32, span: Int32
    ) {
        guard buffer.count > 0 else { return }
        bytes.append(contentsOf: buffer)
        extendRun(block: block, inline: inline, attributes: attributes, span: span)
    }

    /// Appends a string as a run, merging with the previous run when its indices match.
    package mutating func append(_ string: String, block: Int32, inline: UInt, attributes: Int32, span: Int32) {
        guard !string.isEmpty else { return }
        bytes.append(contentsOf: string.utf8)
        extendRun(block: block, inline: inline, attributes: attributes, span: span)
    }

    private mutating func extendRun(block: Int32, inline: UInt, attributes: Int32, span: Int32) {
        extendRun(to: bytes.count, block: block, inline: inline, attributes: attributes, span: span)
    }

    /// Ends the last run at `end` when its indices are these, else appends a run ending there.
    private mutating func extendRun(to end: Int, block: Int32, inline: UInt, attributes: Int32, span: Int32) {
        if let last = runRecords.last, last.block == block, last.inline == inline, last.attributes == attributes,
            last.span == span
        {
            runRecords[runRecords.count - 1].end = end
        } else {
            runRecords.append(
                IntentDocument.RunRecord(end: end, block: block, inline: inline, attributes: attributes, span: span))
        }
    }

    /// Appends everything `other` built after what this one has: its text, its blocks and spans
    /// (their identities moved up by `blockIdentityOffset` and `spanIdentityOffset`), its
    /// attribute sets (interned here, in `other`'s order, so the table is the one a single
    /// builder given both's calls in turn would have made) and its runs — merging `other`'s first
    /// run with this one's last when their indices match, as appending it would. The join of a
    /// document converted in pieces (the parser's parallel parse).
    package mutating func append(
        contentsOf other: IntentDocumentBuilder, blockIdentityOffset: Int, spanIdentityOffset: Int
    ) {
        let byteBase = bytes.count
        let blockBase = Int32(blocks.count)
        let spanBase = Int32(spans.count)
        bytes.append(contentsOf: other.bytes)
        Self.reserve(other.blocks.count, in: &blocks)
        Self.reserve(other.spans.count, in: &spans)
        Self.reserve(other.spans.count, in: &spanPaths)
        Self.reserve(other.runRecords.count, in: &runRecords)
        for var block in other.blocks {
            // Copied as it is (its markup's box shared), with its identity and parent moved up.
            block.identity += blockIdentityOffset
            if block.parent >= 0 { block.parent += blockBase }
            blocks.append(block)
        }
        for span in other.spans {
            _ = addSpan(
                span.kind, identity: span.identity + spanIdentityOffset, parent: span.parent >= 0 ? span.parent + spanBase : -1,
                htmlTag: span.htmlTag)
        }
        var attributeIndex = [Int32](repeating: 0, count: other.attributeTable.count)
        for index in other.attributeTable.indices.dropFirst() {
            // Hashes are per process, so `other`'s kept ones are this builder's too.
            attributeIndex[index] = attributeInterner.index(
                of: other.attributeTable[index], hash: other.attributeInterner.hash(at: index), in: &attributeTable)
        }
        for record in other.runRecords {
            let block = record.block >= 0 ? record.block + blockBase : -1
            let span = record.span >= 0 ? record.span + spanBase : -1
            let attributes = attributeIndex[Int(record.attributes)]
            extendRun(to: record.end + byteBase, block: block, inline: record.inline, attributes: attributes, span: span)
        }
    }

    /// Makes room for `count` more elements in `array`, at least doubling its capacity when it
    /// grows (reserving exactly what each append needs would copy the whole array every time).
    private static func reserve<Element>(_ count: Int, in array: inout [Element]) {
        let needed = array.count + count
        if needed > array.capacity { array.reserveCapacity(max(needed, array.capacity * 2)) }
    }

    /// A document holding this builder's block table alone (no text, runs or spans), for reading
    /// the blocks (``IntentDocument/blockIDs``, `parent(of:)`, `kind(of:)`, …) on another thread
    /// while the builder is finished. Shares the table's storage: nothing is copied.
    package func blockTable() -> IntentDocument {
        IntentDocument(text: "", blocks: blocks, spans: [], spanPaths: [], attributeTable: [RunAttributes()], runRecords: [])
    }

    /// The last byte appended, if any.
    package var lastByte: UInt8? { bytes.last }

    /// Removes the last `count` bytes (at most all of them; callers remove whole characters),
    /// shrinking or dropping the runs that held them.
    package mutating func removeLast(bytes count: Int) {
        bytes.removeLast(min(max(count, 0), bytes.count))
        let end = bytes.count
        while let last = runRecords.last {
            let start = runRecords.count >= 2 ? runRecords[runRecords.count - 2].end : 0
            if start >= end {
                runRecords.removeLast()
            } else {
                runRecords[runRecords.count - 1].end = min(last.end, end)
                break
            }
        }
    }

    /// Keeps only the blocks and spans runs use (with their ancestors), renumbered in the order
    /// runs first meet them, so a block's ancestors come before it and later siblings after it.
    package mutating func compactTables() {
        var compaction = Compaction(blocks: blocks.count, spans: spans.count)
        for position in runRecords.indices {
            let record = runRecords[position]
            if record.block >= 0 { runRecords[position].block = keep(record.block, of: .blocks, in: &compaction) }
            if record.span >= 0 { runRecords[position].span = keep(record.span, of: .spans, in: &compaction) }
        }
        blocks = compaction.blocks
        spans = compaction.spans
        spanPaths = compaction.spanPaths
    }

    /// The tables ``compactTables()`` builds: old index → new index (-1 until kept), the kept nodes.
    private struct Compaction {
        var blockIndex: [Int32]
        var spanIndex: [Int32]
        var blocks: [IntentDocument.Block] = []
        var spans: [IntentDocument.Span] = []
        var spanPaths: [InlineSpanPath] = []
        /// Scratch: the ancestors of the node being kept that are not kept yet.
        var pending: [Int32] = []

        init(blocks: Int, spans: Int) {
            blockIndex = [Int32](repeating: -1, count: blocks)
            spanIndex = [Int32](repeating: -1, count: spans)
            self.blocks.reserveCapacity(blocks)
        }
    }

    /// The new index of node `index` of `table`, keeping it and its ancestors not kept yet
    /// (ancestors first) — the one walk behind both tables of ``compactTables()``.
    private func keep(_ index: Int32, of table: ContiguityTracker.Table, in compaction: inout Compaction) -> Int32 {
        func newIndex(_ old: Int32) -> Int32 {
            switch table {
            case .blocks: return compaction.blockIndex[Int(old)]
            case .spans: return compaction.spanIndex[Int(old)]
            }
        }
        compaction.pending.removeAll(keepingCapacity: true)
        var current = index
        while current >= 0, newIndex(current) < 0 {
            compaction.pending.append(current)
            switch table {
            case .blocks: current = blocks[Int(current)].parent
            case .spans: current = spans[Int(current)].parent
            }
        }
        for old in compaction.pending.reversed() {
            switch table {
            case .blocks:
                var block = blocks[Int(old)]
                block.parent = block.parent >= 0 ? compaction.blockIndex[Int(block.parent)] : -1
                compaction.blocks.append(block)
                compaction.blockIndex[Int(old)] = Int32(compaction.blocks.count - 1)
            case .spans:
                var span = spans[Int(old)]
                span.parent = span.parent >= 0 ? compaction.spanIndex[Int(span.parent)] : -1
                compaction.spans.append(span)
                compaction.spanPaths.append(
                    InlineSpanPath(
                        InlineSpan(kind: span.kind, identity: span.identity, htmlTag: span.htmlTag),
                        parent: span.parent >= 0 ? compaction.spanPaths[Int(span.parent)] : nil))
                compaction.spanIndex[Int(old)] = Int32(compaction.spans.count - 1)
            }
        }
        return newIndex(index)
    }

    /// Makes the document. Invalid UTF-8 in the appended bytes becomes U+FFFD, one run at a time,
    /// so that every run still ends on a scalar boundary. The parser appends what libcmark-gfm
    /// gives, which is valid UTF-8 except where libcmark-gfm 0.29's footnotes turn a reference
    /// whose label crosses a line ending (`[^⏎éé]`) back into text by column arithmetic: its
    /// bytes may end inside a scalar (a NUL counts one column but is U+FFFD's three bytes by
    /// then). Valid text costs one validation pass, as decoding did before.
    package consuming func finish() -> IntentDocument {
        // Checked here (ASCII eight bytes at a time) and copied unchecked: a parse's text is
        // valid UTF-8 but for bugs, and the standard library's `String(validating:)` would read
        // it again at several times the cost.
        let validated = bytes.withUnsafeBufferPointer { buffer in
            UTF8Validation.firstInvalidOffset(in: buffer) == nil ? UTF8Validation.string(ofValidUTF8: buffer) : nil
        }
        if let text = validated {
            return IntentDocument(
                text: text, blocks: blocks, spans: spans, spanPaths: spanPaths, attributeTable: attributeTable,
                runRecords: runRecords)
        }
        var text = ""
        var records = runRecords
        var start = 0
        for index in records.indices {
            let end = min(max(records[index].end, start), bytes.count)
            text += String(decoding: bytes[start..<end], as: UTF8.self)
            records[index].end = text.utf8.count
            start = end
        }
        if start < bytes.count {
            // Bytes after the last run (none are appended without one) join it.
            text += String(decoding: bytes[start...], as: UTF8.self)
            if !records.isEmpty { records[records.count - 1].end = text.utf8.count }
        }
        return IntentDocument(
            text: text, blocks: blocks, spans: spans, spanPaths: spanPaths, attributeTable: attributeTable,
            runRecords: records)
    }
}

// MARK: - Handles

extension IntentDocumentBuilder {
    /// Adds a block and returns its handle (valid in the document ``finish()`` makes).
    package mutating func addBlock(
        _ kind: PresentationIntent.Kind, identity: Int, parent: BlockID?, markup: BlockMarkup? = nil
    ) -> BlockID {
        BlockID(addBlock(kind, identity: identity, parent: parent?.storage ?? -1, markup: markup))
    }

    /// The handle of `attributes` in the interned table, adding it when new (valid in the document
    /// ``finish()`` makes).
    package mutating func attributesID(_ attributes: RunAttributes) -> RunAttributesID {
        RunAttributesID(attributesIndex(attributes))
    }

    /// Appends bytes (valid UTF-8) as a run in `block` and `span` (handles of this builder's
    /// tables: a builder made with ``init(blocksAndSpansOf:expectedBytes:)`` takes the copied
    /// document's), merging with the previous run when all match.
    package mutating func append(
        _ buffer: UnsafeBufferPointer<UInt8>, block: BlockID?, inline: InlinePresentationIntent, attributes: RunAttributesID,
        span: SpanID?
    ) {
        append(buffer, block: block?.storage ?? -1, inline: inline.rawValue, attributes: attributes.storage, span: span?.storage ?? -1)
    }

    /// Appends a string as a run in `block` and `span`, merging with the previous run when all
    /// match.
    package mutating func append(
        _ string: String, block: BlockID?, inline: InlinePresentationIntent, attributes: RunAttributesID, span: SpanID?
    ) {
        append(string, block: block?.storage ?? -1, inline: inline.rawValue, attributes: attributes.storage, span: span?.storage ?? -1)
    }
}
