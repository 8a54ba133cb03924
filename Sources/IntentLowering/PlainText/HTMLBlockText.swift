/// The text of an HTML block as every output without HTML shows it (plain text, rich text, RTF,
/// the terminal) — what a browser would show, as text:
///
/// - white space collapses to one space (except inside `<pre>`), and no line starts or ends with it;
/// - `<br>` (with or without attributes) breaks the line, and so do block elements (`<p>`, `<div>`,
///   `<li>`, `<tr>`, `<h1>`…, `<details>`, `<summary>`, …); table cells (`<td>`, `<th>`) are set
///   apart by a space;
/// - `<img>` is its `alt` text; every other tag is nothing, and so are comments and the content
///   of `<script>` and `<style>`; a comment or tag left open hides the rest of the block;
/// - character references are decoded: every numeric one (`&#233;`, `&#xE9;`) and the named ones
///   in common use (`&amp;` `&lt;` `&gt;` `&quot;` `&apos;` `&nbsp;` `&mdash;` `&ndash;` `&hellip;`
///   `&copy;` `&reg;` `&trade;`, quotes, arrows, …); another name stays as written. libcmark-gfm's
///   full entity table is internal to the C library, so this subset is written here.
///
/// ```swift
/// HTMLBlockText.text(of: "<p align=\"center\">\n  <img src=\"logo.png\" alt=\"Logo\">\n</p>\n")  // "Logo"
/// ```
///
/// Works on the UTF-8 bytes in O(length), however many `<` are never closed.
package enum HTMLBlockText {
    /// The visible text of `html`; empty when it holds only tags, comments and white space.
    package static func text<Text: StringProtocol>(of html: Text) -> String {
        var bytes = Array(html.utf8)
        return bytes.withUnsafeMutableBufferPointer { text(ofUTF8: UnsafeBufferPointer($0)) }
    }

    /// ``text(of:)`` over UTF-8 bytes.
    package static func text(ofUTF8 html: UnsafeBufferPointer<UInt8>) -> String {
        var writer = Writer()
        writer.output.reserveCapacity(html.count / 2)
        let count = html.count
        var index = 0
        var preformatted = 0
        while index < count {
            let byte = html[index]
            if byte == UInt8(ascii: "<"), index + 1 < count {
                let next = html[index + 1]
                if next == UInt8(ascii: "!"), index + 3 < count, html[index + 2] == UInt8(ascii: "-"), html[index + 3] == UInt8(ascii: "-")
                {
                    // A comment; one left open hides the rest.
                    guard let end = find(html, "-->", from: index + 2) else { break }
                    index = end + 3
                    continue
                }
                let isLetter = (next | 0x20) >= UInt8(ascii: "a") && (next | 0x20) <= UInt8(ascii: "z")
                if isLetter || next == UInt8(ascii: "/") || next == UInt8(ascii: "!") || next == UInt8(ascii: "?") {
                    // A tag; one left open hides the rest (so every byte is read at most twice).
                    guard let after = readTag(html, at: index, into: &writer, preformatted: &preformatted) else { break }
                    index = after
                    continue
                }
            }
            if byte == UInt8(ascii: "&"), let (decoded, end) = characterReference(html, at: index) {
                writer.text(decoded)
                index = end
                continue
            }
            switch byte {
            case UInt8(ascii: "\n") where preformatted > 0:
                writer.lineBreak(keepingBlankLine: true)
            case UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\n"), UInt8(ascii: "\r"), 0x0C:
                if preformatted > 0 { writer.text([byte]) } else { writer.space() }
            default:
                writer.text([byte])
            }
            index += 1
        }
        return String(decoding: writer.finished, as: UTF8.self)
    }

    /// Reads the tag at `index` (its `<`) and writes what it stands for: a line break for `br`,
    /// block elements and `pre` (which also counts preformatted depth), a space between cells,
    /// an image's alt text; the content of `script` and `style` is skipped. Returns where reading
    /// goes on, or `nil` when the tag is left open (the rest is hidden).
    private static func readTag(
        _ html: UnsafeBufferPointer<UInt8>, at index: Int, into writer: inout Writer, preformatted: inout Int
    ) -> Int? {
        guard let close = tagEnd(html, from: index + 1) else { return nil }
        let isClosing = html[index + 1] == UInt8(ascii: "/")
        let name = tagName(html, from: index + (isClosing ? 2 : 1), to: close)
        switch name {
        case "script", "style":
            guard !isClosing else { return close + 1 }
            // Their content is never shown.
            return findClosingTag(html, name, from: close + 1) ?? html.count
        case "br":
            writer.lineBreak()
        case "img":
            if !isClosing,
                case .text(let alternative) = InlineHTMLMeaning(
                    html: String(decoding: UnsafeBufferPointer(rebasing: html[index...close]), as: UTF8.self))
            {
                writer.text(Array(alternative.utf8))
            }
        case "td", "th":
            writer.space()
        case "pre":
            preformatted = max(0, preformatted + (isClosing ? -1 : 1))
            writer.lineBreak()
        default:
            if blockElements.contains(name) { writer.lineBreak() }
        }
        return close + 1
    }

    /// Lines of collapsed text: spaces only between words, no blank lines.
    private struct Writer {
        var output: [UInt8] = []
        /// Where the current line starts in ``output``.
        var lineStart = 0
        var pendingSpace = false

        mutating func text(_ bytes: [UInt8]) {
            guard !bytes.isEmpty else { return }
            if pendingSpace, output.count > lineStart { output.append(UInt8(ascii: " ")) }
            pendingSpace = false
            output.append(contentsOf: bytes)
        }

        mutating func space() { pendingSpace = true }

        mutating func lineBreak(keepingBlankLine: Bool = false) {
            pendingSpace = false
            guard output.count > lineStart || (keepingBlankLine && !output.isEmpty) else { return }
            output.append(UInt8(ascii: "\n"))
            lineStart = output.count
        }

        var finished: [UInt8] {
            var result = output
            while result.last == UInt8(ascii: "\n") { result.removeLast() }
            return result
        }
    }

    /// Elements a browser lays out as blocks: their tags break the line.
    private static let blockElements: Set<String> = [
        "address", "article", "aside", "blockquote", "caption", "center", "dd", "details", "dialog", "div", "dl", "dt",
        "fieldset", "figcaption", "figure", "footer", "form", "h1", "h2", "h3", "h4", "h5", "h6", "header", "hr", "li",
        "main", "nav", "ol", "p", "section", "summary", "table", "tbody", "tfoot", "thead", "tr", "ul",
    ]

    /// The index of the `>` that ends the tag starting before `start`, outside quoted attribute
    /// values, or `nil` when the tag is never closed.
    private static func tagEnd(_ html: UnsafeBufferPointer<UInt8>, from start: Int) -> Int? {
        var quote: UInt8? = nil
        var index = start
        while index < html.count {
            let byte = html[index]
            if let open = quote {
                if byte == open { quote = nil }
            } else if byte == UInt8(ascii: ">") {
                return index
            } else if byte == UInt8(ascii: "\""), index > start,
                html[index - 1] == UInt8(ascii: "=") || html[index - 1] == UInt8(ascii: " ")
            {
                quote = byte
            } else if byte == UInt8(ascii: "'"), index > start, html[index - 1] == UInt8(ascii: "=") || html[index - 1] == UInt8(ascii: " ")
            {
                quote = byte
            }
            index += 1
        }
        return nil
    }

    /// The lowercased element name of a tag (letters and digits from `start`), at most 16 bytes.
    private static func tagName(_ html: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> String {
        var name: [UInt8] = []
        var index = start
        while index < end, name.count < 16 {
            let byte = html[index] | 0x20
            let isLetter = byte >= UInt8(ascii: "a") && byte <= UInt8(ascii: "z")
            let isDigit = html[index] >= UInt8(ascii: "0") && html[index] <= UInt8(ascii: "9")
            guard isLetter || isDigit else { break }
            name.append(isLetter ? byte : html[index])
            index += 1
        }
        return String(decoding: name, as: UTF8.self)
    }

    /// The index just past the `</name …>` that closes a `<script>` or `<style>`, or `nil`.
    private static func findClosingTag(_ html: UnsafeBufferPointer<UInt8>, _ name: String, from start: Int) -> Int? {
        let target = Array("</\(name)".utf8)
        var index = start
        while index + target.count <= html.count {
            if html[index] == UInt8(ascii: "<"),
                (1..<target.count).allSatisfy({ ($0 == 1 ? html[index + $0] : html[index + $0] | 0x20) == target[$0] })
            {
                return tagEnd(html, from: index + 1).map { $0 + 1 }
            }
            index += 1
        }
        return nil
    }

    /// The index of `needle` (ASCII) in `bytes` at or after `start`, if any.
    private static func find(_ bytes: UnsafeBufferPointer<UInt8>, _ needle: StaticString, from start: Int) -> Int? {
        let pattern = UnsafeBufferPointer(start: needle.utf8Start, count: needle.utf8CodeUnitCount)
        guard let head = pattern.first, bytes.count >= pattern.count else { return nil }
        var index = start
        while index + pattern.count <= bytes.count {
            if bytes[index] == head, (1..<pattern.count).allSatisfy({ bytes[index + $0] == pattern[$0] }) { return index }
            index += 1
        }
        return nil
    }

    /// The character reference at `start` (`&name;`, `&#N;`, `&#xH;`) decoded, and the index after
    /// it; `nil` when it is none this decoder knows.
    private static func characterReference(_ html: UnsafeBufferPointer<UInt8>, at start: Int) -> ([UInt8], Int)? {
        var end = start + 1
        while end < html.count, end - start <= 32, html[end] != UInt8(ascii: ";") {
            let byte = html[end]
            let isWordByte =
                (byte | 0x20 >= UInt8(ascii: "a") && byte | 0x20 <= UInt8(ascii: "z"))
                || (byte >= UInt8(ascii: "0") && byte <= UInt8(ascii: "9")) || byte == UInt8(ascii: "#")
            guard isWordByte else { return nil }
            end += 1
        }
        guard end < html.count, html[end] == UInt8(ascii: ";"), end > start + 1 else { return nil }
        let body = String(decoding: UnsafeBufferPointer(rebasing: html[(start + 1)..<end]), as: UTF8.self)
        var scalar: Unicode.Scalar? = nil
        if body.hasPrefix("#x") || body.hasPrefix("#X") {
            scalar = UInt32(body.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
        } else if body.hasPrefix("#") {
            scalar = UInt32(body.dropFirst(), radix: 10).flatMap(Unicode.Scalar.init)
        } else if let value = namedReferences[body] {
            scalar = Unicode.Scalar(value)
        }
        guard var decoded = scalar else { return nil }
        if decoded.value == 0 { decoded = "\u{FFFD}" }
        return (Array(String(Character(decoded)).utf8), end + 1)
    }

    /// Named character references in common use, by name.
    private static let namedReferences: [String: UInt32] = [
        "amp": 0x26, "lt": 0x3C, "gt": 0x3E, "quot": 0x22, "apos": 0x27, "nbsp": 0xA0, "ensp": 0x2002, "emsp": 0x2003,
        "thinsp": 0x2009, "mdash": 0x2014, "ndash": 0x2013, "hellip": 0x2026, "copy": 0xA9, "reg": 0xAE, "trade": 0x2122,
        "lsquo": 0x2018, "rsquo": 0x2019, "sbquo": 0x201A, "ldquo": 0x201C, "rdquo": 0x201D, "bdquo": 0x201E, "laquo": 0xAB,
        "raquo": 0xBB, "lsaquo": 0x2039, "rsaquo": 0x203A, "bull": 0x2022, "middot": 0xB7, "times": 0xD7, "divide": 0xF7,
        "deg": 0xB0, "plusmn": 0xB1, "euro": 0x20AC, "pound": 0xA3, "yen": 0xA5, "cent": 0xA2, "sect": 0xA7, "para": 0xB6,
        "dagger": 0x2020, "Dagger": 0x2021, "larr": 0x2190, "uarr": 0x2191, "rarr": 0x2192, "darr": 0x2193, "harr": 0x2194,
        "rArr": 0x21D2, "lArr": 0x21D0, "hArr": 0x21D4, "check": 0x2713, "star": 0x2606, "hearts": 0x2665, "micro": 0xB5,
        "frac12": 0xBD, "frac14": 0xBC, "frac34": 0xBE, "sup2": 0xB2, "sup3": 0xB3, "shy": 0xAD, "zwj": 0x200D, "zwnj": 0x200C,
        "iexcl": 0xA1, "iquest": 0xBF, "ne": 0x2260, "le": 0x2264, "ge": 0x2265, "infin": 0x221E, "minus": 0x2212,
    ]
}
