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
                if expectingKey, case .object? = stack.last {
                    stack[stack.count - 1] = .object(key: String(decoding: content, as: UTF8.self))
                    expectingKey = false
                }
            case UInt8(ascii: "-"), UInt8(ascii: "0")...UInt8(ascii: "9"):
                var token: [UInt8] = []
                while let next = iterator.first,
                    next == UInt8(ascii: "-") || next == UInt8(ascii: "+") || next == UInt8(ascii: ".")
                        || next == UInt8(ascii: "e") || next == UInt8(ascii: "E") || (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(next)
                {
                    token.append(next)
                    iterator.removeFirst()
                }
                let text = String(decoding: token, as: UTF8.self)
                let isInteger = !token.contains { $0 == UInt8(ascii: ".") || $0 == UInt8(ascii: "e") || $0 == UInt8(ascii: "E") }
                let fits =
                    isInteger ? Int64(text) != nil || Double(text).map { $0.isFinite } == true : Double(text).map { $0.isFinite } ?? false
                // An integer beyond 64 bits is also unrepresentable where an `Int` is expected, which
                // is every integer field of the form.
                if !fits || (isInteger && Int64(text) == nil) { return (path(), text) }
            default:
                iterator.removeFirst()
            }
        }
        return nil
    }
}
