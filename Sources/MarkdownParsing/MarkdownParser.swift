internal import CCmarkGFM
import Foundation
public import IntentModel

/// Parses Markdown into ``IntentModel/IntentDocument``s with libcmark-gfm.
///
/// A value type holding options; parsing is a pure function of the input and the options, and a
/// parser may be used from many threads at once (each parse owns its own libcmark-gfm parser; the
/// extension registry is initialised exactly once per process).
///
/// ```swift
/// let parser = MarkdownParser(options: MarkdownParsingOptions(extensions: [.table]))
/// let document = try parser.parse("| a |\n| - |\n| 1 |\n")
/// ```
public struct MarkdownParser: Sendable {
    // MARK: Stored layout

    /// The options every parse uses.
    public var options: MarkdownParsingOptions

    // MARK: Initialisers

    /// Creates a parser.
    /// - Parameters:
    ///   - options: Parsing options.
    ///   - baseURL: When non-nil, replaces `options.baseURL`.
    public init(options: MarkdownParsingOptions = .default, baseURL: URL? = nil) {
        self.options = options
        if let baseURL { self.options.baseURL = baseURL }
    }

    // MARK: Parsing

    /// Parses Markdown text.
    /// - Parameter markdown: The source.
    /// - Returns: The document.
    /// - Throws: ``IntentModel/IntentMarkError/limitExceeded(limit:maximum:found:)`` when the input
    ///   exceeds `options.limits`; ``IntentModel/IntentMarkError/parserUnavailable(reason:)`` when
    ///   libcmark-gfm cannot allocate.
    public func parse(_ markdown: String) throws -> IntentDocument {
        var markdown = markdown
        return try markdown.withUTF8 { try parse(utf8: $0) }
    }

    /// Parses Markdown bytes.
    /// - Parameter markdown: UTF-8 bytes; a leading byte-order mark is skipped.
    /// - Returns: The document.
    /// - Throws: ``IntentModel/IntentMarkError/invalidUTF8(byteOffset:)`` for invalid UTF-8 under
    ///   `.throwError` (under `.returnPartiallyParsedIfPossible` it is repaired with U+FFFD); the
    ///   errors of ``parse(_:)-(String)``.
    public func parse(_ markdown: Data) throws -> IntentDocument {
        if let offset = UTF8Validation.firstInvalidOffset(in: markdown) {
            switch options.failurePolicy {
            case .throwError:
                throw IntentMarkError.invalidUTF8(byteOffset: offset)
            case .returnPartiallyParsedIfPossible:
                return try parse(String(decoding: markdown, as: UTF8.self))
            }
        }
        return try markdown.withUnsafeBytes { raw in
            try parse(utf8: raw.bindMemory(to: UInt8.self))
        }
    }

    /// Parses Markdown bytes as ``parse(_:)-(Data)`` does and hands the document to `transform`:
    /// a document parsed in pieces (large, on more than one thread: see
    /// ``MarkdownParsingOptions/maximumParsingThreads``) a piece at a time — each piece's own
    /// document (some of the top-level blocks, in order; identities from 1; no source map or
    /// front matter), transformed by the thread that converted it — and any other whole. For
    /// writers whose output of a document is their outputs of its top-level blocks one after
    /// another (the command line's HTML without heading ids): the pieces are never joined into
    /// one document, and each is written while its text is still in that core's cache.
    /// - Parameters:
    ///   - markdown: UTF-8 bytes; a leading byte-order mark is skipped.
    ///   - transform: Called once per piece, on any thread, or once with the whole document.
    /// - Returns: The outputs, in document order.
    /// - Throws: As ``parse(_:)-(Data)``.
    package func parse<Output>(
        _ markdown: Data, transformingPieces transform: @escaping @Sendable (IntentDocument) -> Output
    ) throws -> [Output] {
        if UTF8Validation.firstInvalidOffset(in: markdown) != nil { return [transform(try parse(markdown))] }
        var outputs: [Output]? = nil
        let document = try markdown.withUnsafeBytes { raw in
            try parse(utf8: raw.bindMemory(to: UInt8.self), inPieces: true, inspecting: { _ in () }) { bytes, source, checkingShape in
                outputs = try ParallelParse.transformedPieces(
                    of: bytes, source: source, options: options, checkingShape: checkingShape, transform: transform)
                return outputs != nil
            }.0
        }
        return outputs ?? [transform(document)]
    }

    /// Parses valid UTF-8 bytes.
    func parse(utf8 source: UnsafeBufferPointer<UInt8>) throws -> IntentDocument {
        try parse(utf8: source, inPieces: true) { _ in () }.0
    }

    /// Parses `markdown` and reports the source lines of each top-level block (1-based, first to
    /// last line, as libcmark-gfm gives them), in document order — for incremental re-parsing.
    /// - Throws: As ``parse(_:)-(String)``.
    package func parseReportingTopLevelLines(_ markdown: String) throws -> (IntentDocument, [ClosedRange<Int>]) {
        var markdown = markdown
        return try markdown.withUTF8 { source in
            let (document, lines) = try parse(utf8: source, inPieces: false) { tree in
                var lines: [ClosedRange<Int>] = []
                var child = cmark_node_first_child(tree.root)
                while let node = child {
                    let start = Int(cmark_node_get_start_line(node))
                    lines.append(start...max(start, Int(cmark_node_get_end_line(node))))
                    child = cmark_node_next(node)
                }
                return lines
            }
            return (document, lines ?? [])
        }
    }

    /// Checks the limits, parses with libcmark-gfm, lets `inspect` read the tree, and converts it;
    /// in pieces on several threads when `inPieces` allows and the input is large
    /// (``ParallelParse``), and then `inspect` is not called (`nil`).
    /// - Parameter piecewise: When given (and the input has no front matter), what is tried
    ///   instead of joining pieces into one document: it is given the prepared bytes, the
    ///   prepared source and whether the shape is still to be checked, and returns whether it
    ///   parsed them (in pieces); then the document returned is empty.
    private func parse<Extra>(
        utf8 source: UnsafeBufferPointer<UInt8>, inPieces: Bool, inspecting inspect: (CmarkTree) -> Extra,
        piecewise: ((UnsafeBufferPointer<UInt8>, PreparedSource, Bool) throws -> Bool)? = nil
    ) throws -> (IntentDocument, Extra?) {
        guard source.count <= options.limits.maximumInputBytes else {
            throw IntentMarkError.limitExceeded(
                limit: "maximumInputBytes", maximum: options.limits.maximumInputBytes, found: source.count)
        }
        let frontMatter =
            options.recognizesFrontMatter && options.interpretedSyntax == .full ? FrontMatterScanner.scan(source) : nil
        // A document that will be cut into pieces has its shape measured piece by piece, on every
        // thread, before any piece is parsed (``ParallelParse``); every other one here.
        let measuresShapeInPieces =
            inPieces && frontMatter?.sourceRange == nil && ParallelParse.mayMeasureShapeInPieces(of: source, options: options)
        if !measuresShapeInPieces { try InputShape(scanning: source).check(against: options.limits) }
        if let frontMatter, let range = frontMatter.sourceRange {
            let blanked = FrontMatterScanner.blanking(range, in: Array(source))
            var (document, extra) = try blanked.withUnsafeBufferPointer {
                try convert($0, inPieces: inPieces, inspecting: inspect, original: source, frontMatter: range, checkingShape: false)
            }
            document.frontMatter = frontMatter
            return (document, extra)
        }
        return try convert(
            source, inPieces: inPieces, inspecting: inspect, original: source, frontMatter: nil, checkingShape: measuresShapeInPieces,
            piecewise: piecewise)
    }

    /// Parses `source` with libcmark-gfm, lets `inspect` read the tree, and converts it (in pieces
    /// when `inPieces` allows: see ``parse(utf8:inPieces:inspecting:)``). `source` is checked
    /// against the limits' ``InputShape`` here when `checkingShape` (in pieces when it is parsed
    /// in pieces), else it was before.
    private func convert<Extra>(
        _ source: UnsafeBufferPointer<UInt8>, inPieces: Bool, inspecting inspect: (CmarkTree) -> Extra,
        original: UnsafeBufferPointer<UInt8>, frontMatter: Range<Int>?, checkingShape: Bool,
        piecewise: ((UnsafeBufferPointer<UInt8>, PreparedSource, Bool) throws -> Bool)? = nil
    ) throws -> (IntentDocument, Extra?) {
        let prepared = PreparedSource(source: source, options: options)
        return try prepared.withBytes { bytes in
            // What libcmark-gfm is given (the prepared bytes) must fit its buffers.
            try CmarkBufferCeiling.check(bytes)
            var shapeChecked = !checkingShape
            if inPieces, prepared.isUnchanged, options.interpretedSyntax == .full {
                if let piecewise {
                    if try piecewise(bytes, prepared, checkingShape) { return (IntentDocument(), nil) }
                } else if let document = try ParallelParse.document(
                    of: bytes, source: prepared, original: original, options: options, frontMatter: frontMatter,
                    checkingShape: checkingShape)
                {
                    return (document, nil)
                }
                shapeChecked = true
            }
            if !shapeChecked { try InputShape(scanning: source).check(against: options.limits) }
            let tree = try CmarkTree(parsing: bytes, options: options)
            let extra = inspect(tree)
            let alerts =
                options.recognizesGitHubAlerts && options.interpretedSyntax == .full
                ? GitHubAlertScanner.liftMarkers(in: tree, bytes: bytes) : [:]
            var converter = IntentTreeConverter(options: options, source: prepared, alerts: alerts)
            var document = converter.convert(tree)
            if options.interpretedSyntax == .full, options.recordsSource {
                // The source lines are the same in `original`, `source` and `bytes` (front
                // matter is blanked byte for byte, rewrites of full syntax stay on their lines);
                // the map keeps the original bytes.
                document.markdownSource = MarkdownSourceMapBuilder.map(
                    nodes: MarkdownSourceMapBuilder.topLevelNodes(of: tree), source: MarkdownSourceMapBuilder.SourceCopy(of: original),
                    document: document,
                    marks: converter.topLevelMarks,
                    totals: (converter.totalBytes, converter.totalRuns), frontMatter: frontMatter)
            }
            return (document, extra)
        }
    }
}
