import DocumentInvariants
import Foundation
import IntentLowering
import IntentModel
import MarkdownParsing
import SpecCorpus
import Testing

/// A document lowered to rich text in pieces on several threads (cut before top-level blocks,
/// each piece by a copy of the lowering, joined in order) is the document one thread lowers:
/// `==`, and the same attribute table in the same order (the JSON form byte for byte).
@Suite("Lowering in pieces")
struct LoweringPiecesTests {
    static let files = [
        "cmark-gfm-0.29.0.gfm.6/spec.txt", "cmark-gfm-0.29.0.gfm.6/extensions.txt", "cmark-gfm-0.29.0.gfm.6/regression.txt",
        "commonmark-spec-0.31.2/spec.txt",
    ]

    /// Result options and plain-text options that change what crosses blocks: flattened lists and
    /// tables (markers, tabs between cells), AppKit's lists and tables, raw HTML kept as text.
    static let settings: [(ResultOptions, PlainTextOptions)] = {
        var keepsHTML = PlainTextOptions()
        keepsHTML.keepsRawHTML = true
        return [
            (.richText, PlainTextOptions()), ([.richText, .list], PlainTextOptions()), ([.richText, .table], PlainTextOptions()),
            ([.richText, .list, .table], PlainTextOptions()), ([.richText, .list, .table], keepsHTML),
        ]
    }()

    @Test("The spec examples, the documents and random concatenations lower in pieces as on one thread")
    func piecesAreTheWhole() throws {
        var sources = try Self.files.map {
            try SpecExamples.fixture($0).filter { !$0.isDisabled }.map(\.markdown).joined(separator: "\n\n")
        }
        sources += try TestPaths.documents().map { try String(contentsOf: $0, encoding: .utf8) }
        let examples = try Self.files.flatMap { try SpecExamples.fixture($0) }.filter { !$0.isDisabled }.map(\.markdown)
        var random = SeededGenerator(seed: 31)
        let joints = ["\n\n", "\n", "\n\n- item\n\n", "\n\n1. one\n2. two\n\n", "\n\n| a | b |\n| - | - |\n| c | d |\n\n", "\n\n<div>\n\n"]
        sources += random.concatenations(of: examples, joints: joints, count: 150)
        var cut = 0
        for source in sources {
            let document = try IntentDocument(markdown: source)
            if !document.topLevelRunStarts(pieces: 8).isEmpty { cut += 1 }
            for (options, plainText) in Self.settings {
                let whole = document.lowered(to: options, styleSheet: .default, plainTextOptions: plainText, threads: 1)
                let pieces = document.lowered(
                    to: options, styleSheet: .default, plainTextOptions: plainText, threads: 4, minimumBytesInPieces: 0)
                let same = pieces == whole
                let sameTable = try pieces.jsonData() == whole.jsonData()
                #expect(same, "\(options) \(source.prefix(200).debugDescription)")
                #expect(sameTable, "\(options) \(source.prefix(200).debugDescription)")
            }
        }
        // Most documents are cut.
        #expect(cut > sources.count * 3 / 4)
    }
}
