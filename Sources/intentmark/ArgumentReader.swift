/// Reads `--flag`, `--flag value`, `--flag=value` and positional arguments in order.
///
/// Written here because swift-argument-parser cannot be fetched in this build environment
/// (SwiftPM has no network); it covers exactly the syntax `intentmark` documents.
struct ArgumentReader {
    private var arguments: ArraySlice<String>
    private var afterDoubleDash = false

    init(_ arguments: [String]) {
        self.arguments = arguments[...]
    }

    /// One parsed argument.
    enum Argument: Equatable {
        /// `--name` or `-n`, with the value given after `=` if any.
        case option(name: String, inlineValue: String?)
        /// A positional argument (including `-`, standard input).
        case positional(String)
    }

    /// The next argument, or `nil` at the end.
    mutating func next() -> Argument? {
        guard let argument = arguments.popFirst() else { return nil }
        if afterDoubleDash || argument == "-" || !argument.hasPrefix("-") { return .positional(argument) }
        if argument == "--" {
            afterDoubleDash = true
            return next()
        }
        if argument.hasPrefix("--"), let equals = argument.firstIndex(of: "=") {
            return .option(name: String(argument[..<equals]), inlineValue: String(argument[argument.index(after: equals)...]))
        }
        return .option(name: argument, inlineValue: nil)
    }

    /// The value of option `name`: its inline value, or the next argument.
    /// - Throws: ``UsageError`` when no value follows.
    mutating func value(for name: String, inlineValue: String?) throws -> String {
        if let inlineValue { return inlineValue }
        guard let value = arguments.popFirst() else { throw UsageError("\(name) needs a value") }
        return value
    }
}
