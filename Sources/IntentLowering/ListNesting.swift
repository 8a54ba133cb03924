import IntentModel

/// How deep each block sits in lists: for every block of a document, the number of lists, and of
/// ordered lists, among the block and its ancestors. Computed once per document in O(blocks), so a
/// list item's marker costs O(1) however deep the item is nested (walking the ancestors per item
/// made a list nested d deep cost O(d²)).
struct ListNesting {
    /// Per block index: lists among the block and its ancestors.
    private var depths: [Int32]
    /// Per block index: ordered lists among the block and its ancestors.
    private var orderedDepths: [Int32]

    /// The nesting of every block of `document`.
    init(_ document: IntentDocument) {
        depths = Array(repeating: -1, count: document.blockCount)
        orderedDepths = Array(repeating: 0, count: document.blockCount)
        var pending: [BlockID] = []
        for start in document.blockIDs where depths[start.index] < 0 {
            // Climb to the first ancestor already known (or the top), then fill in on the way down.
            var current: BlockID? = start
            while let block = current, depths[block.index] < 0 {
                pending.append(block)
                current = document.parent(of: block)
            }
            var depth = current.map { depths[$0.index] } ?? 0
            var orderedDepth = current.map { orderedDepths[$0.index] } ?? 0
            while let block = pending.popLast() {
                switch document.kind(of: block) {
                case .unorderedList: depth += 1
                case .orderedList:
                    depth += 1
                    orderedDepth += 1
                case .paragraph, .header, .listItem, .codeBlock, .blockQuote, .thematicBreak, .table, .tableHeaderRow,
                    .tableRow, .tableCell:
                    break
                @unknown default:
                    break
                }
                depths[block.index] = depth
                orderedDepths[block.index] = orderedDepth
            }
        }
    }

    /// Lists among `block` (or none) and its ancestors.
    func depth(of block: BlockID?) -> Int { block.map { Int(depths[$0.index]) } ?? 0 }

    /// Ordered lists among `block` (or none) and its ancestors.
    func orderedDepth(of block: BlockID?) -> Int { block.map { Int(orderedDepths[$0.index]) } ?? 0 }
}
