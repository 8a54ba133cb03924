/// An inline span of one ``IntentDocument``: a handle to the document's span table, not a value.
///
/// ``index`` is the span's position in the document's span order, `0..<document.spanCount`, so a
/// visitor can keep a table of its own indexed by span. A handle is valid for the document it came
/// from (and its unmodified copies) only.
///
/// Read a span through the document: ``IntentDocument/kind(of:)-(SpanID)``,
/// ``IntentDocument/identity(of:)-(SpanID)``, ``IntentDocument/parent(of:)-(SpanID)`` and
/// ``IntentDocument/htmlTag(of:)``.
public struct SpanID: Hashable, Comparable, Sendable, CustomStringConvertible {
    @usableFromInline let storage: Int32

    @inlinable init(_ storage: Int32) { self.storage = storage }

    /// Creates the handle of the span at `index` in a document's span order.
    ///
    /// Reading a document through a handle outside `0..<document.spanCount` traps, as an array
    /// index out of range does.
    /// - Parameter index: The span's position, from 0.
    @inlinable public init(index: Int) { storage = Int32(truncatingIfNeeded: index) }

    /// The span's position in its document's span order, from 0.
    @inlinable public var index: Int { Int(storage) }

    /// Whether `left` comes before `right` in the span order.
    @inlinable public static func < (left: SpanID, right: SpanID) -> Bool { left.storage < right.storage }

    /// `span #` and the index.
    public var description: String { "span #\(storage)" }
}
