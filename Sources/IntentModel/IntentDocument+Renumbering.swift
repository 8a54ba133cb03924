// MARK: - Renumbering identities

extension IntentDocument {
    /// The document with every block and span identity moved above `largest` (each shifted by the
    /// same amount, so their order and distinctness are kept): what a foreign document inserted
    /// into another needs, so that none of its blocks is taken for one the other already has.
    ///
    /// O(blocks + spans); the text and runs are shared, not copied.
    /// - Parameter largest: The largest identity in use where the document goes (at most
    ///   ``ModelRanges/identity``'s upper bound).
    package func renumbered(above largest: Int) -> IntentDocument {
        let smallest = min(blocks.map(\.identity).min() ?? 0, spans.map(\.identity).min() ?? 0)
        let base = min(max(largest, 0), ModelRanges.identity.upperBound)
        // Identities of this document stay within ±2^53 by validation and repair; clamp again so a
        // hand-built one cannot overflow.
        let offset = base - min(max(smallest, ModelRanges.identity.lowerBound), ModelRanges.identity.upperBound) + 1
        guard offset > 0 || blocks.isEmpty && spans.isEmpty else { return self }
        var copy = self
        for index in copy.blocks.indices {
            copy.blocks[index].identity = copy.blocks[index].identity.clamped(to: ModelRanges.identity) + offset
        }
        if !spans.isEmpty {
            copy.spanPaths = []
            copy.spanPaths.reserveCapacity(spans.count)
            for index in copy.spans.indices {
                copy.spans[index].identity = copy.spans[index].identity.clamped(to: ModelRanges.identity) + offset
                let span = copy.spans[index]
                let parent = span.parent >= 0 ? copy.spanPaths[Int(span.parent)] : nil
                copy.spanPaths.append(
                    InlineSpanPath(InlineSpan(kind: span.kind, identity: span.identity, htmlTag: span.htmlTag), parent: parent))
            }
        }
        copy.blockLookup = [:]
        copy.spanLookup = [:]
        // The source map names blocks by identity: shifted with them, or a block would be written
        // from the source of the block that had its identity before.
        copy.markdownSource = markdownSource?.shiftingIdentities(by: offset)
        return copy
    }
}

// MARK: - Renumbering list items

extension IntentDocument {
    /// Sets every list item's ordinal to what Markdown gives it: the ordinal of its list's first
    /// item plus its index in the list for an ordered list (the first item's ordinal is the
    /// list's start number), 1 plus its index for a bullet list. Nested lists count on their own.
    ///
    /// Editing calls this after every change so that inserting, deleting, splitting, merging or
    /// moving items never leaves stale numbers. O(blocks); the text and runs are shared.
    /// - Returns: Whether any ordinal changed.
    @discardableResult
    package mutating func renumberListItems() -> Bool {
        /// Per list (by block index): the number its next item gets.
        var next: [Int32: Int] = [:]
        var changed = false
        // Blocks are stored in document order of their first text, so a list's items come in
        // order.
        for index in blocks.indices {
            guard case .listItem(let ordinal) = blocks[index].kind else { continue }
            let list = blocks[index].parent
            var isOrdered = false
            if list >= 0, case .orderedList = blocks[Int(list)].kind { isOrdered = true }
            let wanted = next[list] ?? (isOrdered ? ordinal.clamped(to: ModelRanges.ordinal) : 1)
            next[list] = min(wanted + 1, ModelRanges.ordinal.upperBound)
            if ordinal != wanted {
                blocks[index].kind = .listItem(ordinal: wanted)
                changed = true
            }
        }
        if changed { blockLookup = [:] }
        return changed
    }

    /// Gives every list item of this document that is a list item of `other` (same identity)
    /// `other`'s ordinal: an undo restores items as they were, so that renumbering counts the
    /// list from the number its first item had.
    /// - Parameter other: The document whose items' ordinals win (an undo's replacement).
    package mutating func restoreListItemOrdinals(from other: IntentDocument) {
        var ordinals: [Int: Int] = [:]
        for block in other.blocks { if case .listItem(let ordinal) = block.kind { ordinals[block.identity] = ordinal } }
        guard !ordinals.isEmpty else { return }
        var changed = false
        for index in blocks.indices {
            guard case .listItem(let ordinal) = blocks[index].kind, let restored = ordinals[blocks[index].identity],
                restored != ordinal
            else { continue }
            blocks[index].kind = .listItem(ordinal: restored)
            changed = true
        }
        if changed { blockLookup = [:] }
    }
}
