// intentmark — the command-line face of IntentMark.
import Foundation

let status = IntentMarkCommand.run(arguments: Array(CommandLine.arguments.dropFirst()))
exit(status.code)
