/// The JSON pieces the streaming writer of the document form appends (no `JSONEncoder` over the
/// whole document): decimal integers and escaped strings.
extension ByteOutput {
    /// Appends a decimal integer.
    mutating func appendJSONInteger(_ value: Int) {
        if value < 0 { append(UInt8(ascii: "-")) }
        // The magnitude's digits, written backwards into a scratch buffer (division by the constant
        // 10 is a multiplication), then appended in order.
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: 20) { digits in
            var magnitude = value.magnitude
            var start = digits.count
            repeat {
                start -= 1
                digits[start] = UInt8(ascii: "0") + UInt8(magnitude % 10)
                magnitude /= 10
            } while magnitude > 0
            append(UnsafeBufferPointer(rebasing: digits[start...]))
        }
    }

    /// Appends `utf8` (valid UTF-8) as a JSON string: quotes, backslashes and control characters
    /// escaped (`\n`, `\t`, `\r`, `\b`, `\f`, else `\u00XX`), everything else as its bytes.
    mutating func appendJSONString(utf8: UnsafeBufferPointer<UInt8>) {
        append(UInt8(ascii: "\""))
        var start = 0
        for index in 0..<utf8.count {
            let byte = utf8[index]
            guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
            append(UnsafeBufferPointer(rebasing: utf8[start..<index]))
            start = index + 1
            append(UInt8(ascii: "\\"))
            switch byte {
            case UInt8(ascii: "\""): append(UInt8(ascii: "\""))
            case UInt8(ascii: "\\"): append(UInt8(ascii: "\\"))
            case 0x0A: append(UInt8(ascii: "n"))
            case 0x09: append(UInt8(ascii: "t"))
            case 0x0D: append(UInt8(ascii: "r"))
            case 0x08: append(UInt8(ascii: "b"))
            case 0x0C: append(UInt8(ascii: "f"))
            default:
                let hex: StaticString = "0123456789abcdef"
                hex.withUTF8Buffer { digits in
                    append("u00")
                    append(digits[Int(byte >> 4)])
                    append(digits[Int(byte & 0x0F)])
                }
            }
        }
        append(UnsafeBufferPointer(rebasing: utf8[start..<utf8.count]))
        append(UInt8(ascii: "\""))
    }

    /// Appends `text` as a JSON string.
    mutating func appendJSONString(_ text: Substring) {
        var text = text
        text.withUTF8 { appendJSONString(utf8: $0) }
    }

    /// Appends `text` as a JSON string.
    mutating func appendJSONString(_ text: String) {
        appendJSONString(text[...])
    }
}
