import DocumentInvariants
import Foundation
import IntentModel
import MarkdownParsing
import SpecCorpus
import Testing

/// The fuzz driver's invariants (``DocumentInvariants``, built into `scripts/fuzz`) on every input
/// the fuzzer once broke them with — `Fixtures/Fuzz/` (fixed) and `Fixtures/Fuzz/open/` (open bugs,
/// expected to fail until fixed; see `Fixtures/Fuzz/README.md`), first byte the options (see
/// ``FuzzInput``) — and on the spec examples the fuzzer's seed corpus is made of.
@Suite("Fuzz regressions", .tags(.corpus))
struct FuzzRegressionTests {
    static let fixtureDirectory = TestPaths.fixtures.appending(path: "Fuzz")

    static func inputs(in folder: String) -> [String] {
        let url = folder.isEmpty ? fixtureDirectory : fixtureDirectory.appending(path: folder)
        let names = (try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []
        return names.filter { name in
            var isDirectory: ObjCBool = false
            return FileManager.default.fileExists(atPath: url.appending(path: name).path, isDirectory: &isDirectory)
                && !isDirectory.boolValue && !name.hasPrefix(".") && !name.hasSuffix(".md")
        }.sorted()
    }

    @Test("Inputs the fuzzer found keep every invariant", arguments: inputs(in: ""))
    func fixedFinding(name: String) throws {
        let bytes = try Data(contentsOf: Self.fixtureDirectory.appending(path: name))
        let failure = DocumentInvariants.check(bytes, ignoresOpenBugs: false)
        #expect(failure == nil, "\(name): \(failure?.description ?? "")")
    }

    /// When one of these passes, its bug is fixed: move the file up to `Fixtures/Fuzz/` and drop
    /// its case from `RoundTripException` or `KnownParserBug`.
    @Test("Open bugs the fuzzer found still break their invariant", arguments: inputs(in: "open"))
    func openFinding(name: String) throws {
        let bytes = try Data(contentsOf: Self.fixtureDirectory.appending(path: "open/\(name)"))
        withKnownIssue("open bug \(name) (Fixtures/Fuzz/README.md)") {
            let failure = DocumentInvariants.check(bytes, ignoresOpenBugs: false)
            #expect(failure == nil, "\(name): \(failure?.description ?? "")")
        }
        // The fuzzer's own check lets it pass, so that fuzzing goes on past it.
        #expect(DocumentInvariants.check(bytes) == nil)
    }

    @Test(
        "Spec examples keep every invariant under each option bit",
        arguments: ["cmark-gfm-0.29.0.gfm.6/spec.txt", "cmark-gfm-0.29.0.gfm.6/extensions.txt", "cmark-gfm-0.29.0.gfm.6/smart_punct.txt"])
    func specExamples(file: String) throws {
        let examples = try SpecExamples.fixture(file)
        var messages: [String] = []
        for example in examples where !example.isDisabled {
            // Extensions, layout none, smart punctuation, extended attributes, source positions with
            // inline-only, whitespace-preserving inline-only, repair policy.
            for selector: UInt8 in [0x01, 0x02, 0x05, 0x09, 0x31, 0x41, 0x83] {
                if let failure = DocumentInvariants.check([selector] + Array(example.markdown.utf8)) {
                    messages.append("\(example.testDescription) selector \(selector)\n--- markdown\n\(example.markdown)\(failure)")
                }
            }
        }
        #expect(messages.isEmpty, "\(messages.count) failures:\n\(messages.prefix(8).joined(separator: "\n=====\n"))")
    }

    @Test("Stored documents the JSON fuzz target starts from or found keep every invariant", arguments: inputs(in: "json"))
    func jsonFinding(name: String) throws {
        let bytes = try Data(contentsOf: Self.fixtureDirectory.appending(path: "json/\(name)"))
        let failure = JSONDocumentInvariants.check(bytes)
        #expect(failure == nil, "\(name): \(failure?.description ?? "")")
    }

    @Test("Open editing bugs the fuzzer found still break their invariant", arguments: inputs(in: "editing/open"))
    func openEditingFinding(name: String) throws {
        let bytes = try Data(contentsOf: Self.fixtureDirectory.appending(path: "editing/open/\(name)"))
        withKnownIssue("open bug editing/open/\(name) (Fixtures/Fuzz/README.md)") {
            let failure = EditingInvariants.check(bytes)
            #expect(failure == nil, "\(name): \(failure?.description ?? "")")
        }
    }

    @Test("Editing sessions the editing fuzz target found keep every invariant", arguments: inputs(in: "editing"))
    func editingFinding(name: String) throws {
        let bytes = try Data(contentsOf: Self.fixtureDirectory.appending(path: "editing/\(name)"))
        let failure = EditingInvariants.check(bytes)
        #expect(failure == nil, "\(name): \(failure?.description ?? "")")
    }

    @Test(
        "The JSON form of every spec example keeps the stored-document invariants")
    func specExamplesAsJSON() throws {
        var messages: [String] = []
        for example in try SpecExamples.fixture("cmark-gfm-0.29.0.gfm.6/extensions.txt") {
            let json = try IntentDocument(markdown: example.markdown).jsonData()
            if let failure = JSONDocumentInvariants.check(json) { messages.append("\(example.testDescription): \(failure)") }
        }
        #expect(messages.isEmpty, "\(messages.prefix(8).joined(separator: "\n"))")
    }

    @Test(
        "Random editing sessions on spec examples keep the editing invariants")
    func specExamplesEdited() throws {
        var messages: [String] = []
        let examples = try SpecExamples.fixture("cmark-gfm-0.29.0.gfm.6/spec.txt")
        // Every fourth example, with and without extensions and in both layouts.
        for (index, example) in examples.enumerated() where index % 4 == 0 {
            let selector: UInt8 = [0x01, 0x03, 0x00, 0x02][index / 4 % 4]
            if let failure = EditingInvariants.check([selector] + Array(example.markdown.utf8), editCount: 6) {
                messages.append("\(example.testDescription) selector \(selector): \(failure)")
            }
        }
        #expect(messages.isEmpty, "\(messages.count) failures:\n\(messages.prefix(8).joined(separator: "\n"))")
    }
}
