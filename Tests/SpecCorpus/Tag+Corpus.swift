import Testing

extension Tag {
    /// Suites that sweep the corpus (spec examples, the real-world document, fixtures), run
    /// property tests over thousands of inputs, spawn the command-line tool or compile a module:
    /// the slow outer loop. `scripts/test fast` runs every other suite (the inner loop, under a
    /// minute once built); `scripts/test corpus` runs these; `swift test` runs all.
    @Tag public static var corpus: Self
}
