/// An `intentmark` subcommand: parsed from the arguments after its name, then executed.
protocol Subcommand {
    /// The help text printed for `--help` (when parsing returns `nil`).
    static var helpText: String { get }
    /// Parses the subcommand's arguments; `nil` when they ask for help.
    /// - Throws: ``UsageError`` for arguments it does not accept.
    init?(parsing arguments: [String]) throws
    /// Runs the subcommand and returns the exit status.
    func execute() throws -> ExitStatus
}

extension Subcommand {
    /// Parses `arguments` and executes the subcommand, or prints its help.
    static func run(_ arguments: [String]) throws -> ExitStatus {
        guard let command = try Self(parsing: arguments) else {
            IntentMarkCommand.write(helpText, to: .standardOutput)
            return .success
        }
        return try command.execute()
    }
}
