import Foundation

extension SpecExamples {
    /// `Fixtures/Spec/`: the spec examples as data, in every checkout.
    public static let fixtureDirectory = TestPaths.fixtures.appending(path: "Spec")

    /// Reads the examples of a spec file from its fixture in `Fixtures/Spec/` (no shared corpus
    /// needed): the same examples, with the same ``SpecExample/file``, as ``load(_:)`` reads from
    /// the corpus file.
    /// - Parameter file: The spec file relative to the corpus (`cmark-gfm-0.29.0.gfm.6/spec.txt`).
    /// - Throws: A file error, or ``SpecFixtureError`` for a malformed fixture.
    public static func fixture(_ file: String) throws -> [SpecExample] {
        try fixture(file, in: fixtureDirectory)
    }
}
