import Foundation
import IntentModel
import MarkdownParsing
import SpecCorpus
import Testing

/// Each parsing limit at its edge: input exactly at the limit converts, one step over is the typed
/// error naming the limit; and the hostile shapes that passed the older limits are refused fast.
@Suite("Parsing limits at their edges", .tags(.corpus))
struct LimitEdgeTests {
    static func parse(_ markdown: String, _ limits: ParsingLimits) throws -> IntentDocument {
        try IntentDocument(markdown: markdown, options: MarkdownParsingOptions(limits: limits))
    }

    /// `edit` applied to unlimited limits.
    static func only(_ edit: (inout ParsingLimits) -> Void) -> ParsingLimits {
        var limits = ParsingLimits.unlimited
        edit(&limits)
        return limits
    }

    @Test func bracketWorkSumsSquaresAcrossBlocks() throws {
        let markdown = String(repeating: "[", count: 7) + "\n\n" + String(repeating: "[", count: 7) + "\n"
        #expect(throws: Never.self) { try Self.parse(markdown, Self.only { $0.maximumBracketWork = 98 }) }
        #expect(throws: IntentMarkError.limitExceeded(limit: "maximumBracketWork", maximum: 97, found: 98)) {
            try Self.parse(markdown, Self.only { $0.maximumBracketWork = 97 })
        }
    }

    @Test func emphasisDelimitersPerBlockAndTheirWork() throws {
        let markdown = "*a* _b_ ~~c~~ **d**\n\n*e*\n"
        // Chunk one: 2 + 2 + 4 + 4 = 12 delimiters; chunk two: 2.
        #expect(throws: Never.self) { try Self.parse(markdown, Self.only { $0.maximumEmphasisDelimitersPerBlock = 12 }) }
        #expect(throws: IntentMarkError.limitExceeded(limit: "maximumEmphasisDelimitersPerBlock", maximum: 11, found: 12)) {
            try Self.parse(markdown, Self.only { $0.maximumEmphasisDelimitersPerBlock = 11 })
        }
        #expect(throws: Never.self) { try Self.parse(markdown, Self.only { $0.maximumEmphasisWork = 148 }) }
        #expect(throws: IntentMarkError.limitExceeded(limit: "maximumEmphasisWork", maximum: 147, found: 148)) {
            try Self.parse(markdown, Self.only { $0.maximumEmphasisWork = 147 })
        }
    }

    @Test func nestedInlineWorkMultipliesDepthAndMarkup() throws {
        // Depth 2 (two `>`) times three markup characters (`*`, `*`, `[`): 6; the next line, at
        // depth 2 with one more: 2.
        let markdown = "> > a*b* [c\n> > d*\n"
        #expect(throws: Never.self) { try Self.parse(markdown, Self.only { $0.maximumNestedInlineWork = 8 }) }
        #expect(throws: IntentMarkError.limitExceeded(limit: "maximumNestedInlineWork", maximum: 7, found: 8)) {
            try Self.parse(markdown, Self.only { $0.maximumNestedInlineWork = 7 })
        }
    }

    @Test func tableCellWorkSumsSquaresOverLines() throws {
        // Three `|` on each of the three lines: 9 + 9 + 9.
        let markdown = "| a | b |\n|---|---|\n| c | d |\n"
        #expect(throws: Never.self) { try Self.parse(markdown, Self.only { $0.maximumTableCellWork = 27 }) }
        #expect(throws: IntentMarkError.limitExceeded(limit: "maximumTableCellWork", maximum: 26, found: 27)) {
            try Self.parse(markdown, Self.only { $0.maximumTableCellWork = 26 })
        }
    }

    @Test func markerOnlyLinesKeepTheNestingInsideOpen() throws {
        // `> - - x` opens three levels; each `>` line after it keeps all three open (3 each).
        let markdown = "> - - x\n>\n>\n"
        #expect(throws: Never.self) { try Self.parse(markdown, Self.only { $0.maximumNestingWork = 9 }) }
        #expect(throws: IntentMarkError.limitExceeded(limit: "maximumNestingWork", maximum: 8, found: 9)) {
            try Self.parse(markdown, Self.only { $0.maximumNestingWork = 8 })
        }
    }

    @Test func hostileShapesThatPassedTheOlderLimitsAreRefused() throws {
        // Only the pre-scan runs: each is refused before libcmark-gfm starts.
        let limits = ParsingLimits.default
        // A quote holding 9 998 nested items, kept open by 60 000 `>` lines (31.6 s before).
        let keptOpen = "> " + String(repeating: "- ", count: 9_998) + "x\n" + String(repeating: ">\n", count: 60_000)
        #expect(throws: IntentMarkError.limitExceeded(limit: "maximumNestingWork", maximum: 30_000_000, found: 599_949_999)) {
            try Self.parse(keptOpen, limits)
        }
        // cmark issue #389 at n = 40 000 (31 s before): 160 000 delimiters in one paragraph.
        let issue389 = String(repeating: "*a ", count: 40_000) + String(repeating: "_a*_ ", count: 40_000)
        #expect(throws: IntentMarkError.limitExceeded(limit: "maximumEmphasisDelimitersPerBlock", maximum: 100_000, found: 160_000)) {
            try Self.parse(issue389, limits)
        }
        // Emphasis in a quote 10 000 deep (23 s before), and a shorter run of it.
        let deepEmphasis = String(repeating: ">", count: 10_000) + String(repeating: "a*", count: 160_000)
        #expect(throws: IntentMarkError.self) { try Self.parse(deepEmphasis, limits) }
        let deepShorter = String(repeating: ">", count: 10_000) + String(repeating: "a*", count: 20_001)
        #expect(throws: IntentMarkError.limitExceeded(limit: "maximumNestedInlineWork", maximum: 200_000_000, found: 200_010_000)) {
            try Self.parse(deepShorter, limits)
        }
        // Four blocks each just under the per-block bracket limit (17.8 s before).
        let block = String(repeating: "![[]()", count: 24_000)
        let fourBlocks = Array(repeating: block, count: 4).joined(separator: "\n\n")
        #expect(throws: IntentMarkError.limitExceeded(limit: "maximumBracketWork", maximum: 2_500_000_000, found: 4 * 48_000 * 48_000)) {
            try Self.parse(fourBlocks, limits)
        }
        // A table of one row of 10 000 cells (about 1.3 s) passes; one of 21 845 (6.3 s before) is refused.
        func wideTable(_ columns: Int) -> String {
            "|" + String(repeating: " a |", count: columns) + "\n|" + String(repeating: "---|", count: columns) + "\n|"
                + String(repeating: " x |", count: columns) + "\n"
        }
        #expect(throws: Never.self) { try Self.parse(wideTable(9_999), limits) }
        #expect(throws: IntentMarkError.limitExceeded(limit: "maximumTableCellWork", maximum: 300_000_000, found: 3 * 21_846 * 21_846)) {
            try Self.parse(wideTable(21_845), limits)
        }
    }
}
