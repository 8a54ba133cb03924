import IntentMark

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `intentmark show [FILE|-] [--width N] [--color auto|always|never] [PARSING OPTIONS]`: renders
/// Markdown for the terminal (styles and hyperlinks only on a terminal; plain text into a pipe).
struct ShowCommand {
    private var convert = ConvertCommand()

    /// Parses the arguments after `show`; `nil` when `--help` was asked for.
    /// - Throws: ``UsageError`` for an unknown flag, a missing or invalid value, or two inputs.
    init?(parsing arguments: [String]) throws {
        convert.format = .terminal
        var reader = ArgumentReader(arguments)
        while let argument = reader.next() {
            switch argument {
            case .positional(let path):
                guard convert.inputPath == nil else {
                    throw UsageError("only one input file can be given (got '\(convert.inputPath ?? "")' and '\(path)')")
                }
                convert.inputPath = path
            case .option(let name, let inlineValue):
                if name == "-h" || name == "--help" { return nil }
                if try convert.terminal.parse(name, inlineValue: inlineValue, reader: &reader) { continue }
                if try ParsingFlags.parse(name, inlineValue: inlineValue, reader: &reader, into: &convert.options) { continue }
                throw UsageError("unknown option '\(name)' for show")
            }
        }
        if convert.inputPath == nil, isatty(STDIN_FILENO) != 0 {
            throw UsageError("no input: give a FILE, '-' for standard input, or pipe Markdown in")
        }
    }

    /// Reads, renders and writes to standard output.
    /// - Throws: ``IntentMarkError`` when the input cannot be read or converted.
    func execute() throws -> ExitStatus {
        try convert.execute()
    }
}
