internal import CCmarkGFM
import IntentModel

/// Builds a document's ``IntentModel/MarkdownSourceMap`` from the libcmark-gfm tree it was
/// converted from: the source lines of each top-level node, matched one for one with the
/// document's top-level blocks (both in document order), cut into segments in source order.
enum MarkdownSourceMapBuilder {
    /// The map of `document`, parsed from `bytes` (the bytes libcmark-gfm was given, whose lines
    /// are the source's) through `tree`.
    /// - Parameters:
    ///   - frontMatter: The front matter's byte range, when the source has front matter.
    ///   - source: The source as a string (made from `bytes` when `nil`).
    /// Time: linear in the bytes, the runs and the top-level blocks.
    static func map(
        tree: CmarkTree, bytes: UnsafeBufferPointer<UInt8>, document: IntentDocument, frontMatter: Range<Int>?,
        source: String?
    ) -> MarkdownSourceMap {
        let units = document.topLevelUnits()
        var fingerprints: [Int: MarkdownSourceMap.BlockFingerprint] = [:]
        var identities: [Int] = []
        for unit in units {
            guard let identity = unit.identity else { continue }
            if let existing = fingerprints[identity] {
                fingerprints[identity] = .init(
                    textBytes: existing.textBytes + unit.utf8Range.count, runCount: existing.runCount + unit.runCount)
            } else {
                fingerprints[identity] = .init(textBytes: unit.utf8Range.count, runCount: unit.runCount)
                identities.append(identity)
            }
        }
        let bodyStart = frontMatter?.upperBound ?? 0
        let groups = blockGroups(tree: tree, bytes: bytes, identities: identities, bodyStart: bodyStart)
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
        if cursor < bytes.count { segments.append(.init(content: .gap, range: cursor..<bytes.count)) }
        return MarkdownSourceMap(
            source: source ?? String(decoding: bytes, as: UTF8.self), segments: segments, fingerprints: fingerprints)
    }

    /// The top-level blocks grouped by source range, in source order: one group per block, merged
    /// where ranges overlap; one group of every block when the tree's top-level nodes and the
    /// document's top-level blocks do not pair up.
    private static func blockGroups(
        tree: CmarkTree, bytes: UnsafeBufferPointer<UInt8>, identities: [Int], bodyStart: Int
    ) -> [(identities: [Int], range: Range<Int>)] {
        var nodeLines: [(start: Int, end: Int)] = []
        var child = cmark_node_first_child(tree.root)
        while let node = child {
            nodeLines.append((Int(cmark_node_get_start_line(node)), Int(cmark_node_get_end_line(node))))
            child = cmark_node_next(node)
        }
        let whole = [(identities: identities, range: bodyStart..<bytes.count)]
        guard !identities.isEmpty else { return [] }
        guard nodeLines.count == identities.count else { return whole }
        let lineStarts = PreparedSource.lineStarts(of: bytes)
        var ranges: [(identity: Int, range: Range<Int>)] = []
        for (lines, identity) in zip(nodeLines, identities) {
            // libcmark-gfm may end a block on the line before it starts (a setext heading whose
            // underline ends the input): it ends on its first line then.
            guard lines.start >= 1, lines.start <= lineStarts.count else { return whole }
            let lastLine = max(lines.start, lines.end)
            let start = lineStarts[lines.start - 1]
            let end = lastLine < lineStarts.count ? lineStarts[lastLine] : bytes.count
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
}
