internal import CCmarkGFM
internal import CmarkInlinePass
import Dispatch
import Foundation
import IntentModel

/// A large document parsed in pieces on several threads, into the document one parse makes.
///
/// 1. **Cut** (``PieceCuts``): at lines that start with a letter after a blank line, about
///    ``piecesPerThread`` pieces per thread.
/// 2. **Measure and feed** every piece, on every thread: its ``InputShape`` (a piece whose shape
///    alone passes a limit is not parsed), then to a parser of its own (libcmark-gfm's block
///    pass, which reads the link reference definitions). The pieces' shapes combine into the
///    whole input's exactly, which is checked against the limits before anything else.
/// 3. **Check and share**, on the calling thread: a piece whose innermost open block a fresh
///    line would not close (a fenced code block or HTML block running on, a paragraph) takes the
///    next piece in; a document with a footnote definition is parsed in one piece after all
///    (libcmark-gfm numbers footnotes and moves their definitions across the whole document);
///    then every parser is given every definition (`intentmark_share_references`, copied
///    into ``SharedReferences``), the last one's unfinished paragraph read first by a parser of
///    its own (its last line first read as ended, when the input does not end one; and the
///    document parsed in one piece when that paragraph's lines, read apart, might make a table
///    or a setext heading).
/// 4. **Finish and convert** on every thread: the thread that claims a piece runs its inline pass
///    and converts it at once (``ConvertedPiece``), and the calling thread joins the converted
///    pieces in order into one ``IntentModel/IntentDocument``
///    (`IntentDocumentBuilder.append(contentsOf:blockIdentityOffset:spanIdentityOffset:)`), and
///    claims pieces itself whenever the next one is not ready.
///
/// The result equals one parse's (`==`, identities, source positions, the source map and the
/// JSON form byte for byte); the tests check it on the spec examples, the real-world document,
/// every fixture and random concatenations.
enum ParallelParse {
    /// Pieces per thread: more pieces balance the threads' work better, fewer cost less in
    /// parsers and in pieces joined to their neighbours. The smallest input parsed in pieces
    /// and the smallest piece are the options' (`minimumBytesInPieces`, 512 KiB, and
    /// `minimumPieceBytes`, 64 KiB).
    static let piecesPerThread = 8

    /// The document of `bytes` (the prepared source, unchanged from the user's: no rewrites, full
    /// syntax) parsed in pieces on at most ``MarkdownParsingOptions/maximumParsingThreads``
    /// threads; `nil` when it is to be parsed in one piece (under the size threshold, one thread,
    /// fewer than two pieces, or a footnote definition).
    /// - Parameters:
    ///   - frontMatter: The range of the front matter (blanked in `bytes`), for the source map.
    ///   - checkingShape: Whether `bytes` is to be checked against the limits' ``InputShape``
    ///     here (in pieces when it is cut, else whole), before any of it is parsed; done even when
    ///     the result is `nil`.
    /// - Throws: ``IntentModel/IntentMarkError/limitExceeded(limit:maximum:found:)`` as one parse
    ///   does, when `checkingShape`; ``IntentModel/IntentMarkError/parserUnavailable(reason:)`` as
    ///   one parse does.
    static func document(
        of bytes: UnsafeBufferPointer<UInt8>, source: PreparedSource, original: UnsafeBufferPointer<UInt8>,
        options: MarkdownParsingOptions, frontMatter: Range<Int>?, checkingShape: Bool
    ) throws -> IntentDocument? {
        guard let (pieces, references, threads) = try pieces(of: bytes, options: options, checkingShape: checkingShape) else {
            return nil
        }
        // The shared definitions are read by every parser: kept until all have finished.
        return try withExtendedLifetime(references) {
            try converted(
                pieces, bytes: bytes, source: source, original: original, options: options, threads: threads, frontMatter: frontMatter)
        }
    }

    /// `bytes` parsed as ``document(of:source:original:options:frontMatter:checkingShape:)``
    /// parses it, each piece's own document handed to `transform` instead of being joined
    /// (``transformed(_:bytes:source:options:threads:transform:)``); `nil` when it is to be parsed
    /// in one piece.
    /// - Throws: As ``document(of:source:original:options:frontMatter:checkingShape:)``.
    static func transformedPieces<Output>(
        of bytes: UnsafeBufferPointer<UInt8>, source: PreparedSource, options: MarkdownParsingOptions, checkingShape: Bool,
        transform: @escaping @Sendable (IntentDocument) -> Output
    ) throws -> [Output]? {
        guard let (pieces, references, threads) = try pieces(of: bytes, options: options, checkingShape: checkingShape) else {
            return nil
        }
        return try withExtendedLifetime(references) {
            try transformed(pieces, bytes: bytes, source: source, options: options, threads: threads, transform: transform)
        }
    }

    /// Whether a parse of `source` with `options` may be cut into pieces, and its shape then
    /// measured piece by piece (``document(of:source:original:options:frontMatter:checkingShape:)``
    /// with `checkingShape`): full syntax without rewrites, large enough, more than one thread
    /// allowed, and too small to reach libcmark-gfm's buffer ceiling (whose error comes first
    /// in one parse). Looks only at the options and the size.
    static func mayMeasureShapeInPieces(of source: UnsafeBufferPointer<UInt8>, options: MarkdownParsingOptions) -> Bool {
        options.interpretedSyntax == .full && !options.allowsExtendedAttributes && options.maximumParsingThreads != 1
            && source.count >= options.minimumBytesInPieces && source.count <= CmarkBufferCeiling.maximumExpandedBytes / 4
    }

    /// How many pieces `markdown` is parsed in with `options` (1: in one piece), for tests.
    static func pieceCount(of markdown: String, options: MarkdownParsingOptions) throws -> Int {
        var markdown = markdown
        return try markdown.withUTF8 { try pieces(of: $0, options: options, checkingShape: false)?.pieces.count ?? 1 }
    }

    /// The shape of `bytes` measured in pieces as a parallel parse measures it, for tests.
    static func shapeInPieces(of markdown: String, options: MarkdownParsingOptions) -> InputShape? {
        var markdown = markdown
        return markdown.withUTF8 { bytes in
            cutRanges(of: bytes, threads: options.parsingThreads, options: options)?.ranges.reduce(InputShape()) {
                $0.followed(by: InputShape(scanning: UnsafeBufferPointer(rebasing: bytes[$1])))
            }
        }
    }

    /// The byte ranges `bytes` is cut into for `threads` threads (``PieceCuts``), with the line
    /// endings before each; `nil` when there is no cut.
    private static func cutRanges(
        of bytes: UnsafeBufferPointer<UInt8>, threads: Int, options: MarkdownParsingOptions
    ) -> (ranges: [Range<Int>], linesBefore: [Int])? {
        let spacing = max(options.minimumPieceBytes, bytes.count / (threads * piecesPerThread))
        let cuts = PieceCuts(in: bytes, spacing: spacing)
        guard !cuts.offsets.isEmpty else { return nil }
        let bounds = [0] + cuts.offsets + [bytes.count]
        return (zip(bounds, bounds.dropFirst()).map { $0..<$1 }, [0] + cuts.linesBefore)
    }

    /// `bytes` cut, fed and checked (steps 1 to 3), with the definitions the parsers share and
    /// the threads to finish them on; `nil` when it is to be parsed in one piece. The size is
    /// looked at first: finding the active cores costs system calls, which a small parse skips.
    private static func pieces(
        of bytes: UnsafeBufferPointer<UInt8>, options: MarkdownParsingOptions, checkingShape: Bool
    ) throws -> (pieces: [Piece], references: SharedReferences, threads: Int)? {
        /// The check of one parse, for an input parsed in one piece after all.
        func wholeShapeChecked() throws -> (pieces: [Piece], references: SharedReferences, threads: Int)? {
            if checkingShape { try InputShape(scanning: bytes).check(against: options.limits) }
            return nil
        }
        guard bytes.count >= options.minimumBytesInPieces else { return try wholeShapeChecked() }
        let threads = options.parsingThreads
        guard threads > 1 else { return try wholeShapeChecked() }
        // The other threads start now, while this one cuts the input and makes the parsers.
        let workers = EarlyWorkers(count: threads - 1)
        defer { workers.cancel() }
        guard let (ranges, linesBefore) = cutRanges(of: bytes, threads: threads, options: options) else {
            return try wholeShapeChecked()
        }
        let feeds = try fed(
            ranges.map { UnsafeBufferPointer(rebasing: bytes[$0]) }, options: options, workers: workers, measuringShape: checkingShape)
        guard
            let (pieces, references) = try checked(feeds, ranges: ranges, linesBefore: linesBefore, bytes: bytes, options: options)
        else { return nil }
        return (pieces, references, threads)
    }

    /// A piece after the check: its parser, its bytes and the lines before it.
    struct Piece {
        var feed: CmarkFeed
        var range: Range<Int>
        var linesBefore: Int
    }

    /// Parsers fed with `pieces`, one each, on this thread and `workers`; when `measuringShape`,
    /// each piece's shape is measured first (a piece whose own shape passes a limit is not fed),
    /// and the whole input's, combined from the pieces', is checked.
    /// - Throws: ``IntentModel/IntentMarkError/limitExceeded(limit:maximum:found:)`` with the
    ///   whole input's figure, as one parse throws it; libcmark-gfm's allocation failures.
    private static func fed(
        _ pieces: [UnsafeBufferPointer<UInt8>], options: MarkdownParsingOptions, workers: EarlyWorkers, measuringShape: Bool
    ) throws -> [CmarkFeed] {
        let shared = Pieces(feeds: try pieces.map { _ in try CmarkFeed(options: options) }, bytes: pieces)
        let board = WorkBoard(count: pieces.count)
        let footnotes = options.extensions.contains(.footnotes)
        let work = { @Sendable in
            while let index = board.claim() {
                if measuringShape {
                    let shape = InputShape(scanning: shared.bytes[index])
                    shared.shapes[index] = shape
                    guard (try? shape.check(against: options.limits)) != nil else { continue }
                }
                shared.feeds[index].feed(shared.bytes[index])
                if footnotes { shared.feeds[index].checkFootnoteDefinitions() }
            }
        }
        workers.start(work)
        work()
        workers.wait()
        guard measuringShape else { return shared.feeds }
        let shape = shared.shapes.reduce(InputShape()) { $0.followed(by: $1) }
        try shape.check(against: options.limits)
        // A piece left unfed passed a limit alone, so the whole did too (its measures only grow
        // as pieces are added): never reached, but a parser left unfed must not be finished.
        for piece in shared.shapes { try piece.check(against: options.limits) }
        return shared.feeds
    }

    /// Parsers, the bytes each is fed and the shapes measured, shared by the threads that feed
    /// them: each parser and shape is written by the one thread that claims its index (and read
    /// after every thread is done), and the bytes are only read.
    private final class Pieces: @unchecked Sendable {
        let feeds: [CmarkFeed]
        let bytes: [UnsafeBufferPointer<UInt8>]
        let shapes: UnsafeMutableBufferPointer<InputShape>

        init(feeds: [CmarkFeed], bytes: [UnsafeBufferPointer<UInt8>]) {
            self.feeds = feeds
            self.bytes = bytes
            shapes = .allocate(capacity: bytes.count)
            shapes.initialize(repeating: InputShape())
        }

        deinit { shapes.deallocate() }
    }

    /// Whether the lines of an open paragraph's content, read apart at the top level, might be
    /// read as something else than one paragraph: a line with `|` (with the line before it, a
    /// table's header and delimiter rows) or a line after the first whose first character after
    /// spaces is `=` (a setext underline). Inside a container, such a line joins the paragraph as
    /// a lazy continuation, where neither is read.
    static func mayReadOtherwiseApart(_ content: [UInt8]) -> Bool {
        var lineStart = true
        var isFirstLine = true
        for byte in content {
            if byte == UInt8(ascii: "|") { return true }
            if byte == 0x0A || byte == 0x0D {
                lineStart = true
                isFirstLine = false
            } else if byte != 0x20, byte != 0x09 {
                if lineStart, !isFirstLine, byte == UInt8(ascii: "=") { return true }
                lineStart = false
            }
        }
        return false
    }

    /// The pieces as they parse: each one whose innermost open block the next piece's first line
    /// would not close takes that piece in (fed to its parser after it), and the definitions are
    /// shared; `nil` when the document is to be parsed in one piece.
    private static func checked(
        _ feeds: [CmarkFeed], ranges: [Range<Int>], linesBefore: [Int], bytes: UnsafeBufferPointer<UInt8>,
        options: MarkdownParsingOptions
    ) throws -> (pieces: [Piece], references: SharedReferences)? {
        var pieces: [Piece] = []
        var index = 0
        while index < feeds.count {
            var piece = Piece(feed: feeds[index], range: ranges[index], linesBefore: linesBefore[index])
            var joined = false
            while index + 1 < feeds.count, let parser = piece.feed.parser, intentmark_parser_open_block(parser) != 0 {
                index += 1
                piece.feed.feed(UnsafeBufferPointer(rebasing: bytes[ranges[index]]))
                piece.range = piece.range.lowerBound..<ranges[index].upperBound
                joined = true
            }
            if joined, options.extensions.contains(.footnotes) { piece.feed.checkFootnoteDefinitions() }
            pieces.append(piece)
            index += 1
        }
        guard pieces.count > 1 else { return nil }
        var parsers: [OpaquePointer?] = pieces.map { $0.feed.parser }
        if pieces.contains(where: { $0.feed.holdsFootnoteDefinition }) || parsers.contains(nil) { return nil }
        // A last line without a line ending waits in libcmark-gfm's line buffer until the parser
        // finishes, which then reads it as ended by one: read it now, ended by one, so that the
        // definitions it may hold are seen below (the tree is the same).
        if let lastByte = bytes.last, lastByte != 0x0A, lastByte != 0x0D, let last = pieces.last {
            [UInt8(0x0A)].withUnsafeBufferPointer { last.feed.feed($0) }
        }
        // The definitions the last piece reads when it finishes (its open paragraph's), read now
        // by a parser of their own for the other pieces.
        var late: CmarkFeed? = nil
        if let last = parsers.last, let last {
            var length = 0
            if let content = intentmark_parser_open_paragraph_definitions(last, &length) {
                let definitions = [UInt8](UnsafeBufferPointer<UInt8>(start: content, count: length))
                // Read apart, the paragraph's lines are read as at the top level: a line that is
                // text only as a lazy continuation in a container (a table's delimiter row, a
                // setext underline) would be read otherwise; then the document is parsed whole.
                guard !Self.mayReadOtherwiseApart(definitions) else { return nil }
                let probe = try CmarkFeed(options: options)
                (definitions + [0x0A, 0x0A]).withUnsafeBufferPointer { probe.feed($0) }
                late = probe
            }
        }
        var shared = false
        let references = SharedReferences(
            parsers.withUnsafeMutableBufferPointer { buffer in
                intentmark_share_references(buffer.baseAddress, buffer.count, late?.parser, &shared)
            })
        return shared ? (pieces, references) : nil
    }
}
