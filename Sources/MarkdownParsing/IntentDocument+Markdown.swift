import Foundation
public import IntentModel

extension IntentDocument {
    /// Parses Markdown text into an intent document.
    ///
    /// Mirrors `AttributedString(markdown:options:baseURL:)`.
    ///
    /// ```swift
    /// let document = try IntentDocument(markdown: "# Title\n\n- one\n- two\n")
    /// print(document.runDump())
    /// ```
    /// - Parameters:
    ///   - markdown: The Markdown source.
    ///   - options: Parsing options.
    ///   - baseURL: Resolves relative links and images; when non-nil it replaces `options.baseURL`.
    /// - Throws: ``IntentModel/IntentMarkError/limitExceeded(limit:maximum:found:)`` when the input
    ///   exceeds `options.limits`; ``IntentModel/IntentMarkError/parserUnavailable(reason:)`` when
    ///   libcmark-gfm cannot allocate.
    public init(markdown: String, options: MarkdownParsingOptions = .default, baseURL: URL? = nil) throws {
        self = try MarkdownParser(options: options, baseURL: baseURL).parse(markdown)
    }

    /// Parses Markdown bytes (UTF-8; a leading byte-order mark is skipped) into an intent document.
    ///
    /// Mirrors `AttributedString(markdown: Data, options:baseURL:)`.
    /// - Parameters:
    ///   - markdown: UTF-8 bytes.
    ///   - options: Parsing options; `failurePolicy` decides what invalid UTF-8 does.
    ///   - baseURL: Resolves relative links and images; when non-nil it replaces `options.baseURL`.
    /// - Throws: ``IntentModel/IntentMarkError/invalidUTF8(byteOffset:)`` for invalid UTF-8 under
    ///   `.throwError`; the errors of ``init(markdown:options:baseURL:)-(String,_,_)``.
    public init(markdown: Data, options: MarkdownParsingOptions = .default, baseURL: URL? = nil) throws {
        self = try MarkdownParser(options: options, baseURL: baseURL).parse(markdown)
    }

    /// Reads and parses a Markdown file.
    ///
    /// Mirrors `AttributedString(contentsOf:options:baseURL:)`, except that relative links resolve
    /// only against a base the caller gives (`baseURL`, else `options.baseURL`): without one they
    /// stay as written (`#intro`, `docs/a.md`), so no output carries the input file's absolute
    /// path (Apple's resolves against the file's own URL).
    /// - Parameters:
    ///   - url: A file URL.
    ///   - options: Parsing options.
    ///   - baseURL: Resolves relative links and images.
    /// - Throws: ``IntentModel/IntentMarkError/unreadableFile(path:reason:)`` when the file cannot be
    ///   read; the errors of ``init(markdown:options:baseURL:)-(Data,_,_)``.
    public init(contentsOf url: URL, options: MarkdownParsingOptions = .default, baseURL: URL? = nil) throws {
        let data = try Self.readFile(at: url)
        self = try MarkdownParser(options: options, baseURL: baseURL ?? options.baseURL).parse(data)
    }

    /// The bytes of the file at `url`, as ``init(contentsOf:options:baseURL:)`` reads them (the
    /// command-line tool reads its other files the same way): a file that is not a regular file
    /// (a pipe, a terminal, a device) is read to its end.
    /// - Throws: ``IntentModel/IntentMarkError/unreadableFile(path:reason:)`` with a short reason
    ///   ("is a directory", "no such file", "permission denied", …).
    package static func readFile(at url: URL) throws -> Data {
        // One `stat` (following links) tells a directory, and a pipe, a terminal or a device
        // (`/dev/stdin`, a shell's `<(…)`), which has no size to read up to: it is read to its end.
        var status = stat()
        let found = stat(url.path, &status) == 0
        if found, status.st_mode & S_IFMT == S_IFDIR {
            throw IntentMarkError.unreadableFile(path: url.path, reason: "is a directory")
        }
        do {
            if found, status.st_mode & S_IFMT != S_IFREG {
                let handle = try FileHandle(forReadingFrom: url)
                defer { try? handle.close() }
                return try handle.readToEnd() ?? Data()
            }
            return try Data(contentsOf: url)
        } catch {
            throw IntentMarkError.unreadableFile(path: url.path, reason: Self.reason(error))
        }
    }

    private static func reason(_ error: any Error) -> String {
        let nsError = error as NSError
        if let underlying = nsError.userInfo[NSUnderlyingErrorKey] as? NSError,
            nsError.domain == NSCocoaErrorDomain, underlying.domain == NSPOSIXErrorDomain,
            let code = POSIXErrorCode(rawValue: Int32(underlying.code))
        {
            return String(cString: strerror(code.rawValue))
        }
        switch nsError.code {
        case NSFileReadNoSuchFileError: return "no such file"
        case NSFileReadNoPermissionError: return "permission denied"
        default: return nsError.localizedDescription
        }
    }
}
