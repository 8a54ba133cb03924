internal import CCmarkGFM
import IntentModel

/// Finds GitHub alerts (``IntentModel/GitHubAlert``) among the top-level block quotes of a
/// libcmark-gfm tree and lifts their markers out of the tree, so that the converter sees the
/// quote's content without them.
///
/// A top-level block quote is an alert when its first child is a paragraph whose first inline
/// nodes are text that, together, is exactly one of the five markers in some letter case, as
/// written in the source (the paragraph's bytes start with it: an escaped `\[!NOTE]` or an
/// entity is not a marker), followed by a soft break, a hard break or the end of the paragraph,
/// and when something follows the marker (more of the paragraph or another block). libcmark-gfm
/// has already removed spaces after the marker. The marker's text nodes and the break after them
/// are freed; a paragraph that held only the marker is freed too.
enum GitHubAlertScanner {
    /// Lifts the markers of every alert in `tree` and returns each alert by its block-quote node.
    /// - Parameter bytes: The bytes libcmark-gfm parsed (to check that a marker is written as is).
    /// Time: linear in the top-level blocks, plus one pass over `bytes` for line starts when some
    /// quote starts with marker-like text.
    static func liftMarkers(
        in tree: CmarkTree, bytes: UnsafeBufferPointer<UInt8>
    ) -> [UnsafeMutableRawPointer: GitHubAlert] {
        var alerts: [UnsafeMutableRawPointer: GitHubAlert] = [:]
        var lineStarts: [Int]? = nil
        var child = cmark_node_first_child(tree.root)
        while let quote = child {
            child = cmark_node_next(quote)
            guard cmark_node_get_type(quote) == CMARK_NODE_BLOCK_QUOTE, let paragraph = cmark_node_first_child(quote),
                cmark_node_get_type(paragraph) == CMARK_NODE_PARAGRAPH, let leading = leadingText(of: paragraph),
                let kind = GitHubAlert.kind(ofMarker: leading.text)
            else { continue }
            let (marker, markerNodes, after) = leading
            let ending: GitHubAlert.MarkerEnding
            switch after.map(cmark_node_get_type) {
            case .none: ending = .paragraphEnd
            case CMARK_NODE_SOFTBREAK: ending = .softBreak
            case CMARK_NODE_LINEBREAK: ending = .lineBreak
            default: continue
            }
            let hasContent = after.map { cmark_node_next($0) != nil } ?? (cmark_node_next(paragraph) != nil)
            guard hasContent else { continue }
            if lineStarts == nil { lineStarts = SourceLines.starts(of: bytes) }
            guard let lineStarts, isWrittenAsIs(marker, at: paragraph, in: bytes, lineStarts: lineStarts) else { continue }
            for node in markerNodes { cmark_node_free(node) }
            if let after { cmark_node_free(after) } else { cmark_node_free(paragraph) }
            alerts[UnsafeMutableRawPointer(quote)] = GitHubAlert(kind: kind, marker: marker, markerEnding: ending)
        }
        return alerts
    }

    /// The text of the paragraph's leading text nodes (at most a marker's length), those nodes,
    /// and the node after them (`nil` at the paragraph's end).
    private static func leadingText(
        of paragraph: UnsafeMutablePointer<cmark_node>
    ) -> (text: String, nodes: [UnsafeMutablePointer<cmark_node>], after: UnsafeMutablePointer<cmark_node>?)? {
        var text: [UInt8] = []
        var nodes: [UnsafeMutablePointer<cmark_node>] = []
        var inline = cmark_node_first_child(paragraph)
        while let node = inline, cmark_node_get_type(node) == CMARK_NODE_TEXT {
            var length = 0
            if let literal = intentmark_node_literal(node, &length) {
                text.append(contentsOf: UnsafeBufferPointer(start: literal, count: length))
            }
            // The longest marker is `[!IMPORTANT]`, 12 bytes.
            guard text.count <= 12 else { return nil }
            nodes.append(node)
            inline = cmark_node_next(node)
        }
        guard !nodes.isEmpty else { return nil }
        return (String(decoding: text, as: UTF8.self), nodes, inline)
    }

    /// Whether the paragraph's source starts with `marker`'s bytes.
    private static func isWrittenAsIs(
        _ marker: String, at paragraph: UnsafeMutablePointer<cmark_node>, in bytes: UnsafeBufferPointer<UInt8>,
        lineStarts: [Int]
    ) -> Bool {
        let line = Int(cmark_node_get_start_line(paragraph))
        let column = Int(cmark_node_get_start_column(paragraph))
        guard line >= 1, line <= lineStarts.count, column >= 1 else { return false }
        let start = lineStarts[line - 1] + column - 1
        let expected = Array(marker.utf8)
        guard start >= 0, start + expected.count <= bytes.count else { return false }
        return bytes[start..<(start + expected.count)].elementsEqual(expected)
    }
}
