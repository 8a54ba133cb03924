/// What ``EditableIntentDocument``'s tree adds up over its chunks: text lengths (UTF-8 bytes,
/// UTF-16 units), runs, and the range of block and span identities the chunks hold (so that an
/// undo can ask whether an identity is in use elsewhere without visiting every chunk).
struct EditableChunkSummary: TreeSummary, Hashable {
    /// Text length in UTF-8 bytes.
    var textUTF8 = 0
    /// Text length in UTF-16 code units.
    var textUTF16 = 0
    /// Runs.
    var runs = 0
    /// The smallest and largest block or span identity held (`Int.max` and `Int.min` for none).
    var smallestIdentity = Int.max
    var largestIdentity = Int.min

    static let zero = EditableChunkSummary()

    static func + (left: EditableChunkSummary, right: EditableChunkSummary) -> EditableChunkSummary {
        EditableChunkSummary(
            textUTF8: left.textUTF8 + right.textUTF8, textUTF16: left.textUTF16 + right.textUTF16, runs: left.runs + right.runs,
            smallestIdentity: min(left.smallestIdentity, right.smallestIdentity),
            largestIdentity: max(left.largestIdentity, right.largestIdentity))
    }

    /// Whether `identity` lies between the smallest and the largest identity held.
    func mayHold(_ identity: Int) -> Bool { smallestIdentity <= identity && identity <= largestIdentity }
}
