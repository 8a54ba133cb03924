import Foundation
import IntentMark
import MarkdownParsing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Dispatches `intentmark`'s subcommands and turns errors into messages and exit statuses.
enum IntentMarkCommand {
    /// The version `--version` prints.
    static let version = "0.1.0"

    /// Runs the command line (without the program name) and returns the exit status.
    static func run(arguments: [String]) -> ExitStatus {
        do {
            return try dispatch(arguments)
        } catch {
            return report(error)
        }
    }

    /// Runs the subcommand `arguments` name (or converts, as pandoc does, when they name none).
    private static func dispatch(_ arguments: [String]) throws -> ExitStatus {
        guard let first = arguments.first else {
            // No arguments: the embedded default, or standard input when it is piped.
            var command = ConvertCommand()
            command.format = .runs
            if isatty(STDIN_FILENO) != 0 { command.embeddedDefault = true }
            return try command.execute()
        }
        switch first {
        case "convert":
            return try ConvertCommand.run(Array(arguments.dropFirst()))
        case "show":
            return try ShowCommand.run(Array(arguments.dropFirst()))
        case "apply":
            return try ApplyCommand.run(Array(arguments.dropFirst()))
        case "toc":
            return try TableOfContentsCommand.run(Array(arguments.dropFirst()))
        case "bench":
            return try BenchCommand.run(Array(arguments.dropFirst()))
        case "--help", "-h", "help":
            write(HelpText.main, to: .standardOutput)
            return .success
        case BenchCommand.childFlag:
            return try BenchCommand.runMemoryChild(Array(arguments.dropFirst()))
        case "--version":
            guard arguments.count == 1 else { throw UsageError("--version takes nothing after it (got '\(arguments[1])')") }
            write(
                "intentmark \(version)\nlibcmark-gfm \(CmarkLibraryInfo.version): \(CmarkLibraryInfo.inlinePasses)\n",
                to: .standardOutput)
            return .success
        default:
            // `intentmark FILE…` and `intentmark -t html FILE` convert, as pandoc does. A word
            // that names no file is a mistyped command, unless it looks like a path (a slash or a
            // file extension): then it is a missing input, reported as `convert` reports one.
            let looksLikePath = first.contains("/") || first.contains(".")
            guard first == "-" || first.hasPrefix("-") || looksLikePath || FileManager.default.fileExists(atPath: first) else {
                throw UsageError("'\(first)' is neither a command (convert, show, apply, toc, bench) nor a file")
            }
            return try ConvertCommand.run(arguments)
        }
    }

    /// Refuses the command line because argument `position` (1-based, after the tool's name) is not
    /// valid UTF-8: a usage error, status 64.
    static func refuseArgumentNotUTF8(position: Int) -> ExitStatus {
        report(
            UsageError(
                "argument \(position) is not valid UTF-8: a path that is not UTF-8 cannot be named here (rename the file or folder)"))
    }

    /// Writes `error` to standard error as one message and returns its exit status: 64 for a
    /// usage error (with a pointer to `--help`), 1 for anything else.
    private static func report(_ error: any Error) -> ExitStatus {
        switch error {
        case let error as UsageError:
            write("intentmark: \(OneLineText.escaping(error.description))\nRun 'intentmark --help' for usage.\n", to: .standardError)
            return .usage
        case let error as EditScriptError:
            write("intentmark: \(OneLineText.escaping(error.description))\n", to: .standardError)
            return .conversionFailed
        case let error as IntentMarkError:
            var message = error.description
            if case .limitExceeded(let limit, _, _) = error, limit != "libcmark-gfm buffer", limit != "maximumInputBytes" {
                message += " (a guard against hostile input; --unlimited lifts the parsing limits for trusted input)"
            }
            write("intentmark: \(OneLineText.escaping(message))\n", to: .standardError)
            return .conversionFailed
        default:
            write("intentmark: \(OneLineText.escaping(String(describing: error)))\n", to: .standardError)
            return .conversionFailed
        }
    }

    enum Stream { case standardOutput, standardError }

    static func write(_ text: String, to stream: Stream) {
        write(Data(text.utf8), to: stream)
    }

    /// Writes `data` to the stream. On standard output a closed pipe (`intentmark … | head`) ends
    /// the process quietly with status 0, and any other failure (`> /dev/full`, a full disk) with a
    /// one-line message and status 1, so a truncated result is never reported as success.
    static func write(_ data: Data, to stream: Stream) {
        switch stream {
        case .standardOutput:
            let failure = OutputFile.writeAll(data, to: STDOUT_FILENO)
            if failure == EPIPE { exit(ExitStatus.success.code) }
            if failure != 0 {
                write("intentmark: cannot write standard output: \(OutputFile.systemReason(failure))\n", to: .standardError)
                exit(ExitStatus.conversionFailed.code)
            }
        case .standardError:
            _ = OutputFile.writeAll(data, to: STDERR_FILENO)
        }
    }
}
