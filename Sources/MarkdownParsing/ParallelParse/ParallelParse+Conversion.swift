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
        let copy = options.recordsSource ? SourceCopyJob(copying: original) : nil
        let group = DispatchGroup()
        for _ in 1..<min(threads, pieces.count) {
            DispatchQueue.global().async(group: group) {
                while board.finishNext() {}
                copy?.runIfUnclaimed()
            }
        }
        // Every parser reads definitions the others hold: none is freed before all are finished.
        defer { group.wait() }
        var converter = IntentTreeConverter(options: options, source: source)
        var nodes: [MarkdownSourceMapBuilder.TopLevelNode] = []
        for (index, piece) in pieces.enumerated() {
            while !board.isFinished(index), board.finishNext() {}
            let tree = try board.take(index)
            let alerts =
                options.recognizesGitHubAlerts
                ? GitHubAlertScanner.liftMarkers(in: tree, bytes: UnsafeBufferPointer(rebasing: bytes[piece.range])) : [:]
            converter.append(tree, alerts: alerts, lineOffset: piece.linesBefore)
            if options.recordsSource { nodes += MarkdownSourceMapBuilder.topLevelNodes(of: tree, lineOffset: piece.linesBefore) }
            // Freed on another thread, off the path of the conversion (no other piece reads it:
            // the definitions they share are copies, in `SharedReferences`).
            let converted = ConvertedTree(tree)
            DispatchQueue.global().async { converted.release() }
        }
        var document = converter.finish()
        if let copy {
            document.markdownSource = MarkdownSourceMapBuilder.map(
                nodes: nodes, source: copy.result(), document: document, marks: converter.topLevelMarks,
                totals: (converter.totalBytes, converter.totalRuns), frontMatter: frontMatter)
        }
        group.wait()
        return document
    }
}
