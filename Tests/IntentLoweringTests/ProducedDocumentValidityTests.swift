import Foundation
import IntentLowering
import IntentModel
import MarkdownParsing
import SpecCorpus
import Testing

/// Every document the library makes — parsed in both layouts, lowered with every result option,
/// raised back — passes ``IntentDocument/validate()`` and reads back from its JSON form, so the
/// checks the JSON reader runs never refuse what the library wrote.
@Suite("Documents the library makes are valid", .tags(.corpus))
struct ProducedDocumentValidityTests {
    static let resultOptions: [ResultOptions] = [.plainText, .richText, [.richText, .list], [.richText, .table], .presentationIntent]

    /// Every problem with `document` (labelled), or none.
    static func problems(_ document: IntentDocument, _ label: String) -> [String] {
        var found: [String] = []
        var variants: [(String, IntentDocument)] = [("", document)]
        for options in resultOptions { variants.append((" lowered \(options.rawValue)", document.lowered(to: options))) }
        let raised: IntentDocument = document.lowered(to: [.richText, .list, .table]).raised()
        variants.append((" raised", raised))
        for (variant, candidate) in variants {
            do {
                try candidate.validate()
                let copy = try IntentDocument(jsonData: try candidate.jsonData())
                if copy != candidate { found.append("\(label)\(variant): JSON read back differs") }
            } catch {
                found.append("\(label)\(variant): \(error)")
            }
        }
        return found
    }

    @Test(
        "spec examples in both layouts",
        arguments: ["cmark-gfm-0.29.0.gfm.6/spec.txt", "cmark-gfm-0.29.0.gfm.6/extensions.txt", "cmark-gfm-0.29.0.gfm.6/regression.txt"])
    func specExamples(file: String) throws {
        var failures: [String] = []
        for example in try SpecExamples.fixture(file) {
            for separation in [BlockSeparation.newlines, .none] {
                var options = MarkdownParsingOptions()
                options.blockSeparation = separation
                let document = try IntentDocument(markdown: example.markdown, options: options)
                failures += Self.problems(document, "\(example.testDescription) \(separation)")
            }
        }
        #expect(failures.isEmpty, "\(failures.count) problems:\n\(failures.prefix(20).joined(separator: "\n"))")
    }

    @Test("the real-world document and the fixtures")
    func realDocuments() throws {
        let urls = TestPaths.documents()
        #expect(!urls.isEmpty)
        for url in urls {
            let document = try IntentDocument(contentsOf: url)
            let failures = Self.problems(document, url.lastPathComponent)
            #expect(failures.isEmpty, "\(failures.prefix(10).joined(separator: "\n"))")
        }
    }
}
