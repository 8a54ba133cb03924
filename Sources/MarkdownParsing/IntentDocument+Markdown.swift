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
    ///   read; ``IntentModel/IntentMarkError/limitExceeded(limit:maximum:found:)`` for
    ///   `maximumInputBytes` as soon as the file is known to be larger (before reading a regular
    ///   file, as the bytes arrive from a pipe or device); the errors of
    ///   ``init(markdown:options:baseURL:)-(Data,_,_)``.
    public init(contentsOf url: URL, options: MarkdownParsingOptions = .default, baseURL: URL? = nil) throws {
        let data = try Self.readFile(at: url, maximumBytes: options.limits.maximumInputBytes)
        self = try MarkdownParser(options: options, baseURL: baseURL ?? options.baseURL).parse(data)
    }

    /// The bytes of the file at `url`, as ``init(contentsOf:options:baseURL:)`` reads them (the
    /// command-line tool reads its other files the same way): a file that is not a regular file
    /// (a pipe, a terminal, a device) is read to its end, unless `regularFileOnly`.
    /// - Parameters:
    ///   - maximumBytes: The most bytes to read (a parse's `maximumInputBytes`): a larger file
    ///     is refused, a regular one before it is read, a pipe or device once more has arrived
    ///     (`/dev/zero` would otherwise fill memory).
    ///   - regularFileOnly: Refuses anything but a regular file, without waiting: the file is
    ///     opened non-blocking, so that a pipe without a writer, met where a file was expected (a
    ///     folder conversion), fails at once instead of hanging.
    /// - Throws: ``IntentModel/IntentMarkError/unreadableFile(path:reason:)`` with a short reason
    ///   ("is a directory", "is not a regular file", "no such file", "permission denied", …);
    ///   ``IntentModel/IntentMarkError/limitExceeded(limit:maximum:found:)`` for `maximumInputBytes`.
    package static func readFile(at url: URL, maximumBytes: Int = .max, regularFileOnly: Bool = false) throws -> Data {
        // open, fstat, read, close: one system call each (Foundation's `Data(contentsOf:)` makes
        // several more, a cost a folder of small files feels). The `fstat` tells a directory, and
        // a pipe, a terminal or a device (`/dev/stdin`, a shell's `<(…)`), which has no size to
        // read up to: it is read to its end. The first open does not block (a pipe without a
        // writer would hold it); a pipe or device to be read is opened again, blocking, as a
        // reader waiting for its writer expects.
        let path = url.path
        func failure(_ code: Int32) -> IntentMarkError { .unreadableFile(path: path, reason: Self.reason(code)) }
        var descriptor = open(path, O_RDONLY | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { throw failure(errno) }
        defer { close(descriptor) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else { throw failure(errno) }
        let type = status.st_mode & S_IFMT
        guard type != S_IFDIR else { throw failure(EISDIR) }
        if type == S_IFREG {
            let size = max(Int(status.st_size), 0)
            guard size <= maximumBytes else {
                throw IntentMarkError.limitExceeded(limit: "maximumInputBytes", maximum: maximumBytes, found: size)
            }
            return try readAll(from: descriptor, size: size, maximumBytes: maximumBytes, path: path)
        }
        guard !regularFileOnly else {
            throw IntentMarkError.unreadableFile(path: path, reason: "is not a regular file (a pipe, socket or device)")
        }
        close(descriptor)
        descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(errno) }
        return try readAll(from: descriptor, size: nil, maximumBytes: maximumBytes, path: path)
    }

    /// Every byte `descriptor` gives: `size` of them (a regular file's size: one `read`, and no
    /// more even if the file grew), or, with no size, until the end (a pipe, a device, standard
    /// input).
    /// - Throws: ``IntentModel/IntentMarkError/unreadableFile(path:reason:)`` naming `path` when a
    ///   read fails; ``IntentModel/IntentMarkError/limitExceeded(limit:maximum:found:)`` for
    ///   `maximumInputBytes` once more than `maximumBytes` have arrived (`found` is then the limit
    ///   plus one: reading stops at the first byte too many).
    package static func readAll(from descriptor: Int32, size: Int?, maximumBytes: Int = .max, path: String) throws -> Data {
        // Never more room than one byte past the limit: that byte is enough to refuse the input.
        let ceiling = maximumBytes == .max ? Int.max : maximumBytes + 1
        var capacity = max(min(size ?? 65_536, ceiling), 1)
        guard var buffer = malloc(capacity) else { throw IntentMarkError.unreadableFile(path: path, reason: Self.reason(ENOMEM)) }
        var count = 0
        while size.map({ count < $0 }) ?? true {
            if count == capacity {
                capacity = capacity > ceiling / 2 ? ceiling : capacity * 2
                guard let grown = realloc(buffer, capacity) else {
                    free(buffer)
                    throw IntentMarkError.unreadableFile(path: path, reason: Self.reason(ENOMEM))
                }
                buffer = grown
            }
            let got = read(descriptor, buffer + count, capacity - count)
            if got < 0, errno == EINTR { continue }
            guard got >= 0 else {
                let code = errno
                free(buffer)
                throw IntentMarkError.unreadableFile(path: path, reason: Self.reason(code))
            }
            if got == 0 { break }
            count += got
            if count > maximumBytes {
                free(buffer)
                throw IntentMarkError.limitExceeded(limit: "maximumInputBytes", maximum: maximumBytes, found: count)
            }
        }
        return Data(bytesNoCopy: buffer, count: count, deallocator: .free)
    }

    /// The short reason for a system error code: "no such file", "permission denied", "is a
    /// directory", else the system's text, lowercased ("input/output error").
    package static func reason(_ code: Int32) -> String {
        switch code {
        case ENOENT, ENOTDIR: return "no such file"
        case EACCES, EPERM: return "permission denied"
        case EISDIR: return "is a directory"
        default:
            let text = String(cString: strerror(code))
            return text.prefix(1).lowercased() + text.dropFirst()
        }
    }
}
