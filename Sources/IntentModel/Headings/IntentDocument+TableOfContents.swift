extension IntentDocument {
    /// The document's headings in order, each with its text and its anchor by GitHub's rule
    /// (``HeadingAnchor``): what a table of contents lists and what `HTMLWritingOptions.headingIDs`
    /// writes as `id`.
    ///
    /// ```swift
    /// let document = try IntentDocument(markdown: "# Intro\n\n## Setup\n\n## Setup\n")
    /// document.tableOfContents.map(\.anchor)   // ["intro", "setup", "setup-1"]
    /// ```
    ///
    /// Cost: one pass over the runs; linear in the text.
    public var tableOfContents: [TableOfContentsEntry] {
        anchoredHeadings().map { heading in
            let block = blocks[Int(heading.block)]
            var level = 1
            if case .header(let headerLevel) = block.kind { level = headerLevel }
            return TableOfContentsEntry(level: level, title: heading.title, anchor: heading.anchor, identity: block.identity)
        }
    }

    /// The anchor of every heading block, by block index (what the HTML writer writes as `id`).
    package func headingAnchors() -> [BlockID: String] {
        Dictionary(uniqueKeysWithValues: anchoredHeadings().map { (BlockID($0.block), $0.anchor) })
    }

    /// Each heading block in document order, with its title and its anchor.
    private func anchoredHeadings() -> [(block: Int32, title: String, anchor: String)] {
        let headings = headingTitles()
        let anchors = HeadingAnchor.anchors(for: headings.map(\.title))
        return zip(headings, anchors).map { ($0.block, $0.title, $1) }
    }

    /// Each heading block, in document order, with its text content as HTML shows it: raw HTML,
    /// images, placeholders and separators contribute nothing, a line break or soft break a line feed
    /// (which the anchor rule removes).
    private func headingTitles() -> [(block: Int32, title: String)] {
        var result: [(block: Int32, title: String)] = []
        var current: (block: Int32, bytes: [UInt8])?
        let utf8 = Array(text.utf8)
        var start = 0
        let skipped = InlinePresentationIntent.inlineHTML.rawValue | InlinePresentationIntent.blockHTML.rawValue
        let breaks = InlinePresentationIntent.softBreak.rawValue | InlinePresentationIntent.lineBreak.rawValue
        for record in runRecords {
            defer { start = record.end }
            guard record.block >= 0, case .header = blocks[Int(record.block)].kind else { continue }
            if current?.block != record.block {
                if let current { result.append((current.block, String(decoding: current.bytes, as: UTF8.self))) }
                current = (record.block, [])
            }
            let attributes = attributeTable[Int(record.attributes)]
            if attributes.isBlockSeparator || attributes.isPlaceholder || record.inline & skipped != 0 { continue }
            // An image shows no text in HTML (its description is the `alt` attribute).
            if attributes.imageURL != nil || attributes.imageSource != nil { continue }
            if record.inline & breaks != 0 {
                current?.bytes.append(UInt8(ascii: "\n"))
                continue
            }
            current?.bytes.append(contentsOf: utf8[start..<record.end])
        }
        if let current { result.append((current.block, String(decoding: current.bytes, as: UTF8.self))) }
        return result
    }
}
