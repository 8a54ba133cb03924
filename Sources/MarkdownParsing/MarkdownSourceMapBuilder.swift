internal import CCmarkGFM
import IntentModel

/// Builds a document's ``IntentModel/MarkdownSourceMap`` from the libcmark-gfm tree it was
/// converted from: the source lines of each top-level node, matched one for one with the
/// document's top-level blocks (both in document order), cut into segments in source order.
enum MarkdownSourceMapBuilder {
    /// A top-level node of libcmark-gfm's tree: its source lines (1-based, as libcmark-gfm gives
    /// them), and whether it is a container whose children ``ChildBlockLines`` records.
    struct TopLevelNode {
        var startLine: Int
        var endLine: Int
        var isContainer: Bool
    }

    /// The source a map keeps, and where its lines start: the part of a map that does not depend
    /// on the document, which a parallel parse makes on a thread of its own.
    struct SourceCopy: Sendable {
        var bytes: [UInt8]
        var lineStarts: [Int]

        /// A copy of `bytes` (the bytes libcmark-gfm was given, whose lines are the source's).
        init(of bytes: UnsafeBufferPointer<UInt8>) {
            self.bytes = Array(bytes)
            lineStarts = SourceLines.starts(of: bytes)
        }
    }

    /// The top-level nodes of `tree`, whose first line is line `lineOffset + 1` of the source.
    static func topLevelNodes(of tree: CmarkTree, lineOffset: Int = 0) -> [TopLevelNode] {
        var nodes: [TopLevelNode] = []
        var child = cmark_node_first_child(tree.root)
        while let node = child {
            // Line 0 (libcmark-gfm's for a paragraph a table took the last line of) stays 0.
            let start = Int(cmark_node_get_start_line(node))
            let end = Int(cmark_node_get_end_line(node))
            nodes.append(
                TopLevelNode(
                    startLine: start > 0 ? start + lineOffset : start, endLine: end > 0 ? end + lineOffset : end,
                    isContainer: ChildBlockLines.isTopLevelContainer(node)))
            child = cmark_node_next(node)
        }
        return nodes
    }

    /// The map of `document` (`nil` when its top-level blocks are not the converter's), parsed from
    /// `source` into a tree whose top-level nodes are `nodes` (``topLevelNodes(of:lineOffset:)``).
    /// - Parameters:
    ///   - marks: Where the converter started each top-level block (identity, bytes and runs
    ///     before it), and its totals: the blocks' fingerprints, without a pass over the runs.
    ///   - frontMatter: The front matter's byte range, when the source has front matter.
    /// Time: linear in the blocks (the source's copy is made before, ``SourceCopy``).
    static func map(
        nodes: [TopLevelNode], source: SourceCopy, document: IntentDocument,
        marks: [(identity: Int, bytes: Int, runs: Int)], totals: (bytes: Int, runs: Int), frontMatter: Range<Int>?
    ) -> MarkdownSourceMap? {
        if totals.bytes == document.text.utf8.count, totals.runs == document.runCount {
            return map(nodes: nodes, source: source, blocksOf: document, marks: marks, totals: totals, frontMatter: frontMatter)
        }
        // The builder repaired invalid UTF-8 (libcmark-gfm's footnote fallback can cut a
        // scalar), so the text moved: the fingerprints are read from the document.
        let (fingerprints, identities) = MarkdownSourceMap.fingerprints(of: document)
        return map(
            nodes: nodes, source: source, blocksOf: document, fingerprints: fingerprints, identities: identities, frontMatter: frontMatter)
    }

    /// The map of a document whose block table is `blocks`' and whose text and runs are the ones
    /// `marks` and `totals` count (`blocks` may hold its block table alone: a parallel parse
    /// makes the map while the document's text is still being made).
    static func map(
        nodes: [TopLevelNode], source: SourceCopy, blocksOf blocks: IntentDocument,
        marks: [(identity: Int, bytes: Int, runs: Int)], totals: (bytes: Int, runs: Int), frontMatter: Range<Int>?
    ) -> MarkdownSourceMap? {
        var fingerprints: [Int: MarkdownSourceMap.BlockFingerprint] = [:]
        fingerprints.reserveCapacity(marks.count)
        var identities: [Int] = []
        identities.reserveCapacity(marks.count)
        for (index, mark) in marks.enumerated() {
            let end = index + 1 < marks.count ? (marks[index + 1].bytes, marks[index + 1].runs) : totals
            fingerprints[mark.identity] = .init(textBytes: end.0 - mark.bytes, runCount: end.1 - mark.runs)
            identities.append(mark.identity)
        }
        return map(
            nodes: nodes, source: source, blocksOf: blocks, fingerprints: fingerprints, identities: identities, frontMatter: frontMatter)
    }

    /// The map from the top-level blocks' fingerprints, by identity, and their identities in
    /// document order.
    private static func map(
        nodes: [TopLevelNode], source: SourceCopy, blocksOf document: IntentDocument,
        fingerprints: [Int: MarkdownSourceMap.BlockFingerprint], identities: [Int], frontMatter: Range<Int>?
    ) -> MarkdownSourceMap? {
        // The marks must name the document's top-level blocks (a node the converter makes no
        // block of would shift them): else there is no map, and the document is written anew.
        let topLevel = document.blockIDs.lazy.filter { document.parent(of: $0) == nil }.map { document.identity(of: $0) }
        guard fingerprints.count == identities.count, topLevel.count == identities.count,
            topLevel.allSatisfy({ fingerprints[$0] != nil })
        else { return nil }
        let bodyStart = frontMatter?.upperBound ?? 0
        let groups = blockGroups(nodes: nodes, source: source, identities: identities, bodyStart: bodyStart)
        var segments: [MarkdownSourceMap.Segment] = []
        var cursor = 0
        if let frontMatter {
            if frontMatter.lowerBound > 0 { segments.append(.init(content: .gap, range: 0..<frontMatter.lowerBound)) }
            segments.append(.init(content: .frontMatter, range: frontMatter))
            cursor = frontMatter.upperBound
        }
        for group in groups {
            if group.range.lowerBound > cursor { segments.append(.init(content: .gap, range: cursor..<group.range.lowerBound)) }
            segments.append(.init(content: .blocks(group.identities), range: group.range))
            cursor = group.range.upperBound
        }
        if cursor < source.bytes.count { segments.append(.init(content: .gap, range: cursor..<source.bytes.count)) }
        let inner = innerBlocks(nodes: nodes, identities: identities, document: document)
        return MarkdownSourceMap(
            source: source.bytes, segments: segments, fingerprints: fingerprints, innerIdentities: inner.identities,
            innerRanges: inner.ranges)
    }

    /// The top-level blocks grouped by source range, in source order: one group per block, merged
    /// where ranges overlap; one group of every block when the tree's top-level nodes and the
    /// document's top-level blocks do not pair up.
    private static func blockGroups(
        nodes: [TopLevelNode], source: SourceCopy, identities: [Int], bodyStart: Int
    ) -> [(identities: [Int], range: Range<Int>)] {
        let nodeLines = nodes.map { (start: $0.startLine, end: $0.endLine) }
        let byteCount = source.bytes.count
        let whole = [(identities: identities, range: bodyStart..<byteCount)]
        guard !identities.isEmpty else { return [] }
        guard nodeLines.count == identities.count else { return whole }
        let lineStarts = source.lineStarts
        var ranges: [(identity: Int, range: Range<Int>)] = []
        for (lines, identity) in zip(nodeLines, identities) {
            // libcmark-gfm may end a block on the line before it starts (a setext heading whose
            // underline ends the input): it ends on its first line then.
            guard lines.start >= 1, lines.start <= lineStarts.count else { return whole }
            let lastLine = max(lines.start, lines.end)
            let start = lineStarts[lines.start - 1]
            let end = lastLine < lineStarts.count ? lineStarts[lastLine] : byteCount
            guard start >= bodyStart, start < end else { return whole }
            ranges.append((identity, start..<end))
        }
        ranges.sort { $0.range.lowerBound < $1.range.lowerBound }
        var groups: [(identities: [Int], range: Range<Int>)] = []
        for (identity, range) in ranges {
            if let last = groups.last, range.lowerBound < last.range.upperBound {
                groups[groups.count - 1] = (
                    last.identities + [identity], last.range.lowerBound..<max(last.range.upperBound, range.upperBound)
                )
            } else {
                groups.append(([identity], range))
            }
        }
        return groups
    }

    /// The identities of the blocks inside every top-level list and block quote (not an alert)
    /// that ``ChildBlockLines`` records, and where each top-level block's are. Time: one pass over
    /// the document's table when a container is at the top level.
    private static func innerBlocks(
        nodes: [TopLevelNode], identities: [Int], document: IntentDocument
    ) -> (identities: [Int], ranges: [Int: Range<Int>]) {
        // The pairing holds only when the tree's top-level nodes are the document's blocks.
        guard nodes.count == identities.count else { return ([], [:]) }
        let containers = Set(zip(nodes, identities).filter { $0.0.isContainer }.map(\.1))
        guard !containers.isEmpty else { return ([], [:]) }
        return innerIdentities(in: document, of: containers)
    }

    /// The identities of the blocks inside the top-level blocks `containers` that
    /// ``ChildBlockLines`` records — the children of the top-level block and of lists, items and
    /// block quotes, down to ``ChildBlockLines/maximumDepth`` — in table order, and where each
    /// top-level block's are. Alerts are left out. Parents come before children in the table, and
    /// a top-level block's blocks together, as the converter stores them.
    private static func innerIdentities(
        in document: IntentDocument, of containers: Set<Int>
    ) -> (identities: [Int], ranges: [Int: Range<Int>]) {
        var identities: [Int] = []
        var ranges: [Int: Range<Int>] = [:]
        // Per block: its depth below a container at the top level (0 for that block; -1 outside),
        // and whether its children are recorded.
        var depth = [Int16](repeating: -1, count: document.blockCount)
        var recordsChildren = [Bool](repeating: false, count: document.blockCount)
        var current: (identity: Int, start: Int)? = nil
        for block in document.blockIDs {
            guard let parent = document.parent(of: block) else {
                if let current { ranges[current.identity] = current.start..<identities.count }
                current = nil
                let identity = document.identity(of: block)
                if containers.contains(identity), document.markup(of: block)?.alert == nil {
                    current = (identity, identities.count)
                    depth[block.index] = 0
                    recordsChildren[block.index] = true
                }
                continue
            }
            guard current != nil, parent.index < block.index, depth[parent.index] >= 0, recordsChildren[parent.index] else { continue }
            let level = depth[parent.index] + 1
            depth[block.index] = level
            switch document.kind(of: block) {
            case .orderedList, .unorderedList, .listItem, .blockQuote:
                recordsChildren[block.index] = Int(level) < ChildBlockLines.maximumDepth
            default: break
            }
            identities.append(document.identity(of: block))
        }
        if let current { ranges[current.identity] = current.start..<identities.count }
        return (identities, ranges)
    }
}
