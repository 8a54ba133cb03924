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
        let lowered = html.drop { $0 == " " }.lowercased()
        func contains(_ marker: String, after offset: Int) -> Bool {
            lowered.dropFirst(offset).contains(marker)
        }
        for tag in ["script", "pre", "style", "textarea"] where lowered.hasPrefix("<" + tag) {
            let next = lowered.dropFirst(tag.count + 1).first
            guard next == nil || next == " " || next == "\t" || next == ">" || next == "\n" else { continue }
            return !["</script>", "</pre>", "</style>", "</textarea>"].contains { contains($0, after: 1) }
        }
        if lowered.hasPrefix("<!--") { return !contains("-->", after: 4) }
        if lowered.hasPrefix("<![cdata[") { return !contains("]]>", after: 9) }
        if lowered.hasPrefix("<?") { return !contains("?>", after: 2) }
        if lowered.hasPrefix("<!"), let letter = lowered.dropFirst(2).first, letter.isASCII, letter.isLetter {
            return !contains(">", after: 2)
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
