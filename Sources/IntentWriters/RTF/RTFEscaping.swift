import IntentModel

/// Text to RTF: the writer's output is 7-bit ASCII whatever the text (RTF 1.9.1, "Special
/// characters" and `\uN`).
///
/// - `\`, `{`, `}` are escaped with a backslash; a tab is `\tab`; a line feed and U+2028 LINE
///   SEPARATOR are `\line`; U+2029 PARAGRAPH SEPARATOR is `\par`; other C0 controls and DEL are
///   dropped.
/// - U+00A0 is `\~`, U+00AD is `\-`, U+2011 is `\_` (RTF's control symbols for them).
/// - Every other non-ASCII scalar is `\uN ?` with `N` the signed 16-bit UTF-16 code unit (the
///   spec's form: values above 32767 are written minus 65536) and `?` the one-byte fallback that
///   `\uc1` announces; a scalar outside the BMP is its UTF-16 surrogate pair, two `\uN ?`.
enum RTFEscaping {
    /// Appends `bytes` (UTF-8) escaped. Invalid UTF-8 is written as U+FFFD.
    static func appendText(_ bytes: UnsafeBufferPointer<UInt8>, to output: inout ByteOutput) {
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte < 0x80 {
                index += 1
                switch byte {
                case UInt8(ascii: "\\"), UInt8(ascii: "{"), UInt8(ascii: "}"):
                    output.append(UInt8(ascii: "\\"))
                    output.append(byte)
                case UInt8(ascii: "\t"): output.append("\\tab ")
                case UInt8(ascii: "\n"): output.append("\\line ")
                case 0..<0x20, 0x7F: break
                default: output.append(byte)
                }
                continue
            }
            let (scalar, length) = decode(bytes, at: index)
            index += length
            appendScalar(scalar, to: &output)
        }
    }

    /// Appends one non-ASCII scalar (or an ASCII one, escaped as text).
    static func appendScalar(_ scalar: UInt32, to output: inout ByteOutput) {
        switch scalar {
        case 0x2028: output.append("\\line ")
        case 0x2029: output.append("\\par ")
        case 0xA0: output.append("\\~")
        case 0xAD: output.append("\\-")
        case 0x2011: output.append("\\_")
        case 0..<0x80:
            var byte = UInt8(truncatingIfNeeded: scalar)
            withUnsafePointer(to: &byte) { appendText(UnsafeBufferPointer(start: $0, count: 1), to: &output) }
        case 0x80..<0x10000:
            appendUnit(UInt16(truncatingIfNeeded: scalar), to: &output)
        default:
            let value = scalar - 0x10000
            appendUnit(UInt16(truncatingIfNeeded: 0xD800 + (value >> 10)), to: &output)
            appendUnit(UInt16(truncatingIfNeeded: 0xDC00 + (value & 0x3FF)), to: &output)
        }
    }

    /// `\uN ?` for one UTF-16 code unit, `N` signed. The space is the control word's delimiter
    /// (part of it, per the spec); without it some readers (pandoc 2.17) take the `?` as the
    /// delimiter and skip the next character instead.
    private static func appendUnit(_ unit: UInt16, to output: inout ByteOutput) {
        output.append("\\u")
        appendInteger(Int(Int16(bitPattern: unit)), to: &output)
        output.append(" ?")
    }

    /// Appends a decimal integer (a small string: no allocation).
    static func appendInteger(_ value: Int, to output: inout ByteOutput) {
        output.append(String(value))
    }

    /// Appends `text` escaped (for strings that are not run text: URLs, font names).
    static func appendString(_ text: String, to output: inout ByteOutput) {
        var text = text
        text.withUTF8 { appendText($0, to: &output) }
    }

    /// The scalar starting at `index` (a non-ASCII lead byte) and its length; U+FFFD and 1 for
    /// a malformed sequence.
    private static func decode(_ bytes: UnsafeBufferPointer<UInt8>, at index: Int) -> (UInt32, Int) {
        let lead = bytes[index]
        let length: Int
        var scalar: UInt32
        switch lead {
        case 0xC2...0xDF:
            length = 2
            scalar = UInt32(lead & 0x1F)
        case 0xE0...0xEF:
            length = 3
            scalar = UInt32(lead & 0x0F)
        case 0xF0...0xF4:
            length = 4
            scalar = UInt32(lead & 0x07)
        default:
            return (0xFFFD, 1)
        }
        guard index + length <= bytes.count else { return (0xFFFD, 1) }
        for offset in 1..<length {
            let continuation = bytes[index + offset]
            guard continuation & 0xC0 == 0x80 else { return (0xFFFD, 1) }
            scalar = scalar << 6 | UInt32(continuation & 0x3F)
        }
        return (scalar, length)
    }
}
