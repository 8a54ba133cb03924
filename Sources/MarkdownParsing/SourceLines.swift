import Foundation

/// Where the lines of a source start, as CommonMark counts lines (ended by LF, CRLF or a lone
/// CR) and libcmark-gfm numbers them: entry `n - 1` is the UTF-8 offset of line `n`. One
/// implementation for the parser's source positions, alert markers, the source map and the
/// Markdown writer's escape checks.
package enum SourceLines {
    /// Where each line starts (0 first), lines ended by LF, CRLF or a lone CR as CommonMark
    /// counts them. Without a carriage return in the bytes, a `memchr` scan for line feeds.
    package static func starts(of bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
        var starts = [0]
        guard let base = bytes.baseAddress, !bytes.isEmpty else { return starts }
        let raw = UnsafeRawPointer(base)
        if memchr(raw, 0x0D, bytes.count) == nil {
            var offset = 0
            while offset < bytes.count, let found = memchr(raw + offset, 0x0A, bytes.count - offset) {
                let index = raw.distance(to: UnsafeRawPointer(found))
                if index + 1 < bytes.count { starts.append(index + 1) }
                offset = index + 1
            }
            return starts
        }
        var index = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A || byte == 0x0D {
                if byte == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { index += 1 }
                if index + 1 < bytes.count { starts.append(index + 1) }
            }
            index += 1
        }
        return starts
    }
}
