/// A block of one ``IntentDocument``: a handle to the document's block table, not a value.
///
/// A document lists its blocks in document order, parents before children (for the documents the
/// parser, the JSON reader and the editing layer make; a document built by hand lists them in the
/// order its runs first name them). ``index`` is that position, `0..<document.blockCount`, so a
/// visitor can keep a table of its own indexed by block. A handle is valid for the document it
/// came from (and its unmodified copies) only.
///
/// Read a block through the document: ``IntentDocument/kind(of:)-(BlockID)``,
/// ``IntentDocument/identity(of:)-(BlockID)``, ``IntentDocument/parent(of:)-(BlockID)`` and
/// ``IntentDocument/markup(of:)``.
public struct BlockID: Hashable, Comparable, Sendable, CustomStringConvertible {
    @usableFromInline let storage: Int32

    @inlinable init(_ storage: Int32) { self.storage = storage }

    /// Creates the handle of the block at `index` in a document's block order.
    ///
    /// Reading a document through a handle outside `0..<document.blockCount` traps, as an array
    /// index out of range does.
    /// - Parameter index: The block's position, from 0.
    @inlinable public init(index: Int) { storage = Int32(truncatingIfNeeded: index) }

    /// The block's position in its document's block order, from 0.
    @inlinable public var index: Int { Int(storage) }

    /// Whether `left` comes before `right` in the block order.
    @inlinable public static func < (left: BlockID, right: BlockID) -> Bool { left.storage < right.storage }

    /// `block #` and the index.
    public var description: String { "block #\(storage)" }
}
