import IntentModel

/// Where a document's raw HTML shows nothing in outputs without HTML
/// (`IntentDocument.rawHTMLLayout()`): the leaves of HTML blocks with no visible text, left out
/// whole, and which blocks hold a visible leaf — a list item whose only content is hidden stays
/// as an empty item, so its marker still shows.
package struct RawHTMLLayout {
    /// By block index: whether the block is a leaf of HTML without visible text (only tags,
    /// comments and white space).
    package var isHiddenLeaf: [Bool]
    /// By block index: whether the block is or holds a leaf that shows.
    package var holdsVisibleLeaf: [Bool]

    /// Whether `block` (≥ 0) is a hidden leaf.
    package func isHidden(_ block: Int32) -> Bool { block >= 0 && isHiddenLeaf[Int(block)] }

    /// The list item that `hiddenLeaf` leaves empty — its parent, when that is a list item with no
    /// visible leaf — or `nil`.
    package func emptiedItem(of hiddenLeaf: Int32, in document: IntentDocument) -> Int32? {
        let item = document.blocks[Int(hiddenLeaf)].parent
        guard item >= 0, case .listItem = document.blocks[Int(item)].kind, !holdsVisibleLeaf[Int(item)] else { return nil }
        return item
    }
}
