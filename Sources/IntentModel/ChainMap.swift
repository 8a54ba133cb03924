/// A one-to-one mapping between the nodes (blocks or spans, by index) of two documents, grown as
/// chains of parents are compared.
struct ChainMap {
    private var forward: [Int32: Int32] = [:]
    private var backward: [Int32: Int32] = [:]

    /// Whether the chains from `first` and `second` up to their roots match node by node and
    /// agree with every pairing made before; records the new pairs.
    mutating func matches(_ first: Int32, _ second: Int32, compare: (Int32, Int32) -> (Int32, Int32)?) -> Bool {
        var x = first
        var y = second
        while x >= 0 || y >= 0 {
            guard x >= 0, y >= 0 else { return false }
            if let known = forward[x] { return known == y }
            if backward[y] != nil { return false }
            guard let parents = compare(x, y) else { return false }
            forward[x] = y
            backward[y] = x
            (x, y) = parents
        }
        return true
    }
}
