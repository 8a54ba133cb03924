import Foundation

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
        bytes.withUnsafeBufferPointer { line(in: $0, from: start) }
    }

    /// ``line(in:from:)-([UInt8],_)`` over a buffer: `memchr` finds the line feed, and a
    /// carriage return is looked for only before it — in windows that double from 256 bytes, so
    /// that a line costs its own length: looking for the line feed up to the end made every line
    /// of a text whose lines end in carriage returns alone cost the rest of the text (a 1 MB
    /// paragraph of such lines took 0.3 s to open and as long per edit, quadratic).
    static func line(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (contentEnd: Int, next: Int) {
        guard start < bytes.count, let base = bytes.baseAddress else { return (start, start) }
        var searchStart = start
        var window = 256
        while searchStart < bytes.count {
            let searchEnd = min(bytes.count, searchStart + window)
            let feed = memchr(base + searchStart, Int32(lineFeed), searchEnd - searchStart).map {
                UnsafePointer($0.assumingMemoryBound(to: UInt8.self)) - base
            }
            if let ret = memchr(base + searchStart, Int32(carriageReturn), (feed ?? searchEnd) - searchStart) {
                let end = UnsafePointer(ret.assumingMemoryBound(to: UInt8.self)) - base
                return (end, end + 1 < bytes.count && bytes[end + 1] == lineFeed ? end + 2 : end + 1)
            }
            if let feed { return (feed, feed + 1) }
            searchStart = searchEnd
            window *= 2
        }
        return (bytes.count, bytes.count)
    }

    /// The offset of every line's start in `bytes`: 0, and after each line ending.
    static func lineStarts(of bytes: some Sequence<UInt8>) -> [Int] {
        // `memchr` over contiguous bytes (a native string's UTF-8, an array) where there are.
        if let starts = bytes.withContiguousStorageIfAvailable({ lineStarts(ofBuffer: $0) }) { return starts }
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

    private static func lineStarts(ofBuffer bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
        var starts = [0]
        var start = 0
        while start < bytes.count {
            let next = line(in: bytes, from: start).next
            if next <= bytes.count, next > start, isEnding(bytes[next - 1]) { starts.append(next) }
            start = next
        }
        return starts
    }
}
