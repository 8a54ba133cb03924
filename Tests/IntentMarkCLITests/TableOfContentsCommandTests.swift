import Foundation
import SpecCorpus
import Testing

/// `intentmark toc` and `convert --heading-ids`, through the built binary.
@Suite("Table of contents and heading ids", .tags(.corpus))
struct TableOfContentsCommandTests {
    static let markdown = Data(
        """
        # IntentMark

        ## Getting started

        ### Install `cmark-gfm`

        ## Getting started

        #### Deep *heading* [x]

        """.utf8)

    @Test("toc prints a nested Markdown list of links to GitHub's anchors")
    func tableOfContents() throws {
        let result = try CLITests.run(["toc", "-"], input: Self.markdown)
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            String(decoding: result.standardOutput, as: UTF8.self) == """
                - [IntentMark](#intentmark)
                  - [Getting started](#getting-started)
                    - [Install cmark-gfm](#install-cmark-gfm)
                  - [Getting started](#getting-started-1)
                    - [Deep heading \\[x\\]](#deep-heading-x)

                """)
    }

    @Test("--heading-ids gives HTML headings the same anchors; it applies to HTML only")
    func headingIDs() throws {
        let html = try CLITests.run(["convert", "-", "-t", "html", "--heading-ids"], input: Self.markdown)
        #expect(html.status == 0, "\(html.standardError)")
        let text = String(decoding: html.standardOutput, as: UTF8.self)
        #expect(text.hasPrefix("<h1 id=\"intentmark\">IntentMark</h1>\n<h2 id=\"getting-started\">Getting started</h2>\n"))
        #expect(text.contains("<h2 id=\"getting-started-1\">Getting started</h2>"))
        let plain = try CLITests.run(["convert", "-", "-t", "html"], input: Self.markdown)
        #expect(String(decoding: plain.standardOutput, as: UTF8.self).hasPrefix("<h1>IntentMark</h1>"))

        let misuse = try CLITests.run(["convert", "-", "-t", "plain", "--heading-ids"], input: Self.markdown)
        #expect(misuse.status == 64)
        #expect(misuse.standardError.contains("--heading-ids does not apply to --to plain"))
        let unknown = try CLITests.run(["toc", "-", "--width", "3"], input: Self.markdown)
        #expect(unknown.status == 64)
    }

    @Test("A heading of punctuation alone gets no id and an entry without a link; an empty one no entry")
    func headingsWithoutAnchors() throws {
        let markdown = Data("# Top\n\n## ?!\n\n#\n".utf8)
        let html = try CLITests.run(["convert", "-", "-t", "html", "--heading-ids"], input: markdown)
        // The empty heading's anchor is the second empty one: `-1`, as GitHub numbers it.
        #expect(String(decoding: html.standardOutput, as: UTF8.self) == "<h1 id=\"top\">Top</h1>\n<h2>?!</h2>\n<h1 id=\"-1\"></h1>\n")
        let toc = try CLITests.run(["toc", "-"], input: markdown)
        #expect(String(decoding: toc.standardOutput, as: UTF8.self) == "- [Top](#top)\n  - ?!\n")
    }
}
