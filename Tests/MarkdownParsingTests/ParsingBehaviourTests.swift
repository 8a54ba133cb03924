import DocumentInvariants
import Foundation
import IntentModel
import Testing

@testable import MarkdownParsing

/// Small literal tests of parser behaviour, beside the goldens.
@Suite("Parsing behaviour")
struct ParsingBehaviourTests {
    /// Every (identity, kind) pair, outermost first in document order.
    func blocks(_ document: IntentDocument) -> [String] {
        document.blockKinds.map { "\($0.identity):\($0.kind.debugDescription)" }
    }

    @Test func identitiesAreNumberedInPreOrderFromOne() throws {
        let document = try IntentDocument(markdown: "# H\n\n- a\n- b\n\n> q\n")
        #expect(
            blocks(document) == [
                "1:header 1", "2:unorderedList", "3:listItem 1", "4:paragraph", "5:listItem 2", "6:paragraph",
                "7:blockQuote", "8:paragraph",
            ])
    }

    @Test func orderedListOrdinalsStartAtTheStartNumber() throws {
        let document = try IntentDocument(markdown: "3. a\n4. b\n5. c\n")
        let ordinals = document.blockKinds.compactMap { entry -> Int? in
            if case .listItem(let ordinal) = entry.kind { return ordinal }
            return nil
        }
        #expect(ordinals == [3, 4, 5])
    }

    @Test func unorderedItemsCountFromOne() throws {
        let document = try IntentDocument(markdown: "* a\n* b\n* c\n")
        let ordinals = document.blockKinds.compactMap { entry -> Int? in
            if case .listItem(let ordinal) = entry.kind { return ordinal }
            return nil
        }
        #expect(ordinals == [1, 2, 3])
    }

    @Test func paragraphInListPrintsInApplesStyle() throws {
        let document = try IntentDocument(markdown: "- item\n")
        #expect(
            document.runs.first?.presentationIntent?.debugDescription
                == "[paragraph (id 3), listItem 1 (id 2), unorderedList (id 1)]")
    }

    @Test func newlinesLayoutEndsEveryLeafWithOneNewline() throws {
        let document = try IntentDocument(markdown: "# T\n\npara\n\n---\n\n```\ncode\n```\n")
        #expect(document.text == "T\npara\n\ncode\n")
        let separators = document.runs.filter(\.isBlockSeparator).map { String($0.text) }
        #expect(separators == ["\n", "\n", "\n"])
    }

    @Test func noneLayoutHasNothingBetweenBlocks() throws {
        let document = try IntentDocument(
            markdown: "# T\n\npara\n\n- a\n- b\n", options: MarkdownParsingOptions(blockSeparation: .none))
        #expect(document.text == "Tparaab")
    }

    @Test func noneLayoutKeepsBlocksWithoutText() throws {
        let document = try IntentDocument(markdown: "a\n\n---\n\n-\n", options: MarkdownParsingOptions(blockSeparation: .none))
        #expect(document.text == "a\n\n")
        #expect(blocks(document) == ["1:paragraph", "2:thematicBreak", "3:unorderedList", "4:listItem 1"])
    }

    @Test func tableCellsAreSeparatedByTabsAndRowsByNewlines() throws {
        let document = try IntentDocument(markdown: "| a | b |\n|---|:-:|\n| 1 | 2 |\n")
        #expect(document.text == "a\tb\n1\t2\n")
        guard case .table(let columns)? = document.runs.first?.presentationIntent?.components.last?.kind else {
            Issue.record("no table intent")
            return
        }
        #expect(columns.map(\.alignment) == [.left, .center])
        #expect(document.runs.first?.blockMarkup[1]?.columnAlignmentIsExplicit == [false, true])
        let rows = document.blockKinds.map(\.kind).filter {
            if case .tableRow = $0 { return true }
            return $0 == .tableHeaderRow
        }
        #expect(rows == [.tableHeaderRow, .tableRow(rowIndex: 1)])
    }

    @Test func nestedListsInsideBlockQuotesKeepTheWholePath() throws {
        let document = try IntentDocument(markdown: "> - a\n>   1. b\n")
        let deepest = try #require(document.runs.first { $0.text == "b" })
        #expect(
            deepest.presentationIntent?.components.map(\.kind) == [
                .paragraph, .listItem(ordinal: 1), .orderedList, .listItem(ordinal: 1), .unorderedList, .blockQuote,
            ])
        #expect(deepest.presentationIntent?.indentationLevel == 1)
    }

    @Test func crlfAndCrLineEndingsParseLikeLf() throws {
        let lf = try IntentDocument(markdown: "a\nb\n\n- c\n")
        #expect(try IntentDocument(markdown: "a\r\nb\r\n\r\n- c\r\n") == lf)
        #expect(try IntentDocument(markdown: "a\rb\r\r- c\r") == lf)
    }

    @Test func nulBytesBecomeReplacementCharactersAndNothingIsCut() throws {
        let document = try IntentDocument(markdown: Data("abc\u{0}de\u{0}\n\nafter\n".utf8))
        #expect(document.text == "abc\u{FFFD}de\u{FFFD}\nafter\n")
    }

    @Test func invalidUTF8ThrowsWithTheOffsetByDefault() {
        let bytes = Data([0x61, 0x62, 0xFF, 0x63])
        #expect(throws: IntentMarkError.invalidUTF8(byteOffset: 2)) {
            try IntentDocument(markdown: bytes)
        }
        #expect(throws: IntentMarkError.invalidUTF8(byteOffset: 1)) {
            try IntentDocument(markdown: Data([0x61, 0xED, 0xA0, 0x80]))  // a UTF-16 surrogate
        }
    }

    @Test("The first invalid byte is found wherever it lies: before, inside and after eight-byte ASCII stretches")
    func firstInvalidOffsetMatchesTheStandardLibrarysDecoder() {
        /// The offset of the first ill-formed sequence, by the standard library's UTF-8 parser.
        func reference(_ bytes: [UInt8]) -> Int? {
            var iterator = bytes.makeIterator()
            var parser = Unicode.UTF8.ForwardParser()
            var offset = 0
            while true {
                switch parser.parseScalar(from: &iterator) {
                case .valid(let scalar): offset += scalar.count
                case .emptyInput: return nil
                case .error: return offset
                }
            }
        }
        var generator = SeededGenerator(seed: 0x07F8)
        let pieces: [[UInt8]] = [
            Array("abcdefgh".utf8), Array("a".utf8), Array("é".utf8), Array("€".utf8), Array("😀".utf8), [0xFF], [0xC0, 0x80],
            [0xED, 0xA0, 0x80], [0xE2, 0x82], [0xF4, 0x90, 0x80, 0x80], [0x80], Array("0123456789abcdef".utf8),
        ]
        for _ in 0..<5_000 {
            var bytes: [UInt8] = []
            for _ in 0..<Int.random(in: 0...12, using: &generator) {
                bytes += pieces.randomElement(using: &generator) ?? []
            }
            #expect(UTF8Validation.firstInvalidOffset(in: Data(bytes)) == reference(bytes), "\(bytes)")
        }
    }

    @Test func invalidUTF8IsRepairedUnderThePartialPolicy() throws {
        let options = MarkdownParsingOptions(failurePolicy: .returnPartiallyParsedIfPossible)
        let document = try IntentDocument(markdown: Data([0x61, 0x62, 0xFF, 0x63, 0x0A]), options: options)
        #expect(document.text == "ab\u{FFFD}c\n")
    }

    @Test func aByteOrderMarkIsSkipped() throws {
        let document = try IntentDocument(markdown: Data([0xEF, 0xBB, 0xBF] + Array("# Title\n".utf8)))
        #expect(document.text == "Title\n")
        #expect(blocks(document) == ["1:header 1"])
    }

    @Test func anEmptyDocumentHasNoRuns() throws {
        #expect(try IntentDocument(markdown: "").runCount == 0)
        #expect(try IntentDocument(markdown: "\n\n  \n").runCount == 0)
        #expect(try IntentDocument(markdown: Data()).isEmpty)
    }

    @Test func offsetsAreCorrectInUTF8AndUTF16ForCJKAndEmoji() throws {
        let document = try IntentDocument(markdown: "漢字 *強調* 👩‍💻 x\n")
        let emphasized = try #require(document.runs.first { $0.inlinePresentationIntent.contains(.emphasized) })
        #expect(emphasized.text == "強調")
        #expect(emphasized.utf8Range == 7..<13)  // "漢字 " is 3 + 3 + 1 bytes
        #expect(document.utf16Range(of: emphasized) == 3..<5)
        let last = try #require(document.runs.first { $0.text.hasPrefix(" 👩‍💻") })
        #expect(last.utf8Range.lowerBound == 13)
        #expect(document.utf16Range(of: last) == 5..<13)  // " " + 👩‍💻 (5 UTF-16 units) + " x"
    }

    @Test func extendedAttributesNeedTheOption() throws {
        let source = "^[text](rainbow: 'extreme', count: 3)\n"
        let plain = try IntentDocument(markdown: source)
        #expect(plain.text == "^[text](rainbow: 'extreme', count: 3)\n")
        let document = try IntentDocument(markdown: source, options: MarkdownParsingOptions(allowsExtendedAttributes: true))
        let run = try #require(document.runs.first)
        #expect(run.text == "text")
        #expect(run.extendedAttributes == ["rainbow": .string("extreme"), "count": .integer(3)])
        #expect(run.link == nil && run.linkDestination == nil)
    }

    @Test func extendedAttributesInCodeSpansStayLiteral() throws {
        let document = try IntentDocument(
            markdown: "`^[a](b: 1)` ^[c](d: [1, {e: null}])\n", options: MarkdownParsingOptions(allowsExtendedAttributes: true))
        #expect(document.text == "^[a](b: 1) c\n")
        let span = try #require(document.runs.first { $0.text == "c" })
        #expect(span.extendedAttributes == ["d": .array([.integer(1), .object(["e": .null])])])
    }

    @Test func extendedAttributeTokensNeverCaptureOrdinaryTextOrLinks() throws {
        let options = MarkdownParsingOptions(allowsExtendedAttributes: true)
        let document = try IntentDocument(markdown: "^[a](b:1) then [link](b:1) and \u{E000}IMX0\u{E001}\n", options: options)
        #expect(document.text == "a then link and \u{E000}IMX0\u{E001}\n")
        #expect(document.runs.first { $0.text == "link" }?.linkDestination == "b:1")
        #expect(document.runs.first { $0.text == "link" }?.extendedAttributes == nil)
        let infinite = try IntentDocument(markdown: "^[a](b: Infinity)\n", options: options)
        #expect(infinite.text == "^[a](b: Infinity)\n")
        #expect(try IntentDocument(jsonData: infinite.jsonData()) == infinite)
    }

    @Test func inlineOnlyKeepsHTMLAtTheStartOfALineInline() throws {
        let document = try IntentDocument(
            markdown: "x <!-- c -->\n<!-- c --> y\n<div>html</div>\n", options: MarkdownParsingOptions(interpretedSyntax: .inlineOnly))
        #expect(document.text == "x <!-- c --> <!-- c --> y <div>html</div>")
        let html = document.runs.filter { $0.inlinePresentationIntent.contains(.inlineHTML) }.map { String($0.text) }
        #expect(html == ["<!-- c -->", "<!-- c -->", "<div>", "</div>"])
    }

    @Test func inlineOnlyKeepsFenceLikeLinesWhole() throws {
        let options = MarkdownParsingOptions(interpretedSyntax: .inlineOnly)
        // Three backticks with a backtick after them cannot open a fence: a code span.
        let span = try IntentDocument(markdown: "``` `` ```\n", options: options)
        #expect(span.runs.map { String($0.text) } == ["``"])
        #expect(span.runs.first?.inlinePresentationIntent == .code)
        // A line that could open a fence keeps its backtick string whole: a code span over two lines.
        let fence = try IntentDocument(markdown: "x\n```a\nb```\n", options: options)
        #expect(fence.runs.contains { $0.text == "a b" && $0.inlinePresentationIntent == .code })
        // Three tildes never strike through (libcmark-gfm), so `~~~a~~` stays text.
        let tildes = try IntentDocument(markdown: "~~~a~~\n", options: options)
        #expect(tildes.text == "~~~a~~")
        #expect(!tildes.runs.contains { $0.inlinePresentationIntent.contains(.strikethrough) })
    }

    @Test func inlineOnlyPairsFormattingTagsAcrossBlankLines() throws {
        // Inline-only text is one inline sequence: `<del>` and `</del>` pair across blank lines,
        // as they do once the text is written on one line.
        let document = try IntentDocument(
            markdown: "<del>\n\n*foo*\n\n</del>\n", options: MarkdownParsingOptions(interpretedSyntax: .inlineOnly))
        #expect(document.text == " foo ")
        #expect(document.runs.allSatisfy { $0.inlineSpans?.spans.last?.kind == .htmlFormatting })
        let preserving = try IntentDocument(
            markdown: "<del>\n\n*foo*\n\n</del>\n", options: MarkdownParsingOptions(interpretedSyntax: .inlineOnlyPreservingWhitespace))
        #expect(preserving.text == "\n\nfoo\n\n\n")
        #expect(preserving.runs.dropLast().allSatisfy { $0.inlineSpans?.spans.last?.kind == .htmlFormatting })
    }

    @Test func preservedIndentationFollowsInlineHTMLOverTwoLines() throws {
        // The break after `class="x">` starts line 3, indented by one space (not line 2's two).
        let options = MarkdownParsingOptions(interpretedSyntax: .inlineOnlyPreservingWhitespace)
        let document = try IntentDocument(markdown: "<div id=\"a\"\n  class=\"x\">\n b `c\nd` e\n   f\n", options: options)
        #expect(document.runs.filter { $0.inlinePresentationIntent.contains(.softBreak) }.map { String($0.text) } == ["\n ", "\n   "])
    }

    @Test func brokenFootnoteReferencesNeverCutAScalar() throws {
        // libcmark-gfm cuts the text of `[^` + line break + label + `]` by column arithmetic,
        // which may end inside a scalar (NUL is U+FFFD's three bytes by then): the cut scalar
        // becomes U+FFFD and the runs still cover the text.
        for source in ["[^\n\u{0}x]", "[^\néé]", "ab[^\nabcdééé]"] {
            let document = try IntentDocument(markdown: source)
            #expect(document.text.contains("\u{FFFD}"), "\(source.debugDescription)")
            #expect(document.runs.map { String($0.text) }.joined() == document.text)
            #expect(document.storedRuns.last?.utf8Range.upperBound == document.text.utf8.count)
        }
        #expect(try IntentDocument(markdown: "[^\n\u{0}x]").text == "[^\n\u{FFFD}]\n")
    }

    @Test func preservedIndentationAfterABackslashHardBreak() throws {
        // libcmark-gfm does not count the line ending of a backslash break: the break after `U`
        // still takes line 3's indentation.
        let options = MarkdownParsingOptions(interpretedSyntax: .inlineOnlyPreservingWhitespace)
        let document = try IntentDocument(markdown: "a\\\n  b\\\n   c\n d\n", options: options)
        #expect(document.runs.map { String($0.text) } == ["a", "\n  ", "b", "\n   ", "c", "\n ", "d\n"])
    }

    @Test func inlineOnlyChunksSplitOnCarriageReturnBlankLines() throws {
        let document = try IntentDocument(markdown: "a\r\rb", options: MarkdownParsingOptions(interpretedSyntax: .inlineOnly))
        #expect(document.text == "a b")
    }

    @Test func invalidExtendedAttributesAreLeftAsMarkdown() throws {
        let document = try IntentDocument(
            markdown: "^[a](not json) ^[b](c:1\n", options: MarkdownParsingOptions(allowsExtendedAttributes: true))
        #expect(document.text == "^[a](not json) ^[b](c:1\n")
    }

    @Test func emptyImagesAndLinksBecomePlaceholders() throws {
        let document = try IntentDocument(markdown: "![](a.png)[](b)\n")
        let placeholders = document.runs.filter(\.isPlaceholder)
        #expect(placeholders.map { String($0.text) } == ["\u{FFFC}", "\u{FFFC}"])
        #expect(placeholders.map(\.imageSource) == ["a.png", nil])
        #expect(placeholders.map(\.linkDestination) == [nil, "b"])
    }

    @Test func sourcePositionsAreOneBasedUTF8Columns() throws {
        let document = try IntentDocument(
            markdown: "This is *emphasized*.\n", options: MarkdownParsingOptions(appliesSourcePositionAttributes: true))
        let run = try #require(document.runs.first { $0.text == "emphasized" })
        #expect(run.sourcePosition == MarkdownSourcePosition(startLine: 1, startColumn: 10, endLine: 1, endColumn: 19))
    }

    @Test func sourcePositionsSurviveExtendedAttributeRewriting() throws {
        let options = MarkdownParsingOptions(allowsExtendedAttributes: true, appliesSourcePositionAttributes: true)
        let document = try IntentDocument(markdown: "^[ab](k: 'a long value') after\n", options: options)
        let after = try #require(document.runs.first { $0.text == " after" })
        #expect(after.sourcePosition?.startColumn == 25)
        #expect(after.sourcePosition?.endColumn == 30)
    }

    @Test func inlineOnlySyntaxKeepsBlockMarkersAsText() throws {
        let options = MarkdownParsingOptions(interpretedSyntax: .inlineOnly)
        let document = try IntentDocument(markdown: "# Title\n- **item**\n\n1. next\n", options: options)
        #expect(document.text == "# Title - item 1. next")
        #expect(document.runs.allSatisfy { $0.presentationIntent == nil })
        #expect(document.runs.contains { $0.text == "item" && $0.inlinePresentationIntent == .stronglyEmphasized })
    }

    @Test func inlineOnlyPreservingWhitespaceKeepsEveryLineEnding() throws {
        let options = MarkdownParsingOptions(interpretedSyntax: .inlineOnlyPreservingWhitespace)
        let source = "line1\nline2\n\n\n  indented *em*\n> quote\n"
        let document = try IntentDocument(markdown: source, options: options)
        #expect(document.text == "line1\nline2\n\n\n  indented em\n> quote\n")
    }

    @Test func smartPunctuationIsAnOption() throws {
        let document = try IntentDocument(markdown: "\"a\" -- b...\n", options: MarkdownParsingOptions(smartPunctuation: true))
        #expect(document.text == "\u{201C}a\u{201D} \u{2013} b\u{2026}\n")
    }

    @Test func extensionsCanBeSwitchedOff() throws {
        let source = "| a |\n| - |\n| b |\n\n~~gone~~ www.example.com\n"
        let commonMark = try IntentDocument(markdown: source, options: MarkdownParsingOptions(extensions: []))
        #expect(!commonMark.blockKinds.contains { if case .table = $0.kind { return true } else { return false } })
        #expect(!commonMark.runs.contains { $0.inlinePresentationIntent.contains(.strikethrough) })
        #expect(!commonMark.runs.contains { $0.link != nil })
        let gfm = try IntentDocument(markdown: source)
        #expect(gfm.runs.contains { $0.inlinePresentationIntent.contains(.strikethrough) })
        #expect(gfm.runs.contains { $0.link?.absoluteString == "http://www.example.com" })
    }

    @Test func languageCodeIsPutOnEveryRun() throws {
        let document = try IntentDocument(markdown: "# a\n\n*b*\n", options: MarkdownParsingOptions(languageCode: "de"))
        #expect(document.runs.allSatisfy { $0.languageIdentifier == "de" })
    }

    @Test func baseURLResolvesRelativeLinksAndKeepsTheDestination() throws {
        let document = try IntentDocument(markdown: "[a](b/c.md)\n", baseURL: URL(string: "https://example.com/docs/"))
        let link = try #require(document.runs.first)
        #expect(link.link?.absoluteString == "https://example.com/docs/b/c.md")
        #expect(link.linkDestination == "b/c.md")
    }

    @Test func fileURLsAreReadAndUnreadableFilesThrow() throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "intentmark-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appending(path: "a.md")
        try Data("[x](y.md)\n".utf8).write(to: file)
        // Relative links stay as written: no output gets the file's absolute path by default.
        let document = try IntentDocument(contentsOf: file)
        #expect(document.runs.first?.link?.absoluteString == "y.md")
        // With the file's own URL as the base, as Apple's `init(contentsOf:)` resolves.
        let resolved = try IntentDocument(contentsOf: file, baseURL: file)
        #expect(resolved.runs.first?.link == file.deletingLastPathComponent().appending(path: "y.md"))
        let missing = directory.appending(path: "missing.md")
        #expect(throws: IntentMarkError.unreadableFile(path: missing.path, reason: "no such file")) {
            try IntentDocument(contentsOf: missing)
        }
    }

    @Test func theInputSizeLimitThrowsATypedError() {
        let options = MarkdownParsingOptions(limits: ParsingLimits(maximumInputBytes: 4))
        #expect(throws: IntentMarkError.limitExceeded(limit: "maximumInputBytes", maximum: 4, found: 6)) {
            try IntentDocument(markdown: "abcdef", options: options)
        }
    }

    @Test func tenThousandNestedBlockQuotesDoNotOverflowTheStack() throws {
        let depth = 10_000
        let document = try IntentDocument(markdown: String(repeating: "> ", count: depth) + "a\n")
        let run = try #require(document.runs.first)
        #expect(run.text == "a")
        #expect(run.presentationIntent?.components.count == depth + 1)
        #expect(document == (try IntentDocument(jsonData: document.jsonData())))
    }

    @Test func tenThousandNestedListsDoNotOverflowTheStack() throws {
        let depth = 10_000
        let document = try IntentDocument(markdown: String(repeating: "- ", count: depth) + "x\n")
        let run = try #require(document.runs.first)
        #expect(run.text == "x")
        #expect(run.presentationIntent?.components.count == 2 * depth + 1)
        #expect(run.presentationIntent?.indentationLevel == depth - 1)
    }

    /// libcmark-gfm keeps the extensions' special characters in global tables that each parse
    /// switches on and off; without the parser's lock, concurrent parses lose strikethrough and
    /// autolinks at random. Parses of different extension sets run side by side here.
    @Test func parsingFromManyThreadsAtOnceIsSafe() async throws {
        let paragraph = "Some ~~struck~~ text with www.example.com and https://swift.org, a | b, [^1] and ~x~.\n\n"
        let source = "# T\n\n| a | b |\n|---|---|\n| 1 | 2 |\n\n" + String(repeating: paragraph, count: 2_000) + "[^1]: n\n"
        let gfm = MarkdownParsingOptions()
        let commonMark = MarkdownParsingOptions(extensions: [])
        let expectedGFM = try IntentDocument(markdown: source, options: gfm)
        let expectedCommonMark = try IntentDocument(markdown: source, options: commonMark)
        #expect(expectedGFM != expectedCommonMark)
        let results = try await withThrowingTaskGroup(of: Bool.self) { group in
            for index in 0..<24 {
                group.addTask {
                    let options = index % 3 == 2 ? commonMark : gfm
                    let expected = index % 3 == 2 ? expectedCommonMark : expectedGFM
                    return try IntentDocument(markdown: source, options: options) == expected
                }
            }
            var all: [Bool] = []
            for try await result in group { all.append(result) }
            return all
        }
        #expect(results.count == 24 && results.allSatisfy { $0 })
    }
}
