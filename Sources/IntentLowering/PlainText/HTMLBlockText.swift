/// The text of an HTML block as every output without HTML shows it (plain text, rich text, RTF,
/// the terminal): each tag means what ``InlineHTMLMeaning`` says — `<br>` a line break, `<img>`
/// its `alt` text, any other tag nothing —, comments are dropped, the text between tags is kept
/// line by line without the spaces around it (and a line ending's carriage return), and blank
/// lines go.
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
        let count = html.count
        var visible: [UInt8] = []
        visible.reserveCapacity(count / 2)
        var index = 0
        // The next `>` and `-->` at or after the current `<` (`count` when there is none), found
        // once per stretch so that many `<` without a close stay linear.
        var nextClose = -1
        var nextCommentEnd = -1
        while index < count {
            let byte = html[index]
            guard byte == UInt8(ascii: "<"), index + 1 < count else {
                visible.append(byte)
                index += 1
                continue
            }
            let next = html[index + 1]
            if next == UInt8(ascii: "!"), index + 3 < count, html[index + 2] == UInt8(ascii: "-"), html[index + 3] == UInt8(ascii: "-") {
                if nextCommentEnd < index + 2 { nextCommentEnd = find(html, "-->", from: index + 2) ?? count }
                if nextCommentEnd < count {
                    index = nextCommentEnd + 3
                    continue
                }
            }
            let isLetter = (next | 0x20) >= UInt8(ascii: "a") && (next | 0x20) <= UInt8(ascii: "z")
            if nextClose <= index { nextClose = (index + 1..<count).first(where: { html[$0] == UInt8(ascii: ">") }) ?? count }
            let close = nextClose
            guard isLetter || next == UInt8(ascii: "/") || next == UInt8(ascii: "!") || next == UInt8(ascii: "?"), close < count else {
                visible.append(byte)
                index += 1
                continue
            }
            // Only `<br`, `</br` and `<img` can mean something; other tags are dropped unread.
            let lead = (next == UInt8(ascii: "/") && index + 2 < count ? html[index + 2] : next) | 0x20
            if lead == UInt8(ascii: "b") || lead == UInt8(ascii: "i") {
                switch InlineHTMLMeaning(html: String(decoding: UnsafeBufferPointer(rebasing: html[index...close]), as: UTF8.self)) {
                case .lineBreak: visible.append(UInt8(ascii: "\n"))
                case .text(let alternative): visible.append(contentsOf: alternative.utf8)
                case .dropped: break
                }
            }
            index = close + 1
        }
        // Line by line, without the spaces around each line; blank lines go.
        var result: [UInt8] = []
        result.reserveCapacity(visible.count)
        var lineStart = 0
        while lineStart <= visible.count {
            let lineEnd = visible[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? visible.count
            var first = lineStart
            var last = lineEnd
            while first < last, visible[first] == UInt8(ascii: " ") || visible[first] == UInt8(ascii: "\t") { first += 1 }
            while last > first, [UInt8(ascii: " "), UInt8(ascii: "\t"), UInt8(ascii: "\r")].contains(visible[last - 1]) { last -= 1 }
            if first < last {
                if !result.isEmpty { result.append(UInt8(ascii: "\n")) }
                result.append(contentsOf: visible[first..<last])
            }
            lineStart = lineEnd + 1
        }
        return String(decoding: result, as: UTF8.self)
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
}
