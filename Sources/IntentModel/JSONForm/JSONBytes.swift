/// UTF-8 bytes of JSON written piece by piece: what the streaming writer of the document form
/// appends to (no `JSONEncoder` over the whole document).
struct JSONBytes {
    private(set) var bytes: [UInt8] = []

    init(capacity: Int) {
        bytes.reserveCapacity(capacity)
    }

    /// Appends JSON syntax or an already encoded value as it is.
    mutating func raw(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    /// Appends already encoded JSON bytes as they are.
    mutating func raw(_ encoded: [UInt8]) {
        bytes.append(contentsOf: encoded)
    }

    /// Appends a decimal integer.
    mutating func int(_ value: Int) {
        bytes.append(contentsOf: String(value).utf8)
    }

    /// Appends `text` as a JSON string: quotes, backslashes and control characters escaped (`\n`,
    /// `\t`, `\r`, `\b`, `\f`, else `\u00XX`), everything else as its UTF-8 bytes.
    mutating func string(_ text: Substring) {
        bytes.append(UInt8(ascii: "\""))
        var text = text
        text.withUTF8 { utf8 in
            var start = 0
            for index in 0..<utf8.count {
                let byte = utf8[index]
                guard byte < 0x20 || byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "\\") else { continue }
                bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<index]))
                start = index + 1
                bytes.append(UInt8(ascii: "\\"))
                switch byte {
                case UInt8(ascii: "\""): bytes.append(UInt8(ascii: "\""))
                case UInt8(ascii: "\\"): bytes.append(UInt8(ascii: "\\"))
                case 0x0A: bytes.append(UInt8(ascii: "n"))
                case 0x09: bytes.append(UInt8(ascii: "t"))
                case 0x0D: bytes.append(UInt8(ascii: "r"))
                case 0x08: bytes.append(UInt8(ascii: "b"))
                case 0x0C: bytes.append(UInt8(ascii: "f"))
                default:
                    let hex: [UInt8] = Array("0123456789abcdef".utf8)
                    bytes.append(contentsOf: [
                        UInt8(ascii: "u"), UInt8(ascii: "0"), UInt8(ascii: "0"), hex[Int(byte >> 4)], hex[Int(byte & 0x0F)],
                    ])
                }
            }
            bytes.append(contentsOf: UnsafeBufferPointer(rebasing: utf8[start..<utf8.count]))
        }
        bytes.append(UInt8(ascii: "\""))
    }

    /// Appends `text` as a JSON string.
    mutating func string(_ text: String) {
        string(text[...])
    }
}
