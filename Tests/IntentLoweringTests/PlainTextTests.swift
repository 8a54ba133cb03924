import Foundation
import IntentLowering
import IntentModel
import MarkdownParsing
import SpecCorpus
import Testing

@Suite("Plain text")
struct PlainTextTests {

    /// Golden: `Fixtures/Lowering/NAME.plain.txt` for every parsing fixture; both layouts give the
    /// same text. `INTENTMARK_RECORD_GOLDENS=1` rewrites and fails.
    @Test("plain text matches the goldens, identical for both layouts", arguments: ParsingFixtures.names)
    func matchesGoldens(name: String) throws {
        var options = try ParsingFixtures.options(name)
        let source = try ParsingFixtures.source(name)
        let plain = try IntentDocument(markdown: source, options: options).plainText()
        options.blockSeparation = .none
        #expect(try IntentDocument(markdown: source, options: options).plainText() == plain, "layouts differ")
        try Golden.expect(plain + "\n", matches: "Lowering/\(name).plain.txt")
    }

    @Test func listsQuotesAndTablesReadWell() throws {
        let document = try IntentDocument(
            markdown: """
                # Title

                - one
                - two
                  1. nested
                  2. again
                - [x] done

                > quoted

                | a | 日本 |
                |--:|:-:|
                | 1 | 2 |
                """)
        #expect(document.plainText() == "Title\n\n• one\n• two\n  1. nested\n  2. again\n☑ done\n\n│ quoted\n\na\t日本\n1\t2")
        var aligned = PlainTextOptions()
        aligned.tables = .alignedColumns
        #expect(document.plainText(options: aligned).hasSuffix("│ quoted\n\na  日本\n─  ────\n1   2"))
    }

    @Test func orderedStylesDelimitersAndTaskMarkersAreOptions() throws {
        let document = try IntentDocument(markdown: "3) a\n4) b\n   1. c\n      1. d\n")
        #expect(document.plainText() == "3) a\n4) b\n   a. c\n      i. d")
        var options = PlainTextOptions()
        options.keepsSourceDelimiters = false
        options.orderedStyles = [.upperRoman]
        options.indentation = "    "
        #expect(document.plainText(options: options) == "III. a\nIV. b\n    I. c\n        I. d")
    }

    @Test func linksFootnotesImagesAndHTML() throws {
        let document = try IntentDocument(
            markdown: "See [site](https://example.com), <https://a.b>, ![logo](l.png) <b>bold</b>[^n].\n\n[^n]: Note.\n")
        #expect(document.plainText() == "See site, https://a.b, logo bold[1].\n\n[1] Note.")
        var options = PlainTextOptions()
        options.links = .textAndURL
        options.footnotes = false
        options.keepsRawHTML = true
        #expect(document.plainText(options: options) == "See site (https://example.com), https://a.b, logo <b>bold</b>.")
    }

    @Test func terminalCellWidthCountsWideCharactersAndEmojiAsTwo() {
        #expect(TerminalCellWidth.of("abc") == 3)
        #expect(TerminalCellWidth.of("日本語") == 6)
        #expect(TerminalCellWidth.of("한국") == 4)
        #expect(TerminalCellWidth.of("👩‍💻") == 2)
        #expect(TerminalCellWidth.of("e\u{301}") == 1)
        #expect(TerminalCellWidth.of("❤️") == 2)
        #expect(TerminalCellWidth.of("ｆｕｌｌ") == 8)
    }

    /// Every word libcmark-gfm's own plain-text renderer finds appears, in the same order, in ours
    /// (ours adds only markers), and no Markdown syntax is left.
    @Test(
        "every word of the document survives, in order",
        arguments: TestPaths.documents(plusCorpus: ["commonmark-spec-0.31.2/spec.txt", "realworld/realworld-1mb.md"]))
    func keepsEveryWordInOrder(url: URL) throws {
        let source = try String(contentsOf: url, encoding: .utf8)
        var options = PlainTextOptions()
        options.orderedStyles = [.decimal]
        // Formatting tags stay raw here, as libcmark-gfm's renderer has them: `2<sup>n</sup>` is
        // `2n` in both (with display attributes it is `2ⁿ`, tested in `scriptsKeepMeaning`).
        var parsing = MarkdownParsingOptions()
        parsing.appliesDisplayAttributes = false
        // libcmark-gfm has the spec text's front matter as text and alert markers in their quotes.
        parsing.recognizesFrontMatter = false
        parsing.recognizesGitHubAlerts = false
        let ours = Self.words(try IntentDocument(markdown: source, options: parsing).plainText(options: options))
        let reference = Self.words(Self.withoutTaskBoxes(try ReferenceParser.plainText(source)))
        #expect(reference.count > (TestPaths.isCorpusFile(url) ? 1000 : 100))
        var position = ours.startIndex
        var missing: String? = nil
        for word in reference {
            guard let found = ours[position...].firstIndex(of: word) else {
                missing = String(word)
                break
            }
            position = found + 1
        }
        #expect(missing == nil, "word not found in order: \(missing ?? "")")
    }

    /// libcmark-gfm's plain text with each task item's box (`- [x] `, `1. [ ] `) left out: a marker
    /// like the bullet, which ours writes as `☑`/`☐`, not a word of the document.
    static func withoutTaskBoxes(_ text: String) -> String {
        text.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            let indent = line.prefix { $0 == " " }
            var rest = line.dropFirst(indent.count)
            if let first = rest.first, "-+*".contains(first) {
                rest = rest.dropFirst()
            } else {
                let digits = rest.prefix { $0.isASCII && $0.isNumber }
                guard !digits.isEmpty, let delimiter = rest.dropFirst(digits.count).first, ".)".contains(delimiter) else { return line }
                rest = rest.dropFirst(digits.count + 1)
            }
            let spaced = rest.drop { $0 == " " }
            guard spaced.count < rest.count, ["[x] ", "[X] ", "[ ] "].contains(where: { spaced.hasPrefix($0) }) else { return line }
            return line.dropLast(spaced.count) + spaced.dropFirst(4)
        }.joined(separator: "\n")
    }

    static func words(_ text: String) -> [Substring] {
        text.split { !($0.isLetter || $0.isNumber) }
    }

    @Test("Raw inline HTML keeps its meaning: <br> in any spelling breaks the line, <img> is its alt text, a dropped tag leaves one space")
    func rawInlineHTMLMeaning() throws {
        let document = try IntentDocument(
            markdown:
                "one<br>two<br/>three</br>four<BR />five\n\n[<img alt=\"Run &amp; go\" src=\"x.png\">](https://x.test) and <img src=y>z\n\na <span>b</span> c a <!-- note --> b\n"
        )
        #expect(document.plainText() == "one\ntwo\nthree\nfour\nfive\n\nRun & go and z\n\na b c a b")
        // A table cell stays on its row's line: there a break is a space (two URLs do not run
        // together).
        let table = try IntentDocument(markdown: "| a | b |\n|---|---|\n| x<br>y | https://a.test<br>https://b.test |\n")
        #expect(table.plainText() == "a\tb\nx y\thttps://a.test https://b.test")
        // Kept as written on request.
        var options = PlainTextOptions()
        options.keepsRawHTML = true
        #expect(document.plainText(options: options).hasPrefix("one<br>two<br/>three</br>four<BR />five"))
    }

    @Test("Superscript and subscript keep their meaning: Unicode's raised and lowered characters, else ^(…) and _(…)")
    func scriptsKeepMeaning() throws {
        let document = try IntentDocument(markdown: "2<sup>33</sup>, H<sub>2</sub>O, e<sup>i(x+1)</sup>, x<sup>ab</sup>, a<sub>ij</sub>\n")
        // `x` has no raised form, so the whole exponent is marked instead.
        #expect(document.plainText() == "2³³, H₂O, e^(i(x+1)), x^(ab), a_(ij)")
        // A soft break inside the tags is part of the exponent: one stretch, not two.
        let broken = try IntentDocument(markdown: "2<sup>n −\n1</sup>, H<sub>2\nO</sub>, 10<sup>(n+\n1)</sup> and x<sup>2</sup>\\\ny\n")
        #expect(broken.plainText() == "2^(n − 1), H_(2 O), 10^((n+ 1)) and x²\ny")
        #expect(ScriptText.text("(n+1)", superscript: 1) == "⁽ⁿ⁺¹⁾")
        #expect(ScriptText.text("33", superscript: 1) == "³³")
        #expect(ScriptText.text("2", superscript: -1) == "₂")
        #expect(ScriptText.text("ab", superscript: 1) == "^(ab)")
        #expect(ScriptText.text("ij", superscript: -1) == "_(ij)")
        #expect(ScriptText.text("plain", superscript: 0) == "plain")
        #expect(InlineHTMLMeaning(html: "< br >") == .dropped)
        #expect(InlineHTMLMeaning(html: "<img alt='it''s'>") == .text("it"))
        #expect(InlineHTMLMeaning(html: "<imgx alt=a>") == .dropped)
        #expect(InlineHTMLMeaning(html: "<img alt=bare src=x>") == .text("bare"))
    }
}
