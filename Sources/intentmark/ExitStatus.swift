/// The exit statuses of `intentmark` (sysexits.h where one fits).
enum ExitStatus: Int32 {
    /// Success.
    case success = 0
    /// The input could not be converted (unreadable file, invalid UTF-8, a parsing limit).
    case conversionFailed = 1
    /// Bad usage: unknown command or flag, missing or invalid value (`EX_USAGE`).
    case usage = 64

    var code: Int32 { rawValue }
}
