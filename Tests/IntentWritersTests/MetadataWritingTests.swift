import Foundation
import IntentModel
import IntentWriters
import MarkdownParsing
import SpecCorpus
import Testing

/// Front matter, GitHub alerts and heading anchors through HTML and Markdown: goldens under
/// `Fixtures/Writers/` (`NAME.html`, `NAME.github.html` with alert markup and heading ids,
/// `NAME.written.md`), checked against libcmark-gfm where it has an answer. The run dump and JSON
/// of these fixtures are in the parsing fixtures, plain text and rich text in the lowering
/// fixtures, RTF and the terminal in their writers' fixtures.
@Suite("Front matter, alerts and anchors in HTML and Markdown")
struct MetadataWritingTests {
    static let fixtures = ["front-matter", "front-matter-toml", "github-alerts", "heading-anchors"]

    @Test("HTML and Markdown match the goldens; Markdown reads back to an equivalent document", arguments: fixtures)
    func matchesGoldens(name: String) throws {
        let document = try IntentDocument(markdown: ParsingFixtures.source(name), options: ParsingFixtures.options(name))
        try Golden.expect(document.html(), matches: "Writers/\(name).html")
        let github = document.html(options: HTMLWritingOptions(headingIDs: true, gitHubAlerts: true))
        try Golden.expect(github, matches: "Writers/\(name).github.html")
        // From source it is the source itself; written anew it is the golden.
        #expect(document.markdown().utf8.elementsEqual(try ParsingFixtures.source(name)))
        let markdown = document.markdown(options: MarkdownWritingOptions(preservesSource: false))
        try Golden.expect(markdown, matches: "Writers/\(name).written.md")
        let reread = try IntentDocument(markdown: markdown)
        #expect(reread.isEquivalent(to: document), "\(reread.equivalenceFailure(comparedTo: document) ?? "")")
    }

    @Test("by default, HTML is libcmark-gfm's for the text after the front matter, alert markers included", arguments: fixtures)
    func defaultHTMLIsLibcmarkGFMs(name: String) throws {
        let source = String(decoding: try ParsingFixtures.source(name), as: UTF8.self)
        let document = try IntentDocument(markdown: source)
        var body = source
        if let range = document.frontMatter?.sourceRange {
            // libcmark-gfm is given the text after the front matter.
            body = String(decoding: Array(source.utf8)[range.upperBound...], as: UTF8.self)
        }
        #expect(document.html() == (try ReferenceParser.html(body)))
    }

    @Test("front matter: YAML and TOML, closed by ---, ... or +++, beginning a mapping; otherwise Markdown")
    func frontMatterRules() throws {
        let yaml = try IntentDocument(markdown: "\u{FEFF}---\na: 1\n...\nText\n")
        #expect(yaml.frontMatter == FrontMatter(format: .yaml, rawText: "---\na: 1\n...\n", sourceRange: 3..<16))
        #expect(yaml.frontMatter?.content == "a: 1\n")
        #expect(yaml.text == "Text\n")
        let toml = try IntentDocument(markdown: "+++ \ntitle = 'x'\n+++")
        #expect(toml.frontMatter?.format == .toml && toml.frontMatter?.content == "title = 'x'\n" && toml.text.isEmpty)
        // Not front matter: no closing line, a closing line of the other format, not at the start,
        // or the option off.
        // Content that begins no mapping: Markdown between thematic breaks (a heading, a
        // paragraph, emphasis, a list, indentation), TOML that is no key or table.
        for source in [
            "---\na: 1\n", "---\na: 1\n+++\n", "\n---\na\n---\n", "... \na\n...\n", "---\n# Heading\n\nText\n---\nEnd\n",
            "---\nText\n---\n", "---\n**Note:** x\n---\n", "---\n- a: 1\n---\n", "---\n  title: x\n---\n", "---\nhttp://x\n---\n",
            "+++\nText\n+++\n", "---\n# Title\n---\n",
        ] {
            let document = try IntentDocument(markdown: source)
            #expect(document.frontMatter == nil, "\(source.debugDescription)")
            #expect(document.html() == (try ReferenceParser.html(source)))
        }
        // A mapping after blank and comment lines, an empty one, a TOML table.
        for (source, content) in [
            ("---\n# about\n\ntitle: x\nbody\n---\n", "# about\n\ntitle: x\nbody\n"), ("---\n---\nText\n", ""),
            ("---\n\"a b\": 1\n---\n", "\"a b\": 1\n"), ("---\ntags:\n- a\n...\n", "tags:\n- a\n"), ("+++\n[params]\n+++\n", "[params]\n"),
        ] {
            #expect(try IntentDocument(markdown: source).frontMatter?.content == content[...], "\(source.debugDescription)")
        }
        var options = MarkdownParsingOptions()
        options.recognizesFrontMatter = false
        #expect(try IntentDocument(markdown: "---\na: 1\n---\n", options: options).frontMatter == nil)
        // Line numbers and columns after the front matter are the source's.
        options = MarkdownParsingOptions(appliesSourcePositionAttributes: true)
        let positioned = try IntentDocument(markdown: "---\na: 1\n---\n\n  *x*\n", options: options)
        #expect(positioned.runs.first?.attributes.sourcePosition?.startLine == 5)
    }

    @Test("alerts: only top-level quotes whose first line is a marker written as is, with content after it")
    func alertRules() throws {
        func alert(_ source: String) throws -> GitHubAlert? {
            try IntentDocument(markdown: source).runs.lazy.compactMap { $0.blockMarkup.values.compactMap(\.alert).first }.first
        }
        #expect(try alert("> [!Note]\n> x\n") == GitHubAlert(kind: .note, marker: "[!Note]", markerEnding: .softBreak))
        #expect(try alert("> [!TIP]\\\n> x\n") == GitHubAlert(kind: .tip, markerEnding: .lineBreak))
        #expect(try alert(">[!CAUTION]\n>\n>x\n") == GitHubAlert(kind: .caution, markerEnding: .paragraphEnd))
        for source in [
            "> [!NOTE]\n", "> [!NOTE] x\n", "> \\[!NOTE]\n> x\n", "> [&#33;NOTE]\n> x\n", "> [!NOTES]\n> x\n",
            "- > [!NOTE]\n  > x\n", "> > [!NOTE]\n> > x\n", "> x\n> [!NOTE]\n", "> *[!NOTE]*\n> x\n",
        ] {
            #expect(try alert(source) == nil, "\(source.debugDescription)")
        }
        var options = MarkdownParsingOptions()
        options.recognizesGitHubAlerts = false
        let plain = try IntentDocument(markdown: "> [!NOTE]\n> x\n", options: options)
        #expect(plain.text == "[!NOTE] x\n")
    }

    @Test("a hand-made alert or front matter is written so that it reads back")
    func handMadeMetadataReadsBack() throws {
        var document = IntentDocument()
        document.frontMatter = FrontMatter(format: .toml, rawText: "title = 'x'")
        let quote = PresentationIntent(.blockQuote, identity: 1)
        document.append(
            "Careful.", presentationIntent: PresentationIntent(.paragraph, identity: 2, parent: quote),
            blockMarkup: [1: BlockMarkup(alert: GitHubAlert(kind: .warning, markerEnding: .paragraphEnd))])
        let markdown = document.markdown()
        #expect(markdown == "+++\ntitle = 'x'\n+++\n> [!WARNING]\n>\n> Careful.\n")
        let reread = try IntentDocument(markdown: markdown)
        #expect(reread.frontMatter?.content == "title = 'x'\n")
        #expect(reread.runs.first?.blockMarkup.values.first?.alert == GitHubAlert(kind: .warning, markerEnding: .paragraphEnd))
        #expect(reread.plainText().hasPrefix("│ Warning\n│ Careful."))
    }
}
