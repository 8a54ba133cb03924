/// A persistent B-tree of elements that keeps, in every node, the summary of each child: the
/// storage of the editing layer, after the design of Zed's `SumTree` and swift-collections'
/// `BigString` (a rope whose nodes carry counts).
///
/// - Shape: every leaf holds up to ``maximumFill`` elements and every inner node up to
///   ``maximumFill`` children, each with its element count and summary beside it; every leaf is
///   at the same depth, and every node but the root holds at least ``minimumFill``. The
///   10 MB benchmark document's 40 000 elements are five levels deep.
/// - Cost: `element(at:)`, `locate(_:in:)`, `summary(before:)` read one node per level, scanning
///   the counts or summaries it keeps beside its children (no child is visited to read its
///   count); `replaceSubrange(_:with:)` copies the nodes on the paths to the range, O(log n) plus
///   the number of elements inserted; building from an array is O(n).
/// - Value semantics: nodes are immutable and shared between copies; an update copies only the
///   nodes on the paths it changes, so a copy of the tree (an undo state, a snapshot handed to
///   another thread) costs nothing.
///
/// Why a B-tree and not a binary tree: a walk down the tree reads one node per level, and each
/// read of a node costs a reference count increment and decrement and, in a large document,
/// cache misses. A binary tree of 40 000 elements is 16–22 levels deep; this one is five, so
/// an edit's dozen walks cost about the same at 10 KB and at 10 MB.
struct SummarizedTree<Element: SummarizedTreeElement>: Sendable {
    typealias Summary = Element.Summary

    /// The most elements a leaf holds, and the most children an inner node holds: 12 keeps a
    /// node's summaries of the incremental document (64 bytes each) under 1 KB, the largest
    /// block glibc's malloc serves from its per-thread cache — above it, an allocation searches
    /// the heap, which in a process holding a large document costs more than the levels saved
    /// (measured: a keystroke at the end of the 10 MB document took 23.0 µs with 16, 21.5 µs
    /// with 12 and 21.6 µs with 8; release, medians of 20 000).
    static var maximumFill: Int { 12 }
    /// The fewest elements or children of a node other than the root.
    static var minimumFill: Int { maximumFill / 2 }

    /// One node: a leaf's elements or an inner node's children, with the element count and
    /// summary of each beside it.
    final class Node: Sendable {
        /// 0 for a leaf; one more than its children's for an inner node.
        let height: Int
        /// A leaf's elements, in order (empty in an inner node).
        let elements: [Element]
        /// An inner node's children, in order (empty in a leaf).
        let children: [Node]
        /// The element count of each child (empty in a leaf: each element counts one).
        let counts: [Int]
        /// The summary of each element or child.
        let summaries: [Summary]
        /// The elements under this node.
        let count: Int
        /// The summary of the elements under this node.
        let summary: Summary

        /// A leaf of `elements`, whose summaries are `summaries`.
        init(elements: [Element], summaries: [Summary]) {
            height = 0
            self.elements = elements
            children = []
            counts = []
            self.summaries = summaries
            count = elements.count
            summary = summaries.reduce(Summary.zero, +)
        }

        /// An inner node over `children` (of one height), whose counts and summaries are
        /// `counts` and `summaries`.
        init(children: [Node], counts: [Int], summaries: [Summary]) {
            height = (children.first?.height ?? 0) + 1
            elements = []
            self.children = children
            self.counts = counts
            self.summaries = summaries
            count = counts.reduce(0, +)
            summary = summaries.reduce(Summary.zero, +)
        }

        /// Elements of a leaf or children of an inner node.
        var fill: Int { height == 0 ? elements.count : children.count }

        /// The child holding element `index` (`0...count`; an index at a child's end is the
        /// child's, so an insertion at a boundary goes to the earlier child) and the index there.
        func child(holding index: Int) -> (child: Int, index: Int) {
            var remaining = index
            for (position, count) in counts.enumerated() {
                if remaining <= count { return (position, remaining) }
                remaining -= count
            }
            return (counts.count - 1, remaining + (counts.last ?? 0))
        }
    }

    private var root: Node?

    /// An empty tree.
    init() { root = nil }

    /// A tree of `elements`, in order (O(n); its nodes about three quarters full).
    init(_ elements: some Collection<Element>) {
        let elements = Array(elements)
        root = Self.rooted(Self.leaves(elements, elements.map(\.summary)))
    }

    /// The number of elements.
    var count: Int { root?.count ?? 0 }

    /// The summary of every element.
    var summary: Summary { root?.summary ?? .zero }

    /// The element at `index` (0-based, in order); `index` must be in `0..<count`.
    func element(at index: Int) -> Element {
        guard var node = root, index >= 0, index < node.count else { preconditionFailure("tree index out of range") }
        var remaining = index
        while node.height > 0 {
            var position = 0
            while position < node.counts.count - 1, remaining >= node.counts[position] {
                remaining -= node.counts[position]
                position += 1
            }
            node = node.children[position]
        }
        return node.elements[min(remaining, node.elements.count - 1)]
    }

    /// The summary of the elements before `index` (`0...count`).
    func summary(before index: Int) -> Summary {
        guard var node = root else { return .zero }
        var remaining = index
        var total = Summary.zero
        while node.height > 0 {
            var position = 0
            while position < node.counts.count - 1, remaining >= node.counts[position] {
                remaining -= node.counts[position]
                total = total + node.summaries[position]
                position += 1
            }
            node = node.children[position]
        }
        for position in 0..<min(max(0, remaining), node.summaries.count) { total = total + node.summaries[position] }
        return total
    }

    /// The element holding `offset` of the measure `measure` (for example a UTF-8 offset): the
    /// index of the first element whose stretch `start..<start + measure` contains it, and the
    /// summary of the elements before it. An offset at or past the end gives the last element; an
    /// empty tree gives `nil`. Elements whose measure is 0 are never chosen, except as the last.
    func locate(_ offset: Int, in measure: (Summary) -> Int) -> (index: Int, before: Summary)? {
        guard var node = root else { return nil }
        if offset >= measure(node.summary) { return (count - 1, summary(before: count - 1)) }
        var remaining = offset
        var index = 0
        var before = Summary.zero
        while node.height > 0 {
            var position = 0
            while position < node.counts.count - 1 {
                let length = measure(node.summaries[position])
                if remaining < length { break }
                remaining -= length
                index += node.counts[position]
                before = before + node.summaries[position]
                position += 1
            }
            node = node.children[position]
        }
        for (position, summary) in node.summaries.enumerated() {
            let length = measure(summary)
            if remaining < length { return (index + position, before) }
            remaining -= length
            before = before + summary
        }
        // Unreachable while the summaries add up (the offset is under the root's measure).
        return (count - 1, summary(before: count - 1))
    }

    /// Replaces the elements at `range` with `elements` (O(log n + elements.count)): the nodes
    /// on the paths to the range's ends are copied, a leaf or node that fills up is split and
    /// one left under ``minimumFill`` is merged with a neighbour.
    mutating func replaceSubrange(_ range: Range<Int>, with elements: some Collection<Element>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "tree range out of bounds")
        let elements = Array(elements)
        guard let root else {
            self.root = Self.rooted(Self.leaves(elements, elements.map(\.summary)))
            return
        }
        if let (patched, split) = Self.patched(range, with: elements, in: root, isRoot: true) {
            self.root =
                split.map { Node(children: [patched, $0], counts: [patched.count, $0.count], summaries: [patched.summary, $0.summary]) }
                ?? patched
            return
        }
        self.root = Self.rooted(Self.replacing(range, with: elements, in: root))
    }

    /// Calls `body` with every element in order (O(n)).
    func forEachElement(_ body: (Element) throws -> Void) rethrows {
        guard let root else { return }
        try Self.visit(root, body)
    }

    /// Calls `body` with the elements at `range`, in order (O(log n + range.count)).
    func forEachElement(in range: Range<Int>, _ body: (Element) throws -> Void) rethrows {
        guard let root, !range.isEmpty else { return }
        try Self.visit(root, offset: 0, range: range, body)
    }

    /// Calls `body` with the index and element of every element whose own summary `accepts`, in
    /// order, visiting only subtrees whose summary `accepts`: O(log n) per element found when the
    /// summaries tell subtrees apart (a range of keys per subtree, say), O(n) at worst.
    func forEachElement(whereSummary accepts: (Summary) -> Bool, _ body: (Int, Element) throws -> Void) rethrows {
        guard let root, accepts(root.summary) else { return }
        try Self.visitAccepted(root, offset: 0, accepts, body)
    }

    /// The elements in order.
    var elements: [Element] {
        var result: [Element] = []
        result.reserveCapacity(count)
        forEachElement { result.append($0) }
        return result
    }

    /// The number of levels (0 for an empty tree, 1 for a single leaf; for tests of its shape).
    var height: Int { root.map { $0.height + 1 } ?? 0 }

    /// Whether every leaf is at the same depth, every node but the root holds from
    /// ``minimumFill`` to ``maximumFill`` elements or children (the root at least one, or two
    /// when it is an inner node), and every count and summary kept beside a child is the child's
    /// (for tests: O(n)).
    var isBalanced: Bool {
        guard let root else { return true }
        return (root.height == 0 || root.children.count >= 2) && Self.isValid(root, isRoot: true)
    }

    private static func isValid(_ node: Node, isRoot: Bool) -> Bool {
        let fill = node.fill
        guard fill <= maximumFill, isRoot ? fill >= 1 : fill >= minimumFill else { return false }
        if node.height == 0 {
            return node.summaries == node.elements.map(\.summary) && node.count == fill
                && node.summary == node.summaries.reduce(Summary.zero, +)
        }
        return node.children.allSatisfy { $0.height == node.height - 1 && isValid($0, isRoot: false) }
            && node.counts == node.children.map(\.count) && node.summaries == node.children.map(\.summary)
            && node.count == node.counts.reduce(0, +) && node.summary == node.summaries.reduce(Summary.zero, +)
    }

    // MARK: Walks

    private static func visit(_ node: Node, _ body: (Element) throws -> Void) rethrows {
        if node.height == 0 {
            for element in node.elements { try body(element) }
            return
        }
        for child in node.children { try visit(child, body) }
    }

    private static func visit(_ node: Node, offset: Int, range: Range<Int>, _ body: (Element) throws -> Void) rethrows {
        if node.height == 0 {
            let lower = max(0, range.lowerBound - offset)
            let upper = min(node.elements.count, range.upperBound - offset)
            if lower < upper { for element in node.elements[lower..<upper] { try body(element) } }
            return
        }
        var start = offset
        for (child, count) in zip(node.children, node.counts) {
            if start >= range.upperBound { return }
            if start + count > range.lowerBound { try visit(child, offset: start, range: range, body) }
            start += count
        }
    }

    private static func visitAccepted(
        _ node: Node, offset: Int, _ accepts: (Summary) -> Bool, _ body: (Int, Element) throws -> Void
    ) rethrows {
        if node.height == 0 {
            for (position, summary) in node.summaries.enumerated() where accepts(summary) {
                try body(offset + position, node.elements[position])
            }
            return
        }
        var start = offset
        for position in node.children.indices {
            if accepts(node.summaries[position]) { try visitAccepted(node.children[position], offset: start, accepts, body) }
            start += node.counts[position]
        }
    }

    // MARK: Copying paths, splitting and merging

    /// Nodes of one height side by side, with the count and summary of each (read from the
    /// parent that held them, so that a node kept as it is is never visited to read them).
    private struct Siblings {
        var nodes: [Node] = []
        var counts: [Int] = []
        var summaries: [Summary] = []

        mutating func append(_ node: Node) {
            nodes.append(node)
            counts.append(node.count)
            summaries.append(node.summary)
        }

        mutating func append(contentsOf parent: Node, _ range: Range<Int>) {
            nodes += parent.children[range]
            counts += parent.counts[range]
            summaries += parent.summaries[range]
        }

        mutating func append(contentsOf other: Siblings) {
            nodes += other.nodes
            counts += other.counts
            summaries += other.summaries
        }

        mutating func replaceSubrange(_ range: ClosedRange<Int>, with other: Siblings) {
            nodes.replaceSubrange(range, with: other.nodes)
            counts.replaceSubrange(range, with: other.counts)
            summaries.replaceSubrange(range, with: other.summaries)
        }

        /// Joins the node at `position` with its next neighbour, or its previous one when it is
        /// the last (``SummarizedTree/joined(_:_:)``); there must be two nodes or more. Returns
        /// the position of the first node joined.
        @discardableResult
        mutating func joinWithNeighbour(at position: Int) -> Int {
            let left = position + 1 < nodes.count ? position : position - 1
            replaceSubrange(left...(left + 1), with: joined(nodes[left], nodes[left + 1]))
            return left
        }
    }

    /// `node` with the elements at `range` (which it holds) replaced by `elements`, when the
    /// range lies in one leaf and that leaf keeps at least ``minimumFill`` (a keystroke's edit):
    /// the path to the leaf copied, and a leaf or node that overflows split in two, as in a
    /// B-tree's insertion — the second node is then the one after it. `nil` otherwise. Counts
    /// that do not change are shared with `node`'s, not copied.
    private static func patched(
        _ range: Range<Int>, with elements: [Element], in node: Node, isRoot: Bool
    ) -> (node: Node, split: Node?)? {
        if node.height == 0 {
            let fill = node.elements.count - range.count + elements.count
            guard fill <= 2 * maximumFill, fill >= (isRoot ? 1 : minimumFill) else { return nil }
            var (kept, summaries) = (node.elements, node.summaries)
            kept.replaceSubrange(range, with: elements)
            summaries.replaceSubrange(range, with: elements.map(\.summary))
            guard fill > maximumFill else { return (Node(elements: kept, summaries: summaries), nil) }
            let half = fill / 2
            return (
                Node(elements: Array(kept[..<half]), summaries: Array(summaries[..<half])),
                Node(elements: Array(kept[half...]), summaries: Array(summaries[half...]))
            )
        }
        let (first, lower) = node.child(holding: range.lowerBound)
        let (last, upper) = node.child(holding: range.upperBound)
        guard first == last, let (child, split) = patched(lower..<upper, with: elements, in: node.children[first], isRoot: false)
        else { return nil }
        var (children, counts, summaries) = (node.children, node.counts, node.summaries)
        children[first] = child
        if counts[first] != child.count { counts[first] = child.count }
        summaries[first] = child.summary
        guard let split else { return (Node(children: children, counts: counts, summaries: summaries), nil) }
        children.insert(split, at: first + 1)
        counts.insert(split.count, at: first + 1)
        summaries.insert(split.summary, at: first + 1)
        guard children.count > maximumFill else { return (Node(children: children, counts: counts, summaries: summaries), nil) }
        let half = children.count / 2
        return (
            Node(children: Array(children[..<half]), counts: Array(counts[..<half]), summaries: Array(summaries[..<half])),
            Node(children: Array(children[half...]), counts: Array(counts[half...]), summaries: Array(summaries[half...]))
        )
    }

    /// The nodes, of `node`'s height, that hold `node`'s elements with those at `range` (which
    /// it holds) replaced by `elements`: none, one, or several when it overflows. Every node
    /// below them is within the fill bounds but for a node that is its parent's only child; they
    /// themselves may be under ``minimumFill`` (the caller merges them with a neighbour).
    private static func replacing(_ range: Range<Int>, with elements: [Element], in node: Node) -> Siblings {
        if node.height == 0 {
            var kept = node.elements
            var summaries = node.summaries
            kept.replaceSubrange(range, with: elements)
            summaries.replaceSubrange(range, with: elements.map(\.summary))
            return leaves(kept, summaries)
        }
        let (first, lower) = node.child(holding: range.lowerBound)
        let (last, upper) = node.child(holding: range.upperBound)
        var fresh = Siblings()
        if first == last {
            fresh.append(contentsOf: replacing(lower..<upper, with: elements, in: node.children[first]))
        } else {
            fresh.append(contentsOf: replacing(lower..<node.counts[first], with: elements, in: node.children[first]))
            fresh.append(contentsOf: replacing(0..<upper, with: [], in: node.children[last]))
        }
        var children = Siblings()
        children.append(contentsOf: node, 0..<first)
        children.append(contentsOf: merged(fresh))
        let freshEnd = children.nodes.count
        children.append(contentsOf: node, (last + 1)..<node.children.count)
        // Only the fresh nodes may be under the fill; one left so is merged with a neighbour.
        if freshEnd > first, children.nodes.count > 1 {
            let position = children.nodes[first].fill < minimumFill ? first : freshEnd - 1
            if children.nodes[position].fill < minimumFill { children.joinWithNeighbour(at: position) }
        }
        return grouped(children)
    }

    /// `nodes` (of one height) with every node under ``minimumFill`` merged with a neighbour,
    /// until none is or one node is left.
    private static func merged(_ nodes: Siblings) -> Siblings {
        var nodes = nodes
        var position = 0
        while position < nodes.nodes.count, nodes.nodes.count > 1 {
            guard nodes.nodes[position].fill < minimumFill else {
                position += 1
                continue
            }
            position = max(0, nodes.joinWithNeighbour(at: position) - 1)
        }
        return nodes
    }

    /// The nodes holding `left`'s elements then `right`'s (nodes of one height); the
    /// children that meet at the join are merged in turn when either is under ``minimumFill``
    /// (a node that was its parent's only child may be).
    private static func joined(_ left: Node, _ right: Node) -> Siblings {
        if left.height == 0 { return leaves(left.elements + right.elements, left.summaries + right.summaries) }
        var children = Siblings()
        children.append(contentsOf: left, 0..<left.children.count)
        let junction = children.nodes.count
        children.append(contentsOf: right, 0..<right.children.count)
        if children.nodes[junction - 1].fill < minimumFill || children.nodes[junction].fill < minimumFill {
            children.replaceSubrange(
                (junction - 1)...junction, with: joined(children.nodes[junction - 1], children.nodes[junction]))
        }
        return grouped(merged(children))
    }

    /// Leaves holding `elements` (whose summaries are `summaries`) in order, cut by
    /// ``chunks(of:)``.
    private static func leaves(_ elements: [Element], _ summaries: [Summary]) -> Siblings {
        var result = Siblings()
        for chunk in chunks(of: elements.count) {
            result.append(Node(elements: Array(elements[chunk]), summaries: Array(summaries[chunk])))
        }
        return result
    }

    /// Inner nodes holding `children` (of one height) in order, cut by ``chunks(of:)``.
    private static func grouped(_ children: Siblings) -> Siblings {
        var result = Siblings()
        for chunk in chunks(of: children.nodes.count) {
            result.append(
                Node(
                    children: Array(children.nodes[chunk]), counts: Array(children.counts[chunk]),
                    summaries: Array(children.summaries[chunk])))
        }
        return result
    }

    /// `0..<count` cut into ranges of about three quarters of ``maximumFill`` — room for a few
    /// insertions before a node splits (a tree built full splits a leaf, and every node above
    /// it, on its first insertion) — their lengths differing by one at most, each of at most
    /// ``maximumFill`` and, when there are two or more, at least ``minimumFill``.
    private static func chunks(of count: Int) -> [Range<Int>] {
        guard count > 0 else { return [] }
        let fewest = (count + maximumFill - 1) / maximumFill
        let target = maximumFill * 3 / 4
        let pieces = max(fewest, min((count + target - 1) / target, count / minimumFill))
        return (0..<pieces).map { piece in (piece * count / pieces)..<((piece + 1) * count / pieces) }
    }

    /// The root over `nodes` (of one height): nodes grouped under new levels until one is left,
    /// then inner roots with a single child replaced by that child.
    private static func rooted(_ nodes: Siblings) -> Node? {
        var nodes = nodes
        while nodes.nodes.count > 1 { nodes = grouped(nodes) }
        guard var root = nodes.nodes.first else { return nil }
        while root.height > 0, root.children.count == 1 { root = root.children[0] }
        if root.height == 0, root.elements.isEmpty { return nil }
        return root
    }
}
