extension IntentDocument {
    /// Delivers the document to `visitor` in document order: blocks and spans as they open and
    /// close, and every run's text (the order is ``IntentVisitor``'s).
    ///
    /// Time O(runs + blocks + spans) and no recursion, however deep the nesting; memory two flags
    /// per block and span. Every writer and lowering of the library is a visitor walked this way.
    ///
    /// ```swift
    /// let document = try IntentDocument(markdown: "*a* b")
    /// var visitor = MyVisitor(document: document)
    /// document.walk(&visitor)
    /// ```
    /// - Parameter visitor: The visitor; it keeps its state when the walk returns.
    @inlinable public func walk<Visitor: IntentVisitor & ~Copyable>(_ visitor: inout Visitor) {
        walk(&visitor, runs: 0..<runRecords.count, peeksAtNextRun: false)
    }

    /// Delivers the runs `runs` to `visitor` as ``walk(_:)`` delivers them, as if the document
    /// were those runs alone: the blocks and spans around the first one open before it, and all
    /// close after the last one. For a writer that writes a document in pieces, each from the
    /// first run of a top-level block.
    /// - Parameters:
    ///   - runs: Run indices; empty delivers nothing.
    ///   - peeksAtNextRun: Whether the run after `runs`, if any, is announced
    ///     (``IntentVisitor/willVisit(_:entersLeaf:)``, entering a leaf) before the blocks close,
    ///     as a walk of the whole document announces it there.
    @inlinable package func walk<Visitor: IntentVisitor & ~Copyable>(
        _ visitor: inout Visitor, runs: Range<Int>, peeksAtNextRun: Bool
    ) {
        var state = WalkState(
            blockCount: Visitor.followsBlocks ? blocks.count : 0, spanCount: Visitor.followsSpans ? spans.count : 0)
        var text = self.text
        text.withUTF8 { bytes in
            // The tables are read through buffers: a parent is one load, not a copy of the entry.
            blocks.withUnsafeBufferPointer { blockTable in
                spans.withUnsafeBufferPointer { spanTable in
                    runRecords.withUnsafeBufferPointer { records in
                        let runs = runs.clamped(to: 0..<records.count)
                        var start = runs.lowerBound == 0 ? 0 : records[runs.lowerBound - 1].end
                        var currentLeaf: Int32 = -2
                        for position in runs {
                            let record = records[position]
                            let run = StoredRun(index: position, start: start, record: record)
                            let entersLeaf = record.block != currentLeaf
                            visitor.willVisit(run, entersLeaf: entersLeaf)
                            // The flags are constants of the visitor's type: each branch folds away.
                            if entersLeaf {
                                if Visitor.followsSpans { state.moveSpans(to: -1, in: spanTable, visitor: &visitor) }
                                if Visitor.followsBlocks { state.moveBlocks(to: record.block, in: blockTable, visitor: &visitor) }
                                currentLeaf = record.block
                            }
                            if Visitor.followsSpans { state.moveSpans(to: record.span, in: spanTable, visitor: &visitor) }
                            let isLastInLeaf = position + 1 == records.count || records[position + 1].block != record.block
                            visitor.visitRun(
                                run, text: UnsafeBufferPointer(rebasing: bytes[start..<record.end]), isLastInLeaf: isLastInLeaf)
                            start = record.end
                        }
                        if peeksAtNextRun, !runs.isEmpty, runs.upperBound < records.count {
                            let record = records[runs.upperBound]
                            visitor.willVisit(
                                StoredRun(index: runs.upperBound, start: start, record: record), entersLeaf: record.block != currentLeaf)
                        }
                    }
                    if Visitor.followsSpans { state.moveSpans(to: -1, in: spanTable, visitor: &visitor) }
                    if Visitor.followsBlocks { state.moveBlocks(to: -1, in: blockTable, visitor: &visitor) }
                }
            }
        }
    }

    /// What a walk has open: the open blocks and spans, outermost first, with a flag per table
    /// entry, and scratch space for the path being opened (empty between moves, its capacity reused: no
    /// allocation per block).
    @usableFromInline struct WalkState {
        @usableFromInline var openBlocks: [Int32] = []
        @usableFromInline var isBlockOpen: [Bool]
        @usableFromInline var openSpans: [Int32] = []
        @usableFromInline var isSpanOpen: [Bool]
        @usableFromInline var path: [Int32] = []

        @inlinable init(blockCount: Int, spanCount: Int) {
            isBlockOpen = [Bool](repeating: false, count: blockCount)
            isSpanOpen = [Bool](repeating: false, count: spanCount)
        }

        /// Closes the open blocks that do not contain `leaf` (-1: all) and opens the path down to it.
        @inlinable mutating func moveBlocks<Visitor: IntentVisitor & ~Copyable>(
            to leaf: Int32, in blocks: UnsafeBufferPointer<Block>, visitor: inout Visitor
        ) {
            // Walk up from the new leaf to the first open block: the common ancestor (or -1).
            var index = leaf
            while index >= 0, !isBlockOpen[Int(index)] {
                path.append(index)
                index = blocks[Int(index)].parent
            }
            while let last = openBlocks.last, last != index {
                openBlocks.removeLast()
                isBlockOpen[Int(last)] = false
                visitor.exitBlock(BlockID(last))
            }
            // The path runs from the leaf up: open from the outermost down, telling each its child
            // (popping leaves the scratch path empty for the next move).
            while let block = path.popLast() {
                visitor.enterBlock(BlockID(block), child: path.last.map { BlockID($0) })
                openBlocks.append(block)
                isBlockOpen[Int(block)] = true
            }
        }

        /// Closes the open spans that do not contain `innermost` (-1: all) and opens the path down to it.
        @inlinable mutating func moveSpans<Visitor: IntentVisitor & ~Copyable>(
            to innermost: Int32, in spans: UnsafeBufferPointer<Span>, visitor: inout Visitor
        ) {
            if innermost < 0 && openSpans.isEmpty { return }
            if let last = openSpans.last, last == innermost { return }
            var index = innermost
            while index >= 0, !isSpanOpen[Int(index)] {
                path.append(index)
                index = spans[Int(index)].parent
            }
            while let last = openSpans.last, last != index {
                openSpans.removeLast()
                isSpanOpen[Int(last)] = false
                visitor.exitSpan(SpanID(last))
            }
            while let span = path.popLast() {
                visitor.enterSpan(SpanID(span))
                openSpans.append(span)
                isSpanOpen[Int(span)] = true
            }
        }
    }
}
