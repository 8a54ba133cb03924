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

    /// Whether `block` is a hidden leaf.
    package func isHidden(_ block: BlockID) -> Bool { isHiddenLeaf[block.index] }

    /// The list item that `hiddenLeaf` leaves empty — its parent, when that is a list item with no
    /// visible leaf — or `nil`.
    package func emptiedItem(of hiddenLeaf: BlockID, in document: IntentDocument) -> BlockID? {
        guard let item = document.parent(of: hiddenLeaf), case .listItem = document.kind(of: item), !holdsVisibleLeaf[item.index]
        else { return nil }
        return item
    }
}
