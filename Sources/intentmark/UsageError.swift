/// A command-line mistake; printed with a hint to `--help`, exit status 64.
struct UsageError: Error, CustomStringConvertible {
    /// What is wrong, in one line.
    let description: String

    init(_ description: String) {
        self.description = description
    }
}
