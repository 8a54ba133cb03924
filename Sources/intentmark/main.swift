// intentmark — the command-line face of IntentMark.
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

// A closed pipe (`intentmark … | head`) makes writes fail instead of killing the process; the
// command then stops quietly with status 0.
signal(SIGPIPE, SIG_IGN)
// A parent may start the tool with SIGINT, SIGTERM and SIGHUP blocked: unblocked, so that an
// interrupt ends it. (The handlers that remove temporary files go in with the first such file.)
TemporaryFileCleanup.unblockHandledSignals()
// An argument that is not UTF-8 (a Latin-1 file name) would reach the tool with its bytes replaced
// by U+FFFD, naming another path, and `-o` would write there: refused, before anything runs.
let notUTF8 = (1..<Int(CommandLine.argc)).first { position in
    CommandLine.unsafeArgv[position].map { String(validatingCString: $0) == nil } ?? false
}
let status =
    notUTF8.map { IntentMarkCommand.refuseArgumentNotUTF8(position: $0) }
    ?? IntentMarkCommand.run(arguments: Array(CommandLine.arguments.dropFirst()))
exit(status.code)
