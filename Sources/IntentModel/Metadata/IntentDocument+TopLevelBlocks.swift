extension IntentDocument {
    /// One top-level unit of the document, in document order: a top-level block (its runs are
    /// contiguous in a parsed document) or a stretch of runs without a block intent.
    package struct TopLevelUnit: Sendable, Hashable {
        /// The identity of the top-level block; `nil` for runs without a block intent.
        package var identity: Int?
        /// The unit's UTF-8 range in ``IntentDocument/text``.
        package var utf8Range: Range<Int>
        /// Its number of runs.
        package var runCount: Int
    }

    /// The document's top-level units, in document order: one per maximal stretch of runs that
    /// share a top-level block (or have none). A top-level block whose runs are not contiguous
    /// (documents built by hand) appears once per stretch. One pass over the runs.
    package func topLevelUnits() -> [TopLevelUnit] {
        // The top-level ancestor of every block, parents before children.
        var top = [Int32](repeating: -1, count: blocks.count)
        for index in blocks.indices {
            let parent = blocks[index].parent
            top[index] = parent < 0 ? Int32(index) : top[Int(parent)]
            if parent >= 0, top[Int(parent)] < 0 { top[index] = topLevelAncestor(of: Int32(index)) }
        }
        var units: [TopLevelUnit] = []
        var current: Int32 = -2
        var start = 0
        for record in runRecords {
            let unitTop = record.block >= 0 ? top[Int(record.block)] : -1
            if unitTop != current || units.isEmpty {
                units.append(
                    TopLevelUnit(
                        identity: unitTop >= 0 ? blocks[Int(unitTop)].identity : nil, utf8Range: start..<record.end, runCount: 1))
                current = unitTop
            } else {
                units[units.count - 1].utf8Range = units[units.count - 1].utf8Range.lowerBound..<record.end
                units[units.count - 1].runCount += 1
            }
            start = record.end
        }
        return units
    }

    /// Where the document may be cut into pieces that writers and lowerings handle apart, on
    /// several threads: the first run of a top-level block (the run before it in another
    /// top-level block or in none), the first at or after every `1 / pieces` of the text, looking
    /// at most 4 096 runs on; in order, none 0, empty when there is none.
    package func topLevelRunStarts(pieces: Int) -> [Int] {
        let count = runRecords.count
        guard pieces > 1, count > 1 else { return [] }
        let bytes = text.utf8.count
        /// The top-level block of run `index`'s leaf, or -1 for a run outside blocks.
        func topLevelBlock(ofRun index: Int) -> Int32 {
            let leaf = runRecords[index].block
            return leaf >= 0 ? topLevelAncestor(of: leaf) : -1
        }
        var starts: [Int] = []
        var lowest = 1
        for piece in 1..<pieces {
            var run = max(runPosition(containingUTF8Offset: bytes / pieces * piece), lowest)
            let limit = min(count, run + 4_096)
            while run < limit {
                let block = topLevelBlock(ofRun: run)
                if block >= 0, topLevelBlock(ofRun: run - 1) != block {
                    starts.append(run)
                    lowest = run + 1
                    break
                }
                run += 1
            }
        }
        return starts
    }

    /// The identities of the top-level blocks of the runs that meet `utf8Range` (and of the run
    /// at its start when it is empty). Time: the runs in the range and their depth.
    package func topLevelIdentities(inUTF8Range utf8Range: Range<Int>) -> Set<Int> {
        touchedIdentities(inUTF8Range: utf8Range).topLevel
    }

    /// The identities of the top-level blocks of the runs that meet `utf8Range` (and of the run
    /// at its start when it is empty), and of every block below the top level the runs are in
    /// (their leaves and the leaves' ancestors). Time: the runs in the range and their depth.
    package func touchedIdentities(inUTF8Range utf8Range: Range<Int>) -> (topLevel: Set<Int>, inner: Set<Int>) {
        var topLevel = Set<Int>()
        var inner = Set<Int>()
        guard !runRecords.isEmpty else { return (topLevel, inner) }
        var index = runPosition(containingUTF8Offset: min(utf8Range.lowerBound, max(0, text.utf8.count - 1)))
        var seenLeaves = Set<Int32>()
        while index < runRecords.count {
            let record = runRecords[index]
            if record.block >= 0, seenLeaves.insert(record.block).inserted {
                // Up from the leaf, bounded as topLevelAncestor(of:) is (a cycle stops).
                var block = record.block
                var steps = 0
                while blocks[Int(block)].parent >= 0, steps <= blocks.count {
                    inner.insert(blocks[Int(block)].identity)
                    block = blocks[Int(block)].parent
                    steps += 1
                }
                topLevel.insert(blocks[Int(block)].identity)
            }
            if record.end >= utf8Range.upperBound { break }
            index += 1
        }
        return (topLevel, inner)
    }

    /// The top-level ancestor of a block (itself at the top), by walking its parents — also where
    /// a parent comes later in the table (documents built by hand or read from JSON may order
    /// them so); a cycle stops after as many steps as there are blocks.
    func topLevelAncestor(of block: Int32) -> Int32 {
        var index = block
        var steps = 0
        while blocks[Int(index)].parent >= 0, steps <= blocks.count {
            index = blocks[Int(index)].parent
            steps += 1
        }
        return index
    }

    /// For every block (by index), the index of the innermost block around it, itself included,
    /// that `matches`; -1 where none does. Parents come before children in the table, as every
    /// producer of the library stores them. One pass over the blocks.
    func enclosingBlockIndices(where matches: (Block) -> Bool) -> [Int32] {
        var result = [Int32](repeating: -1, count: blocks.count)
        for index in blocks.indices {
            let block = blocks[index]
            if matches(block) {
                result[index] = Int32(index)
            } else if block.parent >= 0, Int(block.parent) < index {
                result[index] = result[Int(block.parent)]
            }
        }
        return result
    }
}
