import Foundation

/// Where a document may be cut into pieces that libcmark-gfm can parse apart: at the start of a
/// line that begins with an ASCII letter and follows a blank line. Such a line closes every block
/// a blank line leaves open (a list, a list item, indented code: none of them takes an
/// unindented line after a blank one), and starts a paragraph at the top level, so a fresh parse
/// from there reads it as one parse would — except where a block a blank line does not end is
/// still open: a fenced code block or an HTML block of the kinds that run to an end marker.
/// Cuts inside top-level fenced code (opened by three or more backticks or tildes after at most
/// three spaces) are not proposed; every other case is found by the parser
/// (``ParallelParse`` checks the innermost open block after each piece and joins the piece to
/// the next when it is not closed).
///
/// A byte scan, not a parse: it only proposes where to cut.
struct PieceCuts {
    /// The UTF-8 offsets of the cuts, in order (none is 0).
    private(set) var offsets: [Int] = []
    /// The number of line endings before each cut (so its line is that plus 1).
    private(set) var linesBefore: [Int] = []

    /// Cuts in `bytes` at least `spacing` bytes apart.
    init(in bytes: UnsafeBufferPointer<UInt8>, spacing: Int) {
        guard let base = bytes.baseAddress, bytes.count > spacing else { return }
        let count = bytes.count
        let hasCarriageReturns = memchr(base, 0x0D, count) != nil
        var lineStart = 0
        var lines = 0
        var previousBlank = false
        var fence: (byte: UInt8, length: Int)? = nil
        var lastCut = 0
        while lineStart < count {
            // The line's end (its line ending's first byte) and the next line's start.
            var end: Int
            var next: Int
            if hasCarriageReturns {
                end = lineStart
                while end < count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
                next = end < count && bytes[end] == 0x0D && end + 1 < count && bytes[end + 1] == 0x0A ? end + 2 : end + 1
            } else if let found = memchr(base + lineStart, 0x0A, count - lineStart) {
                end = UnsafeRawPointer(base).distance(to: UnsafeRawPointer(found))
                next = end + 1
            } else {
                end = count
                next = count + 1
            }
            let first = bytes[lineStart]
            if previousBlank, fence == nil, lineStart - lastCut >= spacing, count - lineStart >= spacing / 2,
                (first | 0x20) >= UInt8(ascii: "a"), (first | 0x20) <= UInt8(ascii: "z")
            {
                offsets.append(lineStart)
                linesBefore.append(lines)
                lastCut = lineStart
            }
            previousBlank = Self.isBlank(bytes, lineStart..<end)
            fence = Self.fence(after: fence, line: bytes, lineStart..<end)
            if end < count { lines += 1 }
            lineStart = next
        }
    }

    /// Whether the line holds only spaces and tabs.
    private static func isBlank(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> Bool {
        for index in line where bytes[index] != 0x20 && bytes[index] != 0x09 { return false }
        return true
    }

    /// The top-level fence open after `line`, given the one open before it: a line of at most
    /// three spaces and then three or more backticks or tildes opens one when none is open (a
    /// backtick fence's info string has no backtick), and closes the open one when it has its
    /// character, at least as many times, and then only spaces or tabs.
    private static func fence(
        after open: (byte: UInt8, length: Int)?, line bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>
    ) -> (byte: UInt8, length: Int)? {
        var index = line.lowerBound
        while index < line.upperBound, index - line.lowerBound < 4, bytes[index] == 0x20 { index += 1 }
        guard index - line.lowerBound < 4, index < line.upperBound else { return open }
        let byte = bytes[index]
        guard byte == UInt8(ascii: "`") || byte == UInt8(ascii: "~") else { return open }
        var length = 0
        while index < line.upperBound, bytes[index] == byte {
            length += 1
            index += 1
        }
        guard length >= 3 else { return open }
        if let open {
            guard byte == open.byte, length >= open.length, isBlank(bytes, index..<line.upperBound) else { return open }
            return nil
        }
        if byte == UInt8(ascii: "`"), bytes[index..<line.upperBound].contains(UInt8(ascii: "`")) { return nil }
        return (byte, length)
    }
}
