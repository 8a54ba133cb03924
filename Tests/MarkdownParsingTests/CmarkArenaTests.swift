import Dispatch
import Foundation
import IntentModel
import SpecCorpus
import Testing

@testable import MarkdownParsing

/// libcmark-gfm's trees parsed in an arena (every parse of the library, ``CmarkArena``) are the
/// trees it parses with its own allocator, node by node: libcmark-gfm's own HTML, CommonMark and
/// plain text of both are the same, over every spec example, whole documents, blocks larger than
/// the arena serves, buffers that grow and many parses at once on several threads.
@Suite("Parsing in an arena")
struct CmarkArenaTests {
    /// Every extension, smart punctuation off and on.
    static let optionSets: [MarkdownParsingOptions] = [
        MarkdownParsingOptions(extensions: .all),
        MarkdownParsingOptions(extensions: .all, smartPunctuation: true),
    ]

    /// libcmark-gfm's HTML (raw HTML kept), CommonMark and plain text of `markdown`, parsed in an
    /// arena or with the library's allocator.
    static func renderings(_ markdown: String, _ options: MarkdownParsingOptions, inArena: Bool) throws -> [String] {
        var markdown = markdown
        return try markdown.withUTF8 { bytes in
            let tree = try CmarkTree(parsing: bytes, options: options, inArena: inArena)
            return [
                tree.renderHTML(unsafe: true, footnotes: true, smart: options.smartPunctuation),
                tree.renderCommonMark(footnotes: true),
                tree.renderPlainText(),
            ]
        }
    }

    static func expectSame(_ markdown: String, _ comment: String) throws {
        for options in optionSets {
            let inArena = try renderings(markdown, options, inArena: true)
            let apart = try renderings(markdown, options, inArena: false)
            #expect(inArena == apart, "\(comment), smart punctuation \(options.smartPunctuation)")
        }
    }

    @Test("Every spec example's tree is the same in an arena", arguments: SpecExamples.fixtureFiles)
    func specExamples(file: String) throws {
        for example in try SpecExamples.fixture(file) {
            try Self.expectSame(example.markdown, example.testDescription)
        }
    }

    @Test("Whole documents' trees are the same in an arena", arguments: TestPaths.documents())
    func wholeDocuments(url: URL) throws {
        try Self.expectSame(try String(contentsOf: url, encoding: .utf8), url.lastPathComponent)
    }

    /// Blocks of more than 32 KiB are allocated apart from the arena's chunks (and moved there
    /// when a buffer grows past it); buffers grow in place while they are a chunk's newest block;
    /// freed small blocks are reused. Each of these shapes exercises one of those paths.
    @Test(
        "Long lines, long blocks and many small ones are the same in an arena",
        arguments: [
            ("one 200 KB line", String(repeating: "word ", count: 40_000)),
            ("a 200 KB fenced code block", "```\n" + String(repeating: "let x = 1\n", count: 20_000) + "```\n"),
            ("a 100 KB table cell", "| a | b |\n|---|---|\n| " + String(repeating: "x", count: 100_000) + " | y |\n"),
            ("a 100 KB link destination", "[a](" + String(repeating: "b", count: 100_000) + ")\n"),
            ("20 000 emphasised words", String(repeating: "*a* **b** `c` [d](e) ", count: 20_000)),
            ("10 000 list items", String(repeating: "- item\n  - nested *x*\n", count: 5_000)),
            ("definitions used before and after", String(repeating: "[x][l]\n\n[l]: /u 'title'\n\n[y][l]\n\n", count: 2_000)),
            (
                "paragraphs that grow line by line past 32 KiB",
                String(repeating: String(repeating: "line of text\n", count: 3_000) + "\n", count: 3)
            ),
        ])
    func largeAndManyBlocks(name: String, markdown: String) throws {
        try Self.expectSame(markdown, name)
    }

    @Test("Parses in arenas on several threads at once are each the same")
    func concurrentParses() throws {
        let markdown = try SpecExamples.fixture("cmark-gfm-0.29.0.gfm.6/spec.txt").map(\.markdown).joined(separator: "\n")
        let expected = try Self.renderings(markdown, Self.optionSets[0], inArena: false)
        let lock = NSLock()
        nonisolated(unsafe) var all: [[String]] = []
        DispatchQueue.concurrentPerform(iterations: 8) { _ in
            let rendered = (try? Self.renderings(markdown, Self.optionSets[0], inArena: true)) ?? []
            lock.withLock { all.append(rendered) }
        }
        #expect(all.count == 8)
        #expect(all.allSatisfy { $0 == expected })
    }
}
