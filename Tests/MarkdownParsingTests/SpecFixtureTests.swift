import Foundation
import SpecCorpus
import Testing

/// The spec examples in `Fixtures/Spec/` (what the conformance tests read): every file is there with
/// the number of examples its spec file has, and, when `../shared/corpus` is beside the checkout,
/// each is exactly what `scripts/extract-spec-fixtures` writes from the corpus file, so the fixtures
/// cannot drift from the spec files.
@Suite("Spec fixtures", .tags(.corpus))
struct SpecFixtureTests {
    /// Examples (and disabled ones) per spec file, as `SpecExamples.load` finds them in the corpus.
    static let counts: [String: (examples: Int, disabled: Int)] = [
        "cmark-gfm-0.29.0.gfm.6/spec.txt": (673, 2),
        "cmark-gfm-0.29.0.gfm.6/extensions.txt": (30, 0),
        "cmark-gfm-0.29.0.gfm.6/extensions-full-info-string.txt": (4, 0),
        "cmark-gfm-0.29.0.gfm.6/extensions-table-prefer-style-attributes.txt": (1, 0),
        "cmark-gfm-0.29.0.gfm.6/regression.txt": (25, 0),
        "cmark-gfm-0.29.0.gfm.6/smart_punct.txt": (16, 0),
        "cmark-gfm-0.29.0.gfm.13/spec.txt": (672, 2),
        "cmark-gfm-0.29.0.gfm.13/extensions.txt": (30, 0),
        "cmark-gfm-0.29.0.gfm.13/extensions-full-info-string.txt": (4, 0),
        "cmark-gfm-0.29.0.gfm.13/extensions-table-prefer-style-attributes.txt": (1, 0),
        "cmark-gfm-0.29.0.gfm.13/regression.txt": (26, 0),
        "cmark-gfm-0.29.0.gfm.13/smart_punct.txt": (16, 0),
        "commonmark-spec-0.31.2/spec.txt": (655, 0),
    ]

    @Test("Fixtures/Spec holds one file per spec file, and nothing else")
    func everyFileIsThere() throws {
        #expect(Set(SpecExamples.fixtureFiles) == Set(Self.counts.keys))
        var found: [String] = []
        let enumerator = FileManager.default.enumerator(atPath: SpecExamples.fixtureDirectory.path)
        while let path = enumerator?.nextObject() as? String {
            if path.hasSuffix(".json") { found.append(path) }
        }
        #expect(found.sorted() == SpecExamples.fixtureFiles.map(SpecExamples.fixturePath).sorted())
    }

    @Test("each fixture has its spec file's examples, numbered from 1, with their file and tags", arguments: SpecExamples.fixtureFiles)
    func counts(file: String) throws {
        let examples = try SpecExamples.fixture(file)
        #expect(examples.count == Self.counts[file]?.examples)
        #expect(examples.filter(\.isDisabled).count == Self.counts[file]?.disabled)
        #expect(examples.map(\.number) == Array(1...examples.count))
        #expect(examples.allSatisfy { $0.file == file && !$0.markdown.isEmpty && $0.markdown.hasSuffix("\n") })
        #expect(zip(examples, examples.dropFirst()).allSatisfy { $0.line < $1.line })
        // The tabs of the spec's `→` notation are already tabs.
        #expect(!examples.contains { $0.markdown.contains("\u{2192}") || $0.html.contains("\u{2192}") })
        // 13 examples of each spec.txt have tabs in their input (`FORMAT.md`), 2 of each regression.txt.
        let tabbed = examples.filter { $0.markdown.contains("\t") }.count
        #expect(tabbed == (file.hasSuffix("/spec.txt") ? 13 : file.hasSuffix("/regression.txt") ? 2 : 0))
    }

    @Test("each fixture is what scripts/extract-spec-fixtures writes from the shared corpus", arguments: SpecExamples.fixtureFiles)
    func fixturesEqualTheCorpus(file: String) throws {
        let fixture = try SpecExamples.fixture(file)
        // The writer reads back what it wrote.
        let text = SpecExamples.fixtureJSON(fixture)
        let stored = try String(contentsOf: SpecExamples.fixtureDirectory.appending(path: SpecExamples.fixturePath(file)), encoding: .utf8)
        #expect(Array(text.utf8) == Array(stored.utf8))
        guard TestPaths.corpusAvailable else { return }
        let corpus = try SpecExamples.load(TestPaths.corpus.appending(path: file))
        #expect(corpus.count == fixture.count)
        for (read, expected) in zip(fixture, corpus) {
            // Byte for byte: `==` on strings would accept canonically equivalent text.
            let same =
                read.file == expected.file && read.number == expected.number && read.line == expected.line
                && Array(read.section.utf8) == Array(expected.section.utf8) && Array(read.markdown.utf8) == Array(expected.markdown.utf8)
                && Array(read.html.utf8) == Array(expected.html.utf8) && read.tags == expected.tags
            #expect(same, "\(expected.testDescription) differs from its fixture: run scripts/extract-spec-fixtures")
        }
        #expect(Array(SpecExamples.fixtureJSON(corpus).utf8) == Array(stored.utf8), "run scripts/extract-spec-fixtures")
    }
}
