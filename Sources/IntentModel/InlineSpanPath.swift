/// The inline spans a run lies in, innermost first — the inline counterpart of a
/// ``PresentationIntent``'s components.
///
/// Paths share their ancestors (a path is a node pointing at its parent path), so the runs of
/// deeply nested markup cost memory linear in the document, not in depth × runs. Iterate it to go
/// from the innermost span outwards; ``spans`` makes an array.
public struct InlineSpanPath: Sendable, Hashable, Codable, Sequence {
    // MARK: Stored layout

    /// A path node. `parent` is written only at creation and, in `deinit`, on nodes nothing else
    /// references — hence `@unchecked Sendable`.
    final class Node: @unchecked Sendable {
        let span: InlineSpan
        private(set) var parent: Node?
        let depth: Int

        init(span: InlineSpan, parent: Node?) {
            self.span = span
            self.parent = parent
            self.depth = (parent?.depth ?? 0) + 1
        }

        /// Releases the chain of ancestors iteratively: releasing a 100 000-deep path node by node
        /// through nested `deinit`s would overflow the stack.
        deinit {
            guard var node = parent else { return }
            parent = nil
            while isKnownUniquelyReferenced(&node) {
                guard let next = node.parent else { break }
                node.parent = nil
                node = next
            }
        }
    }

    let node: Node

    // MARK: Initialisers

    /// Creates a path whose innermost span is `span`, inside `parent` (or at the top).
    /// - Parameters:
    ///   - span: The innermost span.
    ///   - parent: The path of the enclosing spans, or `nil`.
    public init(_ span: InlineSpan, parent: InlineSpanPath? = nil) {
        node = Node(span: span, parent: parent?.node)
    }

    /// Creates a path from spans ordered innermost first.
    /// - Parameter spans: The spans, innermost first; must not be empty.
    /// - Returns: `nil` when `spans` is empty.
    public init?(spans: [InlineSpan]) {
        var node: Node? = nil
        for span in spans.reversed() { node = Node(span: span, parent: node) }
        guard let node else { return nil }
        self.node = node
    }

    init(node: Node) {
        self.node = node
    }

    // MARK: Public API

    /// The innermost span.
    public var innermost: InlineSpan { node.span }
    /// The enclosing spans' path, or `nil` when this is the outermost span.
    public var parent: InlineSpanPath? { node.parent.map(InlineSpanPath.init(node:)) }
    /// The number of spans.
    public var depth: Int { node.depth }
    /// The spans, innermost first.
    public var spans: [InlineSpan] { Array(self) }

    /// Iterates from the innermost span outwards.
    public struct Iterator: IteratorProtocol {
        var current: Node?

        /// The next span outwards.
        public mutating func next() -> InlineSpan? {
            guard let node = current else { return nil }
            current = node.parent
            return node.span
        }
    }

    /// An iterator from the innermost span outwards.
    public func makeIterator() -> Iterator { Iterator(current: node) }

    /// Whether both paths have the same kinds, ignoring identities.
    public func isEquivalent(to other: InlineSpanPath) -> Bool {
        guard depth == other.depth else { return false }
        return zip(self, other).allSatisfy { $0.kind == $1.kind }
    }

    // MARK: Hashable

    /// Equal when both have the same spans (kinds and identities) in the same order.
    public static func == (left: InlineSpanPath, right: InlineSpanPath) -> Bool {
        var a: Node? = left.node
        var b: Node? = right.node
        while let x = a, let y = b {
            if x === y { return true }
            guard x.depth == y.depth, x.span == y.span else { return false }
            a = x.parent
            b = y.parent
        }
        return a == nil && b == nil
    }

    /// Hashes the innermost span and the depth.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(node.span)
        hasher.combine(node.depth)
    }

    // MARK: Codable

    /// Encodes the spans as an array, innermost first.
    /// - Parameter encoder: The encoder.
    /// - Throws: Whatever the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for span in self { try container.encode(span) }
    }

    /// Decodes an array of spans, innermost first.
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` when the array is empty or malformed.
    public init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var spans: [InlineSpan] = []
        while !container.isAtEnd { spans.append(try container.decode(InlineSpan.self)) }
        guard let path = InlineSpanPath(spans: spans) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "an inline span path needs at least one span"))
        }
        self = path
    }
}

extension InlineSpanPath: CustomDebugStringConvertible {
    /// `[emphasis (id 2), strongEmphasis (id 1)]`; paths deeper than 8 print their 8 innermost
    /// spans and `… N more`.
    public var debugDescription: String {
        var parts: [String] = []
        for span in self {
            if parts.count == 8 {
                parts.append("… \(depth - 8) more")
                break
            }
            parts.append(span.debugDescription)
        }
        return "[" + parts.joined(separator: ", ") + "]"
    }
}
