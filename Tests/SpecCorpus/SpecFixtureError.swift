/// A spec fixture (`Fixtures/Spec/…json`) that is not what ``SpecExamples/fixtureJSON(_:)`` writes.
public struct SpecFixtureError: Error, CustomStringConvertible {
    /// The spec file whose fixture it is (`cmark-gfm-0.29.0.gfm.6/spec.txt`).
    public var file: String
    /// What is wrong.
    public var detail: String
    /// The fixture's path and what is wrong.
    public var description: String { "Fixtures/Spec/\(SpecExamples.fixturePath(file)): \(detail)" }
}
