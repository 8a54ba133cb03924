internal import CCmarkGFM
import Foundation
import IntentModel

/// How often a Markdown source spells each inline or heading construct that has more than one
/// spelling, counted on libcmark-gfm's tree of it: what the Markdown writer learns an author's
/// conventions from (bullets, ordered-list delimiters and fences it reads from block markup).
///
/// Each emphasis or strong node is counted by the byte at its start (its first delimiter,
/// `*` or `_`); each heading of level 1 or 2 as setext when it spans more than one line (its
/// underline), else ATX; each hard line break by the end of the line it ends (a backslash, or
/// spaces). A position libcmark-gfm does not give, or one that does not point at what it should,
/// is not counted.
package struct MarkdownConventionCounts: Sendable, Hashable {
    /// Emphasis opened with `*` and with `_`.
    package var asteriskEmphasis = 0
    package var underscoreEmphasis = 0
    /// Strong emphasis opened with `**` and with `__`.
    package var asteriskStrong = 0
    package var underscoreStrong = 0
    /// Headings of level 1 or 2 written with `#` and with an underline.
    package var atxHeadings = 0
    package var setextHeadings = 0
    /// Hard line breaks written with a backslash and with two or more spaces.
    package var backslashBreaks = 0
    package var spaceBreaks = 0
    /// List items whose content starts one space after the marker (`- a`, `1. a`), and at the
    /// fourth column from the marker with more than one space (`-   a`, `1.  a`). An item whose
    /// first line is blank, or that could be either (`10. a`), is not counted.
    package var oneSpaceItems = 0
    package var tabStopItems = 0
    /// The lines of each table (UTF-8 byte ranges of the source, line endings included), in
    /// source order: how its columns are padded is read from its text.
    package var tables: [Range<Int>] = []

    /// No construct counted.
    package init() {}

    /// Counts the constructs of `source` (UTF-8 Markdown, parsed with the default options).
    /// - Throws: The parser's errors (``IntentModel/IntentMarkError``).
    package init(counting source: [UInt8]) throws {
        let lineStarts = source.withUnsafeBufferPointer { SourceLines.starts(of: $0) }
        try source.withUnsafeBufferPointer { bytes in
            let tree = try CmarkTree(parsing: bytes, options: .default)
            guard let iterator = cmark_iter_new(tree.root) else { return }
            defer { cmark_iter_free(iterator) }
            while true {
                let event = cmark_iter_next(iterator)
                if event == CMARK_EVENT_DONE { break }
                guard event == CMARK_EVENT_ENTER, let node = cmark_iter_get_node(iterator) else { continue }
                count(node, kind: SyntaxNodeKind(cmark_node_get_type(node), extensionTypes: tree.extensionTypes), bytes, lineStarts)
            }
        }
    }

    private mutating func count(
        _ node: UnsafeMutablePointer<cmark_node>, kind: SyntaxNodeKind, _ bytes: UnsafeBufferPointer<UInt8>, _ lineStarts: [Int]
    ) {
        switch kind {
        case .emphasis, .strong:
            guard let offset = Self.offset(line: cmark_node_get_start_line(node), column: cmark_node_get_start_column(node), lineStarts),
                offset < bytes.count
            else { return }
            let isStrong = kind == .strong
            switch bytes[offset] {
            case UInt8(ascii: "*"): if isStrong { asteriskStrong += 1 } else { asteriskEmphasis += 1 }
            case UInt8(ascii: "_"): if isStrong { underscoreStrong += 1 } else { underscoreEmphasis += 1 }
            default: break
            }
        case .heading:
            guard cmark_node_get_heading_level(node) <= 2, cmark_node_get_start_line(node) > 0 else { return }
            if cmark_node_get_end_line(node) > cmark_node_get_start_line(node) { setextHeadings += 1 } else { atxHeadings += 1 }
        case .lineBreak:
            // The line it ends is the end line of the node before it.
            guard let previous = cmark_node_previous(node), cmark_node_get_end_line(previous) > 0 else { return }
            let line = Int(cmark_node_get_end_line(previous))
            guard line >= 1, line <= lineStarts.count else { return }
            var end = line < lineStarts.count ? lineStarts[line] : bytes.count
            while end > lineStarts[line - 1], bytes[end - 1] == 0x0A || bytes[end - 1] == 0x0D { end -= 1 }
            guard end > lineStarts[line - 1] else { return }
            if bytes[end - 1] == UInt8(ascii: "\\") {
                backslashBreaks += 1
            } else if bytes[end - 1] == UInt8(ascii: " ") {
                spaceBreaks += 1
            }
        case .item:
            guard let offset = Self.offset(line: cmark_node_get_start_line(node), column: cmark_node_get_start_column(node), lineStarts)
            else { return }
            countItemIndent(at: offset, bytes)
        case .table:
            let start = Int(cmark_node_get_start_line(node))
            let end = max(start, Int(cmark_node_get_end_line(node)))
            guard start >= 1, start <= lineStarts.count else { return }
            tables.append(lineStarts[start - 1]..<(end < lineStarts.count ? lineStarts[end] : bytes.count))
        case .document, .blockQuote, .list, .codeBlock, .htmlBlock, .paragraph, .thematicBreak, .footnoteDefinition,
            .tableRow, .tableCell, .text, .softBreak, .code, .htmlInline, .link, .image, .footnoteReference, .strikethrough,
            .customBlock, .customInline, .unknown:
            return
        }
    }

    /// The UTF-8 offset of 1-based `line` and byte `column`, or `nil` outside the source.
    /// Counts the spaces after the list marker at `offset` (a bullet, or one to nine digits and
    /// `.` or `)`).
    private mutating func countItemIndent(at offset: Int, _ bytes: UnsafeBufferPointer<UInt8>) {
        guard offset < bytes.count else { return }
        var index = offset
        if bytes[index] == UInt8(ascii: "-") || bytes[index] == UInt8(ascii: "*") || bytes[index] == UInt8(ascii: "+") {
            index += 1
        } else {
            while index < bytes.count, index - offset < 9, bytes[index] >= 0x30, bytes[index] <= 0x39 { index += 1 }
            guard index > offset, index < bytes.count, bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: ")") else {
                return
            }
            index += 1
        }
        let markerWidth = index - offset
        var spaces = 0
        while index < bytes.count, bytes[index] == 0x20 {
            index += 1
            spaces += 1
        }
        guard spaces >= 1, spaces <= 4, index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D, bytes[index] != 0x09 else {
            return
        }
        if spaces == 1, markerWidth + 1 != 4 {
            oneSpaceItems += 1
        } else if spaces > 1, markerWidth + spaces == 4 {
            tabStopItems += 1
        }
    }

    private static func offset(line: Int32, column: Int32, _ lineStarts: [Int]) -> Int? {
        guard line >= 1, column >= 1, Int(line) <= lineStarts.count else { return nil }
        return lineStarts[Int(line) - 1] + Int(column) - 1
    }
}
