#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

extension ConvertCommand {
    /// Reads the arguments of a command that takes one input and `convert`'s parsing options
    /// (`show`, `toc`), plus the command's own options, which `ownOption` reads (`false` when a
    /// name is not one of them).
    /// - Parameters:
    ///   - arguments: The arguments after the command's name.
    ///   - command: The command's name, for messages.
    ///   - ownOption: Reads one of the command's own options into the command.
    /// - Returns: `false` when `--help` was asked for.
    /// - Throws: ``UsageError`` for an unknown flag, a missing or invalid value, two inputs, or no
    ///   input while standard input is a terminal.
    mutating func parseSingleInput(
        _ arguments: [String], command: String,
        ownOption: (inout ConvertCommand, String, String?, inout ArgumentReader) throws -> Bool
    ) throws -> Bool {
        var reader = ArgumentReader(arguments)
        while let argument = reader.next() {
            switch argument {
            case .positional(let path):
                guard inputPath == nil else {
                    throw UsageError("only one input file can be given (got '\(inputPath ?? "")' and '\(path)')")
                }
                inputPath = path
            case .option(let name, let inlineValue):
                if name == "-h" || name == "--help" { return false }
                if try ownOption(&self, name, inlineValue, &reader) { continue }
                if try ParsingFlags.parse(name, inlineValue: inlineValue, reader: &reader, into: &options) { continue }
                throw UsageError("unknown option '\(name)' for \(command)")
            }
        }
        if inputPath == nil, isatty(STDIN_FILENO) != 0 {
            throw UsageError("no input: give a FILE, '-' for standard input, or pipe Markdown in")
        }
        return true
    }
}
