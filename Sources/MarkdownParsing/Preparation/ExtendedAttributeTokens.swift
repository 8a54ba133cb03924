import Foundation
import IntentModel

/// Extended attributes (`^[text](attributes)`) made parseable: libcmark-gfm has no syntax for
/// them, so where `attributes` is a valid JSON5 object body on one line (at most 4 096 bytes,
/// finite numbers), the preparation replaces it by a token — `IMX` and a number between two
/// private-use characters absent from the input — and libcmark-gfm parses an ordinary link whose
/// destination is the token. The converter turns such links back into extended-attribute spans;
/// a token that ends up in literal text (inside a code span, say) is restored to the original.
struct ExtendedAttributeTokens {
    /// The longest attribute text read (a bound on the work per `^[`).
    private static let maximumAttributesLength = 4096

    private let open: Unicode.Scalar
    private let close: Unicode.Scalar
    /// The attributes by token number, and the attribute text each token replaced.
    private var attributes: [[String: ExtendedAttributeValue]] = []
    private var texts: [String] = []

    /// Whether any token was made.
    var isEmpty: Bool { attributes.isEmpty }

    /// Tokens delimited by `markers`' token characters; none yet.
    init(markers: PrivateUseMarkers) {
        open = markers.tokenOpen
        close = markers.tokenClose
    }

    // MARK: Making tokens

    /// The edits that replace the attributes of every `^[text](attributes)` in `bytes` with a
    /// token, recording each token's attributes. Linear in `bytes` (each attribute text is read
    /// at most once, within the length bound).
    mutating func edits(in bytes: UnsafeBufferPointer<UInt8>) -> [SourceEdit] {
        var edits: [SourceEdit] = []
        let closes = Self.caretBracketCloses(in: bytes)
        let decoder = JSONDecoder()
        decoder.allowsJSON5 = true
        for open in closes.keys.sorted() {
            guard let close = closes[open], close + 1 < bytes.count, bytes[close + 1] == UInt8(ascii: "("),
                open < 2 || bytes[open - 2] != UInt8(ascii: "\\")
            else { continue }
            if let last = edits.last, open <= last.end { continue }  // inside an earlier span's attributes
            let attributesStart = close + 2
            guard let end = Self.attributesEnd(in: bytes, from: attributesStart) else { continue }
            let body = Array(bytes[attributesStart..<end])
            let object = Data("{".utf8) + Data(body) + Data("}".utf8)
            guard let decoded = try? decoder.decode([String: ExtendedAttributeValue].self, from: object),
                decoded.values.allSatisfy(\.isFinite)
            else { continue }
            let token = String(self.open) + "IMX" + String(attributes.count) + String(self.close)
            attributes.append(decoded)
            texts.append(String(decoding: body, as: UTF8.self))
            edits.append(SourceEdit(start: attributesStart, end: end, replacement: Array(token.utf8)))
        }
        return edits
    }

    /// The closing bracket of each `^[`, by the offset of its `[`: one pass matching brackets
    /// with a stack (nesting, backslash escapes; a blank line ends every open bracket).
    private static func caretBracketCloses(in bytes: UnsafeBufferPointer<UInt8>) -> [Int: Int] {
        var closes: [Int: Int] = [:]
        var stack: [(position: Int, caret: Bool)] = []
        var index = 0
        var lineHasContent = false
        while index < bytes.count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\\"):
                index += 2
                lineHasContent = true
                continue
            case UInt8(ascii: "["):
                stack.append((index, index > 0 && bytes[index - 1] == UInt8(ascii: "^")))
                lineHasContent = true
            case UInt8(ascii: "]"):
                if let open = stack.popLast(), open.caret { closes[open.position] = index }
                lineHasContent = true
            case 0x0A, 0x0D:
                if !lineHasContent { stack.removeAll(keepingCapacity: true) }
                lineHasContent = false
            case UInt8(ascii: " "), UInt8(ascii: "\t"):
                break
            default:
                lineHasContent = true
            }
            index += 1
        }
        return closes
    }

    /// The offset of the `)` that closes attributes starting at `start`, on the same line and
    /// within the length bound, skipping JSON5 strings and nested parentheses; `nil` if none.
    private static func attributesEnd(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var end = start
        var parentheses = 1
        var quote: UInt8? = nil
        while end < bytes.count {
            let byte = bytes[end]
            if byte == 0x0A || byte == 0x0D || end - start > maximumAttributesLength { return nil }
            if let opened = quote {
                if byte == UInt8(ascii: "\\") {
                    end += 1
                } else if byte == opened {
                    quote = nil
                }
            } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                quote = byte
            } else if byte == UInt8(ascii: "(") {
                parentheses += 1
            } else if byte == UInt8(ascii: ")") {
                parentheses -= 1
                if parentheses == 0 { return end }
            }
            end += 1
        }
        return nil
    }

    // MARK: Reading tokens back

    /// The index a token stands for, when `text` is exactly one token.
    private func tokenIndex(_ text: Substring) -> Int? {
        guard text.unicodeScalars.first == open, text.unicodeScalars.last == close else { return nil }
        let inner = text.unicodeScalars.dropFirst().dropLast()
        guard String(String.UnicodeScalarView(inner.prefix(3))) == "IMX",
            let index = Int(String(String.UnicodeScalarView(inner.dropFirst(3)))), index < attributes.count
        else { return nil }
        return index
    }

    /// The attributes a link destination (as libcmark-gfm gives it, before restoring) stands
    /// for, or `nil` for an ordinary link.
    func attributes(forRawDestination destination: String) -> [String: ExtendedAttributeValue]? {
        guard !attributes.isEmpty, let index = tokenIndex(destination[...]) else { return nil }
        return attributes[index]
    }

    /// `text` with every token replaced by the attribute text it stands for.
    func restoring(_ text: String) -> String {
        guard !attributes.isEmpty, text.unicodeScalars.contains(open) else { return text }
        var result = ""
        var rest = text[...]
        while let openIndex = rest.unicodeScalars.firstIndex(of: open) {
            result += rest[..<openIndex]
            let afterOpen = rest.unicodeScalars.index(after: openIndex)
            if let closeIndex = rest.unicodeScalars[afterOpen...].firstIndex(of: close),
                let index = tokenIndex(rest[openIndex...closeIndex])
            {
                result += texts[index]
                rest = rest[rest.unicodeScalars.index(after: closeIndex)...]
            } else {
                result.unicodeScalars.append(open)
                rest = rest[afterOpen...]
            }
        }
        result += rest
        return result
    }
}
