/// A persistent balanced tree of elements that keeps, at every node, the summary of its subtree:
/// the storage of the editing layer, after the design of Zed's `SumTree` and swift-collections'
/// `BigString` (a rope whose nodes carry counts).
///
/// - Shape: an AVL tree whose in-order sequence is the elements; every node holds one element,
///   its subtree's element count, height and summary.
/// - Cost: `element(at:)`, `locate(_:in:)`, `summary(before:)`, `replaceSubrange(_:with:)` are
///   O(log n) plus the number of elements inserted (split and join on AVL trees, as in Blelloch,
///   Ferizovic and Sun's "Just Join for Parallel Ordered Sets"); building from an array is O(n).
/// - Value semantics: nodes are immutable and shared between copies; an update copies only the
///   nodes on the paths it changes, so a copy of the tree (an undo state, a snapshot handed to
///   another thread) costs nothing.
struct SummarizedTree<Element: SummarizedTreeElement>: Sendable {
    typealias Summary = Element.Summary

    /// One node: an element and the subtrees before and after it.
    final class Node: Sendable {
        let element: Element
        let left: Node?
        let right: Node?
        let height: Int
        let count: Int
        let summary: Summary

        init(_ left: Node?, _ element: Element, _ right: Node?) {
            self.element = element
            self.left = left
            self.right = right
            height = max(left?.height ?? 0, right?.height ?? 0) + 1
            count = (left?.count ?? 0) + 1 + (right?.count ?? 0)
            summary = (left?.summary ?? .zero) + element.summary + (right?.summary ?? .zero)
        }
    }

    private var root: Node?

    /// An empty tree.
    init() { root = nil }

    /// A tree of `elements`, in order (O(n), perfectly balanced).
    init(_ elements: some Collection<Element>) {
        let array = Array(elements)
        root = Self.build(array[...])
    }

    private init(root: Node?) { self.root = root }

    /// The number of elements.
    var count: Int { root?.count ?? 0 }

    /// The summary of every element.
    var summary: Summary { root?.summary ?? .zero }

    /// The element at `index` (0-based, in order); `index` must be in `0..<count`.
    func element(at index: Int) -> Element {
        guard let root, index >= 0, index < root.count else { preconditionFailure("tree index out of range") }
        return Self.element(of: root, at: index)
    }

    /// The element at `index` of the subtree `node` (an index the subtree holds; an index past
    /// either side ends at the nearest element, which cannot happen while the counts are right).
    private static func element(of node: Node, at index: Int) -> Element {
        let leftCount = node.left?.count ?? 0
        if index < leftCount, let left = node.left { return element(of: left, at: index) }
        if index > leftCount, let right = node.right { return element(of: right, at: index - leftCount - 1) }
        return node.element
    }

    /// The summary of the elements before `index` (`0...count`).
    func summary(before index: Int) -> Summary {
        var node = root
        var index = index
        var total = Summary.zero
        while let current = node {
            let leftCount = current.left?.count ?? 0
            if index <= leftCount {
                node = current.left
            } else {
                total = total + (current.left?.summary ?? .zero) + current.element.summary
                index -= leftCount + 1
                node = current.right
            }
        }
        return total
    }

    /// The element holding `offset` of the measure `measure` (for example a UTF-8 offset): the
    /// index of the first element whose stretch `start..<start + measure` contains it, and the
    /// summary of the elements before it. An offset at or past the end gives the last element; an
    /// empty tree gives `nil`. Elements whose measure is 0 are never chosen, except as the last.
    func locate(_ offset: Int, in measure: (Summary) -> Int) -> (index: Int, before: Summary)? {
        guard let root else { return nil }
        if offset >= measure(root.summary) { return (count - 1, summary(before: count - 1)) }
        var node: Node? = root
        var remaining = offset
        var index = 0
        var before = Summary.zero
        while let current = node {
            let leftSummary = current.left?.summary ?? .zero
            let leftMeasure = measure(leftSummary)
            let ownMeasure = measure(current.element.summary)
            if remaining < leftMeasure {
                node = current.left
            } else if remaining < leftMeasure + ownMeasure {
                return (index + (current.left?.count ?? 0), before + leftSummary)
            } else {
                remaining -= leftMeasure + ownMeasure
                index += (current.left?.count ?? 0) + 1
                before = before + leftSummary + current.element.summary
                node = current.right
            }
        }
        return (count - 1, summary(before: count - 1))
    }

    /// Replaces the elements at `range` with `elements` (O(log n + elements.count)).
    ///
    /// A few elements in place of a few (a keystroke re-parses a block or two, and may make or
    /// merge one): each is put in place of an old one, inserted or removed on a copy of the path
    /// to it, rebalanced on the way up — fewer nodes than two splits and two joins make.
    mutating func replaceSubrange(_ range: Range<Int>, with elements: some Collection<Element>) {
        precondition(range.lowerBound >= 0 && range.upperBound <= count, "tree range out of bounds")
        if range.count <= 4, elements.count <= 4 {
            let kept = min(range.count, elements.count)
            for (index, element) in zip(range, elements) { root = root.map { Self.replacing($0, at: index, with: element) } }
            for (offset, element) in elements.dropFirst(kept).enumerated() {
                root = Self.inserting(root, at: range.lowerBound + kept + offset, element)
            }
            for _ in kept..<range.count { root = root.flatMap { Self.removing($0, at: range.lowerBound + kept) } }
            return
        }
        let (head, rest) = Self.split(root, at: range.lowerBound)
        let (_, tail) = Self.split(rest, at: range.count)
        let middle = Self.build(Array(elements)[...])
        root = Self.concatenate(Self.concatenate(head, middle), tail)
    }

    /// Calls `body` with every element in order (O(n)).
    func forEachElement(_ body: (Element) throws -> Void) rethrows {
        try Self.visit(root, body)
    }

    /// Calls `body` with the elements at `range`, in order (O(log n + range.count)).
    func forEachElement(in range: Range<Int>, _ body: (Element) throws -> Void) rethrows {
        try Self.visit(root, offset: 0, range: range, body)
    }

    /// Calls `body` with the index and element of every element whose own summary `accepts`, in
    /// order, visiting only subtrees whose summary `accepts`: O(log n) per element found when the
    /// summaries tell subtrees apart (a range of keys per subtree, say), O(n) at worst.
    func forEachElement(whereSummary accepts: (Summary) -> Bool, _ body: (Int, Element) throws -> Void) rethrows {
        try Self.visitAccepted(root, offset: 0, accepts, body)
    }

    /// The elements in order.
    var elements: [Element] {
        var result: [Element] = []
        result.reserveCapacity(count)
        forEachElement { result.append($0) }
        return result
    }

    /// The tree's height (for tests of its balance).
    var height: Int { root?.height ?? 0 }

    /// Whether every node's subtrees differ in height by one at most and its stored height and
    /// count are its subtrees' (for tests: O(n)).
    var isBalanced: Bool { Self.isBalanced(root) }

    private static func isBalanced(_ node: Node?) -> Bool {
        guard let node else { return true }
        let (left, right) = (height(node.left), height(node.right))
        return abs(left - right) <= 1 && node.height == max(left, right) + 1
            && node.count == (node.left?.count ?? 0) + 1 + (node.right?.count ?? 0) && isBalanced(node.left) && isBalanced(node.right)
    }

    // MARK: Balanced join and split

    private static func visit(_ node: Node?, _ body: (Element) throws -> Void) rethrows {
        guard let node else { return }
        try visit(node.left, body)
        try body(node.element)
        try visit(node.right, body)
    }

    private static func visit(_ node: Node?, offset: Int, range: Range<Int>, _ body: (Element) throws -> Void) rethrows {
        guard let node, offset < range.upperBound, offset + node.count > range.lowerBound else { return }
        let leftCount = node.left?.count ?? 0
        try visit(node.left, offset: offset, range: range, body)
        if range.contains(offset + leftCount) { try body(node.element) }
        try visit(node.right, offset: offset + leftCount + 1, range: range, body)
    }

    private static func visitAccepted(
        _ node: Node?, offset: Int, _ accepts: (Summary) -> Bool, _ body: (Int, Element) throws -> Void
    ) rethrows {
        guard let node, accepts(node.summary) else { return }
        let leftCount = node.left?.count ?? 0
        try visitAccepted(node.left, offset: offset, accepts, body)
        if accepts(node.element.summary) { try body(offset + leftCount, node.element) }
        try visitAccepted(node.right, offset: offset + leftCount + 1, accepts, body)
    }

    private static func build(_ elements: ArraySlice<Element>) -> Node? {
        guard !elements.isEmpty else { return nil }
        let middle = elements.startIndex + elements.count / 2
        return Node(build(elements[..<middle]), elements[middle], build(elements[(middle + 1)...]))
    }

    private static func height(_ node: Node?) -> Int { node?.height ?? 0 }

    private static func rotateLeft(_ node: Node) -> Node {
        guard let right = node.right else { return node }
        return Node(Node(node.left, node.element, right.left), right.element, right.right)
    }

    private static func rotateRight(_ node: Node) -> Node {
        guard let left = node.left else { return node }
        return Node(left.left, left.element, Node(left.right, node.element, node.right))
    }

    /// The tree of `left`'s elements, `element`, then `right`'s: balanced whatever their heights.
    private static func join(_ left: Node?, _ element: Element, _ right: Node?) -> Node {
        if height(left) > height(right) + 1, let left { return joinRight(left, element, right) }
        if height(right) > height(left) + 1, let right { return joinLeft(left, element, right) }
        return Node(left, element, right)
    }

    /// `join` when `left` is the taller by more than one: descends `left`'s right spine.
    private static func joinRight(_ left: Node, _ element: Element, _ right: Node?) -> Node {
        let spine = left.right
        if height(spine) <= height(right) + 1 {
            let joined = Node(spine, element, right)
            if joined.height <= height(left.left) + 1 { return Node(left.left, left.element, joined) }
            return rotateLeft(Node(left.left, left.element, rotateRight(joined)))
        }
        guard let spine else { return Node(left.left, left.element, Node(nil, element, right)) }
        let joined = joinRight(spine, element, right)
        let result = Node(left.left, left.element, joined)
        return joined.height <= height(left.left) + 1 ? result : rotateLeft(result)
    }

    /// `join` when `right` is the taller by more than one: descends `right`'s left spine.
    private static func joinLeft(_ left: Node?, _ element: Element, _ right: Node) -> Node {
        let spine = right.left
        if height(spine) <= height(left) + 1 {
            let joined = Node(left, element, spine)
            if joined.height <= height(right.right) + 1 { return Node(joined, right.element, right.right) }
            return rotateRight(Node(rotateLeft(joined), right.element, right.right))
        }
        guard let spine else { return Node(Node(left, element, nil), right.element, right.right) }
        let joined = joinLeft(left, element, spine)
        let result = Node(joined, right.element, right.right)
        return joined.height <= height(right.right) + 1 ? result : rotateRight(result)
    }

    /// `node` with the element at `index` (which it holds) replaced by `element`: the path to it
    /// copied, its shape kept.
    private static func replacing(_ node: Node, at index: Int, with element: Element) -> Node {
        let leftCount = node.left?.count ?? 0
        if index < leftCount, let left = node.left { return Node(replacing(left, at: index, with: element), node.element, node.right) }
        if index > leftCount, let right = node.right {
            return Node(node.left, node.element, replacing(right, at: index - leftCount - 1, with: element))
        }
        return Node(node.left, element, node.right)
    }

    /// `node` with `element` inserted before its element at `index` (`0...node.count`).
    private static func inserting(_ node: Node?, at index: Int, _ element: Element) -> Node {
        guard let node else { return Node(nil, element, nil) }
        let leftCount = node.left?.count ?? 0
        if index <= leftCount { return join(inserting(node.left, at: index, element), node.element, node.right) }
        return join(node.left, node.element, inserting(node.right, at: index - leftCount - 1, element))
    }

    /// `node` without its element at `index` (which it holds).
    private static func removing(_ node: Node, at index: Int) -> Node? {
        let leftCount = node.left?.count ?? 0
        if index < leftCount, let left = node.left { return join(removing(left, at: index), node.element, node.right) }
        if index > leftCount, let right = node.right { return join(node.left, node.element, removing(right, at: index - leftCount - 1)) }
        return concatenate(node.left, node.right)
    }

    /// The first `index` elements of `node` and the rest.
    private static func split(_ node: Node?, at index: Int) -> (Node?, Node?) {
        guard let node else { return (nil, nil) }
        let leftCount = node.left?.count ?? 0
        if index <= leftCount {
            let (head, tail) = split(node.left, at: index)
            return (head, join(tail, node.element, node.right))
        }
        let (head, tail) = split(node.right, at: index - leftCount - 1)
        return (join(node.left, node.element, head), tail)
    }

    /// `left`'s elements then `right`'s.
    private static func concatenate(_ left: Node?, _ right: Node?) -> Node? {
        guard let left else { return right }
        guard right != nil else { return left }
        let (rest, last) = splitLast(left)
        return join(rest, last, right)
    }

    /// `node` without its last element, and that element.
    private static func splitLast(_ node: Node) -> (Node?, Element) {
        guard let right = node.right else { return (node.left, node.element) }
        let (rest, last) = splitLast(right)
        return (join(node.left, node.element, rest), last)
    }
}
