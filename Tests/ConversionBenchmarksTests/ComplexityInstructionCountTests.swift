import ConversionBenchmarks
import Foundation
import Testing

/// The complexity sweep's reading of callgrind output, and the shapes it counts.
@Suite
struct ComplexityInstructionCountTests {
    /// A callgrind file as valgrind 3 writes it with the instruction event only: names compressed
    /// (`(id) name` the first time, `(id)` after), two callers of the parse, a call to another
    /// function, and positions written relative (`+3`, `-64`) or repeated (`*`).
    static let callgrindOutput = """
        # callgrind format
        version: 1
        events: Ir
        fl=(1) /work/Sources/MarkdownParsing/MarkdownParser.swift
        fn=(1) $s15MarkdownParsing0A6ParserV5parse
        15 200
        cfl=(2) ???
        cfn=(2) cmark_parser_feed
        calls=1 0
        15 1000
        +3 40
        cfn=(3) cmark_parser_finish
        calls=1 0
        * 5000
        cfn=(4) cmark_node_free
        calls=1 0
        +1 300
        fn=(5) intentmark_complexity_measure
        0 10
        cfn=(2)
        calls=2 -64
        * 700
        fn=(2)
        0 1700
        summary: 7250

        """

    @Test func libraryParseInstructionsSumTheParseCallsInclusiveCosts() {
        // 1 000 + 5 000 + 700: the calls into feed and finish, not the node freeing, and not the
        // parse functions' own lines (their cost is inside the calls' inclusive counts).
        #expect(ComplexityInstructionCount.libraryParseInstructions(inCallgrindOutput: Self.callgrindOutput) == 6_700)
    }

    @Test func aFileWithoutParseCallsCountsNothing() {
        let text = Self.callgrindOutput.replacingOccurrences(of: "cmark_parser", with: "other_function")
        #expect(ComplexityInstructionCount.libraryParseInstructions(inCallgrindOutput: text) == 0)
        #expect(ComplexityInstructionCount.libraryParseInstructions(inCallgrindOutput: "") == 0)
    }

    /// Nesting shapes hold three nests below the depth cap, so an edit at a third or two thirds of
    /// the text lands in a nest that is not the only one, at every size the sweep and CI count.
    @Test(arguments: ["deepList", "deepQuote"])
    func nestingShapesHoldThreeNestsOrMore(name: String) throws {
        let shape = try #require(ComplexityShape.all.first { $0.name == name })
        for bytes in [4_096, 8_192, 16_384, 32_768, 131_072] {
            let nests = shape.make(bytes).split(separator: "\n").count
            #expect(nests >= 3, "\(name) at \(bytes) bytes: \(nests) nests")
        }
    }

    /// The wide table widens only up to 1 000 columns (a row libcmark-gfm parses in about a
    /// millisecond), then grows in rows; and the editing output's edits, at a third and two thirds
    /// of the text, land in body rows at every size the sweep and CI measure.
    @Test func wideTableEditsLandInBodyRowsOfBoundedWidth() throws {
        let shape = try #require(ComplexityShape.all.first { $0.name == "wideTable" })
        for bytes in [4_096, 8_192, 16_384, 32_768, 64_000, 131_072, 1_024_000] {
            let markdown = shape.make(bytes)
            let lines = markdown.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            let columns = lines[0].filter { $0 == "|" }.count - 1
            #expect(columns <= 1_000 && lines.allSatisfy { $0.filter { $0 == "|" }.count == columns + 1 })
            #expect(lines.count >= 6, "wideTable at \(bytes) bytes: \(lines.count) lines")
            for third in [1, 2] {
                let offset = markdown.utf8.count * third / 3
                let line = markdown.utf8.prefix(offset).filter { $0 == 10 }.count
                #expect(line >= 2 && line < lines.count, "wideTable at \(bytes) bytes: edit on line \(line)")
            }
        }
        #expect(shape.make(1_024_000).utf8.count > 900_000)
    }
}
