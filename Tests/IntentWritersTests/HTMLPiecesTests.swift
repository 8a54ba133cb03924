import DocumentInvariants
import Foundation
import IntentModel
import IntentWriters
import MarkdownParsing
import SpecCorpus
import Testing

/// HTML written in pieces is the HTML of the whole document byte for byte: a document rendered
/// on several threads (cut before top-level blocks, each piece by a renderer of its own), and a
/// document parsed in pieces whose pieces are written apart and never joined
/// (`MarkdownParser.parse(_:transformingPieces:)`, the command line's HTML).
@Suite("HTML written in pieces")
struct HTMLPiecesTests {
    static let files = [
        "cmark-gfm-0.29.0.gfm.6/spec.txt", "cmark-gfm-0.29.0.gfm.6/extensions.txt", "cmark-gfm-0.29.0.gfm.6/regression.txt",
        "cmark-gfm-0.29.0.gfm.6/smart_punct.txt", "commonmark-spec-0.31.2/spec.txt",
    ]

    /// Writing options that change what blocks and spans write: the defaults; unsafe HTML with
    /// every other option of libcmark-gfm's and GitHub's alerts; heading ids (numbered across
    /// the document).
    static let optionSets: [HTMLWritingOptions] = [
        HTMLWritingOptions(),
        HTMLWritingOptions(
            unsafe: true, tagFilter: false, softBreak: .lineBreak, fullInfoString: true, githubPreLang: true,
            tablePreferStyleAttributes: true, gitHubAlerts: true),
        HTMLWritingOptions(softBreak: .space, headingIDs: true),
    ]

    /// The spec files' examples concatenated (and again without footnotes, which keep a document
    /// whole), the documents, and 200 random concatenations of spec examples.
    static func sources() throws -> [String] {
        var sources: [String] = []
        for file in files {
            let markdown = try SpecExamples.fixture(file).filter { !$0.isDisabled }.map(\.markdown).joined(separator: "\n\n")
            sources += [markdown, markdown.replacingOccurrences(of: "[^", with: "[")]
        }
        sources += try TestPaths.documents().map { try String(contentsOf: $0, encoding: .utf8) }
        let examples = try files.flatMap { try SpecExamples.fixture($0) }.filter { !$0.isDisabled }.map(\.markdown)
        var random = SeededGenerator(seed: 30)
        let joints = ["\n\n", "\n", "\nA paragraph.\n\n", "\n\n# Heading\n\n", "\n\n- item\n\n", "\n\n> quote\n\n", "\n\n| a |\n| - |\n\n"]
        sources += random.concatenations(of: examples, joints: joints, count: 200)
        return sources
    }

    @Test("A document rendered on several threads is written as on one")
    func renderedInPieces() throws {
        var cut = 0
        var written = 0
        for source in try Self.sources() {
            let document = try IntentDocument(markdown: source)
            for options in Self.optionSets {
                var one = HTMLWriter(options: options)
                one.writingThreads = 1
                var several = HTMLWriter(options: options)
                several.writingThreads = 4
                several.minimumBytesInPieces = 0
                let (bytes, pieces) = several.writeUTF8CountingPieces(document)
                let same = bytes == one.writeUTF8(document)
                #expect(same, "\(source.prefix(300).debugDescription)")
                written += 1
                if pieces > 1 { cut += 1 }
                // Rendered whole: a document with footnotes (numbered across it) or of one block.
                #expect(pieces > 1 || document.hasFootnotes || document.topLevelUnits().count < 2)
            }
        }
        // Most documents are cut (footnote references keep some whole).
        #expect(cut > written / 2)
    }

    @Test("A hand-made document whose pieces would not join is rendered whole")
    func piecesThatWouldNotJoin() {
        // Text outside any block, between paragraphs: a whole rendering starts the next
        // paragraph on a new line, which a piece starting there cannot know.
        var document = IntentDocument()
        for index in 0..<40 {
            document.append("paragraph \(index)", presentationIntent: PresentationIntent(.paragraph, identity: index + 1))
            document.append(" loose text", presentationIntent: nil, inlinePresentationIntent: index % 2 == 0 ? .emphasized : [])
        }
        var one = HTMLWriter()
        one.writingThreads = 1
        var several = HTMLWriter()
        several.writingThreads = 4
        several.minimumBytesInPieces = 0
        let (bytes, pieces) = several.writeUTF8CountingPieces(document)
        #expect(String(decoding: bytes, as: UTF8.self) == String(decoding: one.writeUTF8(document), as: UTF8.self))
        #expect(pieces == 1)
        #expect(String(decoding: bytes, as: UTF8.self).contains("</p>\n loose text\n<p>paragraph 2</p>"))
    }

    /// Options that parse anything in pieces: 64 threads (so pieces of a few bytes), no size
    /// threshold.
    static var inPieces: MarkdownParsingOptions {
        var options = MarkdownParsingOptions()
        options.maximumParsingThreads = 64
        options.minimumBytesInPieces = 0
        options.minimumPieceBytes = 1
        return options
    }

    @Test("Pieces parsed and written apart are the whole document's HTML; what precedes a piece is empty or ends a line")
    func parsedAndWrittenInPieces() throws {
        var cut = 0
        var parsed = 0
        for source in try Self.sources() {
            let whole = try IntentDocument(markdown: source, options: MarkdownParsingOptions(maximumParsingThreads: 1))
            for options in Self.optionSets where !options.headingIDs {
                let writer = HTMLWriter(options: options)
                let pieces = try MarkdownParser(options: Self.inPieces).parse(
                    Data(source.utf8), transformingPieces: { writer.writeUTF8($0) })
                let same = Array(pieces.joined()) == writer.writeUTF8(whole)
                #expect(same, "\(source.prefix(300).debugDescription)")
                // What comes before each piece is empty or ends a line (what the command line checks).
                var last: UInt8? = nil
                for piece in pieces.dropLast() {
                    last = piece.last ?? last
                    #expect(last == nil || last == UInt8(ascii: "\n"))
                }
                parsed += 1
                if pieces.count > 1 { cut += 1 }
            }
        }
        #expect(cut > parsed / 2)
    }

    @Test("Documents parsed whole are handed over whole: footnotes, front matter, repaired UTF-8, small inputs")
    func handedOverWhole() throws {
        let paragraphs = (0..<50).map { "Paragraph \($0) with *emphasis*.\n\n" }.joined()
        var repairing = Self.inPieces
        repairing.failurePolicy = .returnPartiallyParsedIfPossible
        let cases: [(Data, MarkdownParsingOptions)] = [
            (Data((paragraphs + "A note.[^1]\n\n[^1]: The note.\n").utf8), Self.inPieces),
            (Data(("---\ntitle: x\n---\n" + paragraphs).utf8), Self.inPieces),
            (Data(paragraphs.utf8) + Data([0xFF]) + Data(paragraphs.utf8), repairing),
            (Data(paragraphs.utf8), MarkdownParsingOptions()),
        ]
        for (data, options) in cases {
            let outputs = try MarkdownParser(options: options).parse(data, transformingPieces: { $0 })
            #expect(outputs.count == 1)
            #expect(outputs.first == (try MarkdownParser(options: options).parse(data)))
        }
        // The same paragraphs alone are cut.
        let outputs = try MarkdownParser(options: Self.inPieces).parse(Data(paragraphs.utf8), transformingPieces: { $0 })
        #expect(outputs.count > 1)
    }
}

extension IntentDocument {
    /// Whether a run has a footnote reference or a block is a footnote definition.
    fileprivate var hasFootnotes: Bool {
        storedRuns.contains { attributes(of: $0.attributes).footnoteReference != nil }
            || blockIDs.contains { markup(of: $0)?.footnoteLabel != nil }
    }
}
