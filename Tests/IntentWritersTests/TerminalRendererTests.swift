import Foundation
import IntentLowering
import IntentModel
import IntentWriters
import MarkdownParsing
import SpecCorpus
import Testing

@Suite("Terminal renderer")
struct TerminalRendererTests {
    static let goldens = TestPaths.fixtures.appending(path: "Writers")
    static let escape = "\u{1B}"

    // MARK: Goldens

    /// Compares `rendered` with `Fixtures/Writers/NAME`; `INTENTMARK_RECORD_GOLDENS=1` rewrites it
    /// and fails.
    static func expectGolden(_ rendered: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try Golden.expect(rendered, matches: "Writers/\(name)", sourceLocation: sourceLocation)
    }

    static func showcase(_ layout: BlockSeparation = .newlines) throws -> IntentDocument {
        var options = MarkdownParsingOptions()
        options.blockSeparation = layout
        // From a string: a file URL would become the base URL, and absolute paths of this
        // checkout would end up in the goldens' hyperlinks.
        let source = try String(contentsOf: goldens.appending(path: "showcase.md"), encoding: .utf8)
        return try IntentDocument(markdown: source, options: options)
    }

    static func readme() throws -> IntentDocument {
        try IntentDocument(markdown: String(contentsOf: TestPaths.packageRoot.appending(path: "README.md"), encoding: .utf8))
    }

    /// The showcase fixture (every block and inline kind) at 80 columns: the escape sequences
    /// with colour on, the plain text with colour off; both block layouts render alike.
    @Test("showcase matches its goldens in both layouts", arguments: [true, false])
    func showcaseMatchesGoldens(colour: Bool) throws {
        let options = TerminalRenderingOptions(width: 80, usesEscapeSequences: colour)
        let rendered = TerminalRenderer(options: options).render(try Self.showcase())
        #expect(TerminalRenderer(options: options).render(try Self.showcase(.none)) == rendered, "layouts differ")
        try Self.expectGolden(rendered, colour ? "showcase.terminal.ansi" : "showcase.terminal.txt")
    }

    /// The done criterion: `intentmark show README.md` in an 80-column terminal. The
    /// golden follows the README: re-record it (`INTENTMARK_RECORD_GOLDENS=1`) when the README
    /// changes, and look at the diff.
    @Test("A superscript across a soft break is raised as one; characters with raised forms keep their own styles")
    func superscriptAcrossSoftBreak() throws {
        let document = try IntentDocument(markdown: "2<sup>n −\n1</sup> and 2<sup>1\n0</sup>\n")
        let plain = document.terminalText(options: TerminalRenderingOptions(width: 60, usesEscapeSequences: false))
        #expect(plain == "2^(n − 1) and 2^(1 0)\n")
        let raised = try IntentDocument(markdown: "x<sup>[2](u)3</sup>\n")
        // Without hyperlinks the target of a link inside the superscript follows the whole
        // superscript; an autolink's text is its target already.
        #expect(raised.terminalText(options: TerminalRenderingOptions(width: 60, usesEscapeSequences: false)) == "x²³ (u)\n")
        for (markdown, expected) in [
            ("x<sup>[a](u)b</sup>\n", "x^(ab) (u)\n"), ("H<sub>[2](u)O</sub>\n", "H_(2O) (u)\n"),
            ("2<sup>[1](u)\n0</sup>\n", "2^(1 0) (u)\n"), ("x<sup><http://auto.example></sup>\n", "x^(http://auto.example)\n"),
        ] {
            let document = try IntentDocument(markdown: markdown)
            #expect(document.terminalText(options: TerminalRenderingOptions(width: 60, usesEscapeSequences: false)) == expected)
            var options = PlainTextOptions()
            options.links = .textAndURL
            #expect(document.plainText(options: options) + "\n" == expected)
        }
        // The `2` keeps the link's style and `3` its own.
        let styled = raised.terminalText(options: TerminalRenderingOptions(width: 60, hyperlinks: true))
        #expect(styled.contains("²") && styled.contains("³"))
        #expect(styled.components(separatedBy: "²")[1].hasPrefix("\u{1B}"), "\(styled.debugDescription)")
    }

    @Test func readmeMatchesItsGoldenAtEightyColumns() throws {
        let document = try Self.readme()
        let rendered = TerminalRenderer(options: TerminalRenderingOptions(width: 80)).render(document)
        try Self.expectGolden(rendered, "README.terminal.ansi")
    }

    /// The fixtures of what every output must keep (raw HTML, nested items, right-to-left text,
    /// scripts, links as written, cell widths): at 60 columns, with escapes (links are OSC 8
    /// hyperlinks there) and without.
    static let meaningFixtures = [
        "raw-html-meaning", "items-starting-with-nested-blocks", "right-to-left", "superscript-and-subscript", "link-destinations",
        "terminal-widths", "footnotes", "front-matter", "front-matter-toml", "github-alerts", "heading-anchors",
    ]

    @Test("fixtures of meaning match their terminal goldens, with and without escapes", arguments: meaningFixtures)
    func meaningFixturesMatchGoldens(name: String) throws {
        let document = try IntentDocument(markdown: ParsingFixtures.source(name), options: ParsingFixtures.options(name))
        let styled = document.terminalText(options: TerminalRenderingOptions(width: 60))
        let plain = document.terminalText(options: TerminalRenderingOptions(width: 60, usesEscapeSequences: false))
        try Self.expectGolden(styled, "\(name).terminal.ansi")
        try Self.expectGolden(plain, "\(name).terminal.txt")
        #expect(!plain.contains(Self.escape))
    }

    @Test(
        "colour off is the colour layout without a single escape (both with link targets after link text)",
        arguments: ["showcase", "README"])
    func plainIsTheStyledLayoutWithoutEscapes(name: String) throws {
        let document = name == "README" ? try Self.readme() : try Self.showcase()
        let styled = document.terminalText(options: TerminalRenderingOptions(width: 80, hyperlinks: false))
        let plain = document.terminalText(options: .plain)
        #expect(styled.contains(Self.escape))
        #expect(!plain.contains(Self.escape))
        #expect(Self.strippingEscapes(styled) == plain)
    }

    @Test func everyStyledLineStartsAndEndsUnstyled() throws {
        let styled = try Self.showcase().terminalText(options: TerminalRenderingOptions(width: 40))
        for line in styled.split(separator: "\n") where line.contains(Self.escape) {
            // Each line closes what it opened: its last SGR is a reset, its OSC 8 sequences pair up
            // (the last one a close).
            let sgr = line.components(separatedBy: "\(Self.escape)[").dropFirst()
            #expect(sgr.last?.hasPrefix("0m") == true, "\(line.debugDescription)")
            let hyperlinks = line.components(separatedBy: "\(Self.escape)]8;;").dropFirst()
            #expect(hyperlinks.count % 2 == 0, "unbalanced hyperlink in \(line.debugDescription)")
            #expect(hyperlinks.last.map { $0.hasPrefix("\(Self.escape)\\") } ?? true, "\(line.debugDescription)")
        }
    }

    // MARK: Inline styles and links

    @Test func inlineIntentsBecomeSGRStylesAndLinksOSC8Hyperlinks() throws {
        let document = try IntentDocument(markdown: "*a* **b** ~~c~~ `d` [e](https://x.test/?q=1) ![f](g.png)\n")
        let rendered = document.terminalText()
        let e = Self.escape
        #expect(
            rendered
                == "\(e)[3ma\(e)[0m \(e)[1mb\(e)[0m \(e)[9mc\(e)[0m \(e)[33md\(e)[0m "
                + "\(e)[4;34m\(e)]8;;https://x.test/?q=1\(e)\\e\(e)]8;;\(e)\\\(e)[0m "
                + "\(e)[3;36mf\(e)[0m\n")
        // Only absolute URLs that run no code become hyperlinks: `g.png` is relative.
        let unsafe = try IntentDocument(markdown: "[x](javascript:alert(1)) [r](docs/i.md) [t](#top) [D](DATA:text/html,x)\n")
        #expect(!unsafe.terminalText().contains("]8;;"))
        let based = try IntentDocument(
            markdown: "[r](docs/i.md)\n", options: MarkdownParsingOptions(baseURL: URL(string: "https://h.test/")))
        #expect(based.terminalText().contains("\(e)]8;;https://h.test/docs/i.md\(e)\\"))
        var noLinks = TerminalRenderingOptions()
        noLinks.hyperlinks = false
        #expect(!document.terminalText(options: noLinks).contains("]8;;"))
        // Without hyperlinks, the target follows the link's text, as in plain text.
        #expect(document.terminalText(options: .plain) == "a b c d e (https://x.test/?q=1) f\n")
    }

    @Test func aWrappedLinkIsClosedAndReopenedOnEachLine() throws {
        let document = try IntentDocument(markdown: "[one two three four](https://x.test)\n")
        let lines = document.terminalText(options: TerminalRenderingOptions(width: 10)).split(separator: "\n")
        #expect(lines.count == 2)
        for line in lines {
            #expect(line.hasPrefix("\(Self.escape)[4;34m\(Self.escape)]8;;https://x.test\(Self.escape)\\"))
            #expect(line.hasSuffix("\(Self.escape)]8;;\(Self.escape)\\\(Self.escape)[0m"))
        }
    }

    @Test func controlCharactersOfTheTextAreNeverWritten() throws {
        let document = try IntentDocument(markdown: "evil \u{1B}[31mred\u{1B}]8;;x\u{07} \u{9B}2J done\n")
        #expect(document.terminalText(options: .plain) == "evil [31mred]8;;x 2J done\n")
        #expect(!document.terminalText().contains(Self.escape))
    }

    @Test func themeParametersCannotInjectEscapes() throws {
        var options = TerminalRenderingOptions()
        options.theme.emphasis = "3m\u{1B}[5"
        let rendered = try IntentDocument(markdown: "*a*\n").terminalText(options: options)
        #expect(rendered == "\(Self.escape)[35ma\(Self.escape)[0m\n")
    }

    // MARK: Wrapping

    @Test func cjkWrapsBetweenCharactersAtNarrowWidths() throws {
        let document = try IntentDocument(markdown: "日本語のテキストです、折り返します。\n")
        let lines = document.terminalText(options: TerminalRenderingOptions(width: 8, usesEscapeSequences: false))
            .split(separator: "\n")
        #expect(lines == ["日本語の", "テキスト", "です、折", "り返しま", "す。"])
        for line in lines { #expect(TerminalCellWidth.of(line) <= 8) }
        // An odd width leaves a cell empty rather than splitting a wide character.
        let odd = document.terminalText(options: TerminalRenderingOptions(width: 5, usesEscapeSequences: false))
        #expect(odd.split(separator: "\n").allSatisfy { TerminalCellWidth.of($0) <= 5 })
        #expect(odd.split(separator: "\n").first == "日本")
    }

    @Test func wordsLongerThanTheWidthAreCut() throws {
        let document = try IntentDocument(markdown: "a supercalifragilisticexpialidocious word\n")
        let lines = document.terminalText(options: TerminalRenderingOptions(width: 10, usesEscapeSequences: false))
            .split(separator: "\n")
        #expect(lines == ["a", "supercalif", "ragilistic", "expialidoc", "ious word"])
    }

    @Test func nestedQuotesAndListsRepeatTheirPrefixesOnContinuationLines() throws {
        let document = try IntentDocument(
            markdown: """
                > - first item with text that wraps
                >   > quoted inside the item, wrapping too
                > - second
                >   1. numbered and also wrapping here
                """)
        let rendered = document.terminalText(options: TerminalRenderingOptions(width: 24, usesEscapeSequences: false))
        #expect(
            rendered == """
                │ • first item with text
                │   that wraps
                │   │ quoted inside the
                │   │ item, wrapping too
                │ • second
                │   1. numbered and also
                │      wrapping here

                """)
    }

    @Test func noLineIsWiderThanTheWidthOutsideCode() throws {
        let document = try Self.showcase()
        for width in [30, 33, 50, 80] {
            let plain = document.terminalText(options: TerminalRenderingOptions(width: width, usesEscapeSequences: false))
            let tooWide = plain.split(separator: "\n").filter {
                TerminalCellWidth.of($0) > width && !$0.hasPrefix("    ")
            }
            #expect(tooWide.isEmpty, "width \(width): \(tooWide)")
        }
    }

    // MARK: Tables

    @Test func tableColumnsAreMeasuredInTerminalCells() throws {
        let document = try IntentDocument(
            markdown: """
                | 名前 | Emoji | n |
                |------|:-----:|--:|
                | 日本語 | 🎉 | 1 |
                | abc | 👩‍💻x | 22 |
                """)
        let rendered = document.terminalText(options: .plain)
        #expect(
            rendered == """
                ┌────────┬───────┬────┐
                │ 名前   │ Emoji │  n │
                ├────────┼───────┼────┤
                │ 日本語 │  🎉   │  1 │
                │ abc    │  👩‍💻x  │ 22 │
                └────────┴───────┴────┘

                """)
        for line in rendered.split(separator: "\n") { #expect(TerminalCellWidth.of(line) == 23) }
    }

    @Test func aTableWiderThanTheWidthWrapsInsideItsColumns() throws {
        let document = try IntentDocument(
            markdown: """
                | Short | A much longer column header |
                |---|---|
                | x | some long cell text that cannot fit |
                """)
        let rendered = document.terminalText(options: TerminalRenderingOptions(width: 30, usesEscapeSequences: false))
        let lines = rendered.split(separator: "\n")
        #expect(lines.allSatisfy { TerminalCellWidth.of($0) == 30 }, "\(lines)")
        #expect(lines.first == "┌───────┬────────────────────┐")
        #expect(lines.contains("│ x     │ some long cell     │"))
    }

    @Test("A table never cuts a word that fits its column while another column has room to give")
    func tableColumnsKeepTheirWidestWords() throws {
        let document = try IntentDocument(
            markdown: """
                | Flag | Description |
                |---|---|
                | `--experimental-operator-position` | Places binary operators at the start of continuation lines instead of the end |
                | 🖋 pen | 🌡 thermometer |
                """)
        let rendered = document.terminalText(options: TerminalRenderingOptions(width: 60, usesEscapeSequences: false))
        let lines = rendered.split(separator: "\n")
        #expect(lines.allSatisfy { TerminalCellWidth.of($0) == 60 }, "\(lines)")
        #expect(lines.contains { $0.contains("│ --experimental-operator-position │") }, "\(lines)")
        // 🖋 and 🌡 are one cell each (East Asian Width N, no default emoji presentation): borders line up.
        #expect(lines.contains { $0.hasPrefix("│ 🖋 pen ") && $0.contains("│ 🌡 thermometer") })
        // Only when the widest words alone do not fit are words cut.
        let narrow = document.terminalText(options: TerminalRenderingOptions(width: 30, usesEscapeSequences: false))
        #expect(narrow.split(separator: "\n").allSatisfy { TerminalCellWidth.of($0) == 30 })
    }

    // MARK: Blocks

    @Test func listsNumberFromTheirStartAndMarkTasks() throws {
        let document = try IntentDocument(markdown: "7. seven\n8. eight\n   - [ ] open\n   - [x] done\n     - deeper\n")
        #expect(document.terminalText(options: .plain) == "7. seven\n8. eight\n   ☐ open\n   ☑ done\n     ▪ deeper\n")
    }

    @Test func codeBlocksAreIndentedAndNeverWrapped() throws {
        let long = String(repeating: "x", count: 50)
        let document = try IntentDocument(markdown: "```\n\(long)\n\tindented\n```\n")
        #expect(
            document.terminalText(options: TerminalRenderingOptions(width: 20, usesEscapeSequences: false))
                == "    \(long)\n        indented\n")
    }

    @Test func thematicBreaksSpanTheWidthLeftByPrefixes() throws {
        let document = try IntentDocument(markdown: "> ***\n")
        #expect(
            document.terminalText(options: TerminalRenderingOptions(width: 12, usesEscapeSequences: false))
                == "│ ──────────\n")
    }

    @Test func handMadeDocumentsWithoutSeparatorsRender() {
        var document = IntentDocument()
        let list = PresentationIntent.IntentType(kind: .unorderedList, identity: 1)
        document.append("Title", presentationIntent: PresentationIntent(types: [.init(kind: .header(level: 2), identity: 5)]))
        for (index, text) in ["one", "two"].enumerated() {
            let item = PresentationIntent.IntentType(kind: .listItem(ordinal: index + 1), identity: 2 + index * 2)
            let paragraph = PresentationIntent.IntentType(kind: .paragraph, identity: 3 + index * 2)
            document.append(
                text, presentationIntent: PresentationIntent(types: [paragraph, item, list]), inlinePresentationIntent: .emphasized)
        }
        document.append("loose text")
        #expect(document.terminalText(options: .plain) == "## Title\n\n• one\n• two\n\nloose text\n")
    }

    @Test func fiveThousandNestedBlockQuotesRenderWithoutOverflowingTheStack() throws {
        let depth = 5_000
        let document = try IntentDocument(markdown: String(repeating: "> ", count: depth) + "deep text\n")
        let rendered = document.terminalText(options: .plain)
        #expect(rendered == String(repeating: "│ ", count: depth) + "deep text\n")
        let styled = document.terminalText()
        #expect(Self.strippingEscapes(styled) == rendered)
    }

    @Test func tenThousandNestedListsRender() throws {
        let depth = 10_000
        let document = try IntentDocument(markdown: String(repeating: "- ", count: depth) + "x\n")
        let rendered = document.terminalText(options: .plain)
        let bullets = ["•", "◦", "▪"]
        let expected = (0..<depth).map { bullets[$0 % 3] + " " }.joined() + "x\n"
        #expect(rendered.count == expected.count)
        #expect(rendered == expected, "differs")
    }

    @Test func everyFixtureRendersAlikeInBothLayouts() throws {
        var differing: [String] = []
        for name in ParsingFixtures.names {
            var options = try ParsingFixtures.options(name)
            let source = try ParsingFixtures.source(name)
            options.blockSeparation = .newlines
            let newlines = try IntentDocument(markdown: source, options: options).terminalText()
            options.blockSeparation = .none
            let none = try IntentDocument(markdown: source, options: options).terminalText()
            if newlines != none { differing.append(name) }
        }
        #expect(differing.isEmpty, "layouts differ: \(differing)")
    }

    // MARK: Helpers

    /// `text` without SGR (`ESC [ … m`) and OSC 8 (`ESC ] 8 ; ; … ESC \`) sequences.
    static func strippingEscapes(_ text: String) -> String {
        var result = ""
        var scalars = text.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            guard scalar == "\u{1B}" else {
                result.unicodeScalars.append(scalar)
                continue
            }
            switch scalars.popFirst() {
            case "[":
                while let next = scalars.popFirst(), next != "m" {}
            case "]":
                while let next = scalars.popFirst() {
                    if next == "\u{1B}" {
                        _ = scalars.popFirst()
                        break
                    }
                }
            default:
                break
            }
        }
        return result
    }

    @Test("Raw inline HTML and scripts keep their meaning on the terminal, as in plain text")
    func rawInlineHTMLAndScripts() throws {
        let document = try IntentDocument(
            markdown:
                "one<br>two</br>three and 2<sup>33</sup> H<sub>2</sub>O x<sup>ab</sup>\n\n[<img alt=\"Run\">](https://x.test) a <!-- c --> b\n"
        )
        let text = TerminalRenderer(options: TerminalRenderingOptions(width: 80, usesEscapeSequences: false)).render(document)
        #expect(text == "one\ntwo\nthree and 2³³ H₂O x^(ab)\n\nRun (https://x.test) a b\n")
    }
}
