/// One distinct set of ``RunAttributes`` of an ``IntentDocument``: a handle to the document's
/// interned attribute table.
///
/// Runs with equal attributes share one handle, so a visitor can compute something once per
/// attribute set (whether it holds a link, say) in a table indexed by ``index``,
/// `0..<document.attributeSetCount`, instead of once per run. Index 0 is always the empty set. A
/// handle is valid for the document it came from (and its unmodified copies) only.
///
/// Read the attributes with ``IntentDocument/attributes(of:)``.
public struct RunAttributesID: Hashable, Comparable, Sendable {
    @usableFromInline let storage: Int32

    @inlinable init(_ storage: Int32) { self.storage = storage }

    /// Creates the handle of the attribute set at `index` in a document's attribute table.
    /// - Parameter index: The set's position, from 0 (the empty set).
    @inlinable public init(index: Int) { storage = Int32(truncatingIfNeeded: index) }

    /// The set's position in its document's attribute table, from 0 (the empty set).
    @inlinable public var index: Int { Int(storage) }

    /// Whether `left` comes before `right` in the attribute table.
    @inlinable public static func < (left: RunAttributesID, right: RunAttributesID) -> Bool { left.storage < right.storage }
}
