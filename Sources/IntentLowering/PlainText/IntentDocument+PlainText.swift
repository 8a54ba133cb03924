import IntentModel

extension IntentDocument {
    /// The document as plain text (`.plainText`): no attributes, blocks separated
    /// by blank lines, lists with markers (`•` `◦` `▪` by depth, `1.` `a.` `i.` per ordered
    /// depth) and indented continuation lines, task items `☐`/`☑`, block quotes with `│ `, tables
    /// tab-separated or in aligned columns, images as their description, links as their text (or
    /// `text (url)`), footnote references as `[n]` with the notes at the end. Works on either layout
    /// and on documents from any producer; structure comes from block identities.
    ///
    /// ```swift
    /// let document = try IntentDocument(markdown: "# Title\n\n- one\n- two\n")
    /// print(document.plainText())   // "Title\n\n• one\n• two"
    /// ```
    /// - Parameter options: Markers, separators and styles.
    /// - Returns: The text, without a trailing line break.
    public func plainText(options: PlainTextOptions = .default) -> String {
        var renderer = PlainTextRenderer(document: self, options: options)
        return renderer.render()
    }
}
