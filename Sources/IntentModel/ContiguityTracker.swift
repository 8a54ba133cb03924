/// Keeps the nodes of one tree of a document being built (its blocks, or its inline spans)
/// contiguous in the sequence of runs: a node is closed by a run outside it, and a later run
/// inside a closed node goes into a copy of it (a "continuation", with a fresh identity). Used by
/// ``IntentDocumentSplicer``.
struct ContiguityTracker {
    /// Which table of the builder the tracker keeps.
    enum Table {
        case blocks
        case spans
    }

    let table: Table
    /// The open nodes (outermost first) of the last run.
    private var openPath: [Int32] = []
    /// For each node of `openPath`: whether it or a node above it is a continuation copy.
    private var openPathContinued: [Bool] = []
    /// Each node's index in `openPath`, or -1.
    private var pathPosition: [Int32] = []
    private var isClosed: [Bool] = []
    private var isUsed: [Bool] = []
    private var isContinuation: [Bool] = []
    /// For a node continued by a copy: the copy (followed until there is none).
    private var continuation: [Int32: Int32] = [:]

    init(_ table: Table) {
        self.table = table
    }

    /// The node a run of `node` goes into, and whether it lies inside a continuation copy.
    ///
    /// The cost is the number of nodes the run enters or leaves, not its depth: the walk up from
    /// `node` stops at the first node of the open path (everything above it is the path's, as
    /// the last run placed it), so a run in a span nested thousands deep costs no more than one
    /// at the top.
    /// - Parameters:
    ///   - node: The run's node (leaf block or innermost span), or -1.
    ///   - builder: The document being built (copies are added to it; nodes no run used yet are
    ///     moved under continuations).
    ///   - nextIdentity: The next fresh identity, advanced for every copy.
    mutating func place(_ node: Int32, builder: inout IntentDocumentBuilder, nextIdentity: inout Int) -> (Int32, Bool) {
        grow(count(builder))
        // The nodes below the open path the run enters, innermost first; `common` of the path stay.
        var entered: [Int32] = []
        var common = 0
        var current = resolved(node)
        while current >= 0 {
            if pathPosition[Int(current)] >= 0 {
                common = Int(pathPosition[Int(current)]) + 1
                break
            }
            entered.append(current)
            let parent = parent(of: current, builder)
            guard parent >= 0 else { break }
            let resolvedParent = resolved(parent)
            if resolvedParent != parent, !isUsed[Int(current)] { setParent(of: current, to: resolvedParent, &builder) }
            current = resolvedParent
        }
        entered.reverse()
        for index in common..<openPath.count { isClosed[Int(openPath[index])] = true }
        if let firstClosed = entered.indices.first(where: { isClosed[Int(entered[$0])] }) {
            reopen(&entered, from: firstClosed, below: common, builder: &builder, nextIdentity: &nextIdentity)
        }
        // The open path becomes the run's chain: the nodes it kept, then those it entered.
        for index in common..<openPath.count { pathPosition[Int(openPath[index])] = -1 }
        openPath.removeSubrange(common...)
        openPathContinued.removeSubrange(common...)
        for node in entered {
            isUsed[Int(node)] = true
            pathPosition[Int(node)] = Int32(openPath.count)
            openPathContinued.append((openPathContinued.last ?? false) || isContinuation[Int(node)])
            openPath.append(node)
        }
        return (openPath.last ?? -1, openPathContinued.last ?? false)
    }

    /// Replaces the nodes of `entered` (the chain below the first `common` nodes of the open
    /// path) from `firstClosed` down, the first of which a run outside it closed: a node used
    /// before goes on in a later item of its list or in a copy; one never used moves under its
    /// new parent.
    private mutating func reopen(
        _ entered: inout [Int32], from firstClosed: Int, below common: Int, builder: inout IntentDocumentBuilder,
        nextIdentity: inout Int
    ) {
        var parent: Int32 = firstClosed > 0 ? entered[firstClosed - 1] : (common > 0 ? openPath[common - 1] : -1)
        for index in firstClosed..<entered.count {
            let node = entered[index]
            if isUsed[Int(node)], let sibling = itemToContinueInto(node, at: common + index, under: parent, builder) {
                // A list item closed by a later item of its list (a line break typed in the
                // item's first paragraph): what followed in it — a nested list, more
                // paragraphs — goes on in the new item, as a text view shows it.
                isClosed[Int(sibling)] = false
                continuation[node] = sibling
                isContinuation[Int(sibling)] = true
                entered[index] = sibling
            } else if isUsed[Int(node)] {
                // Used before, closed since: continued by a copy.
                let copy = copy(node, under: parent, identity: nextIdentity, &builder)
                nextIdentity += 1
                continuation[node] = copy
                grow(count(builder))
                isContinuation[Int(copy)] = true
                entered[index] = copy
            } else {
                setParent(of: node, to: parent, &builder)
            }
            parent = entered[index]
        }
    }

    /// The item that list item `node` (closed, about to be continued at depth `depth` under
    /// `parent`) continues into: the item of the same list the last run was in, at that depth.
    private func itemToContinueInto(_ node: Int32, at depth: Int, under parent: Int32, _ builder: IntentDocumentBuilder) -> Int32? {
        guard table == .blocks, depth < openPath.count else { return nil }
        let sibling = openPath[depth]
        guard sibling != node, builder.blocks[Int(sibling)].parent == parent,
            case .listItem = builder.blocks[Int(node)].kind, case .listItem = builder.blocks[Int(sibling)].kind
        else { return nil }
        return sibling
    }

    /// Closes every open node (a run outside all of them).
    mutating func closeAll() {
        for node in openPath where Int(node) < isClosed.count {
            isClosed[Int(node)] = true
            pathPosition[Int(node)] = -1
        }
        openPath = []
        openPathContinued = []
    }

    // MARK: The table

    private func count(_ builder: IntentDocumentBuilder) -> Int {
        switch table {
        case .blocks: return builder.blocks.count
        case .spans: return builder.spans.count
        }
    }

    private func parent(of node: Int32, _ builder: IntentDocumentBuilder) -> Int32 {
        switch table {
        case .blocks: return builder.blocks[Int(node)].parent
        case .spans: return builder.spans[Int(node)].parent
        }
    }

    private func setParent(of node: Int32, to parent: Int32, _ builder: inout IntentDocumentBuilder) {
        switch table {
        case .blocks: builder.blocks[Int(node)].parent = parent
        case .spans: builder.spans[Int(node)].parent = parent
        }
    }

    private func copy(_ node: Int32, under parent: Int32, identity: Int, _ builder: inout IntentDocumentBuilder) -> Int32 {
        switch table {
        case .blocks:
            let original = builder.blocks[Int(node)]
            return builder.addBlock(original.kind, identity: identity, parent: parent, markup: original.markup)
        case .spans:
            let original = builder.spans[Int(node)]
            return builder.addSpan(original.kind, identity: identity, parent: parent, htmlTag: original.htmlTag)
        }
    }

    /// `node`, or the continuation that replaced it (remembered, so that the next run of `node`
    /// does not follow the same copies again).
    private mutating func resolved(_ node: Int32) -> Int32 {
        guard var current = continuation[node] else { return node }
        while let next = continuation[current] { current = next }
        continuation[node] = current
        return current
    }

    private mutating func grow(_ count: Int) {
        guard isClosed.count < count else { return }
        let extra = count - isClosed.count
        isClosed.append(contentsOf: repeatElement(false, count: extra))
        isUsed.append(contentsOf: repeatElement(false, count: extra))
        isContinuation.append(contentsOf: repeatElement(false, count: extra))
        pathPosition.append(contentsOf: repeatElement(-1, count: extra))
    }
}
