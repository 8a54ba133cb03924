/// A family of Markdown inputs of one shape, made at any size: what the complexity sweep doubles.
///
/// Each shape stresses one thing a writer may handle super-linearly: many rows or columns, long or
/// deep lists, deep quotes, many links, definitions, footnotes, HTML, emphasis, long lines, line
/// endings, headings. Shapes that nest are three nests whose depth grows with the size up to 9 000
/// (the parser's nesting limit is 10 000; about 54 KB), then more nests of that depth: an edit at
/// a third of the text then lands in a nest that is not the only one at every size (in the only
/// list, an edit that makes its item a paragraph leaves nothing deep to parse again). The wide
/// table likewise widens up to 1 000 columns, then grows in rows.
package struct ComplexityShape: Sendable {
    /// A short name (`tallTable`, …).
    package var name: String
    /// Markdown of about `bytes` bytes.
    package var make: @Sendable (_ bytes: Int) -> String

    /// Every shape, in report order.
    package static let all: [ComplexityShape] = [
        ComplexityShape(name: "tallTable") { bytes in
            "| a | b |\n|---|---|\n" + String(repeating: "| x | y |\n", count: max(1, bytes / 10))
        },
        // A table whose width grows with the size up to 1 000 columns (about 72 KB), then whose
        // rows grow in number: libcmark-gfm's table extension is quadratic in a row's cells (it
        // walks a linked list to append each one), so a row as wide as the input stops being
        // parseable within the sweep's budget at about 512 KB, where the outputs' own times were
        // 10–80 ms that a busy host moved by half. Rows of 1 000 cells parse at about 3 MB/s. It
        // has at least four body rows, so the editing output's edits at a third and two thirds of
        // the text land in body rows at every size.
        ComplexityShape(name: "wideTable") { bytes in
            let columns = min(max(1, bytes / 72), 1_000)
            let rowBytes = 4 * columns + 2
            return "|" + String(repeating: " a |", count: columns) + "\n|" + String(repeating: "---|", count: columns) + "\n"
                + String(repeating: "|" + String(repeating: " x |", count: columns) + "\n", count: max(4, bytes / rowBytes - 2))
        },
        ComplexityShape(name: "longList") { bytes in String(repeating: "- item\n", count: max(1, bytes / 7)) },
        ComplexityShape(name: "deepList") { bytes in
            let depth = min(max(1, (bytes - 9) / 6), 9_000)
            return String(repeating: String(repeating: "- ", count: depth) + "x\n\n", count: max(1, bytes / (2 * depth + 3)))
        },
        ComplexityShape(name: "deepQuote") { bytes in
            let depth = min(max(1, (bytes - 9) / 6), 9_000)
            return String(repeating: String(repeating: "> ", count: depth) + "a\n\n", count: max(1, bytes / (2 * depth + 3)))
        },
        ComplexityShape(name: "manyLinks") { bytes in String(repeating: "[a](http://x.y/z) ", count: max(1, bytes / 18)) + "\n" },
        ComplexityShape(name: "manyDefinitions") { bytes in
            let count = max(1, bytes / 30)
            return (0..<count).map { "[r\($0)]\n\n" }.joined() + (0..<count).map { "[r\($0)]: /u\($0)\n" }.joined()
        },
        ComplexityShape(name: "manyFootnotes") { bytes in
            let count = max(1, bytes / 30)
            return (0..<count).map { "t[^\($0)]\n\n" }.joined() + (0..<count).map { "[^\($0)]: n\n" }.joined()
        },
        ComplexityShape(name: "htmlCommentsAndTags") { bytes in
            String(repeating: "a <!-- c --> <b>x</b> <img src=\"i\" alt=\"t\"><br>\n", count: max(1, bytes / 46))
        },
        ComplexityShape(name: "emphasisRuns") { bytes in
            let count = min(max(1, bytes / 14), 16_000)
            let block = String(repeating: "*a **a ", count: count) + "b" + String(repeating: " a** a*", count: count) + "\n\n"
            return String(repeating: block, count: max(1, bytes / block.utf8.count))
        },
        ComplexityShape(name: "longLine") { bytes in String(repeating: "word ", count: max(1, bytes / 5)) },
        ComplexityShape(name: "crLineEndings") { bytes in String(repeating: "line of text\r", count: max(1, bytes / 13)) },
        ComplexityShape(name: "mixedLineEndings") { bytes in String(repeating: "one\r\ntwo\rthree\n\n", count: max(1, bytes / 16)) },
        ComplexityShape(name: "manyHeadings") { bytes in String(repeating: "# Heading\n", count: max(1, bytes / 10)) },
        // A paragraph of lines that end labels (`b]:`) with no `[` before them: each line's label
        // was once looked for back to the paragraph's start.
        ComplexityShape(name: "labelColonLines") { bytes in "a\n" + String(repeating: "b]: c\n", count: max(1, bytes / 6)) },
        ComplexityShape(name: "crVerticalTabTable") { bytes in String(repeating: "aaa\rbbb\n-\u{0B}\n", count: max(1, bytes / 11)) },
    ]
}
