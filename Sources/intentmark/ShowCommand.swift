import IntentMark

/// `intentmark show [FILE|-] [--width N] [--color auto|always|never] [PARSING OPTIONS]`: renders
/// Markdown for the terminal (styles and hyperlinks only on a terminal; plain text into a pipe).
struct ShowCommand {
    private var convert = ConvertCommand()

    /// Parses the arguments after `show`; `nil` when `--help` was asked for.
    /// - Throws: ``UsageError`` for an unknown flag, a missing or invalid value, or two inputs.
    init?(parsing arguments: [String]) throws {
        convert.format = .terminal
        let parsed = try convert.parseSingleInput(arguments, command: "show") { command, name, inlineValue, reader in
            try command.terminal.parse(name, inlineValue: inlineValue, reader: &reader)
        }
        guard parsed else { return nil }
    }

    /// Reads, renders and writes to standard output.
    /// - Throws: ``IntentMarkError`` when the input cannot be read or converted.
    func execute() throws -> ExitStatus {
        try convert.execute()
    }
}

extension ShowCommand: Subcommand {
    static var helpText: String { HelpText.show }
}
