import DocumentInvariants
import Foundation
import IntentModel
import SpecCorpus
import Testing

@testable import MarkdownParsing

/// A document parsed in pieces on several threads equals the document of one parse: `==`
/// (text, runs, attributes, blocks with their identities and markup), the source map, the JSON
/// form byte for byte (its tables in the same order), and with source positions. Small documents are cut as large ones are, at every line that may start a
/// piece (``MarkdownParsingOptions/minimumBytesInPieces`` and `minimumPieceBytes` made small).
@Suite("Parallel parsing")
struct ParallelParseTests {
    /// Options that cut anything: 64 threads (so pieces of a few bytes), no size threshold.
    static func inPieces(_ options: MarkdownParsingOptions = MarkdownParsingOptions()) -> MarkdownParsingOptions {
        var options = options
        options.maximumParsingThreads = 64
        options.minimumBytesInPieces = 0
        options.minimumPieceBytes = 1
        return options
    }

    static func inOnePiece(_ options: MarkdownParsingOptions = MarkdownParsingOptions()) -> MarkdownParsingOptions {
        var options = options
        options.maximumParsingThreads = 1
        return options
    }

    /// Whether the pieces' document equals one parse's, with and without source positions.
    static func expectSame(
        _ markdown: String, _ options: MarkdownParsingOptions = MarkdownParsingOptions(), _ comment: Comment? = nil
    )
        throws
    {
        for positions in [false, true] {
            var options = options
            options.appliesSourcePositionAttributes = positions
            let whole = try IntentDocument(markdown: markdown, options: inOnePiece(options))
            let pieces = try IntentDocument(markdown: markdown, options: inPieces(options))
            let sameDocument = pieces == whole
            let sameMap = pieces.markdownSource == whole.markdownSource
            // The tables in the same order too (the JSON form writes the attribute table as it is).
            let sameJSON = try pieces.jsonData() == whole.jsonData()
            #expect(sameDocument, comment)
            #expect(sameMap, comment)
            #expect(sameJSON, comment)
        }
    }

    /// Whether `markdown` has a line that opens a footnote definition (such a document is parsed
    /// in one piece).
    static func definesFootnotes(_ markdown: String) -> Bool {
        markdown.split(whereSeparator: \.isNewline).contains { $0.hasPrefix("[^") && $0.contains("]:") }
    }

    static let specFiles = [
        "cmark-gfm-0.29.0.gfm.6/spec.txt", "cmark-gfm-0.29.0.gfm.6/extensions.txt", "cmark-gfm-0.29.0.gfm.6/regression.txt",
        "cmark-gfm-0.29.0.gfm.6/smart_punct.txt", "commonmark-spec-0.31.2/spec.txt",
    ]

    @Test("Every spec file's examples concatenated", arguments: specFiles)
    func specFileConcatenated(file: String) throws {
        let examples = try SpecExamples.fixture(file).filter { !$0.isDisabled }
        let markdown = examples.map(\.markdown).joined(separator: "\n\n")
        try Self.expectSame(markdown)
        var smart = MarkdownParsingOptions()
        smart.smartPunctuation = true
        try Self.expectSame(markdown, smart)
        if !Self.definesFootnotes(markdown) { #expect(try ParallelParse.pieceCount(of: markdown, options: Self.inPieces()) > 1) }
        // The same without footnote definitions, so that it is cut.
        let unfootnoted = markdown.replacingOccurrences(of: "[^", with: "[")
        try Self.expectSame(unfootnoted)
        #expect(try ParallelParse.pieceCount(of: unfootnoted, options: Self.inPieces()) > 1)
        #expect(Self.shapeInPiecesIsWhole(markdown))
    }

    /// Whether the shape measured piece by piece (as a parallel parse measures it, cut at every
    /// line that may start a piece) is the whole input's.
    static func shapeInPiecesIsWhole(_ markdown: String) -> Bool {
        // Not cut (no line starts a piece): nothing to compare.
        guard let pieces = ParallelParse.shapeInPieces(of: markdown, options: inPieces()) else { return true }
        return pieces == InputShape.scanning(markdown)
    }

    @Test("The shape measured in pieces is the whole input's; past a limit, pieces are refused as one parse is")
    func limitsInPieces() throws {
        // Nesting, brackets, emphasis and pipes on both sides of every cut, in each line ending.
        let chunk = "> - [a] *b* _c_ ~d~ | e | f |\n>   > 1. [[g]] **h**\n\nword [i] *j*\n    code [k]\n\n"
        for ending in ["\n", "\r\n", "\r"] {
            let markdown = String(repeating: chunk, count: 40).replacingOccurrences(of: "\n", with: ending)
            #expect(Self.shapeInPiecesIsWhole(markdown))
            let shape = InputShape.scanning(markdown)
            // Each limit just under the whole input's measure: refused with the same error (the
            // whole input's figure) whether parsed in pieces or in one. A sum (the work measures)
            // passes in every piece alone; a maximum fails in the piece that holds it, which is
            // then not parsed.
            var limits: [ParsingLimits] = []
            for field in 0..<8 {
                var options = ParsingLimits()
                switch field {
                case 0: options.maximumNestingDepth = shape.nestingDepth - 1
                case 1: options.maximumNestingWork = shape.nestingWork - 1
                case 2: options.maximumBracketsPerBlock = shape.bracketsPerBlock - 1
                case 3: options.maximumBracketWork = shape.bracketWork - 1
                case 4: options.maximumEmphasisDelimitersPerBlock = shape.emphasisDelimitersPerBlock - 1
                case 5: options.maximumEmphasisWork = shape.emphasisWork - 1
                case 6: options.maximumNestedInlineWork = shape.nestedInlineWork - 1
                default: options.maximumTableCellWork = shape.tableCellWork - 1
                }
                limits.append(options)
            }
            for limit in limits {
                var options = MarkdownParsingOptions()
                options.limits = limit
                let wholeError = #expect(throws: IntentMarkError.self) {
                    try IntentDocument(markdown: markdown, options: Self.inOnePiece(options))
                }
                let piecesError = #expect(throws: IntentMarkError.self) {
                    try IntentDocument(markdown: markdown, options: Self.inPieces(options))
                }
                #expect(wholeError != nil && wholeError == piecesError)
            }
            // At the whole input's measures exactly: parsed, in pieces as in one.
            var exact = MarkdownParsingOptions()
            exact.limits.maximumNestingWork = shape.nestingWork
            exact.limits.maximumBracketWork = shape.bracketWork
            exact.limits.maximumEmphasisWork = shape.emphasisWork
            try Self.expectSame(markdown, exact)
        }
    }

    @Test("Whole documents and the parsing fixtures", arguments: TestPaths.documents())
    func document(url: URL) throws {
        let markdown = try String(contentsOf: url, encoding: .utf8)
        try Self.expectSame(markdown)
        if !Self.definesFootnotes(markdown) { #expect(try ParallelParse.pieceCount(of: markdown, options: Self.inPieces()) > 1) }
        let unfootnoted = markdown.replacingOccurrences(of: "[^", with: "[")
        try Self.expectSame(unfootnoted)
        #expect(try ParallelParse.pieceCount(of: unfootnoted, options: Self.inPieces()) > 1)
        // As it is parsed by default (512 KiB and up in pieces on the active cores).
        var defaults = MarkdownParsingOptions()
        defaults.maximumParsingThreads = 4
        #expect(Self.shapeInPiecesIsWhole(markdown))
        let large = String(repeating: unfootnoted + "\n\n", count: max(1, (1 << 20) / max(unfootnoted.utf8.count, 1)))
        #expect(try IntentDocument(markdown: large, options: defaults) == IntentDocument(markdown: large, options: Self.inOnePiece()))
    }

    @Test("Every parsing fixture")
    func parsingFixtures() throws {
        for name in ParsingFixtures.names {
            let markdown = String(decoding: try ParsingFixtures.source(name), as: UTF8.self)
            try Self.expectSame(markdown, try ParsingFixtures.options(name), "\(name)")
        }
    }

    /// Spec examples joined at random, with link reference definitions (some defined twice, some
    /// in block quotes and list items, some at the very end) and footnotes spread among them, in
    /// each kind of line ending.
    @Test("Thousands of random concatenations of spec examples")
    func randomConcatenations() throws {
        let examples = try Self.specFiles.flatMap { try SpecExamples.fixture($0) }.filter { !$0.isDisabled }.map(\.markdown)
        var random = SeededGenerator(seed: 20_261_204)
        let separators = ["\n\n", "\n", "\n\n\n", "\nparagraph\n\n", "\n\n> quote\n\n", "\n\n- item\n\n"]
        let definitions = [
            "[foo]: /from-the-end\n", "[Foo]: /second 'title'\n", "> [bar]: /in-a-quote\n", "- [baz]: /in-an-item\n",
            "[foo]:\n/on-the-next-line\n", "[qux]: <> \"empty\"\n",
        ]
        let footnotes = ["Text[^1] here.\n", "[^1]: The note.\n", "[^note]: Another.\n\n    indented\n"]
        var cutCount = 0
        for round in 0..<2_000 {
            var parts: [String] = []
            for _ in 0..<Int.random(in: 2...12, using: &random) {
                switch Int.random(in: 0..<10, using: &random) {
                case 0: parts.append(definitions.randomElement(using: &random) ?? "")
                case 1 where round % 4 == 0: parts.append(footnotes.randomElement(using: &random) ?? "")
                default: parts.append(examples.randomElement(using: &random) ?? "")
                }
                parts.append(separators.randomElement(using: &random) ?? "\n\n")
            }
            if round % 3 == 0 { parts.append(definitions.randomElement(using: &random) ?? "") }
            // Line feeds, and in some rounds carriage returns with or without them.
            let ending = ["\n", "\n", "\r\n", "\r"][round % 4]
            let markdown = ending == "\n" ? parts.joined() : parts.joined().replacingOccurrences(of: "\n", with: ending)
            try Self.expectSame(markdown, MarkdownParsingOptions(), "round \(round): \(markdown.debugDescription)")
            if try ParallelParse.pieceCount(of: markdown, options: Self.inPieces()) > 1 { cutCount += 1 }
            #expect(Self.shapeInPiecesIsWhole(markdown), "round \(round): \(markdown.debugDescription)")
        }
        // Most rounds were really parsed in pieces.
        #expect(cutCount > 1_000)
    }

    @Test("Definitions resolve across pieces as in one parse, the first of a label winning")
    func definitionsAcrossPieces() throws {
        let markdown = """
            Uses [a], [b] and [c].

            [a]: /first-a
            [b]: /first-b

            More [a] and [b].

            [a]: /second-a

            > [c]: /quoted-c

            Last [a], [c] and [d].

            [d]: /at-the-end
            [b]: /second-b
            """
        try Self.expectSame(markdown)
        #expect(try ParallelParse.pieceCount(of: markdown, options: Self.inPieces()) == 3)
        let document = try IntentDocument(markdown: markdown, options: Self.inPieces())
        let links = document.runs.compactMap { $0.attributes.link?.absoluteString }
        #expect(links == ["/first-a", "/first-b", "/quoted-c", "/first-a", "/first-b", "/first-a", "/quoted-c", "/at-the-end"])
    }

    @Test("A fenced code block with blank lines is not cut; a footnote definition keeps one piece")
    func uncuttable() throws {
        let fenced = "Before\n\n```\ncode\n\nletters after a blank line\n\nmore\n```\n\nAfter\n"
        try Self.expectSame(fenced)
        let footnoted = "Text[^1].\n\nMore text.\n\n[^1]: The note.\n\nLast paragraph.\n"
        try Self.expectSame(footnoted)
        #expect(try ParallelParse.pieceCount(of: footnoted, options: Self.inPieces()) == 1)
        // An HTML comment that runs across blank lines: its piece takes the next in.
        let comment = "Before\n\n<!--\n\ninside\n\n-->\n\nAfter\n"
        try Self.expectSame(comment)
    }

    /// Endings whose definitions the last piece reads only when it finishes: on a last line
    /// without a line ending, and in a paragraph of a container whose lazy lines read apart
    /// would make a table or a setext heading (found by trying the command line on large files).
    static let lateDefinitionEndings = [
        "[a]: /x", "> [a]: /x", "- [a]: /x", "[z]: /z\n[a]: /x", "[a]: /a\n't'", "[a]: /x\n", "[a]: /x\r",
        "> [a]: /x\n|---|\n", "- [a]: /x\n|-|\n", "> [a]: /x\n===\n", "> [a]: /x\n|---|", "[a]: /x\n[b]: /b 'title'\n",
        // Last lines without a line ending that define nothing: the same tree, positions included.
        "[a]: /x\n\n```\ncode", "[a]: /x\n\n# end", "[a]: /x\n\ntext\nmore", "[a]: /x\n\n> quote",
        "[a]: /x\n\n| a |\n| - |\n| b |", "[a]: /x\n\n    code",
    ]

    @Test("Definitions the last piece reads when it finishes resolve in every piece", arguments: lateDefinitionEndings)
    func lateDefinitions(ending: String) throws {
        let markdown = "Use [a] and [b] and [z].\n\n" + String(repeating: "Lorem ipsum dolor sit amet.\n\n", count: 40) + ending
        try Self.expectSame(markdown)
        let document = try IntentDocument(markdown: markdown, options: Self.inPieces())
        let whole = try IntentDocument(markdown: markdown, options: Self.inOnePiece())
        #expect(document.runs.compactMap { $0.attributes.link } == whole.runs.compactMap { $0.attributes.link })
        #expect(!whole.runs.compactMap { $0.attributes.link }.isEmpty)
    }

    @Test("maximumParsingThreads: 1 parses in one piece; it reads from and writes to JSON")
    func threadsOption() throws {
        var options = Self.inPieces()
        options.maximumParsingThreads = 1
        let markdown = "Uses [a].\n\nMore text.\n\n[a]: /u\n"
        #expect(try ParallelParse.pieceCount(of: markdown, options: options) == 1)
        #expect(try ParallelParse.pieceCount(of: markdown, options: Self.inPieces()) == 2)
        let decoded = try JSONDecoder().decode(MarkdownParsingOptions.self, from: Data(#"{"maximumParsingThreads": 1}"#.utf8))
        #expect(decoded.maximumParsingThreads == 1)
        #expect(try JSONDecoder().decode(MarkdownParsingOptions.self, from: JSONEncoder().encode(decoded)) == decoded)
        #expect(try JSONDecoder().decode(MarkdownParsingOptions.self, from: Data("{}".utf8)).maximumParsingThreads == nil)
    }
}
