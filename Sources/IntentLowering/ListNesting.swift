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
        let blocks = document.blocks
        depths = Array(repeating: -1, count: blocks.count)
        orderedDepths = Array(repeating: 0, count: blocks.count)
        var pending: [Int32] = []
        for start in blocks.indices where depths[start] < 0 {
            // Climb to the first ancestor already known (or the top), then fill in on the way down.
            var index = Int32(start)
            while index >= 0, depths[Int(index)] < 0 {
                pending.append(index)
                index = blocks[Int(index)].parent
            }
            var depth = index >= 0 ? depths[Int(index)] : 0
            var orderedDepth = index >= 0 ? orderedDepths[Int(index)] : 0
            while let block = pending.popLast() {
                switch blocks[Int(block)].kind {
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
                depths[Int(block)] = depth
                orderedDepths[Int(block)] = orderedDepth
            }
        }
    }

    /// Lists among `block` (a block index, or -1 for none) and its ancestors.
    func depth(of block: Int32) -> Int { block >= 0 ? Int(depths[Int(block)]) : 0 }

    /// Ordered lists among `block` (a block index, or -1 for none) and its ancestors.
    func orderedDepth(of block: Int32) -> Int { block >= 0 ? Int(orderedDepths[Int(block)]) : 0 }
}
