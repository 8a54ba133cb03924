import Foundation
import IntentModel
import MarkdownParsing
import SpecCorpus
import Testing

/// Tests driven by the spec examples (`Fixtures/Spec/`) and whole documents (`Fixtures/Documents/`,
/// plus the CommonMark spec text and the real-world document of `../shared/corpus` when it is
/// there, read in place, never copied): every example and document parses, every block
/// libcmark-gfm finds appears as exactly one intent with its own identity, and the document
/// survives JSON and `AttributedString` round trips.
@Suite("Spec and real-world corpus", .tags(.corpus))
struct CorpusTests {
    static let specFiles = [
        "cmark-gfm-0.29.0.gfm.6/spec.txt", "cmark-gfm-0.29.0.gfm.6/extensions.txt",
        "cmark-gfm-0.29.0.gfm.6/regression.txt", "cmark-gfm-0.29.0.gfm.6/smart_punct.txt",
        "commonmark-spec-0.31.2/spec.txt",
    ]

    /// The intent-model block counts, in the reference's vocabulary (HTML blocks are paragraphs with
    /// `blockHTML`; footnote definitions are block quotes with a footnote label).
    static func intentCounts(_ document: IntentDocument) -> [String: Int] {
        var counts: [String: Int] = [:]
        var identities = Set<Int>()
        for entry in document.blockKinds {
            identities.insert(entry.identity)
            counts[entry.kind.name, default: 0] += 1
        }
        // Every block has its own identity; a duplicate makes the comparison fail.
        if identities.count != document.blockKinds.count { counts["duplicate identities"] = 1 }
        if let rows = counts.removeValue(forKey: "tableHeaderRow") { counts["tableRow", default: 0] += rows }
        return counts
    }

    static func referenceCounts(_ markdown: String, options: MarkdownParsingOptions) throws -> [String: Int] {
        var counts = try ReferenceParser.blockCounts(markdown, options: options)
        if let html = counts.removeValue(forKey: "htmlBlock") { counts["paragraph", default: 0] += html }
        if let notes = counts.removeValue(forKey: "footnoteDefinition") { counts["blockQuote", default: 0] += notes }
        return counts
    }

    static func options(for file: String) -> MarkdownParsingOptions {
        // libcmark-gfm reads neither front matter nor GitHub alerts.
        MarkdownParsingOptions(
            smartPunctuation: file.hasSuffix("smart_punct.txt"), recognizesFrontMatter: false, recognizesGitHubAlerts: false)
    }

    @Test("every spec example keeps every block, in both layouts", arguments: specFiles)
    func specExamplesKeepEveryBlock(file: String) throws {
        let examples = try SpecExamples.fixture(file)
        #expect(examples.count > 10, "no examples read from \(file)")
        for example in examples where !example.isDisabled {
            for layout in BlockSeparation.allCases {
                var options = Self.options(for: file)
                options.blockSeparation = layout
                let document = try IntentDocument(markdown: example.markdown, options: options)
                let reference = try Self.referenceCounts(example.markdown, options: options)
                #expect(Self.intentCounts(document) == reference, "\(example.testDescription), layout \(layout)")
                let decoded = try IntentDocument(jsonData: document.jsonData())
                #expect(decoded == document, "JSON round trip: \(example.testDescription)")
            }
        }
    }

    @Test("every spec example survives the AttributedString round trip", arguments: specFiles)
    func specExamplesSurviveAttributedString(file: String) throws {
        for example in try SpecExamples.fixture(file) where !example.isDisabled {
            let document = try IntentDocument(markdown: example.markdown, options: Self.options(for: file))
            let attributed = document.attributedString()
            #expect(String(attributed.characters) == document.text, "\(example.testDescription)")
            #expect(IntentDocument(attributed) == document, "\(example.testDescription)")
        }
    }

    @Test(
        "whole files: every block libcmark-gfm finds is one intent with its own identity",
        arguments: TestPaths.documents(plusCorpus: ["commonmark-spec-0.31.2/spec.txt", "realworld/realworld-1mb.md"]))
    func wholeFilesKeepEveryBlock(url: URL) throws {
        let source = try String(contentsOf: url, encoding: .utf8)
        // libcmark-gfm reads neither front matter nor GitHub alerts.
        let options = MarkdownParsingOptions(recognizesFrontMatter: false, recognizesGitHubAlerts: false)
        let document = try IntentDocument(contentsOf: url, options: options)
        let reference = try Self.referenceCounts(source, options: options)
        #expect(Self.intentCounts(document) == reference)
        // A whole document: headers, paragraphs, lists and more than a handful of blocks.
        #expect((reference["header"] ?? 0) > 0 && (reference["paragraph"] ?? 0) > 5 && reference.count > 4)
        if TestPaths.isCorpusFile(url) { #expect((reference["header"] ?? 0) > 10 && (reference["paragraph"] ?? 0) > 100) }
        let decoded = try IntentDocument(jsonData: document.jsonData())
        #expect(decoded == document)
    }
}
