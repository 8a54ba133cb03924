import DocumentInvariants
import Foundation
import MarkdownParsing
import SpecCorpus
import Testing

/// The fuzz driver's invariants (``DocumentInvariants``) on every input the fuzzer once broke them
/// with (`Fixtures/Fuzz/`, first byte the options — see ``FuzzInput``), and on the spec examples
/// the fuzzer's seed corpus is made of.
@Suite("Fuzz regressions")
struct FuzzRegressionTests {
    static let fixtureDirectory = TestPaths.fixtures.appending(path: "Fuzz")

    static let fixtures: [String] =
        ((try? FileManager.default.contentsOfDirectory(atPath: fixtureDirectory.path)) ?? [])
        .filter { !$0.hasPrefix(".") && !$0.hasSuffix(".md") }.sorted()

    @Test("Inputs the fuzzer found keep every invariant", arguments: fixtures)
    func fixture(name: String) throws {
        let bytes = try Data(contentsOf: Self.fixtureDirectory.appending(path: name))
        let failure = DocumentInvariants.check(bytes)
        #expect(failure == nil, "\(name): \(failure?.description ?? "")")
    }

    @Test(
        "Spec examples keep every invariant under every option byte the seeds use",
        .enabled(if: TestPaths.corpusAvailable, "needs ../shared/corpus"),
        arguments: ["cmark-gfm-0.29.0.gfm.6/spec.txt", "cmark-gfm-0.29.0.gfm.6/extensions.txt", "cmark-gfm-0.29.0.gfm.6/smart_punct.txt"])
    func specExamples(file: String) throws {
        let examples = try SpecExamples.load(TestPaths.corpus.appending(path: file))
        var messages: [String] = []
        var histogram: [String: Int] = [:]
        for example in examples where !example.isDisabled {
            for selector: UInt8 in [0x01, 0x02, 0x04 | 0x01, 0x08 | 0x01, 0x10 | 0x21, 0x40 | 0x01, 0x80 | 0x03] {
                if let failure = DocumentInvariants.check([selector] + Array(example.markdown.utf8)) {
                    histogram["\(selector) \(failure.invariant) \(failure.detail.prefix { $0 != "\n" })", default: 0] += 1
                    messages.append("\(example.testDescription) selector \(selector)\n--- markdown\n\(example.markdown)\(failure)")
                }
            }
        }
        print(histogram.sorted { $0.value > $1.value }.map { "\($0.value) \($0.key)" }.joined(separator: "\n"))
        #expect(messages.isEmpty, "\(messages.count) failures:\n\(messages.prefix(8).joined(separator: "\n=====\n"))")
    }
}
