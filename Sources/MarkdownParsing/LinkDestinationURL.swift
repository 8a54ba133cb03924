import Foundation
import IntentModel

/// The `link` and `imageURL` of a destination as written: the URL libcmark-gfm's HTML writer puts
/// in `href` and `src`, never an escape encoded twice.
///
/// Bytes outside the URL-safe set (ASCII letters and digits and ``-_.+!*(),%#@?=;:/$~&'``) are
/// percent-encoded as UTF-8, as libcmark-gfm's `houdini_escape_href` does; an existing escape
/// (`%20`) is kept as it is. So `./Nächste%20Termine.md` is `./N%C3%A4chste%20Termine.md`, where
/// Foundation's `URL(string:)` on Linux would encode the `%` again (`%2520`) because the string
/// also holds a character it must encode. A `%` not followed by two hex digits is `%25` (the URL
/// would not parse otherwise). With a base URL the result is resolved against it; without one it
/// stays relative (`#intro` stays `#intro`).
enum LinkDestinationURL {
    /// The URL for `destination`, or `nil` for an empty destination or one that is no URL even
    /// when encoded.
    static func url(for destination: String, relativeTo base: URL?) -> URL? {
        guard !destination.isEmpty else { return nil }
        let encoded = Self.encoded(destination)
        if let base { return URL(string: encoded, relativeTo: base)?.absoluteURL }
        return URL(string: encoded, encodingInvalidCharacters: false) ?? URL(string: encoded)
    }

    /// `destination` with every byte outside the safe set percent-encoded.
    static func encoded(_ destination: String) -> String {
        let bytes = Array(destination.utf8)
        guard bytes.contains(where: { !isSafe($0) }) || bytes.contains(UInt8(ascii: "%")) else { return destination }
        var output: [UInt8] = []
        output.reserveCapacity(bytes.count + 16)
        for (index, byte) in bytes.enumerated() {
            if byte == UInt8(ascii: "%") {
                let isEscape = index + 2 < bytes.count && isHexDigit(bytes[index + 1]) && isHexDigit(bytes[index + 2])
                output.append(contentsOf: isEscape ? [byte] : Array("%25".utf8))
            } else if isSafe(byte) {
                output.append(byte)
            } else {
                output.append(UInt8(ascii: "%"))
                output.append(HrefBytes.hexDigit(byte >> 4))
                output.append(HrefBytes.hexDigit(byte & 0x0F))
            }
        }
        return String(decoding: output, as: UTF8.self)
    }

    private static func isHexDigit(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "a")...UInt8(ascii: "f"), UInt8(ascii: "A")...UInt8(ascii: "F"):
            return true
        default: return false
        }
    }

    /// libcmark-gfm's href-safe bytes, and `&` and `'`, which its HTML writes as entities.
    private static func isSafe(_ byte: UInt8) -> Bool {
        HrefBytes.isSafe(byte) || byte == UInt8(ascii: "&") || byte == UInt8(ascii: "'")
    }
}
