extension EditingSplice {
    /// Puts the replacement's pieces into blocks, one after another, and joins the rest of the
    /// last edited paragraph to the block the last piece went into.
    struct PiecePlacement {
        let region: EditedRegion
        /// The first edited paragraph's block in the result (-1 when the edit is at the end of
        /// the text).
        let current: Int32
        /// The block the latest piece went into.
        private(set) var block: Int32
        /// Whether the rest of the last paragraph stays in its own block (no merge).
        private var tailKeepsItsBlock = false
        /// Whether `block` is a block of the replacement (the rest of the last paragraph then
        /// joins another block even when the edit stays inside one paragraph).
        private var blockIsReplacements = false
        /// Whether a piece went into the first paragraph's own block.
        private var currentHasText = false
        /// Whether the paragraph being written has text (an empty code block ends with its
        /// separator).
        private(set) var leafHasText = false

        init(region: EditedRegion, current: Int32) {
            self.region = region
            self.current = current
            block = current
        }

        /// Writes piece `position` of `count` into the block it belongs in, terminating it when
        /// the piece ends its paragraph.
        mutating func emit(_ piece: Piece, at position: Int, of count: Int, into context: inout Context) {
            blockIsReplacements = piece.block >= 0 && (position > 0 || current < 0 || region.prefixIsEmpty)
            if position == 0 {
                block = firstBlock(for: piece, alone: count == 1, context: &context)
            } else if position == count - 1 {
                block = lastBlock(for: piece, context: &context)
            } else {
                block = piece.block >= 0 ? context.place(piece.block) : newLeaf(context: &context)
            }
            if block == current, block >= 0 { currentHasText = true }
            context.emit(piece, into: block)
            // Whether the paragraph this piece ends has text: the piece's own, or the first
            // paragraph's text before the range.
            leafHasText =
                !piece.segments.isEmpty || piece.endsWithCodeLineEnd || (position == 0 && block == current && !region.prefixIsEmpty)
            if piece.isTerminated {
                context.terminate(block, with: piece.terminator, endingHTMLBlock: piece.endsHTMLBlock, leafIsEmpty: !leafHasText)
            }
        }

        /// A new leaf like the first edited one (or the last of the document), a paragraph in
        /// place of a thematic break.
        private func newLeaf(context: inout Context) -> Int32 {
            context.newLeaf(like: region.startBlock ?? region.lastLeafBlock, kind: region.startsInThematicBreak ? .paragraph : nil)
        }

        /// The block of the first piece: the first paragraph's own, a replacement block, or — when
        /// whole paragraphs are deleted up to another's start — that paragraph's.
        private mutating func firstBlock(for piece: Piece, alone: Bool, context: inout Context) -> Int32 {
            if current < 0 {
                return piece.block >= 0 ? context.place(piece.block) : context.newLeaf(like: region.lastLeafBlock, kind: nil)
            }
            if region.prefixIsEmpty, piece.block >= 0 { return context.place(piece.block) }
            if alone, region.prefixIsEmpty, piece.segments.isEmpty, let endLeaf = region.endLeaf, endLeaf != region.startLeaf,
                region.end == region.leaves[endLeaf].utf8Range.lowerBound, region.leaves[endLeaf].block >= 0
            {
                // Whole paragraphs deleted up to another paragraph's start: that paragraph
                // stays as it was, as the same lines deleted in Markdown leave it.
                let kept = region.leaves[endLeaf].block
                let keptBlock = context.splicer.block(kept, of: context.document, sourceID: Context.documentID)
                context.reserve(kept)
                tailKeepsItsBlock = true
                return keptBlock
            }
            if let startBlock = region.startBlock, !region.startsInThematicBreak { context.reserve(startBlock) }
            return current
        }

        /// The block of the last piece (of several): a replacement block, the last edited
        /// paragraph's own, the first paragraph's (blocks inserted before its text), or a new leaf.
        private mutating func lastBlock(for piece: Piece, context: inout Context) -> Int32 {
            if piece.block >= 0 { return context.place(piece.block) }
            if let endLeaf = region.endLeaf, endLeaf != region.startLeaf, region.leaves[endLeaf].block >= 0 {
                tailKeepsItsBlock = true
                return context.splicer.block(region.leaves[endLeaf].block, of: context.document, sourceID: Context.documentID)
            }
            if current >= 0, !currentHasText, region.endLeaf == region.startLeaf, !region.startsInThematicBreak,
                let startBlock = region.startBlock, context.identitiesAreFree(startBlock)
            {
                // Blocks inserted before a paragraph's text: the paragraph stays the block it was
                // (in its list item, with the item's other blocks).
                context.reserve(startBlock)
                tailKeepsItsBlock = true
                return current
            }
            return newLeaf(context: &context)
        }

        /// The rest of the last paragraph (after the removed range) joins `block`, and its
        /// terminator becomes `block`'s own: a code block ends with code text, another leaf with a
        /// separator — whatever ended the paragraph that was merged (a code block's or HTML
        /// block's last line end is text of that block).
        mutating func joinTail(context: inout Context) {
            let tailEnd = self.tailEnd(context: context)
            if region.end < tailEnd {
                context.splicer.copy(context.document, sourceID: Context.documentID, utf8Range: region.end..<tailEnd, block: block)
                leafHasText = true
            }
            if tailEnd < region.regionEnd { context.terminate(block, leafIsEmpty: !leafHasText) }
        }

        /// Where the copied rest of the last paragraph ends: before its terminator when that
        /// becomes the terminator of a block of another kind, else at the region's end.
        private func tailEnd(context: Context) -> Int {
            let document = context.document
            let regionEnd = region.regionEnd
            guard block >= 0, !tailKeepsItsBlock, let endLeaf = region.endLeaf, endLeaf != region.startLeaf || blockIsReplacements
            else { return regionEnd }
            let lastByte = document.text.utf8[document.text.utf8.index(document.text.utf8.startIndex, offsetBy: regionEnd - 1)]
            let endsWithSeparator = document.isSeparator(atUTF8Offset: regionEnd - 1)
            let targetKind = context.splicer.kind(of: block)
            var isCodeTarget = false
            if case .codeBlock? = targetKind { isCodeTarget = true }
            var isCellTarget = false
            if case .tableCell? = targetKind { isCellTarget = true }
            if lastByte == UInt8(ascii: "\n"), isCodeTarget == endsWithSeparator { return regionEnd - 1 }
            // A cell's tab (the next cell follows) ends a cell only when the next cell is in the
            // row the text now ends in; otherwise the cell is the last of its row (a line end),
            // or no cell at all.
            if lastByte == UInt8(ascii: "\t"), endsWithSeparator {
                var nextCellInSameRow = false
                if isCellTarget, let startBlock = region.startBlock, endLeaf + 1 < region.leaves.count,
                    region.leaves[endLeaf + 1].block >= 0
                {
                    let next = document.blocks[Int(region.leaves[endLeaf + 1].block)]
                    if case .tableCell = next.kind, next.parent == document.blocks[Int(startBlock)].parent { nextCellInSameRow = true }
                }
                if !nextCellInSameRow { return regionEnd - 1 }
            }
            return regionEnd
        }
    }
}
