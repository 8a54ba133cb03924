/// The escaping rules of libcmark-gfm's HTML renderer, on UTF-8 bytes.
enum HTMLEscaping {
    /// Text and attribute values: `&` `<` `>` `"` become entities (`'` and `/` are kept, as
    /// libcmark-gfm does outside its "secure" mode).
    static func appendEscapedText<Bytes: Collection>(_ bytes: Bytes, to output: inout [UInt8]) where Bytes.Element == UInt8 {
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "&"): output.append(contentsOf: ampersand)
            case UInt8(ascii: "<"): output.append(contentsOf: lessThan)
            case UInt8(ascii: ">"): output.append(contentsOf: greaterThan)
            case UInt8(ascii: "\""): output.append(contentsOf: quote)
            default: output.append(byte)
            }
        }
    }

    static let ampersand = Array("&amp;".utf8)
    static let lessThan = Array("&lt;".utf8)
    static let greaterThan = Array("&gt;".utf8)
    static let quote = Array("&quot;".utf8)
    static let apostrophe = Array("&#x27;".utf8)

    /// URL attribute values: bytes outside the safe set are percent-encoded; `&` and `'` become
    /// entities. Safe: ASCII letters and digits and `-_.+!*(),%#@?=;:/,$~`.
    static func appendEscapedURL<Bytes: Collection>(_ bytes: Bytes, to output: inout [UInt8]) where Bytes.Element == UInt8 {
        let hex = Array("0123456789ABCDEF".utf8)
        for byte in bytes {
            if urlSafe[Int(byte)] {
                output.append(byte)
            } else if byte == UInt8(ascii: "&") {
                output.append(contentsOf: ampersand)
            } else if byte == UInt8(ascii: "'") {
                output.append(contentsOf: apostrophe)
            } else {
                output.append(UInt8(ascii: "%"))
                output.append(hex[Int(byte >> 4)])
                output.append(hex[Int(byte & 0x0F)])
            }
        }
    }

    static let urlSafe: [Bool] = {
        var table = [Bool](repeating: false, count: 256)
        for byte in UInt8(ascii: "a")...UInt8(ascii: "z") { table[Int(byte)] = true }
        for byte in UInt8(ascii: "A")...UInt8(ascii: "Z") { table[Int(byte)] = true }
        for byte in UInt8(ascii: "0")...UInt8(ascii: "9") { table[Int(byte)] = true }
        for byte in "-_.+!*(),%#@?=;:/,$~".utf8 { table[Int(byte)] = true }
        return table
    }()

    /// Whether libcmark-gfm's safe mode empties this URL: it starts (ignoring case) with
    /// `javascript:`, `vbscript:`, `file:` or `data:` other than `data:image/png`, `gif`, `jpeg` or
    /// `webp`.
    static func isDangerousURL(_ url: String) -> Bool {
        let lowered = url.prefix(20).lowercased()
        if lowered.hasPrefix("javascript:") || lowered.hasPrefix("vbscript:") || lowered.hasPrefix("file:") { return true }
        if lowered.hasPrefix("data:") {
            for image in ["data:image/png", "data:image/gif", "data:image/jpeg", "data:image/webp"] where lowered.hasPrefix(image) {
                return false
            }
            return true
        }
        return false
    }

    /// The tag names GFM's tag filter escapes (GFM §6.11).
    static let filteredTags: [[UInt8]] = [
        "title", "textarea", "style", "xmp", "iframe", "noembed", "noframes", "script", "plaintext",
    ].map { Array($0.utf8) }

    /// Whether the HTML at `start` opens or closes a filtered tag: `<` or `</`, a filtered name
    /// (any case), then whitespace, `>` or `/>`.
    static func isFilteredTag(_ bytes: UnsafeBufferPointer<UInt8>, at start: Int) -> Bool {
        var cursor = start + 1
        guard start < bytes.count, bytes[start] == UInt8(ascii: "<") else { return false }
        if cursor < bytes.count, bytes[cursor] == UInt8(ascii: "/") { cursor += 1 }
        for name in filteredTags {
            guard cursor + name.count <= bytes.count else { continue }
            var matches = true
            for (offset, letter) in name.enumerated() where bytes[cursor + offset] | 0x20 != letter {
                matches = false
                break
            }
            guard matches else { continue }
            let after = cursor + name.count
            guard after < bytes.count else { return false }
            switch bytes[after] {
            case UInt8(ascii: ">"), UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), 0x0B, 0x0C, UInt8(ascii: "\r"):
                return true
            case UInt8(ascii: "/"):
                return after + 1 < bytes.count && bytes[after + 1] == UInt8(ascii: ">")
            default:
                return false
            }
        }
        return false
    }

    /// Raw HTML with the tag filter applied: the `<` of every filtered tag becomes `&lt;`.
    static func appendFiltered(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout [UInt8]) {
        for index in 0..<bytes.count {
            if bytes[index] == UInt8(ascii: "<"), isFilteredTag(bytes, at: index) {
                output.append(contentsOf: lessThan)
            } else {
                output.append(bytes[index])
            }
        }
    }
}
