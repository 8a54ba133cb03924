import DocumentInvariants
import Foundation
import IntentModel
import IntentWriters
import MarkdownParsing
import SpecCorpus
import Testing

/// A document rendered in pieces on several threads (each piece by a renderer of its own, brought
/// to the state a whole rendering has where the piece starts) is joined only where the states
/// meet, and then is the one rendering byte for byte, with the same top-level starts and
/// verbatim ranges.
@Suite("Markdown rendered in pieces")
struct MarkdownPiecesTests {
    static let files = [
        "cmark-gfm-0.29.0.gfm.6/spec.txt", "cmark-gfm-0.29.0.gfm.6/extensions.txt", "cmark-gfm-0.29.0.gfm.6/regression.txt",
        "commonmark-spec-0.31.2/spec.txt",
    ]

    /// Writing options that change what a block's rendering depends on: markers, list
    /// indentation, headings, wrapping, source delimiters.
    static let optionSets: [MarkdownWritingOptions] = {
        var sets = [MarkdownWritingOptions(preservesSource: false)]
        var other = MarkdownWritingOptions(preservesSource: false)
        other.bulletMarker = .asterisk
        other.orderedListDelimiter = .parenthesis
        other.headingStyle = .setext
        other.listItemIndent = .tabStop
        other.lineWidth = 40
        other.keepsSourceDelimiters = true
        sets.append(other)
        return sets
    }()

    @Test("The spec examples, the documents and random concatenations render in pieces as in one")
    func piecesAreTheWhole() throws {
        var sources = try Self.files.map {
            try SpecExamples.fixture($0).filter { !$0.isDisabled }.map(\.markdown).joined(separator: "\n\n")
        }
        sources += try TestPaths.documents().map { try String(contentsOf: $0, encoding: .utf8) }
        let examples = try Self.files.flatMap { try SpecExamples.fixture($0) }.filter { !$0.isDisabled }.map(\.markdown)
        var random = SeededGenerator(seed: 28)
        let joints = ["\n\n", "\n", "\nA paragraph.\n\n", "\n\n# Heading\n\n", "\n\n- item\n\n", "\n\n1. one\n\n"]
        sources += random.concatenations(of: examples, joints: joints, count: 300)
        var cut = 0
        var checked = 0
        for source in sources {
            let document = try IntentDocument(markdown: source)
            for options in Self.optionSets {
                let writer = MarkdownWriter(options: options)
                guard let same = writer.rendersInPiecesAsWhole(document, threads: 4) else { continue }
                checked += 1
                #expect(same, "\(source.debugDescription)")
                if same { cut += 1 }
            }
        }
        // Most documents are cut and their pieces join.
        #expect(checked > 400)
        #expect(cut == checked)
    }

    @Test("A document written anew on several threads is written as on one")
    func writtenTheSame() throws {
        var sources = try Self.files.map {
            try SpecExamples.fixture($0).filter { !$0.isDisabled }.map(\.markdown).joined(separator: "\n\n")
        }
        sources += try TestPaths.documents().map { try String(contentsOf: $0, encoding: .utf8) }
        for source in sources {
            let document = try IntentDocument(markdown: source)
            for options in Self.optionSets {
                var one = MarkdownWriter(options: options)
                one.escapeMinimizerWorkers = 1
                var several = MarkdownWriter(options: options)
                several.escapeMinimizerWorkers = 4
                several.minimumBytesRenderedInPieces = 0
                #expect(several.write(document) == one.write(document))
            }
        }
    }
}
