// MARK: - Validation and repair

extension IntentDocument {
    /// Checks every rule of the model that writers rely on, and throws at the first value that
    /// breaks one.
    ///
    /// The rules: every numeric value inside ``ModelRanges`` (header levels 1–6, ordinals, indices,
    /// identities, code fence lengths, lengths in points, colours); each run's intent a plausible
    /// chain (leaf blocks innermost only, list items directly in lists, rows in tables, cells in
    /// rows, a cell's column among its table's); no two different blocks (or spans) with one
    /// identity. Documents from the parser always pass; the JSON reader runs the same checks on
    /// every run it reads. Writers never trap on a document that fails: they write it with its
    /// values clamped into range (see ``ModelRanges``).
    ///
    /// ```swift
    /// var document = IntentDocument()
    /// document.append("x", presentationIntent: PresentationIntent(.header(level: 9), identity: 1))
    /// try document.validate()   // throws: runs[0].presentationIntent[0].level: header level 9 is not 1 through 6
    /// ```
    /// - Throws: ``IntentMarkError/invalidDocument(reason:)`` naming the run and field, e.g.
    ///   `runs[3].presentationIntent[0].level`.
    public func validate() throws {
        var checkedBlocks = [Bool](repeating: false, count: blocks.count)
        var checkedAttributes = [Bool](repeating: false, count: attributeTable.count)
        var checkedSpans = [Bool](repeating: false, count: spans.count)
        for (position, record) in runRecords.enumerated() {
            let path = "runs[\(position)]"
            if record.block >= 0, !checkedBlocks[Int(record.block)] {
                var index = record.block
                while index >= 0, !checkedBlocks[Int(index)] {
                    checkedBlocks[Int(index)] = true
                    index = blocks[Int(index)].parent
                }
                if let intent = presentationIntent(ofBlock: record.block), let failure = intent.validationFailure() {
                    throw IntentMarkError.invalidDocument(reason: "\(path).presentationIntent\(failure.path): \(failure.reason)")
                }
                for (identity, markup) in blockMarkup(ofBlock: record.block) {
                    if let failure = markup.validationFailure() {
                        throw IntentMarkError.invalidDocument(reason: "\(path).blockMarkup[\(identity)]\(failure.path): \(failure.reason)")
                    }
                }
            }
            if !checkedAttributes[Int(record.attributes)] {
                checkedAttributes[Int(record.attributes)] = true
                let attributes = attributeTable[Int(record.attributes)]
                if let failure = attributes.display?.validationFailure() {
                    throw IntentMarkError.invalidDocument(reason: "\(path).attributes.display\(failure.path): \(failure.reason)")
                }
                if let failure = attributes.sourcePosition?.validationFailure() {
                    throw IntentMarkError.invalidDocument(reason: "\(path).attributes.sourcePosition\(failure.path): \(failure.reason)")
                }
            }
            var span = record.span
            while span >= 0, !checkedSpans[Int(span)] {
                checkedSpans[Int(span)] = true
                let identity = spans[Int(span)].identity
                guard ModelRanges.identity.contains(identity) else {
                    throw IntentMarkError.invalidDocument(reason: "\(path).inlineSpans: identity \(identity) is outside ±2^53")
                }
                span = spans[Int(span)].parent
            }
        }
        if let failure = repeatedIdentity() { throw IntentMarkError.invalidDocument(reason: failure) }
    }

    /// Two different blocks, or two different spans, with one identity: a description, or `nil`.
    package func repeatedIdentity() -> String? {
        var blockIdentities = [Int: Int32](minimumCapacity: blocks.count)
        for (index, block) in blocks.enumerated() {
            if let earlier = blockIdentities.updateValue(Int32(index), forKey: block.identity) {
                let first = blocks[Int(earlier)]
                return "identity \(block.identity) names two blocks (a \(first.kind.name) and a \(block.kind.name)"
                    + (first.kind == block.kind ? " with different parents)" : ")")
            }
        }
        var spanIdentities = Set<Int>(minimumCapacity: spans.count)
        for span in spans where !spanIdentities.insert(span.identity).inserted {
            return "identity \(span.identity) names two inline spans"
        }
        return nil
    }

    /// The document as writers may write it: itself when every value lies in ``ModelRanges`` (a
    /// scan of its block, span and attribute tables, without copying), otherwise a copy with each
    /// value clamped into its range — header levels to 1–6, ordinals, indices and identities to
    /// their ranges, a table cell's column to its table's last column, code fences to '`' or '~'
    /// of 3 to ``ModelRanges/writtenCodeFenceLength`` characters, lengths and colours to theirs, a
    /// text table's column count to the number of runs.
    ///
    /// Every writer and lowering calls it first, so a document built by hand never traps one.
    package func repairedForWriting() -> IntentDocument {
        // The scans read the tables through buffers, so that checking an entry does not copy it.
        let badBlocks = blocks.withUnsafeBufferPointer { table in
            table.indices.filter { Self.blockNeedsRepair(at: $0, in: table) }
        }
        let runCount = runRecords.count
        let badAttributes = attributeTable.withUnsafeBufferPointer { table in
            table.indices.filter { Self.attributesNeedRepair(table[$0], runCount: runCount) }
        }
        let badSpans = spans.withUnsafeBufferPointer { table in
            table.indices.filter { !ModelRanges.identity.contains(table[$0].identity) }
        }
        guard !badBlocks.isEmpty || !badAttributes.isEmpty || !badSpans.isEmpty else { return self }
        var copy = self
        for index in badBlocks {
            var block = blocks[index]
            block.identity = block.identity.clamped(to: ModelRanges.identity)
            block.kind = block.kind.clamped(columns: blocks.withUnsafeBufferPointer { Self.columnCount(ofTableAbove: index, in: $0) })
            block.markup = block.markup?.clampedForWriting()
            copy.blocks[index] = block
        }
        for index in badAttributes {
            var attributes = attributeTable[index]
            attributes.display = attributes.display?.clamped(maximumCount: runRecords.count)
            if var position = attributes.sourcePosition {
                position.startLine = position.startLine.clamped(to: ModelRanges.sourcePosition)
                position.startColumn = position.startColumn.clamped(to: ModelRanges.sourcePosition)
                position.endLine = position.endLine.clamped(to: ModelRanges.sourcePosition)
                position.endColumn = position.endColumn.clamped(to: ModelRanges.sourcePosition)
                attributes.sourcePosition = position
            }
            copy.attributeTable[index] = attributes
        }
        for index in badSpans {
            copy.spans[index].identity = spans[index].identity.clamped(to: ModelRanges.identity)
        }
        if !badSpans.isEmpty {
            copy.spanPaths = []
            for span in copy.spans {
                let parent = span.parent >= 0 ? copy.spanPaths[Int(span.parent)] : nil
                copy.spanPaths.append(
                    InlineSpanPath(InlineSpan(kind: span.kind, identity: span.identity, htmlTag: span.htmlTag), parent: parent))
            }
        }
        copy.blockLookup = [:]
        copy.spanLookup = [:]
        copy.attributeLookup = [:]
        return copy
    }

    /// Whether the block at `index` holds a value outside ``ModelRanges``, or is a cell whose
    /// column is past its table's last.
    private static func blockNeedsRepair(at index: Int, in blocks: UnsafeBufferPointer<Block>) -> Bool {
        if !ModelRanges.identity.contains(blocks[index].identity) { return true }
        switch blocks[index].kind {
        case .paragraph, .orderedList, .unorderedList, .codeBlock, .blockQuote, .thematicBreak, .table, .tableHeaderRow:
            break
        case .header, .listItem, .tableRow:
            if blocks[index].kind.rangeFailure() != nil { return true }
        case .tableCell(let column):
            if blocks[index].kind.rangeFailure() != nil { return true }
            if let count = columnCount(ofTableAbove: index, in: blocks), column >= count { return true }
        @unknown default:
            if blocks[index].kind.rangeFailure() != nil { return true }
        }
        return blocks[index].markup?.needsClampForWriting ?? false
    }

    /// The number of columns of the table that holds the cell at `index` (the cell's row's
    /// parent), or `nil` when the cell is not in a table's row.
    private static func columnCount(ofTableAbove index: Int, in blocks: UnsafeBufferPointer<Block>) -> Int? {
        let row = blocks[index].parent
        guard row >= 0, blocks[Int(row)].parent >= 0, case .table(let columns) = blocks[Int(blocks[Int(row)].parent)].kind else {
            return nil
        }
        return columns.count
    }

    /// Whether a run attribute set holds display attributes or a source position outside
    /// ``ModelRanges``, or a text table wider or taller than the document has runs.
    private static func attributesNeedRepair(_ attributes: RunAttributes, runCount: Int) -> Bool {
        if let display = attributes.display {
            if display.validationFailure() != nil { return true }
            if display.paragraphStyle?.textBlocks.contains(where: { $0.numberOfColumns > runCount || $0.rowSpan > runCount }) == true {
                return true
            }
        }
        return attributes.sourcePosition?.validationFailure() != nil
    }
}
