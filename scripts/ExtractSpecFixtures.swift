// The entry point of scripts/extract-spec-fixtures (which compiles it with
// Tests/SpecCorpus/SpecExamples.swift and SpecExamples+Fixtures.swift): reads each spec file of
// `SpecExamples.fixtureFiles` from the corpus with `SpecExamples.load` and writes
// `Fixtures/Spec/<dir>/<name>.json` with `SpecExamples.fixtureJSON`, or with `--check` compares.
import Foundation

@main
enum ExtractSpecFixtures {
    static func main() {
        var arguments = Array(CommandLine.arguments.dropFirst())
        let check = arguments.contains("--check")
        arguments.removeAll { $0 == "--check" }
        guard arguments.count <= 1, !(arguments.first ?? "").hasPrefix("-") else {
            fail("usage: scripts/extract-spec-fixtures [--check] [CORPUS-DIRECTORY]")
        }
        let corpus = URL(fileURLWithPath: arguments.first ?? "../shared/corpus")
        let output = URL(fileURLWithPath: "Fixtures/Spec")
        guard FileManager.default.fileExists(atPath: corpus.appending(path: "FORMAT.md").path) else {
            fail("no spec corpus at \(corpus.path) (expected FORMAT.md there)")
        }
        // The file list is the tests' (SpecExamples.fixtureFiles): a spec file added to or gone from
        // the corpus folders must be added to or removed from it.
        let folders = Set(SpecExamples.fixtureFiles.map { String($0.prefix { $0 != "/" }) })
        let found = folders.sorted().flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: corpus.appending(path: folder).path)) ?? [])
                .filter { $0.hasSuffix(".txt") }.map { folder + "/" + $0 }
        }
        guard Set(found) == Set(SpecExamples.fixtureFiles) else {
            fail(
                "the corpus's spec files differ from SpecExamples.fixtureFiles (Tests/SpecCorpus/SpecExamples+Fixtures.swift): "
                    + "\(Set(found).symmetricDifference(SpecExamples.fixtureFiles).sorted())")
        }
        var differences: [String] = []
        for file in SpecExamples.fixtureFiles {
            let examples: [SpecExample]
            do {
                examples = try SpecExamples.load(corpus.appending(path: file))
            } catch {
                fail("cannot read \(corpus.appending(path: file).path): \(error)")
            }
            let path = SpecExamples.fixturePath(file)
            let url = output.appending(path: path)
            let text = Data(SpecExamples.fixtureJSON(examples).utf8)
            if check {
                if (try? Data(contentsOf: url)) != text { differences.append("Fixtures/Spec/\(path)") }
                continue
            }
            do {
                try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
                try text.write(to: url)
            } catch {
                fail("cannot write \(url.path): \(error)")
            }
            print("Fixtures/Spec/\(path): \(examples.count) examples")
        }
        // Any other JSON under Fixtures/Spec is stale.
        let expected = Set(SpecExamples.fixtureFiles.map(SpecExamples.fixturePath))
        let enumerator = FileManager.default.enumerator(atPath: output.path)
        while let path = enumerator?.nextObject() as? String {
            if path.hasSuffix(".json"), !expected.contains(path) {
                differences.append("Fixtures/Spec/\(path) (not written by this script)")
            }
        }
        if !differences.isEmpty {
            FileHandle.standardError.write(
                Data(
                    ("spec fixtures differ from the corpus; run scripts/extract-spec-fixtures:\n"
                        + differences.sorted().joined(separator: "\n") + "\n").utf8))
            exit(1)
        }
        if check { print("Fixtures/Spec: all \(SpecExamples.fixtureFiles.count) fixtures are up to date") }
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("extract-spec-fixtures: \(message)\n".utf8))
        exit(2)
    }
}
