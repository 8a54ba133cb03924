import IntentModel

/// libcmark-gfm's hard limit on one buffer, and the input that could reach it.
///
/// libcmark-gfm 0.29.0.gfm.6 keeps a line being read and each block's content (a paragraph, a
/// code block, an HTML block — each of which can be the whole document) in buffers whose size is
/// a 32-bit int; `cmark_strbuf_grow` aborts the process (`requests buffer with size >
/// 1073741823, aborting`) when one would pass `INT32_MAX / 2`. A buffer holds input bytes, except
/// that a NUL byte becomes U+FFFD (3 bytes) and a tab a block's indentation partly consumes
/// becomes up to 4 spaces. So an input is refused before libcmark-gfm runs when its bytes, plus 2
/// per NUL and 3 per tab, could pass the limit less a 64 KiB margin (for the few bytes a block
/// adds, such as a final line feed). This holds whatever ``ParsingLimits`` say: past it the
/// process would end, not the parse.
enum CmarkBufferCeiling {
    /// The most bytes libcmark-gfm's buffers can grow to, less a 64 KiB margin.
    static let maximumExpandedBytes = Int(Int32.max / 2) - 65_536

    /// The largest size `bytes` can grow to in one libcmark-gfm buffer: its count, plus 2 per NUL
    /// and 3 per tab. Counts only when the input is large enough for that to matter (an input of
    /// at most a quarter of the ceiling cannot reach it), so real documents pay nothing.
    static func expandedByteCount(of bytes: UnsafeBufferPointer<UInt8>, ceiling: Int = maximumExpandedBytes) -> Int {
        let count = bytes.count
        guard count > ceiling / 4, let raw = UnsafeRawPointer(bytes.baseAddress) else { return count }
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        @inline(__always) func zeroBytes(_ value: UInt64) -> UInt64 {
            // One high bit per zero byte (exact: no borrow crosses bytes when computed this way).
            ~(((value & ~highs) &+ ~highs) | value | ~highs) & highs
        }
        var nuls = 0
        var tabs = 0
        var index = 0
        while index + 8 <= count {
            let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
            nuls += zeroBytes(word).nonzeroBitCount
            tabs += zeroBytes(word ^ (ones &* 0x09)).nonzeroBitCount
            index += 8
        }
        while index < count {
            if bytes[index] == 0 { nuls += 1 } else if bytes[index] == 0x09 { tabs += 1 }
            index += 1
        }
        return count + 2 * nuls + 3 * tabs
    }

    /// Throws when `bytes` could grow past `ceiling` in a libcmark-gfm buffer.
    /// - Throws: ``IntentModel/IntentMarkError/limitExceeded(limit:maximum:found:)`` with limit
    ///   `"libcmark-gfm buffer"`.
    static func check(_ bytes: UnsafeBufferPointer<UInt8>, ceiling: Int = maximumExpandedBytes) throws {
        let expanded = expandedByteCount(of: bytes, ceiling: ceiling)
        if expanded > ceiling {
            throw IntentMarkError.limitExceeded(limit: "libcmark-gfm buffer", maximum: ceiling, found: expanded)
        }
    }
}
