/// libcmark-gfm's rule for URL bytes (`houdini_escape_href`), shared by the HTML writer's `href`
/// and `src` and by the parser's `link` and `imageURL`, so that both write a destination alike.
package enum HrefBytes {
    /// Whether libcmark-gfm writes `byte` as it is in a URL: ASCII letters and digits and
    /// `-_.+!*(),%#@?=;:/$~`. Every other byte is percent-encoded (in HTML, `&` and `'` become
    /// entities instead).
    @inlinable @inline(__always)
    package static func isSafe(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"), UInt8(ascii: "0")...UInt8(ascii: "9"):
            return true
        case UInt8(ascii: "-"), UInt8(ascii: "_"), UInt8(ascii: "."), UInt8(ascii: "+"), UInt8(ascii: "!"), UInt8(ascii: "*"),
            UInt8(ascii: "("), UInt8(ascii: ")"), UInt8(ascii: ","), UInt8(ascii: "%"), UInt8(ascii: "#"), UInt8(ascii: "@"),
            UInt8(ascii: "?"), UInt8(ascii: "="), UInt8(ascii: ";"), UInt8(ascii: ":"), UInt8(ascii: "/"), UInt8(ascii: "$"),
            UInt8(ascii: "~"):
            return true
        default:
            return false
        }
    }

    /// The uppercase hexadecimal digit of `value` (0–15), as percent-encoding writes it.
    @inlinable @inline(__always)
    package static func hexDigit(_ value: UInt8) -> UInt8 { value < 10 ? 0x30 + value : 0x41 + value - 10 }
}
