import IntentModel

/// The escaping rules of libcmark-gfm's HTML renderer, on UTF-8 bytes.
enum HTMLEscaping {
    /// Text and attribute values: `&` `<` `>` `"` become entities (`'` and `/` are kept, as
    /// libcmark-gfm does outside its "secure" mode).
    static func appendEscapedText<Bytes: Collection>(_ bytes: Bytes, to output: inout ByteOutput) where Bytes.Element == UInt8 {
        for byte in bytes {
            switch byte {
            case UInt8(ascii: "&"): output.append("&amp;")
            case UInt8(ascii: "<"): output.append("&lt;")
            case UInt8(ascii: ">"): output.append("&gt;")
            case UInt8(ascii: "\""): output.append("&quot;")
            default: output.append(byte)
            }
        }
    }

    /// The fast path of ``appendEscapedText(_:to:)`` for contiguous bytes: copies each stretch
    /// without special characters in one go. (No global tables here: on Linux every access to a
    /// global `let` goes through `swift_once`.)
    static func appendEscapedText(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout ByteOutput) {
        guard let base = bytes.baseAddress else { return }
        let raw = UnsafeRawPointer(base)
        var stretchStart = 0
        var index = 0
        var tailChecked = false
        let count = bytes.count
        while index < count {
            // Eight bytes at a time: skip words that hold none of & < > " (SWAR zero-byte test).
            if index + 8 <= count {
                let word = raw.loadUnaligned(fromByteOffset: index, as: UInt64.self)
                if !containsSpecial(word) {
                    index += 8
                    continue
                }
            } else if !tailChecked {
                // The last partial word, once: the eight bytes that end the text (some already
                // handled; a special among those only sends the tail to the byte loop).
                tailChecked = true
                if count >= 8, !containsSpecial(raw.loadUnaligned(fromByteOffset: count - 8, as: UInt64.self)) { break }
            }
            let byte = base[index]
            if byte > 0x3E || (byte != 0x26 && byte != 0x3C && byte != 0x3E && byte != 0x22) {
                index += 1
                continue
            }
            if index > stretchStart { output.append(UnsafeBufferPointer(rebasing: bytes[stretchStart..<index])) }
            switch byte {
            case 0x26: output.append("&amp;")
            case 0x3C: output.append("&lt;")
            case 0x3E: output.append("&gt;")
            default: output.append("&quot;")
            }
            index += 1
            stretchStart = index
        }
        if count > stretchStart { output.append(UnsafeBufferPointer(rebasing: bytes[stretchStart..<count])) }
    }

    /// Whether any byte of `word` is `&`, `<`, `>` or `"`: two zero-byte tests, as `"` (0x22) and
    /// `&` (0x26) differ only in bit 2, `<` (0x3C) and `>` (0x3E) only in bit 1.
    @inline(__always)
    static func containsSpecial(_ word: UInt64) -> Bool {
        let ones: UInt64 = 0x0101_0101_0101_0101
        let highs: UInt64 = 0x8080_8080_8080_8080
        let quoteOrAmpersand = (word | (ones &* 0x04)) ^ (ones &* 0x26)
        let angleBracket = (word | (ones &* 0x02)) ^ (ones &* 0x3E)
        return ((quoteOrAmpersand &- ones) & ~quoteOrAmpersand | (angleBracket &- ones) & ~angleBracket) & highs != 0
    }

    /// URL attribute values: bytes outside ``IntentModel/HrefBytes``'s safe set are
    /// percent-encoded; `&` and `'` become entities.
    static func appendEscapedURL<Bytes: Collection>(_ bytes: Bytes, to output: inout ByteOutput) where Bytes.Element == UInt8 {
        for byte in bytes {
            if HrefBytes.isSafe(byte) {
                output.append(byte)
            } else if byte == UInt8(ascii: "&") {
                output.append("&amp;")
            } else if byte == UInt8(ascii: "'") {
                output.append("&#x27;")
            } else {
                output.append(UInt8(ascii: "%"))
                output.append(HrefBytes.hexDigit(byte >> 4))
                output.append(HrefBytes.hexDigit(byte & 0x0F))
            }
        }
    }

    /// Whether libcmark-gfm's safe mode empties this URL: it starts (ignoring ASCII case) with
    /// `javascript:`, `vbscript:`, `file:` or `data:` other than `data:image/png`, `gif`, `jpeg` or
    /// `webp`.
    static func isDangerousURL(_ url: UnsafeBufferPointer<UInt8>) -> Bool {
        func hasPrefix(_ prefix: StaticString) -> Bool {
            guard url.count >= prefix.utf8CodeUnitCount else { return false }
            return prefix.withUTF8Buffer { expected in
                for (offset, byte) in expected.enumerated() {
                    let actual = url[offset]
                    let lowered = actual >= 0x41 && actual <= 0x5A ? actual | 0x20 : actual
                    if lowered != byte { return false }
                }
                return true
            }
        }
        if hasPrefix("javascript:") || hasPrefix("vbscript:") || hasPrefix("file:") { return true }
        if hasPrefix("data:") {
            return
                !(hasPrefix("data:image/png") || hasPrefix("data:image/gif") || hasPrefix("data:image/jpeg")
                || hasPrefix("data:image/webp"))
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
    static func appendFiltered(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout ByteOutput) {
        for index in 0..<bytes.count {
            if bytes[index] == UInt8(ascii: "<"), isFilteredTag(bytes, at: index) {
                output.append("&lt;")
            } else {
                output.append(bytes[index])
            }
        }
    }
}
