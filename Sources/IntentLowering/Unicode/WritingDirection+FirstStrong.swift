import IntentModel

extension WritingDirection {
    /// The direction of the first strong character of `text`, as Unicode's bidirectional
    /// algorithm finds a paragraph's level (rules P2 and P3): ``rightToLeft`` when it is of
    /// Bidi_Class R or AL (Hebrew, Arabic, …), ``leftToRight`` when it is L, ``natural`` when
    /// `text` has no strong character. Characters between an isolate initiator (U+2066–2068) and
    /// its matching pop (U+2069) are skipped.
    ///
    /// ```swift
    /// WritingDirection.firstStrong(in: "123 שלום world")  // .rightToLeft
    /// ```
    ///
    /// Classes come from the Unicode Character Database tables of
    /// ``IntentLowering/TerminalCellWidth/unicodeVersion``.
    /// - Parameter text: Any text.
    /// - Returns: The direction; O(position of the first strong character).
    public static func firstStrong<Text: StringProtocol>(in text: Text) -> WritingDirection {
        var isolates = 0
        for scalar in text.unicodeScalars {
            if let direction = step(scalar, isolates: &isolates) { return direction }
        }
        return .natural
    }

    /// Whether `text` holds a strong right-to-left character (Bidi_Class R or AL) anywhere.
    /// Scans the UTF-8 bytes and decodes only the scalars whose lead byte is 0xD6 or more (U+0580
    /// on; no earlier scalar is R or AL), so text without such characters costs a byte compare
    /// per byte.
    package static func holdsRightToLeft(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { holdsRightToLeft(utf8: $0) }
    }

    /// ``holdsRightToLeft(_:)`` over UTF-8 bytes (ill-formed sequences are neutral).
    package static func holdsRightToLeft(utf8 bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        var index = 0
        while index < bytes.count {
            guard bytes[index] >= 0xD6 else {
                index += 1
                continue
            }
            var iterator = bytes[index...].makeIterator()
            var decoder = UTF8()
            guard case .scalarValue(let scalar) = decoder.decode(&iterator) else {
                index += 1
                continue
            }
            if scalar.value >= 0x590, UnicodeTables.strongDirection(of: scalar) == .rightToLeft { return true }
            index += UTF8.width(scalar)
        }
        return false
    }

    /// ``firstStrong(in:)`` over UTF-8 bytes (ill-formed sequences are neutral).
    static func firstStrong(utf8 bytes: UnsafeBufferPointer<UInt8>, isolates: inout Int) -> WritingDirection? {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        while true {
            switch decoder.decode(&iterator) {
            case .scalarValue(let scalar):
                if let direction = step(scalar, isolates: &isolates) { return direction }
            case .error:
                continue
            case .emptyInput:
                return nil
            }
        }
    }

    /// One scalar of the P2 scan: the direction if it decides, tracking isolate depth.
    private static func step(_ scalar: Unicode.Scalar, isolates: inout Int) -> WritingDirection? {
        switch scalar.value {
        case 0x2066...0x2068:
            isolates += 1
            return nil
        case 0x2069:
            if isolates > 0 { isolates -= 1 }
            return nil
        default:
            guard isolates == 0 else { return nil }
            switch UnicodeTables.strongDirection(of: scalar) {
            case .leftToRight: return .leftToRight
            case .rightToLeft: return .rightToLeft
            case nil: return nil
            }
        }
    }
}
