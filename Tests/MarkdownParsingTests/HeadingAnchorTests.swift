import Foundation
import IntentModel
import MarkdownParsing
import Testing

/// Heading anchors by GitHub's rule and the table of contents.
@Suite("Heading anchors and table of contents")
struct HeadingAnchorTests {
    @Test(
        "slugs: lowercase, punctuation removed, spaces to hyphens",
        arguments: [
            ("Getting started", "getting-started"),
            ("What's new in 2.0?", "whats-new-in-20"),
            ("C++ & Objective-C", "c--objective-c"),
            ("snake_case_name", "snake_case_name"),
            ("  leading and trailing  ", "--leading-and-trailing--"),
            ("Ärger & Ölpreise", "ärger--ölpreise"),
            ("日本語の見出し", "日本語の見出し"),
            ("Emoji 🎉 party", "emoji--party"),
            ("!!!", ""),
        ])
    func slugs(title: String, slug: String) {
        #expect(HeadingAnchor.slug(title) == slug)
    }

    @Test("duplicates are numbered per anchor, in document order")
    func duplicates() {
        #expect(
            HeadingAnchor.anchors(for: ["Setup", "Usage", "Setup", "setup", "Usage"]) == [
                "setup", "usage", "setup-1", "setup-2", "usage-1",
            ])
    }

    @Test("a heading's title is its text as HTML shows it")
    func titles() throws {
        let markdown = """
            # The `intentmark` *command* <b>line</b>

            Setext **heading**
            over two lines
            ===

            ## ![logo](logo.png) Logo and [link](https://example.com)

            ## Notes[^1]

            Paragraph.

            ### Notes

            [^1]: A note.
            """
        let document = try IntentDocument(markdown: markdown)
        let entries = document.tableOfContents
        #expect(
            entries.map(\.title) == ["The intentmark command line", "Setext heading\nover two lines", " Logo and link", "Notes1", "Notes"])
        #expect(
            entries.map(\.anchor) == ["the-intentmark-command-line", "setext-headingover-two-lines", "-logo-and-link", "notes1", "notes"])
        #expect(entries.map(\.level) == [1, 1, 2, 2, 3])
        #expect(entries.allSatisfy { $0.identity > 0 })
        // The same in the other layout.
        var options = MarkdownParsingOptions()
        options.blockSeparation = .none
        #expect(try IntentDocument(markdown: markdown, options: options).tableOfContents == entries)
    }

    @Test("a document without headings has an empty table of contents")
    func noHeadings() throws {
        #expect(try IntentDocument(markdown: "Just a paragraph.\n\n- and a list\n").tableOfContents.isEmpty)
    }
}
