/// The text of an HTML block as every output without HTML shows it (plain text, rich text, RTF,
/// the terminal): each tag means what ``InlineHTMLMeaning`` says — `<br>` a line break, `<img>`
/// its `alt` text, any other tag nothing —, comments are dropped, the text between tags is kept
/// line by line without the spaces that indented it, and blank lines go.
///
/// ```swift
/// HTMLBlockText.text(of: "<p align=\"center\">\n  <img src=\"logo.png\" alt=\"Logo\">\n</p>\n")  // "Logo"
/// ```
package enum HTMLBlockText {
    /// The visible text of `html`; empty when it holds only tags, comments and white space.
    package static func text<Text: StringProtocol>(of html: Text) -> String {
        var result = ""
        var index = html.startIndex
        while index < html.endIndex {
            if html[index] == "<" {
                let rest = html[index...]
                if rest.hasPrefix("<!--"), let end = rest.range(of: "-->") {
                    index = end.upperBound
                    continue
                }
                if let close = rest.firstIndex(of: ">"),
                    rest.dropFirst().first.map({ $0.isLetter || $0 == "/" || $0 == "!" || $0 == "?" }) == true
                {
                    switch InlineHTMLMeaning(html: rest[...close]) {
                    case .lineBreak: result.append("\n")
                    case .text(let alternative): result.append(alternative)
                    case .dropped: break
                    }
                    index = html.index(after: close)
                    continue
                }
            }
            result.append(html[index])
            index = html.index(after: index)
        }
        var lines: [Substring] = []
        for line in result.split(separator: "\n", omittingEmptySubsequences: false) {
            var slice = line[...]
            while let first = slice.first, first == " " || first == "\t" { slice = slice.dropFirst() }
            while let last = slice.last, last == " " || last == "\t" { slice = slice.dropLast() }
            if !slice.isEmpty { lines.append(slice) }
        }
        return lines.joined(separator: "\n")
    }
}
