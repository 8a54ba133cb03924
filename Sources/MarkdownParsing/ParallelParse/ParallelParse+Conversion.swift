import Dispatch
import Foundation
import IntentModel

extension ParallelParse {
    /// `pieces` finished on at most `threads` threads while the calling thread converts them in
    /// order (and finishes pieces itself whenever the next one is not ready), into one document
    /// with the source map of `original`.
    static func converted(
        _ pieces: [Piece], bytes: UnsafeBufferPointer<UInt8>, source: PreparedSource, original: UnsafeBufferPointer<UInt8>,
        options: MarkdownParsingOptions, threads: Int, frontMatter: Range<Int>?
    ) throws -> IntentDocument {
        let board = FinishBoard(feeds: pieces.map(\.feed))
        let group = DispatchGroup()
        for _ in 1..<min(threads, pieces.count) {
            DispatchQueue.global().async(group: group) { while board.finishNext() {} }
        }
        // Every parser reads definitions the others hold: none is freed before all are finished.
        defer { group.wait() }
        var converter = IntentTreeConverter(options: options, source: source)
        var nodes: [MarkdownSourceMapBuilder.TopLevelNode] = []
        var trees: [CmarkTree] = []
        trees.reserveCapacity(pieces.count)
        for (index, piece) in pieces.enumerated() {
            while !board.isFinished(index), board.finishNext() {}
            let tree = try board.tree(index)
            trees.append(tree)
            let alerts =
                options.recognizesGitHubAlerts
                ? GitHubAlertScanner.liftMarkers(in: tree, bytes: UnsafeBufferPointer(rebasing: bytes[piece.range])) : [:]
            converter.append(tree, alerts: alerts, lineOffset: piece.linesBefore)
            if options.recordsSource { nodes += MarkdownSourceMapBuilder.topLevelNodes(of: tree, lineOffset: piece.linesBefore) }
        }
        var document = converter.finish()
        if options.recordsSource {
            document.markdownSource = MarkdownSourceMapBuilder.map(
                nodes: nodes, bytes: original, document: document, marks: converter.topLevelMarks,
                totals: (converter.totalBytes, converter.totalRuns), frontMatter: frontMatter)
        }
        group.wait()
        return withExtendedLifetime(trees) { document }
    }
}
