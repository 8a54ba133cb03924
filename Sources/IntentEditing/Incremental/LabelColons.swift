/// Every `]:` of a stretch of Markdown that may end a link reference definition's label, found
/// in one forward pass: each unescaped `]` followed by `:` whose label opens at the last unescaped
/// `[` before it, with no unescaped `]` between (a label holds no unescaped bracket, and the `]`
/// of an earlier `]:` counts). A backslash escapes the byte after it, unless it is itself escaped
/// (`\\]:` ends a label; `\]:` does not).
///
/// Read once per block, it answers for each line which labels end there, so that reading every
/// line of a block costs the block's length, not its length for each line.
struct LabelColons {
    /// Each label's `[` and `]` (byte indices of the stretch's collection), in order.
    private var brackets: [(open: Int, close: Int)] = []

    /// The label colons of `bytes` (indices are those of the collection, so a slice keeps its
    /// base's offsets).
    init<Bytes: RandomAccessCollection<UInt8>>(_ bytes: Bytes) where Bytes.Index == Int {
        var found: [(open: Int, close: Int)] = []
        DefinitionIndex.forEachBracketPair(in: bytes) { open, close in
            if close + 1 < bytes.endIndex, bytes[close + 1] == UInt8(ascii: ":") { found.append((open, close)) }
            return true
        }
        brackets = found
    }

    /// The labels (the text between `[` and `]`) of the colons whose `]` lies in `lines` (byte
    /// indices of `bytes`, the collection these colons were read from), or `nil` when one
    /// opened before `lines` and `acrossLines` is false (container prefixes may lie between).
    func labels<Bytes: RandomAccessCollection<UInt8>>(in bytes: Bytes, endingIn lines: Range<Int>, acrossLines: Bool) -> [String]?
    where Bytes.Index == Int {
        // The first colon whose `]` is at or after the lines' start.
        var low = 0
        var high = brackets.count
        while low < high {
            let middle = (low + high) / 2
            if brackets[middle].close < lines.lowerBound { low = middle + 1 } else { high = middle }
        }
        var labels: [String] = []
        for (open, close) in brackets[low...] {
            guard close < lines.upperBound else { break }
            if open < lines.lowerBound, !acrossLines { return nil }
            labels.append(String(decoding: bytes[(open + 1)..<close], as: UTF8.self))
        }
        return labels
    }
}
