import Foundation
import IntentModel
import MarkdownParsing
import SpecCorpus
import Testing

/// The cases of cmark-gfm's pathological test suite (`test/pathological_tests.py`), each checked
/// for its result: the text and intents the intent model should hold. Cases on which the system
/// libcmark-gfm is super-linear run at full size only to check that the parser's limits reject
/// them with a typed error naming the limit; smaller sizes check the result.
@Suite("Pathological input", .tags(.corpus))
struct PathologicalTests {
    func parse(_ markdown: String, extensions: MarkdownExtensions = [.table]) throws -> IntentDocument {
        try IntentDocument(markdown: markdown, options: MarkdownParsingOptions(extensions: extensions))
    }

    /// The document's text without separators.
    func content(_ document: IntentDocument) -> String {
        document.runs.filter { !$0.isBlockSeparator }.map { String($0.text) }.joined()
    }

    @Test("1: nested strong emphasis (full size, 390 000 delimiters in one paragraph, is refused)") func nestedStrongEmphasis() throws {
        #expect(throws: IntentMarkError.limitExceeded(limit: "maximumEmphasisDelimitersPerBlock", maximum: 100_000, found: 390_000)) {
            try parse(String(repeating: "*a **a ", count: 65_000) + "b" + String(repeating: " a** a*", count: 65_000))
        }
        let count = 16_000
        let document = try parse(String(repeating: "*a **a ", count: count) + "b" + String(repeating: " a** a*", count: count))
        #expect(content(document) == String(repeating: "a a ", count: count) + "b" + String(repeating: " a a", count: count))
        let flags = document.runs.filter { !$0.isBlockSeparator }.map(\.inlinePresentationIntent)
        #expect(flags.first == .emphasized && flags.last == .emphasized)
        #expect(flags.dropFirst().dropLast().allSatisfy { $0 == [.emphasized, .stronglyEmphasized] })
        #expect(document.runs.first { $0.text.contains("b") }?.inlineSpans?.depth == 2 * count)
    }

    @Test(
        "2–9, 12, 17, 18, 21: unmatched openers and closers stay literal text",
        arguments: [
            (String(repeating: "a_ ", count: 65_000), String(repeating: "a_ ", count: 64_999) + "a_"),
            (String(repeating: "_a ", count: 65_000), String(repeating: "_a ", count: 64_999) + "_a"),
            (String(repeating: "a]", count: 65_000), String(repeating: "a]", count: 65_000)),
            (String(repeating: "[a", count: 9_000), String(repeating: "[a", count: 9_000)),
            (String(repeating: "*a_ ", count: 50_000), String(repeating: "*a_ ", count: 49_999) + "*a_"),
            ("a**b" + String(repeating: "c* ", count: 50_000), "a**b" + String(repeating: "c* ", count: 49_999) + "c*"),
            (String(repeating: "[ a_", count: 9_000), String(repeating: "[ a_", count: 9_000)),
            (String(repeating: "[ (](", count: 9_000), String(repeating: "[ (](", count: 9_000)),
            (
                String(repeating: "[", count: 5_000) + "a" + String(repeating: "]", count: 5_000),
                String(repeating: "[", count: 5_000) + "a" + String(repeating: "]", count: 5_000)
            ),
            (String(repeating: "[a](<b", count: 9_000), String(repeating: "[a](<b", count: 9_000)),
            (String(repeating: "[a](b", count: 9_000), String(repeating: "[a](b", count: 9_000)),
            (String(repeating: "![p", count: 4_000), String(repeating: "![p", count: 4_000)),
        ])
    func unmatchedDelimitersStayLiteral(input: String, expected: String) throws {
        let document = try parse(input, extensions: [.table, .autolink])
        #expect(content(document) == expected)
        #expect(document.runs.allSatisfy { $0.inlinePresentationIntent.isEmpty && $0.link == nil && $0.imageURL == nil })
    }

    @Test("10: ![[]() repeated — empty links become placeholders; full size is rejected") func imageOpenersAndEmptyLinks() throws {
        let count = 4_000
        let document = try parse(String(repeating: "![[]()", count: count))
        #expect(content(document) == String(repeating: "![\u{FFFC}", count: count))
        #expect(document.runs.filter(\.isPlaceholder).allSatisfy { $0.linkDestination == "" })
        #expect(throws: IntentMarkError.limitExceeded(limit: "maximumBracketsPerBlock", maximum: 50_000, found: 320_000)) {
            try parse(String(repeating: "![[]()", count: 160_000))
        }
    }

    @Test("11: hard link/emphasis case") func linkAndEmphasis() throws {
        let document = try parse("**x [a*b**c*](d)")
        let runs = document.runs.filter { !$0.isBlockSeparator }
        #expect(runs.map { String($0.text) } == ["**x ", "a", "b**c"])
        #expect(runs.map(\.linkDestination) == [nil, "d", "d"])
        #expect(runs.map(\.inlinePresentationIntent) == [[], [], .emphasized])
    }

    @Test func aLongListOfLinksIsNotRejected() throws {
        let markdown = (0..<12_000).map { "- [link \($0)](https://example.com/\($0))\n" }.joined()
        #expect(try parse(markdown).runs.filter { $0.link != nil }.count == 12_000)
    }

    @Test("13: 50 000 nested block quotes") func nestedBlockQuotes() throws {
        let document = try IntentDocument(
            markdown: String(repeating: "> ", count: 50_000) + "a",
            options: MarkdownParsingOptions(limits: ParsingLimits(maximumNestingDepth: 50_000)))
        #expect(document.runs.first?.presentationIntent?.components.count == 50_001)
        #expect(throws: IntentMarkError.limitExceeded(limit: "maximumNestingDepth", maximum: 10_000, found: 50_000)) {
            try parse(String(repeating: "> ", count: 50_000) + "a")
        }
    }

    @Test("14: 1 000 nested lists") func nestedLists() throws {
        let markdown = (0..<1_000).map { String(repeating: "  ", count: $0) + "* a\n" }.joined()
        let document = try parse(markdown)
        let leaves = document.runs.filter { !$0.isBlockSeparator }
        #expect(leaves.count == 1_000)
        #expect(leaves.last?.presentationIntent?.components.count == 2_001)
    }

    @Test("15: NUL bytes become U+FFFD") func nulBytes() throws {
        #expect(content(try parse("abc\u{0000}de\u{0000}")) == "abc\u{FFFD}de\u{FFFD}")
    }

    @Test("16: backtick runs of every length form no code span") func backticks() throws {
        let markdown = (1..<1_500).map { "e" + String(repeating: "`", count: $0) }.joined()
        let document = try parse(markdown)
        #expect(content(document) == markdown)
        #expect(document.runs.allSatisfy { !$0.inlinePresentationIntent.contains(.code) })
    }

    @Test("19: unclosed HTML comments stay text") func unclosedComments() throws {
        let markdown = "</" + String(repeating: "<!--", count: 30_000)
        let document = try parse(markdown)
        #expect(content(document) == markdown)
        #expect(document.runs.allSatisfy { !$0.inlinePresentationIntent.contains(.inlineHTML) })
    }

    @Test("20: CR-only table rows") func carriageReturnTables() throws {
        let count = 3_000
        let document = try parse(String(repeating: "aaa\rbbb\n-\u{000B}\n", count: count))
        #expect(document.runs.first?.text == "aaa")
        let rows = document.blockKinds.compactMap { entry -> Int? in
            if case .tableRow(let index) = entry.kind { return index }
            return nil
        }
        #expect(rows == Array(1...(3 * count - 3)))
        #expect(document.runs.contains { $0.text == "-\u{000B}" })
    }

    @Test("22–23: reference collisions and many references") func references() throws {
        let keys = (1...2_000).map { "[k\($0)]: u\n" }.joined()
        let document = try parse(keys + String(repeating: "[0] ", count: 2_000))
        #expect(content(document) == String(repeating: "[0] ", count: 1_999) + "[0]")
    }

    @Test("24: cmark issue #389") func issue389() throws {
        let count = 3
        let document = try parse(String(repeating: "*a ", count: count) + String(repeating: "_a*_ ", count: count))
        #expect(content(document) == "a a a _a_ _a_ _a_")
    }

    @Test("25–26: deep lists kept open by many lines are rejected at full size") func deepListsWithBlankLines() throws {
        let small = try parse(String(repeating: "- ", count: 2_000) + "x" + String(repeating: "\n", count: 2_000))
        #expect(small.runs.first?.text == "x")
        #expect(small.runs.first?.presentationIntent?.components.count == 4_001)
        #expect(throws: IntentMarkError.limitExceeded(limit: "maximumNestingDepth", maximum: 10_000, found: 30_000)) {
            try parse(String(repeating: "- ", count: 30_000) + "x" + String(repeating: "\n", count: 30_000))
        }
        #expect(throws: IntentMarkError.limitExceeded(limit: "maximumNestingWork", maximum: 30_000_000, found: 64_000_000)) {
            try parse(String(repeating: "- ", count: 8_000) + "x" + String(repeating: "\n", count: 8_000))
        }
        let quoted = try parse("> " + String(repeating: "- ", count: 2_000) + "x\n" + String(repeating: ">\n", count: 2_000))
        #expect(quoted.runs.first?.text == "x")
    }

    @Test("27: emphasis in deep block quotes") func emphasisInDeepQuotes() throws {
        let document = try parse(String(repeating: ">", count: 3) + String(repeating: "a*", count: 3))
        #expect(document.runs.filter { !$0.isBlockSeparator }.map { String($0.text) } == ["a", "a", "a*"])
        #expect(throws: IntentMarkError.self) {
            try parse(String(repeating: ">", count: 100_000) + String(repeating: "a*", count: 100_000))
        }
    }

    @Test("Real documents, ten times over, stay far below every limit", arguments: TestPaths.documents())
    func realDocumentsStayFarBelowEveryLimit(url: URL) throws {
        let tenTimes = String(repeating: try String(contentsOf: url, encoding: .utf8), count: 10)
        // 2% of every default.
        let strict = ParsingLimits(
            maximumNestingDepth: 200, maximumNestingWork: 600_000, maximumBracketsPerBlock: 1_000, maximumBracketWork: 50_000_000,
            maximumEmphasisDelimitersPerBlock: 2_000, maximumEmphasisWork: 200_000_000, maximumNestedInlineWork: 4_000_000,
            maximumTableCellWork: 6_000_000)
        #expect(throws: Never.self) { try IntentDocument(markdown: tenTimes, options: MarkdownParsingOptions(limits: strict)) }
    }
}
