import DocumentInvariants
import Foundation
import MarkdownParsing
import SpecCorpus
import Testing

/// The fuzz driver's invariants (``DocumentInvariants``, built into `scripts/fuzz`) on every input
/// the fuzzer once broke them with — `Fixtures/Fuzz/` (fixed) and `Fixtures/Fuzz/open/` (open bugs,
/// expected to fail until fixed; see `Fixtures/Fuzz/README.md`), first byte the options (see
/// ``FuzzInput``) — and on the spec examples the fuzzer's seed corpus is made of.
@Suite("Fuzz regressions")
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
        .enabled(if: TestPaths.corpusAvailable, "needs ../shared/corpus"),
        arguments: ["cmark-gfm-0.29.0.gfm.6/spec.txt", "cmark-gfm-0.29.0.gfm.6/extensions.txt", "cmark-gfm-0.29.0.gfm.6/smart_punct.txt"])
    func specExamples(file: String) throws {
        let examples = try SpecExamples.load(TestPaths.corpus.appending(path: file))
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
}
