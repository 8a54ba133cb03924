import Foundation
import IntentLowering
import IntentModel
import IntentWriters
import MarkdownParsing
import SpecCorpus
import Testing

/// The Markdown writer's hard cases, options and hand-made documents. Every case checks the
/// written bytes and that they parse back to an equivalent document (`roundTrips`).
@Suite("Markdown writer")
struct MarkdownWriterTests {
    static let gfm = MarkdownParsingOptions(extensions: .all)

    /// Writes `document`, checks that the Markdown parses back to an equivalent document and
    /// renders the same HTML, and returns it.
    @discardableResult
    static func written(
        _ document: IntentDocument, options: MarkdownWritingOptions = .default, sourceLocation: SourceLocation = #_sourceLocation
    ) throws -> String {
        let markdown = document.markdown(options: options)
        // Documents made by hand have no separators: they compare with the layout without them.
        var parsing = gfm
        if document.runDump().contains("isBlockSeparator") == false { parsing.blockSeparation = .none }
        let reparsed = try IntentDocument(markdown: markdown, options: parsing)
        #expect(reparsed.isEquivalent(to: document), "not equivalent:\n\(markdown)", sourceLocation: sourceLocation)
        #expect(reparsed.html() == document.html(), "HTML differs:\n\(markdown)", sourceLocation: sourceLocation)
        return markdown
    }

    /// `markdown` parsed with `options`, without its source (written anew).
    static func withoutSource(markdown: String, options: MarkdownParsingOptions = .default) throws -> IntentDocument {
        var document = try IntentDocument(markdown: markdown, options: options)
        document.markdownSource = nil
        return document
    }

    /// `markdown` parsed, without its source: these tests are of writing anew (the
    /// source-preserving writer is `SourcePreservationTests`).
    static func parsed(_ markdown: String) throws -> IntentDocument {
        var document = try IntentDocument(markdown: markdown, options: gfm)
        document.markdownSource = nil
        return document
    }

    // MARK: Hard cases

    @Test("Strong inside emphasis and emphasis inside strong keep their order")
    func nestingOrder() throws {
        // Two openings (or two closings) of nested spans may share a run: CommonMark splits it
        // back from the nearest opener, so the source's own form is kept.
        // `***t*_s_**`: two emphasis spans touching inside strong emphasis (fuzz finding
        // touching-emphasis-inside-strong) were written `__*t**s*__`, one span.
        for source in ["***a** b*\n", "**a *b***\n", "*a**b***\n", "***t*_s_**\n", "**_`_*i***\n"] {
            let document = try Self.parsed(source)
            let written = try Self.written(document)
            #expect(try Self.parsed(written).isEquivalent(to: document), "\(source.debugDescription) → \(written.debugDescription)")
        }
        #expect(try Self.written(Self.parsed("***a** b*\n")) == "***a** b*\n")
        #expect(try Self.written(Self.parsed("**a *b***\n")) == "**a *b***\n")
        // Both ends touching would leave the nesting to the reader: the inner span switches.
        #expect(try Self.written(Self.parsed("***a***\n")) == "_**a**_\n")
    }

    @Test("Deep inline nesting: each run reopens only what changed, and the text reads back the same")
    func deepInlineNesting() throws {
        // 3 000 levels of alternating emphasis and strong emphasis, with text at every level and
        // links and strikethrough in between: a run shares all but the innermost spans with the
        // run before it (the writer walks up only to the first open span).
        let depth = 1_500
        let opening = String(repeating: "*a **a ", count: depth)
        let closing = String(repeating: " a** a*", count: depth)
        let source = opening + "[b ~~c~~](/u)" + closing + " and *x **y** z*\n"
        let document = try Self.parsed(source)
        // `written` checks that the Markdown reads back equivalent, with the same HTML; nested
        // spans of one kind alternate `*` and `_`, so the bytes differ from the source's.
        let markdown = try Self.written(document)
        #expect(markdown.hasSuffix(" and *x **y** z*\n"))
        #expect(markdown.filter { $0 == "a" }.count == 4 * depth + 1)
    }

    @Test("An HTML block left open at the end of a list item is followed by no blank line")
    func openHTMLBlockEndingAListItem() throws {
        // Conditions 1–5 end only at their end marker or with their container; a blank line after
        // one would become part of it (fuzz finding open-html-block-ending-a-list-item).
        for source in [
            "- <!--\no\n", "- <!--\n\no\n", "- <!--\n\n- b\n", "- a\n\n- <!--\n- b\n", "- - <?x\n  o\n", "> - <![CDATA[\no\n",
            // In a quote in the item, the blank line ends the quote and keeps the list loose.
            "- > <!--x\n\n  <!-- y -->\no\n",
        ] {
            let document = try Self.withoutSource(markdown: source)
            let written = try Self.written(document)
            #expect(
                try IntentDocument(markdown: written).isEquivalent(to: document), "\(source.debugDescription) → \(written.debugDescription)"
            )
        }
        #expect(try Self.written(Self.withoutSource(markdown: "- <!--\no\n")) == "- <!--\no\n")
        // Closed blocks, and blocks that end at a blank line, keep the blank line.
        #expect(try Self.written(Self.withoutSource(markdown: "- <!-- x -->\n\no\n")) == "- <!-- x -->\n\no\n")
        #expect(try Self.written(Self.withoutSource(markdown: "- <div>\n\no\n")) == "- <div>\n\no\n")
    }

    @Test("In a tight item, an HTML block that interrupts a paragraph follows with no blank line")
    func htmlBlockInterruptingInATightItem() throws {
        // A blank line would make the list loose (fuzz finding html-block-interrupting-in-tight-item).
        // After a quote or list in the item, condition 7 (any tag alone on the line) starts one
        // too (fuzz finding html-block-after-quote-in-tight-item); after a paragraph it would be
        // a continuation line.
        for source in [
            "- > a\n  <div>\nd\n", "- a\n  <!-- c -->\n- b\n", "- a\n  </table>\n", "- > a\n  <ddv>\nd\n", "- - a\n  <x-y>\n",
            "- a\n\n  <ddv>\n",
        ] {
            let document = try Self.withoutSource(markdown: source)
            let written = try Self.written(document)
            #expect(
                try IntentDocument(markdown: written).isEquivalent(to: document), "\(source.debugDescription) → \(written.debugDescription)"
            )
        }
        #expect(try Self.written(Self.withoutSource(markdown: "- > a\n  <div>\nd\n")) == "- > a\n  <div>\n\nd\n")
    }

    @Test("Inline HTML after a task box is not at a line start: written as it is")
    func inlineHTMLAfterATaskBox() throws {
        // Was `- [ ] [//]: #⏎  </div>`: the HTML became a block, and in safe HTML its text was lost.
        for source in ["- [ ] </div>\n", "- [ ] <div>> x </div>-\n", "- [x] <b>\n"] {
            let document = try Self.withoutSource(markdown: source)
            #expect(document.markdown() == source)
            #expect(try IntentDocument(markdown: document.markdown()).html() == document.html())
        }
    }

    @Test("Strong emphasis nested in strong emphasis keeps one character: merged runs read back nested")
    func deeplyNestedStrongEmphasis() throws {
        // Alternating characters (`__**__**a**__**__`) left delimiters between punctuation that
        // closed early from eight levels on; and the pass that separates nested spans was
        // quadratic in the depth (20 000 levels took minutes).
        for depth in [4, 8, 50, 20_000] {
            for character in ["*", "_"] {
                let delimiters = String(repeating: character, count: depth)
                let document = try Self.withoutSource(markdown: delimiters + "a" + delimiters + "\n")
                let written = document.markdown()
                // The writer's strong marker is `**` by default, whatever the source used.
                let asterisks = String(repeating: "*", count: depth)
                #expect(written == asterisks + "a" + asterisks + "\n", "depth \(depth) \(character)")
                #expect(try IntentDocument(markdown: written).html() == document.html(), "depth \(depth) \(character)")
            }
        }
    }

    @Test("A lowered document (no intents) keeps its line breaks when written")
    func loweredDocumentKeepsItsLineBreaks() throws {
        // Its block separators lost their blocks: they were skipped as syntax, and the paragraphs
        // ran together (`Hia b c• x• y`).
        let document = try Self.withoutSource(markdown: "# Hi\n\n*a* **b** `c`\n\n- x\n- y\n")
        for options in [ResultOptions.richText, .plainText] {
            let lowered = document.lowered(to: options)
            let written = lowered.markdown()
            let reparsed = try IntentDocument(markdown: written, options: MarkdownParsingOptions(interpretedSyntax: .inlineOnly))
            #expect(reparsed.text == lowered.text, "\(options): \(written.debugDescription)")
        }
    }

    @Test("A code span's backtick string is the shortest length its code does not hold")
    func codeSpanFenceIsTheShortestFreeLength() throws {
        // One longer than the longest failed past 80 backticks, which libcmark-gfm never closes
        // (fuzz finding code-span-holding-a-long-backtick-string).
        let long = String(repeating: "`", count: 83)
        for source in ["` \(long) `\n", "`` a`b ``\n", "``` a`b``c ```\n"] {
            let document = try Self.withoutSource(markdown: source)
            let written = document.markdown()
            #expect(try IntentDocument(markdown: written).html() == document.html(), "\(written.debugDescription)")
        }
        #expect(try Self.parsed("` \(long) `\n").markdown() == "` \(long) `\n")
        #expect(try Self.parsed("``` a`b``c ```\n").markdown() == "```a`b``c```\n")
    }

    @Test("Adjacent spans of one kind stay two spans")
    func adjacentSpans() throws {
        var document = IntentDocument()
        let paragraph = PresentationIntent(.paragraph, identity: 1)
        document.append(
            "a", presentationIntent: paragraph, inlinePresentationIntent: .emphasized,
            inlineSpans: InlineSpanPath(InlineSpan(kind: .emphasis, identity: 1)))
        document.append(
            "b", presentationIntent: paragraph, inlinePresentationIntent: .emphasized,
            inlineSpans: InlineSpanPath(InlineSpan(kind: .emphasis, identity: 2)))
        let adjacent = try Self.written(document)
        #expect(adjacent == "_a_*b*\n", "\(adjacent)")
    }

    @Test("Emphasis next to punctuation gets a character reference where flanking needs one")
    func emphasisNextToPunctuation() throws {
        var document = IntentDocument()
        let paragraph = PresentationIntent(.paragraph, identity: 1)
        document.append("a", presentationIntent: paragraph)
        document.append(
            "\"quoted\"", presentationIntent: paragraph, inlinePresentationIntent: .stronglyEmphasized,
            inlineSpans: InlineSpanPath(InlineSpan(kind: .strongEmphasis, identity: 1)))
        document.append("b", presentationIntent: paragraph)
        #expect(try Self.written(document) == "&#97;**\"quoted\"**&#98;\n")
    }

    @Test("Emphasis around CJK punctuation between CJK letters")
    func emphasisInCJK() throws {
        var document = IntentDocument()
        let paragraph = PresentationIntent(.paragraph, identity: 1)
        document.append("日本", presentationIntent: paragraph)
        document.append(
            "「強調」", presentationIntent: paragraph, inlinePresentationIntent: .stronglyEmphasized,
            inlineSpans: InlineSpanPath(InlineSpan(kind: .strongEmphasis, identity: 1)))
        document.append("です", presentationIntent: paragraph)
        let markdown = try Self.written(document)
        #expect(markdown.contains("**「強調」**"))
    }

    @Test("Emphasis whose content starts or ends with a space")
    func emphasisWithOuterSpaces() throws {
        var document = IntentDocument()
        let paragraph = PresentationIntent(.paragraph, identity: 1)
        document.append("x", presentationIntent: paragraph)
        document.append(
            " spaced ", presentationIntent: paragraph, inlinePresentationIntent: .emphasized,
            inlineSpans: InlineSpanPath(InlineSpan(kind: .emphasis, identity: 1)))
        document.append("y", presentationIntent: paragraph)
        let spaced = try Self.written(document)
        #expect(spaced == "&#120;*&#32;spaced&#32;*&#121;\n", "\(spaced)")
    }

    @Test("Emphasis spanning a link, a link inside strong, an image with a title")
    func emphasisAndLinks() throws {
        #expect(try Self.written(Self.parsed("*a [b](c) d*\n")) == "*a [b](c) d*\n")
        #expect(try Self.written(Self.parsed("**[b *c*](/u \"t\")**\n")) == "**[b *c*](/u \"t\")**\n")
        #expect(try Self.written(Self.parsed("![alt *x*](/i.png \"a \\\"t\\\"\")\n")) == "![alt *x*](/i.png \"a \\\"t\\\"\")\n")
        #expect(try Self.written(Self.parsed("[a](<b c> 't')\n")) == "[a](<b c> \"t\")\n")
        #expect(try Self.written(Self.parsed("[a](b\\)c)\n")) == "[a](b\\)c)\n")
        #expect(try Self.written(Self.parsed("<https://a.b/c> and <me@a.b>\n")) == "<https://a.b/c> and <me@a.b>\n")
        #expect(try Self.written(Self.parsed("Hi\\![a link](x)\n")) == "Hi\\![a link](x)\n")
    }

    @Test("Code spans with backticks and spaces")
    func codeSpans() throws {
        #expect(try Self.written(Self.parsed("`` a`b ``\n")) == "``a`b``\n")
        #expect(try Self.written(Self.parsed("`` `a ``\n")) == "`` `a ``\n")
        #expect(try Self.written(Self.parsed("`  two  `\n")) == "`  two  `\n")
        #expect(try Self.written(Self.parsed("` `\n")) == "` `\n")
    }

    @Test("Tables: pipes in text and code, alignment, empty cells")
    func tables() throws {
        let source = "| a | b \\| c | d |\n| :-- | :-: | --- |\n| `x \\| y` |  | **z** |\n"
        #expect(try Self.written(Self.parsed(source)) == "| a | b \\| c | d |\n| :-- | :-: | --- |\n| `x \\| y` |  | **z** |\n")
    }

    @Test("Nested lists in block quotes, loose and tight, ordered with a start")
    func listsInQuotes() throws {
        let source = "> - a\n>   - b\n>\n>     c\n> - d\n>\n> 7) x\n> 8) y\n"
        let markdown = try Self.written(Self.parsed(source))
        #expect(markdown == source)
    }

    @Test("Two lists in a row keep apart by changing the marker")
    func adjacentLists() throws {
        #expect(try Self.written(Self.parsed("- a\n* b\n")) == "- a\n\n* b\n")
        let options = MarkdownWritingOptions(keepsSourceDelimiters: false)
        #expect(try Self.written(Self.parsed("- a\n* b\n+ c\n"), options: options) == "- a\n\n* b\n\n- c\n")
        #expect(try Self.written(Self.parsed("1. a\n1) b\n"), options: options) == "1. a\n\n1) b\n")
    }

    @Test("Raw HTML, inline and block, passes through")
    func rawHTML() throws {
        let source = "<div class=\"x\">\n*raw*\n</div>\n\na <span>*b*</span> c\n"
        #expect(try Self.written(Self.parsed(source)) == "<div class=\"x\">\n*raw*\n</div>\n\na <span>*b*</span> c\n")
    }

    @Test("Text that would start syntax is escaped, only there")
    func escaping() throws {
        let source =
            "\\# not a heading\n\\- not a list\n1\\. not ordered\n\\> not a quote\n\\* \\_ \\` \\[x\\] \\< a\\_b snake_case &amp; a < b\n"
        let markdown = try Self.written(Self.parsed(source))
        // Only where libcmark-gfm would read syntax: `_`, a lone backtick and `[x]` (no such
        // definition) need none.
        #expect(markdown == "\\# not a heading\n\\- not a list\n1\\. not ordered\n\\> not a quote\n\\* _ ` [x] < a_b snake_case & a < b\n")
        var cautious = MarkdownWritingOptions()
        cautious.minimizesEscapes = false
        #expect(
            try Self.written(Self.parsed(source), options: cautious)
                == "\\# not a heading\n\\- not a list\n1\\. not ordered\n\\> not a quote\n\\* \\_ \\` \\[x\\] < a_b snake_case & a < b\n")
    }

    @Test("Headings: ATX with a trailing #, setext for levels 1–2 on request or with a line break")
    func headings() throws {
        // A `#` right after a word does not close the heading: no escape is needed.
        #expect(try Self.written(Self.parsed("# C\\#\n")) == "# C#\n")
        #expect(try Self.written(Self.parsed("# C \\#\n")) == "# C \\#\n")
        #expect(try Self.written(Self.parsed("a\nb\n===\n")) == "a\nb\n===\n")
        let setext = MarkdownWritingOptions(headingStyle: .setext)
        #expect(try Self.written(Self.parsed("# One\n\n## Two\n\n### Three\n"), options: setext) == "One\n===\n\nTwo\n---\n\n### Three\n")
    }

    @Test("Code blocks: fences longer than any run inside, info strings, tilde when the info has a backtick")
    func codeBlocks() throws {
        #expect(try Self.written(Self.parsed("````\n```\n````\n")) == "````\n```\n````\n")
        #expect(try Self.written(Self.parsed("~~~ a`b\nx\n~~~\n")) == "~~~a`b\nx\n~~~\n")
        #expect(try Self.written(Self.parsed("    indented\n")) == "```\nindented\n```\n")
        let tilde = MarkdownWritingOptions(codeFenceCharacter: .tilde, keepsSourceDelimiters: false)
        #expect(try Self.written(Self.parsed("```swift\nlet a = 1\n```\n"), options: tilde) == "~~~swift\nlet a = 1\n~~~\n")
    }

    @Test("Footnotes, task lists and hard breaks")
    func footnotesTasksBreaks() throws {
        let source = "Text[^n] here  \nnext\n\n- [ ] open\n- [x] done\n\n[^n]: The note.\n"
        #expect(try Self.written(Self.parsed(source)) == "Text[^n] here\\\nnext\n\n- [ ] open\n- [x] done\n\n[^n]: The note.\n")
        let spaces = MarkdownWritingOptions(hardBreakStyle: .spaces)
        #expect(try Self.written(Self.parsed("a\\\nb\n"), options: spaces) == "a  \nb\n")
    }

    // MARK: Options

    @Test("Emphasis and strong markers follow the options")
    func markers() throws {
        let options = MarkdownWritingOptions(
            emphasisMarker: .underscore, strongMarker: .underscore, bulletMarker: .plus, keepsSourceDelimiters: false)
        #expect(try Self.written(Self.parsed("*a* **b**\n\n- c\n"), options: options) == "_a_ __b__\n\n+ c\n")
    }

    @Test("Line width wraps paragraphs at spaces, never before block syntax")
    func wrapping() throws {
        let document = try Self.parsed("one two three four five six seven eight nine ten - eleven # twelve 13. fourteen\n")
        let markdown = document.markdown(options: MarkdownWritingOptions(lineWidth: 20))
        for line in markdown.split(separator: "\n") {
            #expect(line.count <= 20 || !line.contains(" "))
            #expect(!(line.first.map { "-#1".contains($0) } ?? false))
        }
        // The words and their order survive; spaces became soft breaks.
        let reparsed = try Self.parsed(markdown)
        #expect(reparsed.plainText().split(whereSeparator: \.isWhitespace) == document.plainText().split(whereSeparator: \.isWhitespace))
    }

    // MARK: Documents not from the parser

    @Test("Flat inline intents and links without spans are written")
    func flatMarkup() throws {
        var document = IntentDocument()
        let paragraph = PresentationIntent(.paragraph, identity: 1)
        document.append("plain ", presentationIntent: paragraph)
        document.append("bold", presentationIntent: paragraph, inlinePresentationIntent: .stronglyEmphasized)
        document.append(" ", presentationIntent: paragraph)
        document.append("both", presentationIntent: paragraph, inlinePresentationIntent: [.stronglyEmphasized, .emphasized])
        document.append(" ", presentationIntent: paragraph)
        document.append("code", presentationIntent: paragraph, inlinePresentationIntent: .code)
        document.append(" ", presentationIntent: paragraph)
        document.append("link", presentationIntent: paragraph, attributes: RunAttributes(link: URL(string: "https://example.com/a b")))
        let markdown = document.markdown()
        #expect(markdown == "plain **bold** __*both*__ `code` [link](https://example.com/a%20b)\n")
        let reparsed = try Self.parsed(markdown)
        #expect(reparsed.plainText() == document.plainText())
    }

    @Test("Display attributes without Markdown syntax become HTML tags or extended attributes")
    func displayAttributes() throws {
        var document = IntentDocument()
        let paragraph = PresentationIntent(.paragraph, identity: 1)
        var underline = RunAttributes()
        underline.display = DisplayAttributes(underlineStyle: .single)
        var superscript = RunAttributes()
        superscript.display = DisplayAttributes(superscript: 1)
        document.append("x", presentationIntent: paragraph)
        document.append("under", presentationIntent: paragraph, attributes: underline)
        document.append("2", presentationIntent: paragraph, attributes: superscript)
        #expect(document.markdown() == "x<u>under</u><sup>2</sup>\n")
        let extended = MarkdownWritingOptions(displayAttributeSyntax: .extendedAttributes)
        #expect(document.markdown(options: extended) == "x^[under](underline: true)^[2](superscript: 1)\n")
        #expect(document.markdown(options: MarkdownWritingOptions(displayAttributeSyntax: .none)) == "xunder2\n")
    }

    @Test("Extended attributes round-trip")
    func extendedAttributes() throws {
        var options = Self.gfm
        options.allowsExtendedAttributes = true
        let document = try Self.withoutSource(markdown: "a ^[b](rainbow: \"extreme\", n: 2) c\n", options: options)
        let markdown = document.markdown()
        #expect(markdown == "a ^[b](\"n\":2,\"rainbow\":\"extreme\") c\n")
        #expect(try IntentDocument(markdown: markdown, options: options).isEquivalent(to: document))
    }

    @Test("Empty documents, empty blocks and the layout without separators")
    func emptyThings() throws {
        #expect(IntentDocument().markdown() == "")
        #expect(try Self.written(Self.parsed("-\n\n>\n")) == "-\n\n>\n")
        var options = Self.gfm
        options.blockSeparation = .none
        let document = try Self.withoutSource(markdown: "| a |\n| - |\n|  |\n\n- \n", options: options)
        let markdown = document.markdown()
        #expect(markdown == "| a |\n| --- |\n|  |\n\n-\n")
        #expect(try IntentDocument(markdown: markdown, options: options).isEquivalent(to: document))
    }

    @Test("Thousands of nested block quotes and lists are written without recursion")
    func deepNesting() throws {
        let quotes = String(repeating: ">", count: 3_000) + " deep\n"
        let document = try Self.parsed(quotes)
        let markdown = document.markdown()
        #expect(try Self.parsed(markdown).isEquivalent(to: document))
        let lists = String(repeating: "- ", count: 2_000) + "x\n"
        let listDocument = try Self.parsed(lists)
        #expect(try Self.parsed(listDocument.markdown()).isEquivalent(to: listDocument))
    }

    // MARK: Fuzz findings (Fixtures/Fuzz)

    @Test("Whitespace-preserving inline-only: the indentation kept in a line break's run is written")
    func preservedIndentation() throws {
        let options = MarkdownParsingOptions(interpretedSyntax: .inlineOnlyPreservingWhitespace)
        let document = try IntentDocument(markdown: "a\n  b\\\n\t# c\n", options: options)
        #expect(document.runs.map { String($0.text) } == ["a", "\n  ", "b", "\n\t", "# c\n"])
        let markdown = document.markdown()
        // After a tab, `#` continues the paragraph: it needs no escape.
        #expect(markdown == "a\n  b\\\n\t# c&#10;\n", "\(markdown)")
        // The writer ends the file with a line ending; the preserving reader would keep it as text.
        let reparsed = try IntentDocument(markdown: String(markdown.dropLast()), options: options)
        #expect(reparsed.isEquivalent(to: document))
        // Inside a block the reader strips a continuation line's indentation: none is written.
        var paragraph = IntentDocument()
        paragraph.append("a", presentationIntent: PresentationIntent(.paragraph, identity: 1))
        paragraph.append("\n  ", presentationIntent: PresentationIntent(.paragraph, identity: 1), inlinePresentationIntent: .softBreak)
        paragraph.append("b", presentationIntent: PresentationIntent(.paragraph, identity: 1))
        #expect(paragraph.markdown() == "a\nb\n")
    }

    @Test("Inline HTML that would start an HTML block at a paragraph's start gets an empty definition before it")
    func inlineHTMLStartingAParagraph() throws {
        // A definition in the source made `<c>` paragraph text; the writer writes one it owns.
        #expect(try Self.written(Self.parsed("[f]:f\n<c>\n")) == "[//]: #\n<c>\n")
        #expect(try Self.written(Self.parsed("- [f]: f\n  </c>\n  x\n")) == "- [//]: #\n  </c>\n  x\n")
        #expect(try Self.written(Self.parsed("> [f]: f\n> <c a=\"1\">  \n> x\n")) == "> [//]: #\n> <c a=\"1\">\\\n> x\n")
        // A setext heading (a line break keeps it from ATX) is protected the same way.
        #expect(try Self.written(Self.parsed("[f]: f\n<c>\nb\n===\n")) == "[//]: #\n<c>\nb\n===\n")
        // Inline HTML with more on its line cannot start an HTML block: nothing is added.
        #expect(try Self.written(Self.parsed("<kbd>x</kbd> y\n")) == "<kbd>x</kbd> y\n")
        #expect(try Self.written(Self.parsed("[f]: f\n<c\na> b\n")) == "<c\na> b\n")
    }

    @Test("A form feed or vertical tab at the edge of a table cell is written as a reference (GFM may trim it)")
    func formFeedInTableCell() throws {
        #expect(try Self.written(Self.parsed("\u{0C}\n|-\n")) == "| &#12; |\n| --- |\n")
        // libcmark-gfm keeps a vertical tab at a cell's end (the reference is not needed) and
        // drops a form feed at its start.
        #expect(try Self.written(Self.parsed("| a\u{0B} | \u{0C}b |\n|-|-|\n")) == "| a\u{0B} | b |\n| --- | --- |\n")
    }

    @Test("A task item whose parent item has nothing before it goes on a line of its own")
    func taskItemOnParentMarkerLine() throws {
        // libcmark-gfm reads no task box in `- * [x] a`.
        #expect(try Self.written(Self.parsed("-\n  - [x] \n")) == "-\n  * [x] \n")
        #expect(try Self.written(Self.parsed("1.\n   - [ ] a\n")) == "1.\n   - [ ] a\n")
        // An item that is no task still starts on its parent's marker line.
        #expect(try Self.written(Self.parsed("-\n  - a\n")) == "- * a\n")
    }

    @Test("Equivalence notices what differs")
    func equivalenceIsStrict() throws {
        let a = try Self.parsed("*a* b\n")
        #expect(a.isEquivalent(to: try Self.parsed("*a* b\n")))
        #expect(!a.isEquivalent(to: try Self.parsed("**a** b\n")))
        #expect(!a.isEquivalent(to: try Self.parsed("*a b*\n")))
        let separate = try Self.parsed("a\n\nb\n")
        #expect(!separate.isEquivalent(to: try Self.parsed("a\nb\n")))
        var none = Self.gfm
        none.blockSeparation = .none
        // One paragraph "ab" is not two paragraphs "a", "b" even where the text is the same.
        let one = try IntentDocument(markdown: "ab\n", options: none)
        var two = IntentDocument()
        two.append("a", presentationIntent: PresentationIntent(.paragraph, identity: 1))
        two.append("b", presentationIntent: PresentationIntent(.paragraph, identity: 2))
        #expect(!one.isEquivalent(to: two))
        #expect(try Self.parsed("- a\n").isEquivalent(to: try Self.parsed("* a\n")))
    }
}
