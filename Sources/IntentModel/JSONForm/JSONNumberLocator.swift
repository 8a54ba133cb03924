/// Finds the first number in JSON text that Foundation's decoder cannot represent (an integer
/// beyond 64 bits, a real beyond `Double`), with its path, because the decoder reports such a
/// number only as "not valid JSON" with no path.
///
/// A small scanner, not a parser: it follows objects, arrays and strings well enough to name the
/// path of each number, and gives up (`nil`) on anything it does not understand.
enum JSONNumberLocator {
    /// The path (`.runs[0].intent[0].identity`) and text of the first unrepresentable number, or
    /// `nil` when every number fits or the text is not JSON the scanner follows.
    static func firstUnrepresentableNumber(in bytes: [UInt8]) -> (path: String, number: String)? {
        enum Frame {
            case object(key: String?)
            case array(index: Int)
        }
        var stack: [Frame] = []
        var iterator = bytes[...]
        var expectingKey = false
        func path() -> String {
            stack.map { frame in
                switch frame {
                case .object(let key): return "." + (key ?? "?")
                case .array(let index): return "[\(index)]"
                }
            }.joined()
        }
        while let byte = iterator.first {
            switch byte {
            case UInt8(ascii: "{"):
                stack.append(.object(key: nil))
                expectingKey = true
                iterator.removeFirst()
            case UInt8(ascii: "["):
                stack.append(.array(index: 0))
                expectingKey = false
                iterator.removeFirst()
            case UInt8(ascii: "}"), UInt8(ascii: "]"):
                _ = stack.popLast()
                iterator.removeFirst()
            case UInt8(ascii: ","):
                if case .array(let index)? = stack.last { stack[stack.count - 1] = .array(index: index + 1) }
                if case .object? = stack.last { expectingKey = true }
                iterator.removeFirst()
            case UInt8(ascii: "\""):
                guard let content = readString(&iterator) else { return nil }
                if expectingKey, case .object? = stack.last {
                    stack[stack.count - 1] = .object(key: String(decoding: content, as: UTF8.self))
                    expectingKey = false
                }
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                let text = readNumber(&iterator)
                if !isRepresentable(text) { return (path(), text) }
            default:
                iterator.removeFirst()
            }
        }
        return nil
    }

    /// Reads a string token from its opening quote to its closing one and returns its content
    /// (escapes kept as written); `nil` when the text ends inside it.
    private static func readString(_ iterator: inout ArraySlice<UInt8>) -> [UInt8]? {
        iterator.removeFirst()
        var content: [UInt8] = []
        while let next = iterator.first, next != UInt8(ascii: "\"") {
            content.append(next)
            iterator.removeFirst()
            if next == UInt8(ascii: "\\"), let escaped = iterator.first {
                content.append(escaped)
                iterator.removeFirst()
            }
        }
        guard !iterator.isEmpty else { return nil }
        iterator.removeFirst()
        return content
    }

    /// Reads a number token (sign, digits, fraction, exponent) and returns its text.
    private static func readNumber(_ iterator: inout ArraySlice<UInt8>) -> String {
        var token: [UInt8] = []
        while let next = iterator.first,
            next == UInt8(ascii: "-") || next == UInt8(ascii: "+") || next == UInt8(ascii: ".") || next == UInt8(ascii: "e")
                || next == UInt8(ascii: "E") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(next)
        {
            token.append(next)
            iterator.removeFirst()
        }
        return String(decoding: token, as: UTF8.self)
    }

    /// Whether the decoder can represent a number: an integer within 64 bits (beyond them it is
    /// unrepresentable where an `Int` is expected, which is every integer field of the form), a
    /// real within `Double`.
    private static func isRepresentable(_ text: String) -> Bool {
        let isInteger = !text.utf8.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
        if isInteger { return Int64(text) != nil }
        return Double(text).map { $0.isFinite } ?? false
    }
}
