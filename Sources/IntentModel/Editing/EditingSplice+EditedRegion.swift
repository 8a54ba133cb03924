extension EditingSplice {
    /// Where a replacement falls: the removed UTF-8 range, the leaves (paragraphs) at either end
    /// of it, and the region they span — the text the splice rebuilds.
    struct EditedRegion {
        /// The document's leaves in order: block index (-1 for text outside any block) and UTF-8 range.
        let leaves: [(block: Int32, utf8Range: Range<Int>)]
        /// The document's length in UTF-8 bytes.
        let total: Int
        /// The removed range's bounds.
        let start: Int
        let end: Int
        /// The leaves holding `start` and `end` (`nil`: the end of the text).
        let startLeaf: Int?
        let endLeaf: Int?
        /// The start of `startLeaf` and the end of `endLeaf` (or the end of the text).
        let regionStart: Int
        let regionEnd: Int
        /// The block of `startLeaf` (`nil` at the end of the text; -1 for text outside blocks).
        let startBlock: Int32?
        /// What kind of leaf `startBlock` is, where that changes how text goes into it.
        let startsInCodeBlock: Bool
        let startsInTableCell: Bool
        let startsInThematicBreak: Bool

        /// The region of `document` that replacing `utf8Range` rebuilds.
        init(document: IntentDocument, utf8Range: Range<Int>) {
            let total = document.text.utf8.count
            let leaves = document.leaves()
            let startLeaf = Self.leafIndex(containing: utf8Range.lowerBound, leaves: leaves, total: total)
            let endLeaf = Self.leafIndex(containing: utf8Range.upperBound, leaves: leaves, total: total)
            self.total = total
            self.leaves = leaves
            start = utf8Range.lowerBound
            end = utf8Range.upperBound
            self.startLeaf = startLeaf
            self.endLeaf = endLeaf
            regionStart = startLeaf.map { leaves[$0].utf8Range.lowerBound } ?? total
            regionEnd = endLeaf.map { leaves[$0].utf8Range.upperBound } ?? total
            let startBlock = startLeaf.map { leaves[$0].block }
            self.startBlock = startBlock
            var isCode = false
            var isCell = false
            var isBreak = false
            if let startBlock, startBlock >= 0 {
                switch document.blocks[Int(startBlock)].kind {
                case .codeBlock: isCode = true
                case .tableCell: isCell = true
                case .thematicBreak: isBreak = true
                case .paragraph, .header, .orderedList, .unorderedList, .listItem, .blockQuote, .table, .tableHeaderRow,
                    .tableRow:
                    break
                @unknown default:
                    break
                }
            }
            startsInCodeBlock = isCode
            startsInTableCell = isCell
            startsInThematicBreak = isBreak
        }

        /// Whether nothing of the first leaf precedes the removed range.
        var prefixIsEmpty: Bool { start == regionStart }

        /// The block of the document's last leaf, when it is in one.
        var lastLeafBlock: Int32? { leaves.last.map(\.block).flatMap { $0 >= 0 ? $0 : nil } }

        /// The leaves whose blocks (and ancestors) a replacement block of the same identity joins:
        /// the edited paragraphs at either end and their neighbours just outside (so an undo puts
        /// an item back into the list it came from, wherever the edit left the list's other items).
        var anchorLeaves: [Int32] {
            var indices: [Int] = []
            if let startLeaf {
                indices.append(startLeaf)
                if startLeaf > 0 { indices.append(startLeaf - 1) }
            } else if !leaves.isEmpty {
                indices.append(leaves.count - 1)
            }
            if let endLeaf {
                indices.append(endLeaf)
                if endLeaf + 1 < leaves.count { indices.append(endLeaf + 1) }
            }
            return indices.map { leaves[$0].block }.filter { $0 >= 0 }
        }

        /// The leaf holding offset `offset`, or `nil` at the end of the text.
        private static func leafIndex(containing offset: Int, leaves: [(block: Int32, utf8Range: Range<Int>)], total: Int) -> Int? {
            guard offset < total, !leaves.isEmpty else { return nil }
            var low = 0
            var high = leaves.count - 1
            while low < high {
                let middle = (low + high + 1) / 2
                if leaves[middle].utf8Range.lowerBound <= offset { low = middle } else { high = middle - 1 }
            }
            return low
        }
    }
}
