import Dispatch
import Foundation
import IntentModel

extension ParallelParse {
    /// `pieces` finished and converted on at most `threads` threads, each piece by the thread
    /// that claims it right after finishing it (its nodes still in that core's cache), while the
    /// calling thread joins the converted pieces in order (and claims pieces itself whenever the
    /// next one is not ready) into one document, with the source map of `original`.
    static func converted(
        _ pieces: [Piece], bytes: UnsafeBufferPointer<UInt8>, source: PreparedSource, original: UnsafeBufferPointer<UInt8>,
        options: MarkdownParsingOptions, threads: Int, frontMatter: Range<Int>?
    ) throws -> IntentDocument {
        let context = Context(pieces: pieces, bytes: bytes, source: source, options: options)
        let board = PieceBoard(count: pieces.count) { try context.convert($0) }
        // Read by the thread that copies it, before this function returns (the group is waited for).
        nonisolated(unsafe) let original = original
        let copy = options.recordsSource ? IdleThreadJob { MarkdownSourceMapBuilder.SourceCopy(of: original) } : nil
        let group = DispatchGroup()
        for _ in 1..<min(threads, pieces.count) {
            DispatchQueue.global().async(group: group) {
                while board.processNext() {}
                copy?.runIfUnclaimed()
            }
        }
        // Every parser reads definitions the others hold: none is freed before all are finished.
        defer { group.wait() }
        var builder = IntentDocumentBuilder(expectedBytes: bytes.count + bytes.count / 8)
        var identities = (blocks: 0, spans: 0)
        var marks: [(identity: Int, bytes: Int, runs: Int)] = []
        var nodes: [MarkdownSourceMapBuilder.TopLevelNode] = []
        for index in pieces.indices {
            while !board.isDone(index), board.processNext() {}
            let piece = try board.take(index)
            let (byteBase, runBase) = (builder.byteCount, builder.runCount)
            marks += piece.topLevelMarks.map { ($0.identity + identities.blocks, $0.bytes + byteBase, $0.runs + runBase) }
            nodes += piece.nodes
            builder.append(contentsOf: piece.builder, blockIdentityOffset: identities.blocks, spanIdentityOffset: identities.spans)
            identities = (identities.blocks + piece.blockIdentities, identities.spans + piece.spanIdentities)
        }
        let totals = (builder.byteCount, builder.runCount)
        // The source map is made from the block table on another thread while this one makes the
        // text (validated), unless the text is repaired after all (then from the document).
        let mapJob = copy.map { copy in
            let (nodes, marks, blocks) = (nodes, marks, builder.blockTable())
            let job = IdleThreadJob {
                MarkdownSourceMapBuilder.map(
                    nodes: nodes, source: copy.result(), blocksOf: blocks, marks: marks, totals: totals, frontMatter: frontMatter)
            }
            DispatchQueue.global().async(group: group) { job.runIfUnclaimed() }
            return job
        }
        var document = builder.finish()
        if let copy, let mapJob {
            document.markdownSource =
                totals == (document.text.utf8.count, document.runCount)
                ? mapJob.result()
                : MarkdownSourceMapBuilder.map(
                    nodes: nodes, source: copy.result(), document: document, marks: marks, totals: totals, frontMatter: frontMatter)
        }
        return document
    }

    /// `pieces` finished and converted on at most `threads` threads, and each piece's own
    /// document (identities from 1, no source map) given to `transform` by the thread that
    /// converted it; the outputs in the pieces' order. The calling thread converts pieces too.
    static func transformed<Output>(
        _ pieces: [Piece], bytes: UnsafeBufferPointer<UInt8>, source: PreparedSource, options: MarkdownParsingOptions,
        threads: Int, transform: @escaping @Sendable (IntentDocument) -> Output
    ) throws -> [Output] {
        var options = options
        options.recordsSource = false
        let context = Context(pieces: pieces, bytes: bytes, source: source, options: options)
        let board = PieceBoard<Output>(count: pieces.count) { transform(try context.convert($0).builder.finish()) }
        let group = DispatchGroup()
        for _ in 1..<min(threads, pieces.count) {
            DispatchQueue.global().async(group: group) { while board.processNext() {} }
        }
        // Every parser reads definitions the others hold: none is freed before all are finished.
        defer { group.wait() }
        while board.processNext() {}
        return try pieces.indices.map { try board.take($0) }
    }

    /// What every thread converting pieces reads: the pieces, the bytes they were cut from, the
    /// prepared source and the options. Only read; each piece's parser is touched by the one
    /// thread that claimed it.
    private struct Context: @unchecked Sendable {
        let pieces: [Piece]
        let bytes: UnsafeBufferPointer<UInt8>
        let source: PreparedSource
        let options: MarkdownParsingOptions

        /// Piece `index` finished (its inline pass) and converted on its own; its tree is freed
        /// on return.
        func convert(_ index: Int) throws -> ConvertedPiece {
            let piece = pieces[index]
            let tree = try CmarkTree(finishing: piece.feed)
            let alerts =
                options.recognizesGitHubAlerts
                ? GitHubAlertScanner.liftMarkers(in: tree, bytes: UnsafeBufferPointer(rebasing: bytes[piece.range])) : [:]
            var converter = IntentTreeConverter(options: options, source: source, expectedBytes: piece.range.count)
            converter.append(tree, alerts: alerts, lineOffset: piece.linesBefore)
            var converted = converter.piece()
            if options.recordsSource { converted.nodes = MarkdownSourceMapBuilder.topLevelNodes(of: tree, lineOffset: piece.linesBefore) }
            return converted
        }
    }
}
