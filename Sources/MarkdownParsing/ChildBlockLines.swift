internal import CCmarkGFM
import IntentModel

/// The source lines of the blocks inside top-level lists and block quotes, as libcmark-gfm
/// numbers them, down through lists, list items and block quotes: what lets the Markdown writer
/// keep the lines of a list's untouched items when it writes the list's edited items anew.
package enum ChildBlockLines {
    /// How deep below the top-level block lines are recorded: containers deeper than this keep no
    /// children (an edit in them writes the container at this depth anew). Bounds the recursion
    /// here and in the writer, whatever the nesting limit.
    package static let maximumDepth = 64

    /// The lines of the blocks inside the one top-level block of `markdown` (Markdown the writer
    /// wrote for one block), as a tree (identities -1); `nil` when it does not parse to exactly
    /// one top-level list or block quote.
    /// - Parameters:
    ///   - markdown: UTF-8 Markdown.
    ///   - options: The options it is read with (its extensions).
    package static func childLines(inMarkdown markdown: [UInt8], options: MarkdownParsingOptions) -> [MarkdownSourceMap.ChildBlock]? {
        childBlocks(of: markdown[...], identities: nil, options: options)
    }

    /// The blocks inside top-level block `identity` of a map, from its source lines (`segment`,
    /// read alone as libcmark-gfm read them in the document) paired with the identities the
    /// parse recorded (``IntentModel/MarkdownSourceMap/innerIdentities``); ranges are offsets in
    /// the map's source. `nil` when the map has none for it or the two do not pair up.
    package static func childBlocks(
        of identity: Int, in map: MarkdownSourceMap, segment: Range<Int>, options: MarkdownParsingOptions
    ) -> [MarkdownSourceMap.ChildBlock]? {
        guard let range = map.innerRanges[identity], !range.isEmpty, segment.upperBound <= map.source.count else { return nil }
        return childBlocks(of: map.source[segment], identities: map.innerIdentities[range], options: options)
    }

    /// The tree of the blocks inside the one top-level list or block quote of `markdown`
    /// (offsets as in `markdown`'s base), with `identities` when as many are given.
    private static func childBlocks(
        of markdown: ArraySlice<UInt8>, identities: ArraySlice<Int>?, options: MarkdownParsingOptions
    ) -> [MarkdownSourceMap.ChildBlock]? {
        var lines: [MarkdownSourceMap.InnerBlockLines] = []
        let parsed: Bool = markdown.withUnsafeBufferPointer { bytes in
            guard let tree = try? CmarkTree(parsing: bytes, options: options), let node = cmark_node_first_child(tree.root),
                cmark_node_next(node) == nil, isTopLevelContainer(node)
            else { return false }
            return append(childrenOf: node, depth: 1, lineStarts: SourceLines.starts(of: bytes), bytes: bytes, to: &lines)
        }
        guard parsed, identities.map({ $0.count == lines.count }) ?? true else { return nil }
        let base = markdown.startIndex
        if base != 0 {
            for index in lines.indices {
                lines[index].start += Int32(base)
                lines[index].end += Int32(base)
                if lines[index].markerNumber >= 0 { lines[index].markerDigitsStart += Int32(base) }
            }
        }
        return MarkdownSourceMap.childBlocks(lines[...], identities: identities ?? [])
    }

    /// Whether a top-level `node` is a list or a block quote, whose children's lines are recorded.
    static func isTopLevelContainer(_ node: UnsafeMutablePointer<cmark_node>) -> Bool {
        let type = cmark_node_get_type(node)
        return type == CMARK_NODE_LIST || type == CMARK_NODE_BLOCK_QUOTE
    }

    /// Appends the lines of the children of `node` (at `depth`), each followed by theirs when it
    /// is a list, an item or a block quote, down to ``maximumDepth``: document order. `false`
    /// when a line number falls outside the source or two children share a line.
    static func append(
        childrenOf node: UnsafeMutablePointer<cmark_node>, depth: Int, lineStarts: [Int], bytes: UnsafeBufferPointer<UInt8>,
        to lines: inout [MarkdownSourceMap.InnerBlockLines]
    ) -> Bool {
        let isOrderedList = cmark_node_get_type(node) == CMARK_NODE_LIST && cmark_node_get_list_type(node) == CMARK_ORDERED_LIST
        var previousEnd = 0
        var child = cmark_node_first_child(node)
        while let current = child {
            let start = Int(cmark_node_get_start_line(current))
            // libcmark-gfm may end a block on the line before it starts (a setext heading whose
            // underline ends the input): it ends on its first line then.
            let end = max(start, Int(cmark_node_get_end_line(current)))
            guard start >= 1, start <= lineStarts.count else { return false }
            let range = lineStarts[start - 1]..<(end < lineStarts.count ? lineStarts[end] : bytes.count)
            guard range.lowerBound >= previousEnd, !range.isEmpty else { return false }
            previousEnd = range.upperBound
            let marker = isOrderedList ? self.marker(in: bytes, at: range.lowerBound + Int(cmark_node_get_start_column(current)) - 1) : nil
            lines.append(MarkdownSourceMap.InnerBlockLines(depth: depth, range: range, marker: marker))
            let type = cmark_node_get_type(current)
            if depth < maximumDepth, type == CMARK_NODE_LIST || type == CMARK_NODE_ITEM || type == CMARK_NODE_BLOCK_QUOTE {
                guard append(childrenOf: current, depth: depth + 1, lineStarts: lineStarts, bytes: bytes, to: &lines) else { return false }
            }
            child = cmark_node_next(current)
        }
        return true
    }

    /// The number written at `offset` (an ordered list item's marker: at most 9 digits) and
    /// where its digits are.
    static func marker(in bytes: UnsafeBufferPointer<UInt8>, at offset: Int) -> (number: Int, digits: Range<Int>)? {
        guard offset >= 0 else { return nil }
        var index = offset
        var value = 0
        while index < bytes.count, index - offset < 9, bytes[index] >= 0x30, bytes[index] <= 0x39 {
            value = value * 10 + Int(bytes[index] - 0x30)
            index += 1
        }
        return index > offset ? (value, offset..<index) : nil
    }
}
