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
}
