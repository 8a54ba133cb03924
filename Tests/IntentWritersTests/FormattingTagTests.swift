import Foundation
import IntentLowering
import IntentModel
import IntentWriters
import MarkdownParsing
import SpecCorpus
import Testing

/// Inline HTML formatting tags (`<u>`, `<sup>`, …) and display extended attributes read as display
/// attributes: which tags pair, what the runs carry, and that nothing else changes — libcmark-gfm's
/// HTML, the Markdown round trip, JSON and `AttributedString`.
@Suite("Formatting tags")
struct FormattingTagTests {
    /// Snippets with tags that pair, tags that must stay raw, and their mixtures.
    static let snippets = [
        "a <u>b *c*</u> <U>d</u> <ins>e</ins> x<sup>2</sup> H<sub>2</sub>O <mark>m</mark> <kbd>K</kbd>",
        "<s>s</s><del>d</del><strike>k</strike> <sup><sup>x</sup></sup> 2<sup>n<sub>i</sub></sup>",
        "<u>a <s>b</u> c</s> <u class=\"x\">y</u> <u></u> <b>b</b> <u>*a</u>* <u >sp</u > <u/>",
        "![<u>alt</u> <sup>2</sup>](i.png) [<u>link</u>](u) <u>[link](u)</u> <u>`code`</u>",
        "<u>line\nbreak</u> <u>hard  \nbreak</u> </u>x<u> <u><u>a</u>",
        "# <kbd>H</kbd>\n\n| <sup>1</sup> | <mark>c</mark> |\n|---|---|\n| <u>x</u> | y |\n\n- <u>item</u>\n",
        "> <u>quote\n> more</u>\n\n<u>para\n\nnext</u>\n",
        "Footnote<sup>[^1]</sup>\n\n[^1]: <ins>note</ins>\n",
        "<u><u><u><u>deep</u></u></u></u> <u>^</u>[x](y)",
    ]

    static func parse(_ markdown: String, layout: BlockSeparation = .newlines, displays: Bool = true) throws -> IntentDocument {
        var options = MarkdownParsingOptions(blockSeparation: layout)
        options.appliesDisplayAttributes = displays
        return try IntentDocument(markdown: markdown, options: options)
    }

    @Test("HTML equals libcmark-gfm's, safe and unsafe, both layouts", arguments: snippets)
    func htmlEqualsLibcmarkGFM(markdown: String) throws {
        for layout in BlockSeparation.allCases {
            let options = MarkdownParsingOptions(blockSeparation: layout)
            let document = try IntentDocument(markdown: markdown, options: options)
            for unsafe in [false, true] {
                let expected = try ReferenceParser.html(markdown, options: options, unsafe: unsafe)
                #expect(document.html(options: HTMLWritingOptions(unsafe: unsafe)) == expected, "\(layout) unsafe=\(unsafe)")
            }
        }
    }

    @Test("Markdown round trip is exact, and JSON and AttributedString keep the tags", arguments: snippets)
    func roundTripsAreExact(markdown: String) throws {
        #expect(try MarkdownRoundTripTests.roundTrip(markdown, options: MarkdownParsingOptions()) == nil)
        let document = try Self.parse(markdown)
        let decoded = try IntentDocument(jsonData: document.jsonData())
        #expect(decoded == document)
        let converted = IntentDocument(document.attributedString())
        #expect(converted == document)
        #expect(converted.html(options: HTMLWritingOptions(unsafe: true)) == document.html(options: HTMLWritingOptions(unsafe: true)))
    }

    @Test func pairedTagsBecomeDisplayAttributesAndLeaveTheText() throws {
        let document = try Self.parse("a <U>b</u> <sup>2</sup> <kbd>k</kbd> <mark>m</mark> <del>d</del>")
        #expect(document.text == "a b 2 k m d\n")
        let runs = document.runs.filter { $0.attributes.display != nil }
        #expect(runs.map { String($0.text) } == ["b", "2", "k", "m", "d"])
        #expect(runs[0].attributes.display?.underlineStyle == .single)
        #expect(runs[0].inlineSpans?.innermost.htmlTag == HTMLFormattingTag(.underline, opening: "<U>", closing: "</u>"))
        #expect(runs[0].inlineSpans?.innermost.kind == .htmlFormatting)
        #expect(runs[1].attributes.display?.superscript == 1)
        #expect(runs[2].attributes.display?.font?.design == .monospaced)
        #expect(runs[3].attributes.display?.backgroundColor == .highlight)
        #expect(runs[4].attributes.display?.strikethroughStyle == .single)
        #expect(runs.allSatisfy { $0.inlinePresentationIntent.isEmpty })
    }

    @Test func unbalancedUnknownDecoratedEmptyAndCrossingTagsStayRaw() throws {
        let raw = ["<u>open", "close</u>", "<u class=\"x\">a</u>", "<u></u>", "<u>*a</u>*", "<b>b</b>", "<u >a</u >"]
        for markdown in raw {
            let document = try Self.parse(markdown)
            #expect(document.runs.allSatisfy { $0.attributes.display == nil }, "\(markdown)")
            #expect(document.runs.contains { $0.inlinePresentationIntent.contains(.inlineHTML) }, "\(markdown)")
        }
    }

    @Test func aClosingTagClosesTheNearestOpenTagOfItsElement() throws {
        let document = try Self.parse("<u>a <s>b</u> c</s>")
        #expect(document.text == "a <s>b c</s>\n")
        let underlined = document.runs.filter { $0.attributes.display?.underlineStyle == .single }.map { String($0.text) }
        #expect(underlined == ["a ", "<s>", "b"])
    }

    @Test func nestedSuperscriptsAddUp() throws {
        let document = try Self.parse("<sup><sup>a</sup></sup><sub>b</sub>")
        #expect(document.runs.compactMap { $0.attributes.display?.superscript } == [2, -1])
    }

    @Test func theOptionOffKeepsEveryTagRaw() throws {
        let markdown = "a <u>b</u> c"
        let document = try Self.parse(markdown, displays: false)
        #expect(document.text == "a <u>b</u> c\n")
        #expect(document.runs.allSatisfy { $0.attributes.display == nil })
        var options = MarkdownParsingOptions()
        options.appliesDisplayAttributes = false
        #expect(
            document.html(options: HTMLWritingOptions(unsafe: true)) == (try ReferenceParser.html(markdown, options: options, unsafe: true))
        )
    }

    @Test func deepNestingIsIterative() throws {
        let depth = 20_000
        let markdown = String(repeating: "<u>", count: depth) + "x" + String(repeating: "</u>", count: depth)
        let document = try Self.parse(markdown)
        #expect(document.text == "x\n")
        #expect(document.runs.first?.inlineSpans?.depth == depth)
        let html = document.html(options: HTMLWritingOptions(unsafe: true))
        #expect(html == "<p>" + markdown + "</p>\n")
        let unpaired = String(repeating: "<u>", count: depth) + "x" + String(repeating: "</s>", count: depth)
        #expect(try Self.parse(unpaired).html(options: HTMLWritingOptions(unsafe: true)) == "<p>" + unpaired + "</p>\n")
    }

    @Test func displayExtendedAttributesSetDisplayAttributesAndRoundTrip() throws {
        var options = MarkdownParsingOptions(allowsExtendedAttributes: true)
        let markdown = "^[u](underline: true) x^[2](superscript: 1) ^[m](highlight: true) ^[o](baselineOffset: 2.5) ^[k](inflect: true)\n"
        let document = try IntentDocument(markdown: markdown, options: options)
        let displays = document.runs.compactMap(\.attributes.display)
        #expect(displays.count == 4)
        #expect(displays[0].underlineStyle == .single)
        #expect(displays[1].superscript == 1)
        #expect(displays[2].backgroundColor == .highlight)
        #expect(displays[3].baselineOffset == 2.5)
        // Written anew (not from source): the attributes are written once, as extended attributes
        // (JSON members), no extra tags.
        let written = document.markdown(options: MarkdownWritingOptions(preservesSource: false))
        #expect(
            written
                == #"^[u]("underline":true) x^[2]("superscript":1) ^[m]("highlight":true) ^[o]("baselineOffset":2.5) ^[k]("inflect":true)"#
                + "\n")
        #expect(try IntentDocument(markdown: written, options: options) == document)
        options.appliesDisplayAttributes = false
        #expect(try IntentDocument(markdown: markdown, options: options).runs.allSatisfy { $0.attributes.display == nil })
    }

    @Test func jsonKeepsFormattingTagsAsWritten() throws {
        let tagged = try Self.parse("a <U>b</u>")
        let json = String(decoding: try tagged.jsonData(), as: UTF8.self)
        #expect(json.contains(#""version": 3"#))
        #expect(json.contains(#""opening":"<U>""#))
        #expect(try IntentDocument(jsonData: Data(json.utf8)) == tagged)
        // Nested in other JSON (Codable), the per-run form: version 1 without formatting tags, 2 with.
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        #expect(String(decoding: try encoder.encode(Self.parse("a *b*")), as: UTF8.self).contains(#""version":1"#))
        #expect(String(decoding: try encoder.encode(tagged), as: UTF8.self).contains(#""version":2"#))
    }

    @Test func equivalenceIgnoresTheLetterCaseButNotTheElement() throws {
        #expect(try Self.parse("<U>a</U>").isEquivalent(to: Self.parse("<u>a</u>")))
        #expect(try !Self.parse("<ins>a</ins>").isEquivalent(to: Self.parse("<u>a</u>")))
        #expect(try Self.parse("<U>a</U>") != Self.parse("<u>a</u>"))
    }

    @Test func handMadeDisplayAttributesInsideTagsAreWrittenOnce() throws {
        var document = IntentDocument()
        let tag = InlineSpanPath(InlineSpan(kind: .htmlFormatting, identity: 1, htmlTag: HTMLFormattingTag(.underline)))
        let paragraph = PresentationIntent(.paragraph, identity: 1)
        document.append(
            "a", presentationIntent: paragraph, attributes: RunAttributes(display: DisplayAttributes(underlineStyle: .single)),
            inlineSpans: tag)
        document.append(
            "b", presentationIntent: paragraph,
            attributes: RunAttributes(display: DisplayAttributes(underlineStyle: .single, superscript: 1)), inlineSpans: tag)
        #expect(document.markdown() == "<u>a<sup>b</sup></u>\n")
        #expect(document.html() == "<p><!-- raw HTML omitted -->ab<!-- raw HTML omitted --></p>\n")
    }

    @Test func plainTextAndTerminalShowTheTextWithoutTags() throws {
        let document = try Self.parse("a <u>b</u> <mark>c</mark>")
        #expect(document.plainText() == "a b c")
        let terminal = TerminalRenderer(options: TerminalRenderingOptions(usesEscapeSequences: true, hyperlinks: false)).render(document)
        #expect(terminal.contains("\u{1B}[4mb"))
        #expect(terminal.contains("\u{1B}[7mc"))
    }
}
