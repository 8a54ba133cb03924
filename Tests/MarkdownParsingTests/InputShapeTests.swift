import DocumentInvariants
import Foundation
import IntentModel
import SpecCorpus
import Testing

@testable import MarkdownParsing

/// The limits' pre-scan is C reading each line sixteen bytes at a time (SSE2); the Swift reading of
/// the same rules, one byte at a time, gives the same shape.
@Suite("Input shape")
struct InputShapeTests {
    @Test("A line's counts, by hand: brackets, delimiters, pipes, and content past sixteen bytes")
    func countsByHand() {
        // One line of 40 bytes: 3 `[`, 7 delimiters (`*`, `_`, `~`), 2 `|`, across the
        // sixteen-byte blocks; a blank line of 20 spaces and tabs; a line ending in CR.
        let shape = InputShape.scanning("[a] *b* _c_ ~d~ | [e] | some more [text*\n \t                  \r\nx\n")
        #expect(shape.bracketsPerBlock == 3)
        #expect(shape.emphasisDelimitersPerBlock == 7)
        #expect(shape.tableCellWork == 4)
        #expect(shape.bracketWork == 9)
        #expect(shape.emphasisWork == 49)
        #expect(shape == InputShape.scanning("[a] *b* _c_ ~d~ | [e] | some more [text*\n \t                  \r\nx\n", bytewise: true))
    }

    @Test(
        "The C scan equals the Swift reading: random lines and container markers at every offset, the spec files, the real-world document")
    func fastPathEqualsBytewise() throws {
        var random = SeededGenerator(seed: 0x1A5E)
        // Bytes chosen so that the counted ones, line endings and blanks fall often, on both
        // sides of every sixteen-byte boundary.
        let alphabet = Array("[]*_~|> -+1234567890.)\t\r\n\n\n    abcdefXYZ#`\u{E9}".utf8)
        for _ in 0..<3_000 {
            let length = Int.random(in: 0..<240, using: &random)
            let bytes = (0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &random)] }
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(InputShape.scanning(text) == InputShape.scanning(text, bytewise: true), "\(Array(text.utf8))")
        }
        // Table-shaped lines: headers, delimiter rows, rows, and what may end a table.
        let lines = [
            "a|b", "| a | b |", "-|-", "|---|:-:|", ":-- | --:", "c *d* | e_f", "x|", "|", "|  ", "||", "> q|r", "- i|j", "[^1]: f|g",
            "# h|i", "```", "<!-- c|d", "--> e|f", "a\\|b|c", "  k|l", "", "p", "* * *", "\u{0B}|a", "[x]|y", "\u{FEFF}|a|b",
        ]
        for _ in 0..<3_000 {
            let text = (0..<Int.random(in: 0..<12, using: &random)).map { _ in lines[Int.random(in: 0..<lines.count, using: &random)] }
                .joined(separator: ["\n", "\r\n", "\r"][Int.random(in: 0..<3, using: &random)])
            #expect(InputShape.scanning(text) == InputShape.scanning(text, bytewise: true), "\(text.debugDescription)")
        }
        var documents = try SpecExamples.fixtureFiles.map { try SpecExamples.fixture($0).map(\.markdown).joined(separator: "\n") }
        documents.append(try String(contentsOf: TestPaths.realWorldDocument, encoding: .utf8))
        for document in documents {
            #expect(InputShape.scanning(document) == InputShape.scanning(document, bytewise: true))
        }
    }

    @Test("A table's rows are counted one at a time: its delimiters and brackets are not one block's")
    func tableRowsCountAlone() throws {
        let rows = (0..<2_000).map { "| `key_\($0)` | **bold** | [link](https://example.com/\($0)) |" }
        let table = "| Key | Value | Link |\n|---|:-:|---|\n" + rows.joined(separator: "\n") + "\n"
        let shape = InputShape.scanning(table)
        #expect(shape == InputShape.scanning(table, bytewise: true))
        // The header and delimiter row are one chunk; each row is one.
        #expect(shape.emphasisDelimitersPerBlock == 5)
        #expect(shape.bracketsPerBlock == 1)
        #expect(shape.emphasisWork == 25 * 2_000)
        #expect(InputShape.tableRowLines(of: table) == Array(2..<2_002))
        // The same lines without a delimiter row are one paragraph, counted as one.
        let paragraph = "| Key | Value | Link |\n" + rows.joined(separator: "\n") + "\n"
        #expect(InputShape.scanning(paragraph).emphasisDelimitersPerBlock == 10_000)
        #expect(InputShape.tableRowLines(of: paragraph).isEmpty)
        // Under limits the paragraph exceeds, the table parses.
        var options = MarkdownParsingOptions.default
        options.limits.maximumEmphasisDelimitersPerBlock = 1_000
        options.limits.maximumBracketsPerBlock = 1_000
        let document = try IntentDocument(markdown: table, options: options)
        #expect(document.runs.filter { $0.inlinePresentationIntent.contains(.stronglyEmphasized) }.count == 2_000)
        #expect(throws: IntentMarkError.limitExceeded(limit: "maximumBracketsPerBlock", maximum: 1_000, found: 2_000)) {
            try IntentDocument(markdown: paragraph, options: options)
        }
    }

    @Test(
        "Lines that are not a table's rows without a doubt are counted with their chunk",
        arguments: [
            // A lazy continuation: a quote's paragraph takes the lines in.
            ("> q\na|b\n-|-\nc|d\n", [Int]()),
            // A footnote definition's paragraph takes them in.
            ("[^1]: x\na|b\n-|-\nc|d\n", []),
            // A list item's.
            ("- x\na|b\n-|-\nc|d\n", []),
            // A heading is no header; a link reference definition may be none.
            ("# a|b\n-|-\nc|d\n", []), ("[a]: /u |x\n-|-\nc|d\n", []),
            // Cells that differ, or that versions count differently.
            ("a|\n-|-\nc|d\n", []), ("a\\|b|c\n-|-\nc|d\n", []), ("|a||\n-|-|-\nc|d|e\n", []),
            // Indentation, a delimiter row without `|`.
            (" a|b\n-|-\nc|d\n", []), ("a|b\n -|-\nc|d\n", []), ("a|b\n---\nc|d\n", []),
            // A table, its rows, and what ends their counting: a row that may end an HTML block
            // (`>`), a fence, a `|` alone (no cells: libcmark-gfm ends the table there), a blank
            // line, an indented row, a row of other cells.
            ("a|b\n-|-\nc|d\ne|f\n", [2, 3]), ("<!--\n\na|b\n-|-\nc|d\n-->|x\ne|f\n", [4]),
            ("```\n\na|b\n-|-\nc|d\n```\ne|f\n", [4]), ("a|b\n-|-\nc|d\n|\ne|f\n", [2]),
            ("a|b\n-|-\nc|d\n\ne|f\n", [2]), ("a|b\n-|-\n  c|d\ne|f\n", []), ("a|b\n-|-\nc|d|e\nf|g\n", []),
            // A byte order mark before a header (libcmark-gfm skips it, and the leading `|`
            // with it: two cells, not three).
            ("\u{FEFF}|a|b\n|-|-|-\nc|d|e\n", []),
            // A header after paragraph lines (libcmark-gfm takes the last line as the header).
            ("p\na|b\n-|-\nc|d\n", [3]),
        ])
    func notRowsWithoutDoubt(markdown: String, rows: [Int]) {
        #expect(InputShape.tableRowLines(of: markdown) == rows)
        #expect(InputShape.scanning(markdown) == InputShape.scanning(markdown, bytewise: true))
    }

    @Test("Every line counted alone is a table row in libcmark-gfm's parse (or code, or HTML): random table-shaped documents")
    func rowsCountedAloneAreRows() throws {
        var random = SeededGenerator(seed: 0x7AB1E)
        let pieces = [
            "a|b", "| a | b |", "|a|b|c|", "-|-", "|---|:-:|", ":-- | --:", "|-|-|-|", "c *d* | e_f", "x|", "|", "|  ", "||", "> q|r", ">",
            "- i|j", "1. i|j", "[^1]: f|g", "# h|i", "```", "~~~", "<!-- c|d", "--> e|f", "<div>", "a\\|b|c", "  k|l", "    m|n", "", "",
            "p", "* * *", "***", "[x]: /u |y", "[x]|y", "a|b|", "=|=", "-", "\t|t|", "+++", "---", "\u{FEFF}|a|b",
        ]
        var options = MarkdownParsingOptions.default
        options.recognizesFrontMatter = false
        var checked = 0
        for _ in 0..<1_500 {
            // Lines of pieces, and tables: a header, a delimiter row, rows of as many cells.
            var shapes: [String] = []
            while shapes.count < 12 {
                guard Bool.random(using: &random) else {
                    shapes.append(pieces[Int.random(in: 0..<pieces.count, using: &random)])
                    continue
                }
                let cells = Int.random(in: 1...3, using: &random)
                let row = { (cell: String) in (0..<cells).map { _ in cell }.joined(separator: " | ") }
                shapes.append(Bool.random(using: &random) ? row("h") : "| \(row("h")) |")
                shapes.append(Bool.random(using: &random) ? row("---") : "|\(row(":-:"))|")
                for _ in 0..<Int.random(in: 0...4, using: &random) {
                    shapes.append(Bool.random(using: &random) ? row("*c*") : "| \(row("[c]")) |")
                }
            }
            // Each line but delimiter rows gets its own word, `wNx`, inside it.
            var lines: [String] = []
            for (number, piece) in shapes.enumerated() {
                let isDelimiterRow = piece.allSatisfy { "|-: ".contains($0) } && piece.contains("-")
                guard !isDelimiterRow, piece.count >= 2 else {
                    lines.append(piece)
                    continue
                }
                let cut = piece.index(piece.startIndex, offsetBy: Int.random(in: 1..<piece.count, using: &random))
                lines.append("\(piece[..<cut]) w\(number)x \(piece[cut...])")
            }
            let markdown = lines.joined(separator: "\n") + "\n"
            let document = try IntentDocument(markdown: markdown, options: options)
            for row in InputShape.tableRowLines(of: markdown) where lines[row].contains("w\(row)x") {
                // No run holds the word when the text is no inline content at all (a row's cells
                // past the table's columns are dropped).
                for run in document.runs where run.text.contains("w\(row)x") {
                    let kinds = run.presentationIntent?.components.map(\.kind) ?? []
                    let alone =
                        kinds.contains { $0.isTableCell || { if case .codeBlock = $0 { true } else { false } }($0) }
                        || run.inlinePresentationIntent.contains(.blockHTML)
                    #expect(alone, "\(markdown.debugDescription): line \(row) is in \(kinds)")
                }
                checked += 1
            }
        }
        #expect(checked > 1_000)
    }
}
