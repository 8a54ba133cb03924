import Foundation
import IntentMark

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// `intentmark convert [FILE|-] --to FORMAT [OPTIONS]`.
struct ConvertCommand {
    /// The input files in order (`-` is standard input); several are read as one document, joined
    /// by a blank line (Markdown) or appended (JSON). Empty: standard input.
    var inputPaths: [String] = []
    /// The first input, for commands that take one.
    var inputPath: String? {
        get { inputPaths.first }
        set { inputPaths = newValue.map { [$0] } ?? [] }
    }
    /// `-f`/`--from`: whether the input is the JSON document form rather than Markdown.
    var readsJSON = false
    /// Whether a `-e`/`--extension` was given (the first one replaces the default set).
    private var extensionWasGiven = false
    var outputPath: String?
    var format: OutputFormat = .runs
    /// Whether `--to` was given; without it the format follows the `-o` file's extension.
    var formatWasGiven = false
    var options = MarkdownParsingOptions()
    var htmlOptions = HTMLWritingOptions()
    /// `--reformat`: Markdown written anew, not from the source.
    var reformats = false
    var plainTextOptions = PlainTextOptions()
    /// `--result-options`: lower the document before writing it (json and runs).
    var resultOptions: ResultOptions? = nil
    var styleSheet = StyleSheet.default
    /// `--width`, `--color`: how `--to terminal` renders.
    var terminal = TerminalFlags()
    /// `-o DIRECTORY`: the directory the inputs are converted into one by one (set when `-o`
    /// names a directory, ends in `/`, or an input is a directory); `nil` for one output.
    private(set) var outputDirectory: String?
    /// `-j`/`--jobs`: how many files a folder conversion converts at once (default: the active
    /// cores); each file is still parsed and written in pieces on every core when it is large.
    var jobs: Int?
    /// The options given, in order, each once, as typed (`-t`, `--width`): checked against the
    /// chosen output by ``resolveFormatAndCheckOptions(documentIsJSON:)``.
    private(set) var givenOptions: [String] = []
    /// Convert the document embedded in the binary instead of reading input.
    var embeddedDefault = false
    /// Whether an input must be a regular file (a folder conversion's files: a pipe or device
    /// met there is a failure, never read, so that it cannot hang the run or fill memory).
    var inputsMustBeRegularFiles = false

    init() {}

    /// Parses the arguments after `convert`; `nil` when `--help` was asked for.
    /// - Throws: ``UsageError`` for an unknown flag, a missing or invalid value, or two inputs.
    init?(parsing arguments: [String]) throws {
        var reader = ArgumentReader(arguments)
        while let argument = reader.next() {
            switch argument {
            case .positional(let path):
                inputPaths.append(path)
            case .option(let name, let inlineValue):
                if name == "-h" || name == "--help" { return nil }
                guard try parseOption(name, inlineValue: inlineValue, reader: &reader) else {
                    throw UsageError("unknown option '\(name)' for convert")
                }
            }
        }
        if let outputPath, outputPath != "-",
            outputPath.hasSuffix("/") || Self.isDirectory(outputPath) || inputPaths.contains(where: Self.isDirectory)
        {
            outputDirectory = outputPath
            guard !inputPaths.isEmpty, !inputPaths.contains("-") else {
                throw UsageError("standard input cannot be converted into a directory: give -o FILE, or name the input files")
            }
            guard formatWasGiven else {
                throw UsageError("converting into a directory needs -t FORMAT (formats: \(OutputFormat.namesWithAliases))")
            }
        } else if let directory = inputPaths.first(where: Self.isDirectory) {
            throw UsageError("\(directory) is a directory: convert the files in it with -o OUTDIR -t FORMAT")
        }
        if jobs != nil, outputDirectory == nil {
            throw UsageError("-j/--jobs applies when converting files into a directory (-o DIRECTORY)")
        }
        try resolveFormatAndCheckOptions(documentIsJSON: readsJSON)
        if inputPaths.isEmpty, isatty(STDIN_FILENO) != 0 {
            throw UsageError("no input: give a FILE, '-' for standard input, or pipe Markdown in")
        }
    }

    /// Takes the format from `-o`'s extension when `--to` was not given, and refuses what would
    /// silently write something other than asked: an output extension no format is written as
    /// (`-o out.pdf`), and an option that does not apply to the chosen output or input.
    /// - Parameter documentIsJSON: Whether the document is read from the JSON form (then the
    ///   Markdown parsing options cannot apply to it).
    /// - Throws: ``UsageError`` naming the extension and the supported ones, or the option and the
    ///   outputs it applies to.
    mutating func resolveFormatAndCheckOptions(documentIsJSON: Bool) throws {
        if let outputPath, outputPath != "-", outputDirectory == nil {
            let fileExtension = URL(fileURLWithPath: outputPath).pathExtension.lowercased()
            if OutputFormat.otherDocumentExtensions.contains(fileExtension) {
                throw UsageError(
                    "cannot write .\(fileExtension) files (-o \(outputPath)): intentmark writes \(OutputFormat.namesWithExtensions)")
            }
            if !formatWasGiven {
                if let inferred = OutputFormat(inferringFrom: outputPath) {
                    format = inferred
                } else if !fileExtension.isEmpty {
                    throw UsageError(
                        "cannot tell the format from '.\(fileExtension)' (-o \(outputPath)): give -t FORMAT; formats: \(OutputFormat.namesWithExtensions)"
                    )
                }
            }
        }
        for name in givenOptions {
            let appliesTo: [OutputFormat]
            switch name {
            case "--width", "--color", "--colour": appliesTo = [.terminal]
            case "--unsafe", "--heading-ids", "--github-alerts": appliesTo = [.html]
            case "--result-options": appliesTo = [.json, .runs, .markdown]
            case "--reformat": appliesTo = [.markdown]
            // HTML and Markdown write links as the author wrote them; plain text has none.
            case "--base-url" where !documentIsJSON: appliesTo = [.json, .runs, .rtf, .terminal]
            case "--style": appliesTo = resultOptions == nil ? [.rtf] : [.rtf, .json, .runs, .markdown]
            default:
                if documentIsJSON, ParsingFlags.names.contains(name) || name == "-e" || name == "--extension" {
                    throw UsageError(
                        "\(name) is a Markdown parsing option; it does not apply to -f json input (the document form is already parsed)")
                }
                continue
            }
            guard appliesTo.contains(format) else {
                let outputs = appliesTo.map(\.rawValue).joined(separator: ", ")
                let styleNote = name == "--style" && resultOptions == nil ? " (json, runs and markdown with --result-options)" : ""
                throw UsageError("\(name) does not apply to --to \(format.rawValue): it applies to --to \(outputs)\(styleNote)")
            }
        }
    }

    /// Reads one option of `convert` (output format and file, writing and parsing options);
    /// `false` when `name` is none of them.
    /// - Throws: ``UsageError`` for a missing or invalid value.
    mutating func parseOption(_ name: String, inlineValue: String?, reader: inout ArgumentReader) throws -> Bool {
        guard try applyOption(name, inlineValue: inlineValue, reader: &reader) else { return false }
        if !givenOptions.contains(name) { givenOptions.append(name) }
        return true
    }

    /// Applies one option (see ``parseOption(_:inlineValue:reader:)``).
    private mutating func applyOption(_ name: String, inlineValue: String?, reader: inout ArgumentReader) throws -> Bool {
        switch name {
        case "--to", "-t":
            let value = try reader.value(for: name, inlineValue: inlineValue)
            guard let chosen = OutputFormat(name: value) else {
                throw UsageError("unknown format '\(value)' for \(name) (formats: \(OutputFormat.namesWithAliases))")
            }
            format = chosen
            formatWasGiven = true
        case "--from", "-f":
            let value = try reader.value(for: name, inlineValue: inlineValue)
            switch value.lowercased() {
            case "markdown", "md", "gfm", "commonmark": readsJSON = false
            case "json": readsJSON = true
            default: throw UsageError("unknown input format '\(value)' for \(name) (formats: markdown (md, gfm, commonmark), json)")
            }
        case "--extension", "-e":
            try enableExtension(try reader.value(for: name, inlineValue: inlineValue), option: name)
        case "-o", "--output":
            outputPath = try reader.value(for: name, inlineValue: inlineValue)
        case "-j", "--jobs":
            let value = try reader.value(for: name, inlineValue: inlineValue)
            guard let count = Int(value), (1...FolderConversion.maximumJobs).contains(count) else {
                throw UsageError("\(name) needs a number of workers from 1 to \(FolderConversion.maximumJobs) (got '\(value)')")
            }
            jobs = count
        case "--result-options":
            let value = try reader.value(for: name, inlineValue: inlineValue)
            guard let parsed = ResultOptions(list: value) else {
                throw UsageError(
                    "unknown result option in '\(value)' (options: \(ResultOptions.named.map(\.name).joined(separator: ", ")))")
            }
            resultOptions = parsed
        case "--style":
            styleSheet = try Self.styleSheet(named: try reader.value(for: name, inlineValue: inlineValue))
        case "--unsafe":
            try Self.noValue(name, inlineValue)
            htmlOptions.unsafe = true
        case "--heading-ids":
            try Self.noValue(name, inlineValue)
            htmlOptions.headingIDs = true
        case "--github-alerts":
            try Self.noValue(name, inlineValue)
            htmlOptions.gitHubAlerts = true
        case "--reformat":
            try Self.noValue(name, inlineValue)
            reformats = true
        default:
            if try ParsingFlags.parse(name, inlineValue: inlineValue, reader: &reader, into: &options) { return true }
            return try terminal.parse(name, inlineValue: inlineValue, reader: &reader)
        }
        return true
    }

    /// `-e NAME`: as cmark-gfm, each names one extension to enable; the first replaces the
    /// default set. An unknown name is a usage error listing the known ones.
    private mutating func enableExtension(_ value: String, option name: String) throws {
        guard let named = MarkdownExtensions.named.first(where: { $0.name == value })?.option else {
            throw UsageError(
                "unknown extension '\(value)' for \(name) (extensions: \(MarkdownExtensions.named.map(\.name).joined(separator: ", ")))")
        }
        if !extensionWasGiven { options.extensions = [] }
        extensionWasGiven = true
        options.extensions.insert(named)
    }

    /// `--style VALUE`: a built-in style sheet by name, or a style-sheet file. An unreadable file
    /// is an input error (status 1); a file that is not a style sheet, a usage error (64) — each
    /// one line.
    private static func styleSheet(named value: String) throws -> StyleSheet {
        switch value {
        case "default": return .default
        case "github": return .github
        default:
            let data = try IntentDocument.readFile(at: URL(fileURLWithPath: value, isDirectory: false))
            do {
                return try StyleSheet(jsonData: data)
            } catch let error as IntentMarkError {
                guard case .invalidStyleSheet(let reason) = error else { throw error }
                throw UsageError("--style \(value): \(reason)")
            }
        }
    }

    /// Whether `path` names a directory (following symbolic links).
    static func isDirectory(_ path: String) -> Bool {
        var isDirectory: ObjCBool = false
        return FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) && isDirectory.boolValue
    }

    /// The system's reason for a file error, in a few words, lowercase as the tool's other
    /// reasons ("is a directory", "no such file or directory").
    static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        func posixReason(_ code: Int) -> String { OutputFile.systemReason(Int32(code)) }
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError, underlying.domain == NSPOSIXErrorDomain {
            return posixReason(underlying.code)
        }
        if nsError.domain == NSPOSIXErrorDomain { return posixReason(nsError.code) }
        switch nsError.code {
        case NSFileNoSuchFileError, NSFileReadNoSuchFileError: return "no such file or directory"
        case NSFileWriteNoPermissionError, NSFileReadNoPermissionError: return "permission denied"
        case NSFileWriteOutOfSpaceError: return "no space left on device"
        case NSFileWriteVolumeReadOnlyError: return "read-only file system"
        case NSFileWriteFileExistsError: return "a file of that name exists"
        case NSFileReadTooLargeError: return "file too large"
        case NSFileReadCorruptFileError, NSFileReadUnknownStringEncodingError, NSFileReadInapplicableStringEncodingError:
            return "it cannot be read as text"
        case NSFileWriteUnknownError: return "it could not be written"
        default: return "it could not be read or written"
        }
    }

    private static func noValue(_ name: String, _ inlineValue: String?) throws {
        try ParsingFlags.noValue(name, inlineValue)
    }

    /// Reads, converts and writes.
    /// - Throws: ``IntentMarkError`` when the input cannot be read or converted.
    func execute() throws -> ExitStatus {
        if let outputDirectory {
            let workers = jobs ?? ProcessInfo.processInfo.activeProcessorCount
            return try FolderConversion(command: self, outputDirectory: outputDirectory, jobs: workers).run()
        }
        return try writePieces {
            // One conversion per process: the document and its output are left for the process's
            // exit to reclaim (freeing a large document's tables costs time no one waits for).
            if let pieces = try htmlWrittenInPieces() {
                ProcessExit.keepUntilExit(pieces)
                return pieces
            }
            let document = try readDocument()
            let output = try output(of: document)
            ProcessExit.keepUntilExit(document, output)
            return [output]
        }
    }

    /// The HTML of one Markdown file converted to HTML without heading ids (which are numbered
    /// across the document), written a piece at a time: a large document is parsed in pieces and
    /// each piece's HTML written by the thread that converted it
    /// (`MarkdownParser.parse(_:transformingPieces:)`), never joined into one document; the
    /// pieces' bytes one after another are the whole document's HTML. `nil` for any other
    /// conversion, and when what comes before a piece is neither empty nor ends a line (a
    /// block's opening would have started a new one there; not seen in a parsed document): that
    /// document is then read and written whole.
    /// - Throws: As ``readDocument()``.
    func htmlWrittenInPieces() throws -> [Data]? {
        guard format == .html, !htmlOptions.headingIDs, !readsJSON, !embeddedDefault, inputPaths.count == 1,
            let path = inputPaths.first, path != "-"
        else { return nil }
        let data = try readInput(at: path, maximumBytes: parsingOptions.limits.maximumInputBytes)
        let writer = htmlWriter
        let pieces: [Data]
        do {
            pieces = try MarkdownParser(options: parsingOptions).parse(data, transformingPieces: { writer.writeData($0) })
        } catch IntentMarkError.invalidUTF8(let offset) {
            throw Self.notUTF8(path, offset: offset)
        }
        // A block's opening writes a line break unless what comes before it is empty or ends one.
        var last: UInt8? = nil
        for piece in pieces.dropLast() {
            last = piece.last ?? last
            if let last, last != UInt8(ascii: "\n") { return nil }
        }
        return pieces
    }

    /// The HTML writer with the chosen options (the tag filter as the `tagfilter` extension says).
    var htmlWriter: HTMLWriter {
        var html = htmlOptions
        html.tagFilter = options.extensions.contains(.tagfilter)
        return HTMLWriter(options: html)
    }

    /// ``options`` for this conversion: the source is kept for source-preserving writes only when
    /// the output is Markdown (the copy and its map cost memory and time no other output uses),
    /// and links get no Foundation `URL` when the output is HTML (which writes `href` and `src`
    /// from the destination as written).
    var parsingOptions: MarkdownParsingOptions {
        var options = options
        options.recordsSource = format == .markdown
        options.resolvesLinkURLs = format != .html
        return options
    }

    /// Writes what `produce` makes to `-o`'s file or standard output. The output file is made
    /// first, so an output that cannot be written fails before any work, and is discarded when
    /// `produce` throws: nothing half-made is ever left.
    /// - Throws: What `produce` throws; file errors of the output.
    func writeOutput(_ produce: () throws -> Data) throws -> ExitStatus {
        try writePieces { [try produce()] }
    }

    /// Writes what `produce` makes, pieces one after another, as ``writeOutput(_:)`` writes one.
    /// - Throws: What `produce` throws; file errors of the output.
    func writePieces(_ produce: () throws -> [Data]) throws -> ExitStatus {
        let outputFile = try outputPath.flatMap { $0 == "-" ? nil : try OutputFile(path: $0) }
        let pieces: [Data]
        do {
            pieces = try produce()
        } catch {
            outputFile?.discard()
            throw error
        }
        if let outputFile {
            try outputFile.commit(pieces)
        } else {
            for piece in pieces { IntentMarkCommand.write(piece, to: .standardOutput) }
        }
        return .success
    }

    /// `data`, read from `path` (`-`: standard input), parsed; invalid UTF-8 is named by the
    /// input that holds it.
    /// - Throws: ``IntentMarkError/unreadableFile(path:reason:)`` for invalid UTF-8, the parser's
    ///   other errors as they are.
    static func parse(_ data: Data, from path: String, options: MarkdownParsingOptions) throws -> IntentDocument {
        do {
            return try IntentDocument(markdown: data, options: options)
        } catch IntentMarkError.invalidUTF8(let offset) {
            throw notUTF8(path, offset: offset)
        }
    }

    /// The error for invalid UTF-8 at byte `offset` of the input at `path` (`-`: standard input).
    static func notUTF8(_ path: String, offset: Int) -> IntentMarkError {
        .unreadableFile(
            path: path == "-" ? "standard input" : path,
            reason: "not valid UTF-8 (first invalid byte at offset \(offset); --repair-utf8 replaces it)")
    }

    /// Reads the input: the embedded document, the input files (Markdown, or the JSON form with
    /// `-f json`) or standard input.
    /// - Throws: ``IntentMarkError`` when the input cannot be read or parsed.
    func readDocument() throws -> IntentDocument {
        let document: IntentDocument
        if embeddedDefault {
            document = try IntentDocument(markdown: EmbeddedDocument.data, options: parsingOptions)
        } else if readsJSON {
            var joined = IntentDocument()
            for path in inputPaths.isEmpty ? ["-"] : inputPaths {
                let data = path == "-" ? try Self.readStandardInput() : try readInput(at: path, maximumBytes: .max)
                let next = try IntentDocument(jsonData: data)
                joined.append(joined.runCount == 0 ? next : next.renumbered(above: joined.largestIdentity))
            }
            document = joined
        } else if inputPaths.count == 1, let path = inputPaths.first, path != "-" {
            let data = try readInput(at: path, maximumBytes: parsingOptions.limits.maximumInputBytes)
            document = try Self.parse(data, from: path, options: parsingOptions)
        } else if inputPaths.count > 1 {
            // As pandoc: the files joined by a blank line, read as one document; relative links
            // stay as written unless --base-url is given.
            var data = Data()
            var starts: [(path: String, offset: Int)] = []
            for (index, path) in inputPaths.enumerated() {
                if index > 0 { data.append(contentsOf: Array("\n\n".utf8)) }
                starts.append((path, data.count))
                let limit = parsingOptions.limits.maximumInputBytes
                data.append(path == "-" ? try Self.readStandardInput(maximumBytes: limit) : try readInput(at: path, maximumBytes: limit))
            }
            do {
                document = try IntentDocument(markdown: data, options: parsingOptions)
            } catch IntentMarkError.invalidUTF8(let offset) {
                // Named by the file that holds the byte, at its offset there (not in the joined text).
                guard let file = starts.last(where: { $0.offset <= offset }) else { throw IntentMarkError.invalidUTF8(byteOffset: offset) }
                throw Self.notUTF8(file.path, offset: offset - file.offset)
            }
        } else {
            document = try Self.parse(
                Self.readStandardInput(maximumBytes: parsingOptions.limits.maximumInputBytes), from: "-", options: parsingOptions)
        }
        return document
    }

    /// The bytes of the input file at `path` (see ``IntentDocument/readFile(at:maximumBytes:regularFileOnly:)``;
    /// a regular file only when ``inputsMustBeRegularFiles``).
    /// - Throws: As `readFile`.
    private func readInput(at path: String, maximumBytes: Int) throws -> Data {
        try IntentDocument.readFile(
            at: URL(fileURLWithPath: path, isDirectory: false), maximumBytes: maximumBytes, regularFileOnly: inputsMustBeRegularFiles)
    }

    /// The bytes of `document` in the chosen format, with the chosen options.
    /// - Throws: ``IntentMarkError`` when the JSON form cannot be encoded.
    func output(of document: IntentDocument) throws -> Data {
        let output: Data
        let written = resultOptions.map { document.lowered(to: $0, styleSheet: styleSheet, plainTextOptions: plainTextOptions) } ?? document
        switch format {
        case .json: output = try written.jsonData()
        case .runs: output = Data(written.runDump().utf8)
        case .plain: output = Data((document.plainText(options: plainTextOptions) + "\n").utf8)
        case .html:
            output = htmlWriter.writeData(document)
        case .markdown:
            output = written.markdown(options: MarkdownWritingOptions(preservesSource: !reformats)).data(using: .utf8) ?? Data()
        case .terminal:
            let toFile = outputPath.map { $0 != "-" } ?? false
            output = Data(TerminalRenderer(options: terminal.renderingOptions(writingToFile: toFile)).render(document).utf8)
        case .rtf:
            output = RTFWriter(options: RTFWritingOptions(styleSheet: styleSheet, plainTextOptions: plainTextOptions)).writeData(document)
        }
        return output
    }

    /// All of standard input, up to `maximumBytes` (a parse's `maximumInputBytes`: more is refused
    /// as it arrives, so `intentmark < /dev/zero` fails instead of filling memory).
    /// - Throws: ``IntentMarkError/unreadableFile(path:reason:)`` (path `-`) when it cannot be
    ///   read — a directory redirected to it (`intentmark < /tmp`), a closed descriptor;
    ///   ``IntentMarkError/limitExceeded(limit:maximum:found:)`` past `maximumBytes`.
    static func readStandardInput(maximumBytes: Int = .max) throws -> Data {
        try IntentDocument.readAll(from: STDIN_FILENO, size: nil, maximumBytes: maximumBytes, path: "-")
    }
}

extension ConvertCommand: Subcommand {
    static var helpText: String { HelpText.convert }
}
