import Foundation

/// The text of raw HTML as a terminal shows it: tags and comments removed, the text between them
/// kept line by line, blank lines dropped (as plain-text lowering does).
enum TerminalHTMLText {
    static func text<Text: StringProtocol>(of html: Text) -> String {
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
                    index = html.index(after: close)
                    continue
                }
            }
            result.append(html[index])
            index = html.index(after: index)
        }
        let lines = result.split(separator: "\n", omittingEmptySubsequences: false).map {
            $0.trimmingSpaces()
        }
        return lines.filter { !$0.allSatisfy { $0 == " " || $0 == "\t" } }.joined(separator: "\n")
    }
}

extension Substring {
    fileprivate func trimmingSpaces() -> Substring {
        var slice = self
        while let first = slice.first, first == " " || first == "\t" { slice = slice.dropFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice = slice.dropLast() }
        return slice
    }
}
