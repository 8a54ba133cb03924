/// libcmark-gfm's rule for URL bytes (`houdini_escape_href`), shared by the HTML writer's `href`
/// and `src` and by the parser's `link` and `imageURL`, so that both write a destination alike.
package enum HrefBytes {
    /// Whether libcmark-gfm writes `byte` as it is in a URL: ASCII letters and digits and
    /// `-_.+!*(),%#@?=;:/$~`. Every other byte is percent-encoded (in HTML, `&` and `'` become
    /// entities instead).
    @inlinable @inline(__always)
    package static func isSafe(_ byte: UInt8) -> Bool {
        // One bit per ASCII byte (bytes 0–63, then 64–127): a shift and a test instead of a
        // chain of comparisons, in loops that run over every byte of every link.
        let safeBelow64: UInt64 = 0xAFFF_FF3A_0000_0000
        let safeFrom64: UInt64 = 0x47FF_FFFE_87FF_FFFF
        if byte < 64 { return (safeBelow64 >> UInt64(byte)) & 1 != 0 }
        return byte < 128 && (safeFrom64 >> UInt64(byte &- 64)) & 1 != 0
    }

    /// The uppercase hexadecimal digit of `value` (0–15), as percent-encoding writes it.
    @inlinable @inline(__always)
    package static func hexDigit(_ value: UInt8) -> UInt8 { value < 10 ? 0x30 + value : 0x41 + value - 10 }
}
