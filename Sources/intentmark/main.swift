// intentmark — the command-line face of IntentMark.
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

// A closed pipe (`intentmark … | head`) makes writes fail instead of killing the process; the
// command then stops quietly with status 0.
signal(SIGPIPE, SIG_IGN)
let status = IntentMarkCommand.run(arguments: Array(CommandLine.arguments.dropFirst()))
exit(status.code)
