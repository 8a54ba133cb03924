internal import CCmarkGFM
import Foundation
import IntentModel

/// A libcmark-gfm document parsed without the intent model, for baselines (benchmarks) and oracles
/// (tests), allocated node by node as libcmark-gfm allocates (no arena). `package`: nothing
/// public exposes C.
package final class ReferenceTree {
    private let tree: CmarkTree
    private let options: MarkdownParsingOptions

    /// Parses `bytes` (valid UTF-8) with libcmark-gfm alone, with the extensions of `options`.
    package init(parsing bytes: UnsafeBufferPointer<UInt8>, options: MarkdownParsingOptions = .default) throws {
        tree = try CmarkTree(parsing: bytes, options: options, inArena: false)
        self.options = options
    }

    /// libcmark-gfm's HTML for the tree.
    package func html(unsafe: Bool = false) -> String {
        tree.renderHTML(unsafe: unsafe, footnotes: options.extensions.contains(.footnotes), smart: options.smartPunctuation)
    }

    /// Renders HTML with libcmark-gfm into its own buffer and frees it, returning the byte count:
    /// the renderer's cost without any conversion to a Swift string (for benchmarks).
    package func renderHTMLByteCount(unsafe: Bool = false) -> Int {
        tree.withRenderedHTML(
            unsafe: unsafe, footnotes: options.extensions.contains(.footnotes), smart: options.smartPunctuation
        ) { strlen($0) } ?? 0
    }
}

package enum ReferenceParser {
    /// libcmark-gfm's own HTML for `markdown` parsed with `options` (`cmark_render_html` with the
    /// same extensions; `CMARK_OPT_UNSAFE` when `unsafe`).
    package static func html(_ markdown: String, options: MarkdownParsingOptions = .default, unsafe: Bool = false) throws -> String {
        var markdown = markdown
        return try markdown.withUTF8 { bytes in
            let tree = try CmarkTree(parsing: bytes, options: options)
            return tree.renderHTML(
                unsafe: unsafe, footnotes: options.extensions.contains(.footnotes), smart: options.smartPunctuation)
        }
    }

    /// libcmark-gfm's own plain text for `markdown` (`cmark_render_plaintext`).
    package static func plainText(_ markdown: String, options: MarkdownParsingOptions = .default) throws -> String {
        var markdown = markdown
        return try markdown.withUTF8 { try CmarkTree(parsing: $0, options: options).renderPlainText() }
    }

    /// libcmark-gfm's own CommonMark for `markdown` (`cmark_render_commonmark`, no wrapping): the
    /// baseline for the Markdown writer's round trip.
    package static func commonMark(_ markdown: String, options: MarkdownParsingOptions = .default) throws -> String {
        var markdown = markdown
        return try markdown.withUTF8 {
            try CmarkTree(parsing: $0, options: options).renderCommonMark(footnotes: options.extensions.contains(.footnotes))
        }
    }

    /// The byte offsets in `bytes` at which libcmark-gfm starts a top-level block (the document's
    /// children), ascending, each at the start of a line: cutting the input there never splits a
    /// block (the benchmarks' size sweep cuts its inputs this way).
    /// - Parameters:
    ///   - bytes: Valid UTF-8 Markdown.
    ///   - options: Parsing options (extensions).
    /// - Returns: The offsets; empty for a document without blocks.
    /// - Throws: ``IntentModel/IntentMarkError/parserUnavailable(reason:)`` when libcmark-gfm cannot
    ///   allocate.
    package static func topLevelBlockOffsets(
        _ bytes: UnsafeBufferPointer<UInt8>, options: MarkdownParsingOptions = .default
    ) throws -> [Int] {
        let tree = try CmarkTree(parsing: bytes, options: options)
        var lineStarts = [0]
        for (offset, byte) in bytes.enumerated() where byte == UInt8(ascii: "\n") { lineStarts.append(offset + 1) }
        var offsets: [Int] = []
        var child = cmark_node_first_child(tree.root)
        while let node = child {
            let line = Int(cmark_node_get_start_line(node))
            if line >= 1, line <= lineStarts.count, lineStarts[line - 1] < bytes.count {
                offsets.append(lineStarts[line - 1])
            }
            child = cmark_node_next(node)
        }
        return offsets
    }

    /// How many block nodes of each kind libcmark-gfm finds, keyed by the ``IntentModel/PresentationIntent/Kind``
    /// name they map to (`"header"`, `"paragraph"`, `"codeBlock"`, `"listItem"`, `"blockQuote"`,
    /// `"thematicBreak"`, `"tableCell"`, …; HTML blocks count as `"htmlBlock"`, footnote definitions
    /// as `"footnoteDefinition"`).
    package static func blockCounts(_ markdown: String, options: MarkdownParsingOptions = .default) throws -> [String: Int] {
        var markdown = markdown
        return try markdown.withUTF8 { bytes in
            let tree = try CmarkTree(parsing: bytes, options: options)
            guard let iterator = cmark_iter_new(tree.root) else { return [:] }
            defer { cmark_iter_free(iterator) }
            var counts: [String: Int] = [:]
            while true {
                let event = cmark_iter_next(iterator)
                if event == CMARK_EVENT_DONE { break }
                guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
                let name: String?
                switch SyntaxNodeKind(cmark_node_get_type(node), extensionTypes: tree.extensionTypes) {
                case .heading: name = "header"
                case .paragraph: name = "paragraph"
                case .codeBlock: name = "codeBlock"
                case .htmlBlock: name = "htmlBlock"
                case .blockQuote: name = "blockQuote"
                case .footnoteDefinition: name = "footnoteDefinition"
                case .list: name = cmark_node_get_list_type(node) == CMARK_ORDERED_LIST ? "orderedList" : "unorderedList"
                case .item: name = "listItem"
                case .thematicBreak: name = "thematicBreak"
                case .table: name = "table"
                case .tableRow: name = "tableRow"
                case .tableCell: name = "tableCell"
                case .document, .customBlock, .text, .softBreak, .lineBreak, .code, .htmlInline, .customInline,
                    .emphasis, .strong, .strikethrough, .link, .image, .footnoteReference, .unknown:
                    name = nil
                }
                if let name { counts[name, default: 0] += 1 }
            }
            return counts
        }
    }
}
