/// Line endings as CommonMark reads them — a line feed, a carriage return followed by a line
/// feed, or a carriage return alone — so that the lines counted here are the lines libcmark-gfm
/// numbers its blocks by.
///
/// A carriage return at the end of the bytes counted ends a line: the incremental document cuts
/// its source only at line starts, so the next piece never starts with the line feed of a pair.
enum LineEndings {
    static let lineFeed = UInt8(ascii: "\n")
    static let carriageReturn = UInt8(ascii: "\r")

    /// Whether `byte` is a line feed or a carriage return.
    @inline(__always)
    static func isEnding(_ byte: UInt8) -> Bool { byte == lineFeed || byte == carriageReturn }

    /// The number of line endings in `bytes` (a carriage return and line feed count once).
    static func count(in bytes: some Sequence<UInt8>) -> Int {
        // A tight loop over contiguous bytes (a native string's UTF-8, an array) where there are.
        if let counted = bytes.withContiguousStorageIfAvailable({ countEndings(in: $0) }) { return counted }
        return countEndings(in: bytes)
    }

    private static func countEndings(in bytes: some Sequence<UInt8>) -> Int {
        var count = 0
        var previous: UInt8 = 0
        for byte in bytes {
            if byte == lineFeed {
                if previous != carriageReturn { count += 1 }
            } else if byte == carriageReturn {
                count += 1
            }
            previous = byte
        }
        return count
    }

    /// Whether `bytes` end with a line ending.
    static func endsWithEnding(_ bytes: some BidirectionalCollection<UInt8>) -> Bool {
        bytes.last.map(isEnding) ?? false
    }

    /// The line of `bytes` that starts at `start`: where its content ends (its ending's first
    /// byte, or the end) and where the next line starts (after the ending).
    static func line(in bytes: [UInt8], from start: Int) -> (contentEnd: Int, next: Int) {
        var end = start
        while end < bytes.count, !isEnding(bytes[end]) { end += 1 }
        guard end < bytes.count else { return (end, end) }
        if bytes[end] == carriageReturn, end + 1 < bytes.count, bytes[end + 1] == lineFeed { return (end, end + 2) }
        return (end, end + 1)
    }

    /// The offset of every line's start in `bytes`: 0, and after each line ending.
    static func lineStarts(of bytes: some Sequence<UInt8>) -> [Int] {
        var starts = [0]
        var previous: UInt8 = 0
        var offset = 0
        for byte in bytes {
            // A carriage return ends a line unless a line feed follows it (then the feed does).
            if previous == carriageReturn, byte != lineFeed { starts.append(offset) }
            if byte == lineFeed { starts.append(offset + 1) }
            previous = byte
            offset += 1
        }
        if previous == carriageReturn { starts.append(offset) }
        return starts
    }
}
