internal import CCmarkGFM
import IntentModel

/// The source lines of the blocks inside top-level lists and block quotes, as libcmark-gfm
/// numbers them, down through lists, list items and block quotes: what lets the Markdown writer
/// keep the lines of a list's untouched items when it writes the list's edited items anew.
package enum ChildBlockLines {
    /// The lines of one block inside a container, and of its own children.
    package struct Node: Sendable, Hashable {
        /// From the block's first line's start to the end of its last line, line ending included
        /// (UTF-8 offsets).
        package var range: Range<Int>
        /// Its children when it is a list, a list item or a block quote whose children's lines do
        /// not overlap; empty otherwise.
        package var children: [Node]
        /// The number its marker is written with, when it is an item of an ordered list (only the
        /// first item's number counts in Markdown: it is the list's start), and where its digits are.
        package var marker: (number: Int, digits: Range<Int>)?

        package static func == (left: Node, right: Node) -> Bool {
            left.range == right.range && left.children == right.children && left.marker?.number == right.marker?.number
                && left.marker?.digits == right.marker?.digits
        }

        package func hash(into hasher: inout Hasher) {
            hasher.combine(range)
            hasher.combine(children)
            hasher.combine(marker?.number)
            hasher.combine(marker?.digits)
        }
    }

    /// The lines of the children of the one top-level block of `markdown` (Markdown the writer
    /// wrote for one block), in order; `nil` when it does not parse to exactly one top-level list
    /// or block quote.
    /// - Parameters:
    ///   - markdown: UTF-8 Markdown.
    ///   - options: The options it is read with (its extensions).
    package static func childLines(inMarkdown markdown: [UInt8], options: MarkdownParsingOptions) -> [Node]? {
        markdown.withUnsafeBufferPointer { bytes in
            guard let tree = try? CmarkTree(parsing: bytes, options: options), let node = cmark_node_first_child(tree.root),
                cmark_node_next(node) == nil, isTopLevelContainer(node)
            else { return nil }
            return lines(ofChildrenOf: node, lineStarts: SourceLines.starts(of: bytes), bytes: bytes)
        }
    }

    /// How deep below the top-level block lines are recorded: containers deeper than this keep no
    /// children (an edit in them writes the container at this depth anew). Bounds the recursion
    /// here and in the writer, whatever the nesting limit.
    static let maximumDepth = 64

    /// Whether a top-level `node` is a list or a block quote, whose children's lines are recorded.
    static func isTopLevelContainer(_ node: UnsafeMutablePointer<cmark_node>) -> Bool {
        let type = cmark_node_get_type(node)
        return type == CMARK_NODE_LIST || type == CMARK_NODE_BLOCK_QUOTE
    }

    /// The lines of the children of `node`, in order, with theirs below lists, items and block
    /// quotes down to ``maximumDepth``; `nil` when a line number falls outside the source or two
    /// children share a line.
    static func lines(
        ofChildrenOf node: UnsafeMutablePointer<cmark_node>, lineStarts: [Int], bytes: UnsafeBufferPointer<UInt8>, depth: Int = 1
    ) -> [Node]? {
        let byteCount = bytes.count
        let isOrderedList = cmark_node_get_type(node) == CMARK_NODE_LIST && cmark_node_get_list_type(node) == CMARK_ORDERED_LIST
        var nodes: [Node] = []
        var child = cmark_node_first_child(node)
        while let current = child {
            let start = Int(cmark_node_get_start_line(current))
            // libcmark-gfm may end a block on the line before it starts (a setext heading whose
            // underline ends the input): it ends on its first line then.
            let end = max(start, Int(cmark_node_get_end_line(current)))
            guard start >= 1, start <= lineStarts.count else { return nil }
            let range = lineStarts[start - 1]..<(end < lineStarts.count ? lineStarts[end] : byteCount)
            guard range.lowerBound >= (nodes.last?.range.upperBound ?? 0), !range.isEmpty else { return nil }
            let type = cmark_node_get_type(current)
            let isContainer = type == CMARK_NODE_LIST || type == CMARK_NODE_ITEM || type == CMARK_NODE_BLOCK_QUOTE
            let children =
                isContainer && depth < maximumDepth
                ? lines(ofChildrenOf: current, lineStarts: lineStarts, bytes: bytes, depth: depth + 1) ?? [] : []
            let marker =
                isOrderedList ? self.marker(in: bytes, at: range.lowerBound + Int(cmark_node_get_start_column(current)) - 1) : nil
            nodes.append(Node(range: range, children: children, marker: marker))
            child = cmark_node_next(current)
        }
        return nodes
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
