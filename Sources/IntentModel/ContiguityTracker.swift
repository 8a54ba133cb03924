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
    private var isClosed: [Bool] = []
    private var isUsed: [Bool] = []
    private var isContinuation: [Bool] = []
    /// For a node continued by a copy: the copy (followed until there is none).
    private var continuation: [Int32: Int32] = [:]

    init(_ table: Table) {
        self.table = table
    }

    /// The node a run of `node` goes into, and whether it lies inside a continuation copy.
    /// - Parameters:
    ///   - node: The run's node (leaf block or innermost span), or -1.
    ///   - builder: The document being built (copies are added to it; nodes no run used yet are
    ///     moved under continuations).
    ///   - nextIdentity: The next fresh identity, advanced for every copy.
    mutating func place(_ node: Int32, builder: inout IntentDocumentBuilder, nextIdentity: inout Int) -> (Int32, Bool) {
        grow(count(builder))
        var chain: [Int32] = []
        var current = resolved(node)
        while current >= 0 {
            chain.append(current)
            let parent = parent(of: current, builder)
            guard parent >= 0 else { break }
            let resolvedParent = resolved(parent)
            if resolvedParent != parent, !isUsed[Int(current)] { setParent(of: current, to: resolvedParent, &builder) }
            current = resolvedParent
        }
        chain.reverse()
        var common = 0
        while common < openPath.count, common < chain.count, openPath[common] == chain[common] { common += 1 }
        for index in common..<openPath.count { isClosed[Int(openPath[index])] = true }
        if let firstClosed = (common..<chain.count).first(where: { isClosed[Int(chain[$0])] }) {
            var parent: Int32 = firstClosed > 0 ? chain[firstClosed - 1] : -1
            for index in firstClosed..<chain.count {
                let node = chain[index]
                if isUsed[Int(node)], let sibling = itemToContinueInto(node, at: index, under: parent, builder) {
                    // A list item closed by a later item of its list (a line break typed in the
                    // item's first paragraph): what followed in it — a nested list, more
                    // paragraphs — goes on in the new item, as a text view shows it.
                    isClosed[Int(sibling)] = false
                    continuation[node] = sibling
                    isContinuation[Int(sibling)] = true
                    chain[index] = sibling
                } else if isUsed[Int(node)] {
                    // Used before, closed since: continued by a copy.
                    let copy = copy(node, under: parent, identity: nextIdentity, &builder)
                    nextIdentity += 1
                    continuation[node] = copy
                    grow(count(builder))
                    isContinuation[Int(copy)] = true
                    chain[index] = copy
                } else {
                    setParent(of: node, to: parent, &builder)
                }
                parent = chain[index]
            }
        }
        var continued = false
        for index in chain {
            isUsed[Int(index)] = true
            if isContinuation[Int(index)] { continued = true }
        }
        openPath = chain
        return (chain.last ?? -1, continued)
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
        for node in openPath where Int(node) < isClosed.count { isClosed[Int(node)] = true }
        openPath = []
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

    /// `node`, or the continuation that replaced it.
    private func resolved(_ node: Int32) -> Int32 {
        var current = node
        while let next = continuation[current] { current = next }
        return current
    }

    private mutating func grow(_ count: Int) {
        guard isClosed.count < count else { return }
        let extra = count - isClosed.count
        isClosed.append(contentsOf: repeatElement(false, count: extra))
        isUsed.append(contentsOf: repeatElement(false, count: extra))
        isContinuation.append(contentsOf: repeatElement(false, count: extra))
    }
}
