/// The bytes handed to libcmark-gfm when the preparation changed the source, and the map from
/// their offsets back to the original's.
///
/// Built by copying the original with ``SourceEdit``s applied; every copied stretch is recorded
/// as a segment, so that an offset in the rewritten bytes maps back by a binary search.
struct RewrittenSource {
    /// The rewritten bytes.
    let bytes: [UInt8]
    /// Copied stretches: (start in `bytes`, start in the original, length in bytes), sorted.
    private let segments: [(rewritten: Int, original: Int, length: Int)]

    /// Applies `edits` (sorted by start; an edit that begins inside an earlier one is dropped)
    /// to `original`.
    init(original: UnsafeBufferPointer<UInt8>, applying edits: [SourceEdit]) {
        var output: [UInt8] = []
        output.reserveCapacity(original.count + edits.count * 4 + 16)
        var segments: [(rewritten: Int, original: Int, length: Int)] = []
        var position = 0
        for edit in edits where edit.start >= position {
            if edit.start > position {
                segments.append((output.count, position, edit.start - position))
                output.append(contentsOf: original[position..<edit.start])
            }
            output.append(contentsOf: edit.replacement)
            position = edit.end
        }
        if position < original.count {
            segments.append((output.count, position, original.count - position))
            output.append(contentsOf: original[position..<original.count])
        }
        self.bytes = output
        self.segments = segments
    }

    /// The original offset of rewritten offset `offset`: inside inserted bytes, the original
    /// offset where the insertion stands; `nil` when nothing of the original was copied.
    func originalOffset(forRewritten offset: Int) -> Int? {
        guard !segments.isEmpty else { return nil }
        var low = 0
        var high = segments.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if segments[middle].rewritten <= offset { low = middle } else { high = middle - 1 }
        }
        let segment = segments[low]
        if offset < segment.rewritten { return segment.original }
        return segment.original + min(offset - segment.rewritten, segment.length)
    }
}
