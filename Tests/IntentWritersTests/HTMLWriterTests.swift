import Foundation
import IntentModel
import IntentWriters
import MarkdownParsing
import Testing

/// Edge cases of the HTML writer beside the spec-driven conformance suite.
@Suite("HTML writer")
struct HTMLWriterTests {
    /// The writer's HTML and libcmark-gfm's, for `markdown` with all extensions, safe and unsafe.
    func expectSameHTML(
        _ markdown: String, options: MarkdownParsingOptions = .default, sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        let document = try IntentDocument(markdown: markdown, options: options)
        for unsafe in [false, true] {
            let expected = try ReferenceParser.html(markdown, options: options, unsafe: unsafe)
            #expect(
                document.html(options: HTMLWritingOptions(unsafe: unsafe)) == expected, "unsafe: \(unsafe)", sourceLocation: sourceLocation)
        }
    }

    @Test func dangerousURLsAreEmptiedInSafeModeOnly() throws {
        try expectSameHTML(
            """
            [a](javascript:alert(1)) [b](JavaScript:x) [c](vbscript:x) [d](file:///etc/passwd) [e](data:text/html,x)
            ![f](data:image/png;base64,AAAA) ![g](data:image/svg+xml,x) [h](DATA:IMAGE/GIF;x) [i](https://ok.example/?a=1&b='2')
            """)
    }

    @Test func theTagFilterEscapesOnlyTheListedTags() throws {
        try expectSameHTML("<title>t</title> <TEXTAREA> <style x> <xmp/> <iframe> <strong> <scriptx>\n\n<script>\nalert(1)\n</script>\n")
    }

    @Test func urlsAndTitlesAreEscapedLikeLibcmarkGFM() throws {
        try expectSameHTML("[a](<a b> \"t \\\"q\\\" & <x>\") [b](/ü?x=[1]&y='2') ![c](</img path.png> 'it''s')\n")
    }

    @Test func codeBlocksWithAndWithoutTextAreTellApartInBothLayouts() throws {
        for layout in BlockSeparation.allCases {
            try expectSameHTML(
                "```\n```\n\n```\n\n```\n\n```\n\n\n```\n\n    x\n", options: MarkdownParsingOptions(blockSeparation: layout))
        }
    }

    @Test func footnotesWithRepeatedReferencesAndNonParagraphEnds() throws {
        try expectSameHTML("a[^x] b[^x] c[^y] d[^x]\n\n[^x]: one\n\n    code\n[^y]: two\n\n    more\n\n    para\n")
    }

    /// A label's references are counted together whatever else their runs carry (emphasis, strong
    /// emphasis, a link around them, another case of the label), since the writer tells labels
    /// apart once per attribute set.
    @Test func referencesToOneLabelAreCountedAcrossAttributeSets() throws {
        try expectSameHTML(
            "a[^x] *b[^x]* **c[^X]** [d[^x]](/u) e[^y] ~~f[^y]~~ g[^x]\n\n[^x]: one\n[^y]: two\n[^z]: none\n")
    }

    @Test func adjacentHardBreaksEachBecomeABreak() throws {
        try expectSameHTML("a\\\n\\\nb\n")
        try expectSameHTML("a  \n  \nb\n")
    }

    /// Text escaping reads eight bytes at a time, the last partial word as the eight bytes that end
    /// the text, and appends short pieces as overlapping words: a special character at every
    /// position of texts of every length from 1 to 40, in paragraphs and code blocks, against
    /// libcmark-gfm.
    @Test func escapingIsExactAtEveryLengthAndPosition() throws {
        var markdown = ""
        for length in 1...40 {
            for special in ["&", "<", ">", "\"", "é"] {
                for position in 0..<length {
                    var letters = Array(repeating: "a", count: length)
                    letters[position] = special
                    let text = letters.joined()
                    markdown += "\(text)\n\n```\n\(text)\n```\n\n"
                }
            }
        }
        try expectSameHTML(markdown)
    }

    @Test func deeplyNestedEmphasisIsWrittenInLinearTime() throws {
        // 96 000 delimiters in one paragraph, under maximumEmphasisDelimitersPerBlock.
        let depth = 16_000
        let markdown = String(repeating: "*a **a ", count: depth) + "b" + String(repeating: " a** a*", count: depth) + "\n"
        let document = try IntentDocument(markdown: markdown)
        let html = document.html()
        #expect(html == (try ReferenceParser.html(markdown)))
        #expect(html.hasPrefix("<p><em>a <strong>a <em>a "))
    }

    @Test func aHandMadeDocumentIsWrittenSensibly() {
        var document = IntentDocument()
        let header = PresentationIntent(.header(level: 2), identity: 1)
        document.append("Title\n", presentationIntent: header)
        let list = PresentationIntent(.unorderedList, identity: 2)
        for (number, word) in ["one", "two"].enumerated() {
            let item = PresentationIntent(.listItem(ordinal: number + 1), identity: 3 + 2 * number, parent: list)
            let paragraph = PresentationIntent(.paragraph, identity: 4 + 2 * number, parent: item)
            document.append(word, presentationIntent: paragraph, inlinePresentationIntent: number == 0 ? .stronglyEmphasized : [])
            document.append("\n", presentationIntent: paragraph)
        }
        let table = PresentationIntent(.table(columns: [.init(alignment: .left), .init(alignment: .right)]), identity: 7)
        let row = PresentationIntent(.tableHeaderRow, identity: 8, parent: table)
        document.append("a\t", presentationIntent: PresentationIntent(.tableCell(columnIndex: 0), identity: 9, parent: row))
        document.append("b\n", presentationIntent: PresentationIntent(.tableCell(columnIndex: 1), identity: 10, parent: row))
        #expect(
            document.html() == """
                <h2>Title</h2>
                <ul>
                <li><strong>one</strong></li>
                <li>two</li>
                </ul>
                <table>
                <thead>
                <tr>
                <th>a</th>
                <th align="right">b</th>
                </tr>
                </thead>
                </table>

                """)
    }

    @Test func flatIntentsAndLinksWithoutSpansBecomeTags() {
        var document = IntentDocument()
        let paragraph = PresentationIntent(.paragraph, identity: 1)
        document.append("see ", presentationIntent: paragraph)
        let link = RunAttributes(link: URL(string: "https://example.com/a b"))
        document.append("bold", presentationIntent: paragraph, inlinePresentationIntent: .stronglyEmphasized, attributes: link)
        document.append(
            " both", presentationIntent: paragraph, inlinePresentationIntent: [.stronglyEmphasized, .emphasized], attributes: link)
        document.append(" gone", presentationIntent: paragraph, inlinePresentationIntent: .strikethrough)
        #expect(
            document.html() == "<p>see <a href=\"https://example.com/a%20b\"><strong>bold<em> both</em></strong></a><del> gone</del></p>\n")
    }

    @Test func optionsMirrorLibcmarkGFMs() throws {
        let document = try IntentDocument(markdown: "```swift title=\"x\"\nlet a\n```\n\na\nb\n\n| c |\n|:-:|\n")
        let html = document.html(
            options: HTMLWritingOptions(softBreak: .lineBreak, fullInfoString: true, githubPreLang: true, tablePreferStyleAttributes: true))
        #expect(html.contains("<pre lang=\"swift\" data-meta=\"title=&quot;x&quot;\"><code>"))
        #expect(html.contains("<p>a<br />\nb</p>"))
        #expect(html.contains("<th style=\"text-align: center\">c</th>"))
        #expect(document.html(options: HTMLWritingOptions(softBreak: .space)).contains("<p>a b</p>"))
    }
}
