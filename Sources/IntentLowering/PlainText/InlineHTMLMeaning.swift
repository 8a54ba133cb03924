/// What a piece of raw inline HTML means in an output without HTML (plain text, the terminal):
/// the rule every non-HTML writer follows for a tag it does not keep.
///
/// - `<br>` in any spelling (`<br>`, `<br/>`, `<br />`, `</br>`, any case, with attributes) is a line break, except
///   in a table cell, which the plain layouts keep on one line: there it is a space;
/// - `<img …>` is its `alt` text (entities `&amp;`, `&lt;`, `&gt;`, `&quot;`, `&#39;` decoded), or
///   nothing without one;
/// - every other tag, comment, processing instruction or declaration is dropped.
///
/// ```swift
/// InlineHTMLMeaning(html: "<br />")               // .lineBreak
/// InlineHTMLMeaning(html: #"<img alt="Run" src=x>"#) // .text("Run")
/// InlineHTMLMeaning(html: "<span>")               // .dropped
/// ```
package enum InlineHTMLMeaning: Equatable, Sendable {
    /// A line break.
    case lineBreak
    /// Text that stands for the tag (an image's alternative text).
    case text(String)
    /// Nothing: the tag is dropped.
    case dropped

    /// The meaning of one raw inline HTML run's text.
    package init(html: some StringProtocol) {
        let lowered = html.lowercased()
        // `<br`, `</br` then the end, white space, `/` or `>`: attributes (`<br clear="all">`) allowed.
        for prefix in ["<br", "</br"] where lowered.hasPrefix(prefix) {
            let after = lowered.dropFirst(prefix.count).first
            if after == nil || after == " " || after == "\t" || after == "\n" || after == "/" || after == ">" {
                self = .lineBreak
                return
            }
        }
        if lowered.hasPrefix("<img"),
            lowered.dropFirst(4).first.map({ $0 == " " || $0 == "\t" || $0 == "\n" || $0 == "/" || $0 == ">" }) == true
        {
            self = Self.altText(of: String(html)).map { .text($0) } ?? .dropped
            return
        }
        self = .dropped
    }

    /// The value of an `alt` attribute, quoted with `"` or `'`, or unquoted.
    private static func altText(of tag: String) -> String? {
        let scalars = Array(tag.unicodeScalars)
        var index = 4  // after "<img"
        while index < scalars.count {
            // An attribute name starts after whitespace.
            guard scalars[index] == " " || scalars[index] == "\t" || scalars[index] == "\n" else {
                index += 1
                continue
            }
            while index < scalars.count, scalars[index] == " " || scalars[index] == "\t" || scalars[index] == "\n" { index += 1 }
            let nameStart = index
            while index < scalars.count, !" \t\n=/>".unicodeScalars.contains(scalars[index]) { index += 1 }
            let name = String(String.UnicodeScalarView(scalars[nameStart..<index])).lowercased()
            guard index < scalars.count, scalars[index] == "=" else { continue }
            index += 1
            var value = String.UnicodeScalarView()
            if index < scalars.count, scalars[index] == "\"" || scalars[index] == "'" {
                let quote = scalars[index]
                index += 1
                while index < scalars.count, scalars[index] != quote {
                    value.append(scalars[index])
                    index += 1
                }
                index += 1
            } else {
                while index < scalars.count, !" \t\n>".unicodeScalars.contains(scalars[index]) {
                    value.append(scalars[index])
                    index += 1
                }
            }
            if name == "alt" {
                let text = Self.decodingEntities(String(value))
                return text.isEmpty ? nil : text
            }
        }
        return nil
    }

    /// `text` with the five entities an attribute value commonly holds decoded.
    private static func decodingEntities(_ text: String) -> String {
        guard text.contains("&") else { return text }
        return text.replacingOccurrences(of: "&lt;", with: "<").replacingOccurrences(of: "&gt;", with: ">")
            .replacingOccurrences(of: "&quot;", with: "\"").replacingOccurrences(of: "&#39;", with: "'")
            .replacingOccurrences(of: "&amp;", with: "&")
    }
}
