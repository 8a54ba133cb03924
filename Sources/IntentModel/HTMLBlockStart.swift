/// What CommonMark §4.6 (HTML blocks) says about a line that starts with `<`, shared by the parser's
/// inline-only preparation and the Markdown writer, which both must know where an HTML block would
/// start or end.
package enum HTMLBlockStart {
    /// The tag names of start condition 6, with `script`, `pre` and `style` of condition 1 (the
    /// list of CommonMark 0.29, which libcmark-gfm 0.29 follows), lowercase.
    package static let tagNames: Set<String> = [
        "address", "article", "aside", "base", "basefont", "blockquote", "body", "caption", "center", "col",
        "colgroup", "dd", "details", "dialog", "dir", "div", "dl", "dt", "fieldset", "figcaption", "figure",
        "footer", "form", "frame", "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hr",
        "html", "iframe", "legend", "li", "link", "main", "menu", "menuitem", "nav", "noframes", "ol",
        "optgroup", "option", "p", "param", "section", "source", "summary", "table", "tbody", "td",
        "tfoot", "th", "thead", "title", "tr", "track", "ul", "script", "pre", "style",
    ]

    /// Whether HTML block content `html` (its first line after up to three spaces) starts with one
    /// of start conditions 1–5 — `<script`, `<pre`, `<style`, `<textarea`; `<!--`; `<?`; `<!` and
    /// a letter; `<![CDATA[` — and holds no matching end condition after its start, so that the
    /// block ends only where its container does.
    package static func staysOpen(_ html: String) -> Bool {
        // On the UTF-8 bytes, ASCII case folded where the rule is case-insensitive: lowercasing the
        // whole block (as a `String`) cost more than the rest of the Markdown writer on documents
        // with many HTML blocks.
        var html = html
        return html.withUTF8 { all in
            var start = 0
            while start < all.count, all[start] == UInt8(ascii: " ") { start += 1 }
            let bytes = UnsafeBufferPointer(rebasing: all[start...])
            for tag in ["script", "pre", "style", "textarea"] where hasPrefix(bytes, "<" + tag, foldingCase: true) {
                let nextIndex = tag.utf8.count + 1
                if nextIndex < bytes.count {
                    let next = bytes[nextIndex]
                    guard next == UInt8(ascii: " ") || next == UInt8(ascii: "\t") || next == UInt8(ascii: ">") || next == UInt8(ascii: "\n")
                    else { continue }
                }
                return !["</script>", "</pre>", "</style>", "</textarea>"].contains {
                    contains(bytes, $0, from: 1, foldingCase: true)
                }
            }
            if hasPrefix(bytes, "<!--", foldingCase: false) { return !contains(bytes, "-->", from: 4, foldingCase: false) }
            if hasPrefix(bytes, "<![cdata[", foldingCase: true) { return !contains(bytes, "]]>", from: 9, foldingCase: false) }
            if hasPrefix(bytes, "<?", foldingCase: false) { return !contains(bytes, "?>", from: 2, foldingCase: false) }
            if hasPrefix(bytes, "<!", foldingCase: false), bytes.count > 2, isASCIILetter(bytes[2]) {
                return !contains(bytes, ">", from: 2, foldingCase: false)
            }
            return false
        }
    }

    private static func isASCIILetter(_ byte: UInt8) -> Bool {
        (UInt8(ascii: "a")...UInt8(ascii: "z")).contains(byte | 0x20)
    }

    /// `byte` with ASCII letters lowercased when `foldingCase`.
    private static func folded(_ byte: UInt8, _ foldingCase: Bool) -> UInt8 {
        foldingCase && isASCIILetter(byte) ? byte | 0x20 : byte
    }

    /// Whether `bytes` starts with `prefix` (lowercase ASCII when `foldingCase`).
    private static func hasPrefix(_ bytes: UnsafeBufferPointer<UInt8>, _ prefix: String, foldingCase: Bool) -> Bool {
        let prefix = Array(prefix.utf8)
        guard bytes.count >= prefix.count else { return false }
        for index in prefix.indices where folded(bytes[index], foldingCase) != prefix[index] { return false }
        return true
    }

    /// Whether `bytes` holds `needle` (lowercase ASCII when `foldingCase`) at or after `from`.
    /// O(bytes × needle), the needles being a few bytes long.
    private static func contains(_ bytes: UnsafeBufferPointer<UInt8>, _ needle: String, from: Int, foldingCase: Bool) -> Bool {
        let needle = Array(needle.utf8)
        guard let first = needle.first, bytes.count >= needle.count else { return false }
        var index = from
        while index + needle.count <= bytes.count {
            if folded(bytes[index], foldingCase) == first {
                var offset = 1
                while offset < needle.count, folded(bytes[index + offset], foldingCase) == needle[offset] { offset += 1 }
                if offset == needle.count { return true }
            }
            index += 1
        }
        return false
    }

    /// Whether a line (its first characters after up to three spaces) starts an HTML block under
    /// start conditions 1–6 of CommonMark 0.29 §4.6, the ones that may interrupt a paragraph:
    /// `<script`, `<pre`, `<style`; `<!--`; `<?`; `<!` and an uppercase letter; `<![CDATA[`; or
    /// `<` / `</` and a tag name of ``tagNames`` followed by a space, a tab, the line's end, `>`
    /// or `/>`.
    package static func interruptsParagraph(_ line: Substring) -> Bool {
        let text = line.drop { $0 == " " }
        guard text.hasPrefix("<") else { return false }
        if text.hasPrefix("<!--") || text.hasPrefix("<?") || text.hasPrefix("<![CDATA[") { return true }
        if text.hasPrefix("<!"), let letter = text.dropFirst(2).first, letter.isASCII, letter.isUppercase { return true }
        var rest = text.dropFirst()
        if rest.first == "/" { rest = rest.dropFirst() }
        let name = rest.prefix { $0.isASCII && ($0.isLetter || $0.isNumber) }
        guard !name.isEmpty, tagNames.contains(name.lowercased()) else { return false }
        let after = rest.dropFirst(name.count)
        guard let next = after.first else { return true }
        return next == " " || next == "\t" || next == "\n" || next == ">" || after.hasPrefix("/>")
    }
}
