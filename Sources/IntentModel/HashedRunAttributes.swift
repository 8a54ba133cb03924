/// Run attributes with their hash computed once: the key of ``IntentDocumentBuilder``'s interning
/// table. A dictionary rehashes every key when it grows, and attributes with a paragraph style
/// (a table cell's, a list marker's) take thousands of instructions to hash; with the hash stored,
/// growing costs one integer per key, and keys with different hashes compare unequal at once.
struct HashedRunAttributes: Hashable {
    let attributes: RunAttributes
    let hash: Int

    init(_ attributes: RunAttributes) {
        self.attributes = attributes
        hash = attributes.hashValue
    }

    func hash(into hasher: inout Hasher) { hasher.combine(hash) }

    static func == (left: Self, right: Self) -> Bool { left.hash == right.hash && left.attributes == right.attributes }
}
