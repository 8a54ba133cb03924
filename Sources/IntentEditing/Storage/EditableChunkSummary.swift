/// What ``EditableIntentDocument``'s tree adds up over its chunks: text lengths (UTF-8 bytes,
/// UTF-16 units), runs, and the ranges of block identities and of span identities the chunks
/// hold (parsing numbers blocks and spans each in document order, so that an undo can ask whether
/// an identity is in use elsewhere while visiting only the chunks whose range holds it).
struct EditableChunkSummary: TreeSummary, Hashable {
    /// Text length in UTF-8 bytes.
    var textUTF8 = 0
    /// Text length in UTF-16 code units.
    var textUTF16 = 0
    /// Runs.
    var runs = 0
    /// The smallest and largest block identity held (an empty range when none).
    var blockIdentities = IdentityRange()
    /// The smallest and largest span identity held.
    var spanIdentities = IdentityRange()

    static let zero = EditableChunkSummary()

    static func + (left: EditableChunkSummary, right: EditableChunkSummary) -> EditableChunkSummary {
        EditableChunkSummary(
            textUTF8: left.textUTF8 + right.textUTF8, textUTF16: left.textUTF16 + right.textUTF16, runs: left.runs + right.runs,
            blockIdentities: left.blockIdentities.union(right.blockIdentities),
            spanIdentities: left.spanIdentities.union(right.spanIdentities))
    }

    /// The smallest and the largest of some identities (`Int.max` and `Int.min` for none).
    struct IdentityRange: Hashable {
        var smallest = Int.max
        var largest = Int.min

        /// Whether `identity` lies between the smallest and the largest.
        func mayHold(_ identity: Int) -> Bool { smallest <= identity && identity <= largest }

        /// The range holding both.
        func union(_ other: IdentityRange) -> IdentityRange {
            IdentityRange(smallest: min(smallest, other.smallest), largest: max(largest, other.largest))
        }

        /// Widens the range to hold `identity`.
        mutating func note(_ identity: Int) {
            smallest = min(smallest, identity)
            largest = max(largest, identity)
        }
    }
}
