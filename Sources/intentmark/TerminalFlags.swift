import Foundation
import IntentMark

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `--width N` and `--color auto|always|never`: how terminal output (`show`, `convert --to
/// terminal`) is laid out and whether it carries escape sequences.
struct TerminalFlags {
    /// `--width`, in terminal columns; `nil`: `COLUMNS`, else the window's width, else 80.
    var width: Int? = nil
    var color = ColorChoice.auto

    /// When to write escape sequences (SGR styles, OSC 8 hyperlinks).
    enum ColorChoice: String, CaseIterable {
        /// Only when standard output is a terminal and `NO_COLOR` is unset or empty (no-color.org).
        case auto
        /// Always, even into a pipe or file and with `NO_COLOR` set.
        case always
        /// Never: plain text with the same layout.
        case never
    }

    /// Applies option `name` when it is a terminal flag.
    /// - Returns: Whether `name` was a terminal flag.
    /// - Throws: ``UsageError`` for a missing or invalid value.
    mutating func parse(_ name: String, inlineValue: String?, reader: inout ArgumentReader) throws -> Bool {
        switch name {
        case "--width":
            let value = try reader.value(for: name, inlineValue: inlineValue)
            guard let columns = Int(value), (1...100_000).contains(columns) else {
                throw UsageError("--width needs a number of columns from 1 to 100000 (got '\(value)')")
            }
            width = columns
        case "--color", "--colour":
            let value = try reader.value(for: name, inlineValue: inlineValue)
            guard let choice = ColorChoice(rawValue: value) else {
                throw UsageError("unknown choice '\(value)' for --color (choices: auto, always, never)")
            }
            color = choice
        default:
            return false
        }
        return true
    }

    /// The renderer's options for output to standard output (or to a file, which gets no escapes
    /// under `auto`).
    func renderingOptions(writingToFile: Bool) -> TerminalRenderingOptions {
        let environment = ProcessInfo.processInfo.environment
        let usesEscapes: Bool
        switch color {
        case .always: usesEscapes = true
        case .never: usesEscapes = false
        case .auto:
            usesEscapes = !writingToFile && isatty(STDOUT_FILENO) != 0 && (environment["NO_COLOR"] ?? "").isEmpty
        }
        return TerminalRenderingOptions(width: resolvedWidth(environment), usesEscapeSequences: usesEscapes)
    }

    /// `--width`, else `COLUMNS`, else the terminal window's width (`TIOCGWINSZ` on standard
    /// output), else 80.
    private func resolvedWidth(_ environment: [String: String]) -> Int {
        if let width { return width }
        if let columns = environment["COLUMNS"].flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) }), columns > 0 {
            return columns
        }
        var size = winsize()
        if ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col > 0 { return Int(size.ws_col) }
        return 80
    }
}
