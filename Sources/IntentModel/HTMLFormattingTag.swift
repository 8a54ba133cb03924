/// A pair of inline HTML formatting tags read as display attributes — `<u>…</u>`, `<sup>…</sup>`
/// and the others of ``Element`` — exactly as written in the Markdown.
///
/// The parser (``InlineSpan/Kind/htmlFormatting``) recognises only the bare forms `<name>` and
/// `</name>` (the name in any letter case, no attributes, no whitespace), balanced within one
/// paragraph, heading or cell and properly nested; anything else stays raw inline HTML. The
/// spelling is kept (`<U>`, `<ins>` rather than `<u>`) so that HTML and Markdown written from the
/// document give back the source's bytes.
///
/// ```swift
/// let tag = HTMLFormattingTag(.superscript)           // <sup>…</sup>
/// let display = tag.element.applied(to: DisplayAttributes())
/// // display.superscript == 1
/// ```
public struct HTMLFormattingTag: Sendable, Hashable, Codable {
    // MARK: Stored layout

    /// What the tags mean.
    public var element: Element
    /// The opening tag as written, `<` and `>` included (`"<U>"`).
    public var opening: String
    /// The closing tag as written (`"</u>"`).
    public var closing: String

    // MARK: Initialisers

    /// Creates tags for `element`, written in lower case unless spellings are given.
    /// - Parameters:
    ///   - element: The element.
    ///   - opening: The opening tag as written; default `<name>` with the element's HTML name.
    ///   - closing: The closing tag as written; default `</name>`.
    public init(_ element: Element, opening: String? = nil, closing: String? = nil) {
        self.element = element
        self.opening = opening ?? "<" + element.rawValue + ">"
        self.closing = closing ?? "</" + element.rawValue + ">"
    }

    /// Creates tags from their text, when both are bare tags (`<name>`, `</name>`) of the same
    /// formatting element, in any letter case.
    /// - Parameters:
    ///   - opening: The opening tag's text.
    ///   - closing: The closing tag's text.
    /// - Returns: `nil` when either is not such a tag, or they name different elements.
    public init?(opening: String, closing: String) {
        guard let open = Self.parse(Array(opening.utf8)), !open.isClosing,
            let close = Self.parse(Array(closing.utf8)), close.isClosing, open.element == close.element
        else { return nil }
        self.init(open.element, opening: opening, closing: closing)
    }

    // MARK: Parsing

    /// Reads a bare tag: `<name>` or `</name>` with `name` one of ``Element``'s, in any case.
    /// - Parameter bytes: The tag's UTF-8 bytes (the whole literal of an inline HTML node).
    /// - Returns: The element and whether it is a closing tag, or `nil`.
    package static func parse<Bytes: Collection<UInt8>>(_ bytes: Bytes) -> (element: Element, isClosing: Bool)? {
        // The longest bare tag is `</strike>`, 9 bytes.
        guard bytes.count >= 3, bytes.count <= 9, bytes.first == UInt8(ascii: "<") else { return nil }
        var name: [UInt8] = []
        name.reserveCapacity(6)
        var isClosing = false
        var index = bytes.index(after: bytes.startIndex)
        if bytes[index] == UInt8(ascii: "/") {
            isClosing = true
            index = bytes.index(after: index)
        }
        while index != bytes.endIndex {
            let byte = bytes[index]
            index = bytes.index(after: index)
            if byte == UInt8(ascii: ">") {
                guard index == bytes.endIndex else { return nil }
                guard let element = Element(rawValue: String(decoding: name, as: UTF8.self)) else { return nil }
                return (element, isClosing)
            }
            switch byte {
            case UInt8(ascii: "a")...UInt8(ascii: "z"): name.append(byte)
            case UInt8(ascii: "A")...UInt8(ascii: "Z"): name.append(byte | 0x20)
            default: return nil
            }
        }
        return nil
    }

    // MARK: Elements

    /// The formatting elements read as display attributes; raw values are the HTML names.
    public enum Element: String, Sendable, Hashable, Codable, CaseIterable {
        /// `<u>`: underline (single).
        case underline = "u"
        /// `<ins>`: inserted text, shown underlined (single).
        case inserted = "ins"
        /// `<s>`: strikethrough (single).
        case strikethrough = "s"
        /// `<del>`: deleted text, shown struck through (single).
        case deleted = "del"
        /// `<strike>`: the obsolete strikethrough element (single).
        case strike = "strike"
        /// `<sup>`: one superscript level up (`superscript` + 1).
        case superscript = "sup"
        /// `<sub>`: one level down (`superscript` − 1).
        case `subscript` = "sub"
        /// `<mark>`: highlighted — the background colour ``DisplayColor/highlight``.
        case mark = "mark"
        /// `<kbd>`: keyboard input — the font's design becomes monospaced.
        case keyboard = "kbd"

        /// `attributes` with this element's styling added on top.
        ///
        /// Underline and strikethrough add `.single` to the style; superscript and subscript
        /// move the level by one; mark sets the background colour; keyboard sets the font design
        /// to monospaced, keeping the size and weight of a font already set (or 17 pt, the
        /// default style sheet's body size, when none is).
        /// - Parameter attributes: The attributes outside the element.
        /// - Returns: The attributes inside it.
        public func applied(to attributes: DisplayAttributes) -> DisplayAttributes {
            var result = attributes
            switch self {
            case .underline, .inserted:
                result.underlineStyle = (result.underlineStyle ?? []).union(.single)
            case .strikethrough, .deleted, .strike:
                result.strikethroughStyle = (result.strikethroughStyle ?? []).union(.single)
            case .superscript:
                result.superscript = (result.superscript ?? 0) + 1
            case .subscript:
                result.superscript = (result.superscript ?? 0) - 1
            case .mark:
                result.backgroundColor = .highlight
            case .keyboard:
                var font = result.font ?? FontDescriptor(size: 17)
                font.design = .monospaced
                result.font = font
            }
            return result
        }
    }
}
