import Foundation
import IntentLowering
import IntentModel
import IntentWriters
import MarkdownParsing
import SpecCorpus
import Testing

@Suite("RTF writer")
struct RTFWriterTests {
    /// Fixtures whose RTF is kept as a golden, and read back by pandoc.
    static let fixtures = [
        "atx-headings", "setext-headings", "emphasis", "strong-emphasis", "strikethrough", "bullet-lists", "ordered-lists",
        "loose-lists", "task-lists", "nested-lists-in-block-quotes", "tables", "inline-links", "reference-links",
        "autolinks", "code-spans", "fenced-code", "indented-code", "block-quotes", "soft-and-hard-breaks", "cjk-and-emoji",
        "backslash-escapes", "entities", "thematic-breaks", "footnotes", "inline-html", "html-blocks", "formatting-tags", "images",
        "raw-html-meaning", "items-starting-with-nested-blocks", "right-to-left", "superscript-and-subscript", "link-destinations",
        "terminal-widths", "front-matter", "front-matter-toml", "github-alerts", "heading-anchors",
    ]

    private func rtf(_ markdown: String, options: RTFWritingOptions = .default) throws -> String {
        try IntentDocument(markdown: markdown).rtf(options: options)
    }

    /// The body after the header tables (from the generator group on).
    private func body(_ rtf: String) -> String {
        guard let range = rtf.range(of: "\\viewkind4\n") else { return rtf }
        return String(rtf[range.upperBound...])
    }

    // MARK: - Written in pieces

    /// The RTF of `document` written on several threads (cut into pieces however small it is)
    /// and on one.
    private static func piecesAndWhole(_ document: IntentDocument, options: RTFWritingOptions = .default) -> (Data, Data) {
        var pieces = RTFWriter(options: options)
        pieces.writingThreads = 4
        pieces.minimumBytesInPieces = 0
        var whole = RTFWriter(options: options)
        whole.writingThreads = 1
        return (pieces.writeData(document), whole.writeData(document))
    }

    @Test("Paragraphs written in pieces on several threads give one thread's RTF, byte for byte")
    func writtenInPieces() throws {
        let files = [
            "cmark-gfm-0.29.0.gfm.6/spec.txt", "cmark-gfm-0.29.0.gfm.6/extensions.txt", "cmark-gfm-0.29.0.gfm.6/regression.txt",
            "commonmark-spec-0.31.2/spec.txt",
        ]
        var sources = try files.map { file in
            try SpecExamples.fixture(file).filter { !$0.isDisabled }.map(\.markdown).joined(separator: "\n\n")
        }
        sources += try TestPaths.documents().map { try String(contentsOf: $0, encoding: .utf8) }
        // Tables next to tables, lists and right-to-left paragraphs, where the writer adds
        // paragraphs of its own between blocks.
        sources.append(
            String(
                repeating: "| a | b |\n|---|---|\n| 1 | 2 |\n\n| c |\n|---|\n| 3 |\n\n- item\n\n| d |\n|---|\n| 4 |\n\nשלום עולם\n\n",
                count: 30))
        for source in sources {
            let document = try IntentDocument(markdown: source)
            let (pieces, whole) = Self.piecesAndWhole(document)
            #expect(pieces == whole)
            var styled = RTFWritingOptions.default
            styled.writesListTable = false
            styled.writesOutlineLevels = false
            let (styledPieces, styledWhole) = Self.piecesAndWhole(document, options: styled)
            #expect(styledPieces == styledWhole)
        }
    }

    // MARK: - Escaping

    @Test func bracesAndBackslashesAreEscaped() throws {
        let output = body(try rtf("a{b}c\\\\d \\{ x\n"))
        #expect(output.contains("a\\{b\\}c\\\\d \\{ x"))
    }

    @Test func nonBMPCharactersAreSignedSurrogatePairs() throws {
        // 😀 U+1F600 = D83D DE00 → -10179, -8704.
        #expect(body(try rtf("smile 😀\n")).contains("smile \\u-10179 ?\\u-8704 ?"))
    }

    @Test func cjkAndHighBMPCharactersAreSignedUnits() throws {
        // 日 U+65E5 = 26085; 가 U+AC00 = 44032 → -21504; é U+E9 = 233.
        let output = body(try rtf("日本 가 é\n"))
        #expect(output.contains("\\u26085 ?\\u26412 ? \\u-21504 ? \\u233 ?"))
    }

    @Test func outputIsSevenBitASCIIWithSpecialSpaces() throws {
        let output = try rtf("a\u{A0}b\u{AD}c\u{2011}d \u{7}bell — ü\n")
        #expect(output.utf8.allSatisfy { $0 < 0x80 })
        #expect(body(output).contains("a\\~b\\-c\\_d bell \\u8212 ? \\u252 ?"))
    }

    @Test func codeBlockLinesAndHardBreaksAreLines() throws {
        let output = body(try rtf("```\none\ntwo\n```\n\nhard  \nbreak\n"))
        #expect(output.contains("{\\f2\\fs30\\cf1\\cb2\\chcbpat2 one\\line two}\\par"))
        #expect(output.contains("hard\\line break}\\par"))
    }

    // MARK: - Character formatting

    @Test func headersFontsAndInlineStylesBecomeControlWords() throws {
        let output = body(try rtf("# Title *it* `code`\n\nplain **bold** ~~gone~~\n"))
        #expect(output.contains("\\pard\\sb240\\sa160\\outlinelevel0 {\\f0\\fs56\\b\\cf1 Title }{\\f0\\fs56\\b\\i\\cf1 it}"))
        #expect(output.contains("{\\f2\\fs49\\b\\cf1\\cb2\\chcbpat2 code}"))
        #expect(output.contains("{\\f0\\fs34\\b\\cf1 bold}"))
        #expect(output.contains("{\\f0\\fs34\\cf1\\strike gone}"))
    }

    @Test func fontTableNamesEveryDesignWithItsFamily() throws {
        var options = RTFWritingOptions()
        options.fontNames.monospaced = "Menlo"
        let output = try rtf("x\n", options: options)
        #expect(
            output.contains(
                "{\\fonttbl{\\f0\\fswiss\\fcharset0 Helvetica;}{\\f1\\froman\\fcharset0 Times;}{\\f2\\fmodern\\fprq1\\fcharset0 Menlo;}{\\f3\\fswiss\\fcharset0 Arial Rounded MT Bold;}}"
            ))
        #expect(RTFWritingOptions.FontNames.default.name(for: .serif) == "Times")
    }

    @Test(
        "underline, strikethrough and baseline styles map to RTF control words",
        arguments: [
            (DisplayAttributes(underlineStyle: .single), "\\ul "),
            (DisplayAttributes(underlineStyle: .thick), "\\ulth "),
            (DisplayAttributes(underlineStyle: .double), "\\uldb "),
            (DisplayAttributes(underlineStyle: [.single, .byWord]), "\\ulw "),
            (DisplayAttributes(underlineStyle: [.single, .patternDot]), "\\uld "),
            (DisplayAttributes(underlineStyle: [.thick, .patternDash]), "\\ulthdash "),
            (DisplayAttributes(underlineStyle: [.single, .patternDashDotDot]), "\\uldashdd "),
            (DisplayAttributes(strikethroughStyle: .double), "\\striked1 "),
            (DisplayAttributes(superscript: 1), "\\super "),
            (DisplayAttributes(superscript: -1), "\\sub "),
            (DisplayAttributes(baselineOffset: 3), "\\up6 "),
            (DisplayAttributes(baselineOffset: -2.5), "\\dn5 "),
        ])
    func displayAttributesMapToControlWords(display: DisplayAttributes, expected: String) {
        var document = IntentDocument()
        document.append("x", attributes: RunAttributes(display: display))
        let output = body(RTFWriter().write(document))
        #expect(output.contains("{\\f0\\fs34\\cf1" + expected + "x}"), "\(output)")
    }

    @Test func colorsAreOpaqueAndSemanticNamesMapped() throws {
        var document = IntentDocument()
        document.append(
            "a",
            attributes: RunAttributes(
                display: DisplayAttributes(foregroundColor: DisplayColor(rgb: 0x3C3C43, alpha: 0.6, name: "secondaryLabel"))))
        document.append(
            "b", attributes: RunAttributes(display: DisplayAttributes(foregroundColor: DisplayColor(rgb: 0xFF0000, alpha: 0.5))))
        document.append("c", attributes: RunAttributes(display: DisplayAttributes(backgroundColor: DisplayColor(rgb: 0x112233))))
        let output = RTFWriter().write(document)
        // In order of first use: secondaryLabel from the map, red at 50% over white, label black, the background.
        #expect(
            output.contains(
                "{\\colortbl;\\red138\\green138\\blue142;\\red255\\green128\\blue128;\\red0\\green0\\blue0;\\red17\\green34\\blue51;}"))
        #expect(body(output).contains("{\\f0\\fs34\\cf1 a}{\\f0\\fs34\\cf2 b}{\\f0\\fs34\\cf3\\cb4\\chcbpat4 c}"))
    }

    // MARK: - Paragraphs, lists, tables, links

    @Test func paragraphIndentsSpacingAndAlignmentAreTwips() throws {
        var document = IntentDocument()
        let style = ParagraphStyle(
            headIndent: 30, firstLineHeadIndent: 40, tailIndent: -12, paragraphSpacingBefore: 3, paragraphSpacing: 4.5,
            lineHeightMultiple: 1.5, alignment: .justified)
        document.append("x", attributes: RunAttributes(display: DisplayAttributes(paragraphStyle: style)))
        #expect(body(RTFWriter().write(document)).hasPrefix("\\pard\\li600\\fi200\\ri240\\sb60\\sa90\\sl360\\slmult1\\qj {"))
        #expect(body(try rtf("> quoted\n")).hasPrefix("\\pard\\li320\\sa160 {"))
    }

    @Test func listsAreRTFListsWithHangingMarkers() throws {
        let output = try rtf("3) a\n4) b\n   - c\n")
        #expect(output.contains("\\levelnfc0\\levelnfcn0\\leveljc0\\levelfollow0\\levelstartat3{\\leveltext\\'02\\'00);}"))
        #expect(output.contains("\\levelnfc23\\levelnfcn23\\leveljc0\\levelfollow0\\levelstartat1{\\leveltext\\'01\\u8226 ?;}"))
        #expect(output.contains("{\\listoverride\\listid1\\listoverridecount0\\ls1}"))
        let text = body(output)
        #expect(text.contains("\\pard\\li400\\fi-400\\tx400\\sa160\\ls1\\ilvl0 {\\listtext 3)\\tab}{\\f0\\fs34\\cf1 a}\\par"))
        #expect(text.contains("\\pard\\li800\\fi-400\\tx800\\sa160\\ls1\\ilvl1 {\\listtext \\u9702 ?\\tab}{\\f0\\fs34\\cf1 c}\\par"))
        var plain = RTFWritingOptions()
        plain.writesListTable = false
        let inline = try rtf("- a\n", options: plain)
        #expect(!inline.contains("\\listtable"))
        #expect(body(inline).contains("{\\f0\\fs34\\cf1 \\u8226 ?\\tab}{\\f0\\fs34\\cf1 a}"))
    }

    @Test("An item that begins with a nested list keeps its marker, on a list paragraph of its own")
    func itemsStartingWithNestedListsKeepTheirMarkers() throws {
        let text = body(try rtf("1. first\n2. 1. nested a\n   2. nested b\n3. third\n"))
        let markers = text.components(separatedBy: "{\\listtext ").dropFirst().map { $0.prefix { $0 != "\\" } }
        #expect(markers == ["1.", "2.", "a.", "b.", "3."])
        #expect(
            text.contains(
                "\\ls1\\ilvl0 {\\listtext 2.\\tab}{\\f0\\fs34\\cf1 \\par}\n\\pard\\li800\\fi-400\\tx800\\sa160\\ls1\\ilvl1 {\\listtext a.\\tab}"
            ))
    }

    @Test("Right-to-left paragraphs are \\rtlpar, right-aligned, with right-to-left runs in the associated font; others are unchanged")
    func rightToLeftParagraphs() throws {
        let text = body(try rtf("שלום עולם, and English.\n\n123 مرحبا\n\nEnglish שלום\n\n- פריט\n"))
        let paragraphs = text.components(separatedBy: "\\par\n")
        #expect(paragraphs[0].hasPrefix("\\pard\\sa160\\rtlpar\\qr {\\f0\\fs34\\cf1\\rtlch\\af0\\afs34 \\u1513 ?"))
        #expect(paragraphs[1].contains("\\rtlpar\\qr {\\f0\\fs34\\cf1\\rtlch\\af0\\afs34 123 \\u1605 ?"))
        #expect(paragraphs[2] == "\\pard\\sa160 {\\f0\\fs34\\cf1\\rtlch\\af0\\afs34\\ltrch English \\u1513 ?\\u1500 ?\\u1493 ?\\u1501 ?}")
        // A list item's indent is on the leading (right) side.
        #expect(paragraphs[3].hasPrefix("\\pard\\ri400\\lin400\\fi-400\\tx400\\sa160\\rtlpar\\qr\\ls1\\ilvl0 {\\listtext \\u8226 ?\\tab}"))
        #expect(paragraphs[3].contains("\\rtlch\\af0\\afs34 \\u1508 ?"))
    }

    @Test("Raw HTML shows as in plain text, or as written with keepsRawHTML, in RTF and rich text")
    func rawHTMLFollowsOneRuleOrIsKept() throws {
        let document = try IntentDocument(markdown: "a <span>b</span> <!-- c --> d<br>e <img alt=\"F\" src=x>\n\n<!-- hidden -->\n")
        #expect(body(RTFWriter().write(document)).contains("{\\f0\\fs34\\cf1 a b d\\line e F}"))
        #expect(document.lowered(to: .richText).text == "a b d\u{2028}e F\n")
        var options = RTFWritingOptions()
        options.plainTextOptions.keepsRawHTML = true
        let kept = RTFWriter(options: options).write(document)
        #expect(kept.contains("<span>") && kept.contains("<!-- hidden -->"))
        var plain = PlainTextOptions()
        plain.keepsRawHTML = true
        #expect(document.lowered(to: .richText, plainTextOptions: plain).text.contains("<!-- c -->"))
    }

    @Test func tablesAreRTFRowsWithABoldHeader() throws {
        var sheet = StyleSheet.default
        sheet.tableHeaderRow = TextStyle()
        let output = body(try rtf("| h | i |\n|---|--:|\n| a | b |\n| c |\n", options: RTFWritingOptions(styleSheet: sheet)))
        let border = "\\clbrdrt\\brdrs\\brdrw10\\clbrdrl\\brdrs\\brdrw10\\clbrdrb\\brdrs\\brdrw10\\clbrdrr\\brdrs\\brdrw10"
        #expect(output.contains("\\trowd\\trgaph108\\trleft0\\trhdr\(border)\\cellx4680\(border)\\cellx9360\n"))
        #expect(output.contains("\\pard\\intbl\\ql {\\f0\\fs34\\cf1\\b h}\\cell\n\\pard\\intbl\\qr {\\f0\\fs34\\cf1\\b i}\\cell\n\\row"))
        // GFM pads the short row with an empty cell.
        #expect(output.contains("\\pard\\intbl\\ql {\\f0\\fs34\\cf1 c}\\cell\n\\pard\\intbl\\qr \\cell\n\\row\n\\pard\n"))
    }

    @Test("Footnote references are raised numbers and each note starts with its raised number")
    func footnotesAreNumbered() throws {
        let rtf = try self.rtf("A workload[^3] owners and more[^n].\n\n[^3]: The third note.\n[^n]: Named note.\n")
        #expect(rtf.contains("\\super 1}") && rtf.contains("\\super 2}"))
        #expect(rtf.components(separatedBy: "\\super 1}").count == 3)
        #expect(rtf.components(separatedBy: "\\super 2}").count == 3)
        if Pandoc.runsOrFails {
            let plain = try Pandoc.convert(Data(rtf.utf8), to: "plain")
            #expect(plain.contains("workload¹ owners and more²."))
            #expect(plain.contains("¹ The third note."))
            #expect(plain.contains("² Named note."))
        }
    }

    @Test func linksAreHyperlinkFields() throws {
        let output = body(try rtf("see [the *site*](https://example.com/a\"b) now\n"))
        #expect(
            output.contains(
                "{\\field{\\*\\fldinst{HYPERLINK \"https://example.com/a%22b\"}}{\\fldrslt{{\\f0\\fs34\\cf2 the }{\\f0\\fs34\\i\\cf2 site}}}}{\\f0\\fs34\\cf1  now}"
            ))
    }

    @Test("A link that runs code keeps its text and gets no HYPERLINK field; relative links stay as written")
    func linksThatRunCodeAreNotFields() throws {
        let output = body(try rtf("[x](javascript:alert(1)) [v](VBScript:x) [d](data:text/html,x) [r](docs/i.md) [p](data:image/png,x)\n"))
        #expect(!output.contains("javascript") && !output.contains("VBScript") && !output.contains("text/html"))
        #expect(output.contains("HYPERLINK \"docs/i.md\"") && output.contains("HYPERLINK \"data:image/png,x\""))
        #expect(output.contains(" x}") && output.contains(" v}") && output.contains(" d}"))
    }

    @Test func styleSheetOptionChangesTheOutputAndDataEqualsString() throws {
        let document = try IntentDocument(markdown: "# Hi\n\nbody\n")
        let github = RTFWriter(options: RTFWritingOptions(styleSheet: .github))
        #expect(github.write(document) != RTFWriter().write(document))
        #expect(String(decoding: github.writeData(document), as: UTF8.self) == github.write(document))
        #expect(RTFWriter().write(IntentDocument()) == RTFWriter().write(IntentDocument(text: "")))
    }

    // MARK: - Goldens

    /// Golden: `Fixtures/Writers/NAME.rtf`. `INTENTMARK_RECORD_GOLDENS=1` rewrites and fails.
    @Test("RTF matches the goldens", arguments: fixtures)
    func matchesGoldens(name: String) throws {
        let document = try IntentDocument(markdown: ParsingFixtures.source(name), options: ParsingFixtures.options(name))
        let output = document.rtf()
        try Golden.expect(output, matches: "Writers/\(name).rtf")
    }

    // MARK: - Read-back by pandoc

    @Test(
        "pandoc reads back every word, heading, list item, table cell and link", .enabled(if: Pandoc.runsOrFails),
        arguments: fixtures)
    func pandocReadsFixturesBack(name: String) throws {
        let document = try IntentDocument(markdown: ParsingFixtures.source(name), options: ParsingFixtures.options(name))
        try Pandoc.checkReadBack(of: document, label: name)
    }

    @Test(
        "pandoc reads back every document of Fixtures/Documents, and the 1 MB real-world document when ../shared/corpus is there",
        .enabled(if: Pandoc.runsOrFails), arguments: TestPaths.documents())
    func pandocReadsDocumentsBack(url: URL) throws {
        try Pandoc.checkReadBack(of: IntentDocument(contentsOf: url), label: url.deletingPathExtension().lastPathComponent)
    }
}
