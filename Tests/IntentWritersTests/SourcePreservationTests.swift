import Foundation
import IntentModel
import IntentWriters
import MarkdownParsing
import SpecCorpus
import Testing

/// The Markdown writer gives back what the author wrote: a document parsed from Markdown and
/// written with no edit is its source byte for byte (line endings, blank lines, link reference
/// definitions, front matter and a byte order mark included), in both layouts. Edits through the
/// editing layer are `SourcePreservingEditTests`.
@Suite("Markdown written from its source")
struct SourcePreservationTests {
    static func expectSource(
        _ source: String, options: MarkdownParsingOptions = .default, _ label: @autoclosure () -> String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) throws {
        for layout in BlockSeparation.allCases {
            var parsing = options
            parsing.blockSeparation = layout
            let written = try IntentDocument(markdown: source, options: parsing).markdown()
            #expect(written.utf8.elementsEqual(source.utf8), "\(label()) (\(layout))", sourceLocation: sourceLocation)
        }
    }

    @Test("every spec example is written back byte for byte", arguments: SpecExamples.fixtureFiles)
    func specExamples(file: String) throws {
        let examples = try SpecExamples.fixture(file)
        #expect(!examples.isEmpty)
        let options = MarkdownParsingOptions(smartPunctuation: file.hasSuffix("smart_punct.txt"))
        for example in examples {
            try Self.expectSource(example.markdown, options: options, "\(file) #\(example.number)")
        }
    }

    @Test(
        "every bundled and real-world document, and every parsing fixture, is written back byte for byte",
        arguments: TestPaths.documents() + ParsingFixtures.names.map { ParsingFixtures.directory.appending(path: $0 + ".md") })
    func wholeDocuments(url: URL) throws {
        let source = try String(contentsOf: url, encoding: .utf8)
        let options = try ParsingFixtures.options(url.deletingPathExtension().lastPathComponent)
        // Inline-only syntax reads no blocks: such documents are written anew (next test).
        guard options.interpretedSyntax == .full else { return }
        try Self.expectSource(source, options: options, url.lastPathComponent)
    }

    @Test("line endings, a byte order mark, trailing blank lines and a last line without its line ending")
    func bytesAroundBlocks() throws {
        for source in [
            "\u{FEFF}# Title\r\n\r\nText\r\n", "a\rb\r\rc", "---\r\nx: 1\r\n---\r\n\r\n# T\n", "\n\n  \n# T\n\n\n\n",
            "[x]: /u\n\nSee [x].\n\n[y]: /v 't'\n", "para\n- item\n- item\n\n\n    code\n", "| a |\n|---|\n| b |",
            "> [!NOTE]\n> x\n\n[^1]: note\n\nRef[^1].\n", "Hi!\n| a | b |\n| - | - |\n",
        ] {
            try Self.expectSource(source, "\(source.debugDescription)")
        }
    }

    @Test("written anew, the Markdown is the writer's own; documents without a source are always written anew")
    func writingAnew() throws {
        let document = try IntentDocument(markdown: "Title\n=====\n\n* _a_\n")
        #expect(document.markdown() == "Title\n=====\n\n* _a_\n")
        #expect(document.markdown(options: MarkdownWritingOptions(preservesSource: false)) == "# Title\n\n* *a*\n")
        let json = try IntentDocument(jsonData: document.jsonData())
        #expect(json.markdown() == "# Title\n\n* *a*\n")
        let inline = try IntentDocument(markdown: "# no heading\n", options: MarkdownParsingOptions(interpretedSyntax: .inlineOnly))
        #expect(inline.markdown() == "\\# no heading\n")
    }
}
