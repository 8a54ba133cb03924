/// Finds an attribute set in a builder's interned table by value without keeping a second copy of
/// it: an open-addressing hash table (linear probing, at most three quarters full) whose slots hold
/// indices into the table, with each entry's hash kept beside it.
///
/// A dictionary keyed by the attributes held every set twice, once in the table and once as the
/// key: about 400 bytes each, which a lowering that gives every table cell its own paragraph style
/// pays per cell. This keeps 4–8 bytes of slots and 8 bytes of hash per set.
struct RunAttributesInterner {
    /// Indices into the table, -1 where empty; the count is a power of two.
    private var slots: [Int32]
    /// The hash of each table entry, by table index (entry 0, the empty set, is never looked up).
    private var hashes: [Int] = [0]

    /// - Parameter capacity: The number of sets to make room for before the first growth.
    init(capacity: Int) {
        var count = 16
        while count * 3 < max(capacity, 0) * 4 { count *= 2 }
        slots = [Int32](repeating: -1, count: count)
        hashes.reserveCapacity(max(capacity, 0) + 1)
    }

    /// The index of `attributes` in `table`, appending it when it is not there.
    /// - Precondition: `table` holds exactly the sets this interner returned, in order, after an
    ///   entry 0 it never returns.
    mutating func index(of attributes: RunAttributes, in table: inout [RunAttributes]) -> Int32 {
        index(of: attributes, hash: attributes.hashValue, in: &table)
    }

    /// The hash kept for table entry `index` (`attributes.hashValue` when it was interned).
    /// - Precondition: `index` is 1 or more and an index this interner returned.
    func hash(at index: Int) -> Int { hashes[index] }

    /// The index of `attributes`, whose `hashValue` is `hash` (kept by another interner of this
    /// process), in `table`, appending it when it is not there.
    /// - Precondition: As ``index(of:in:)``, and `hash == attributes.hashValue`.
    mutating func index(of attributes: RunAttributes, hash: Int, in table: inout [RunAttributes]) -> Int32 {
        let mask = slots.count - 1
        var slot = hash & mask
        var entry = slots[slot]
        while entry >= 0 {
            if hashes[Int(entry)] == hash, table[Int(entry)] == attributes { return entry }
            slot = (slot + 1) & mask
            entry = slots[slot]
        }
        let index = Int32(table.count)
        table.append(attributes)
        hashes.append(hash)
        slots[slot] = index
        if (hashes.count - 1) * 4 > slots.count * 3 { grow() }
        return index
    }

    /// Doubles the slots and places every entry again from its kept hash.
    private mutating func grow() {
        var grown = [Int32](repeating: -1, count: slots.count * 2)
        let mask = grown.count - 1
        for index in hashes.indices.dropFirst() {
            var slot = hashes[index] & mask
            while grown[slot] >= 0 { slot = (slot + 1) & mask }
            grown[slot] = Int32(index)
        }
        slots = grown
    }
}
