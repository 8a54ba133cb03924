import IntentLowering
import MarkdownParsing

/// GFM tables with their columns lined up: every cell padded with spaces to its column's width
/// (on the side its column's alignment leaves empty: the left of a right-aligned column, both
/// sides of a centered one), the delimiter row's dashes as wide, so that the pipes of every row
/// stand in the same columns
/// (``MarkdownWritingOptions/padsTableColumns``); and how to tell whether an author's table is
/// written so.
///
/// Widths are terminal cells (``IntentLowering/TerminalCellWidth``: a CJK character or an emoji
/// takes two), as a monospaced editor shows them. A cell's text is kept as written (its escapes
/// too); only the spaces around it change, which GFM trims, so the table reads the same. A
/// column is at least 3 wide (the shortest delimiter, `---`).
package enum MarkdownTablePadding {
    /// One row of a table: what comes before its first pipe (container prefixes, or its first
    /// cell when the row has no leading pipe), each cell's text between unescaped pipes (spaces
    /// trimmed), and its line ending.
    struct Row {
        var prefix: ArraySlice<UInt8>
        var cells: [ArraySlice<UInt8>]
        var lineEnding: ArraySlice<UInt8>
    }

    /// `markdown` with the tables at `tables` (byte ranges of whole lines, in order) padded.
    static func padded(_ markdown: [UInt8], tables: [Range<Int>]) -> [UInt8] {
        var output: [UInt8] = []
        output.reserveCapacity(markdown.count + markdown.count / 8)
        var cursor = 0
        for table in tables where table.lowerBound >= cursor && table.upperBound <= markdown.count {
            output += markdown[cursor..<table.lowerBound]
            output += padded(rows: lines(markdown[table]).compactMap(row)) ?? Array(markdown[table])
            cursor = table.upperBound
        }
        output += markdown[cursor...]
        return output
    }

    /// Whether a table's lines show padding: its pipes stand in the same columns on every row,
    /// and some cell is followed by more than one space (so it was padded, not merely as wide as
    /// its neighbours). `nil` when they show neither (every cell as wide, or a row without pipes).
    package static func isPadded(_ table: ArraySlice<UInt8>) -> Bool? {
        var columns: [Int]? = nil
        var sawPadding = false
        for line in lines(table) {
            let (pipes, padding) = pipeColumns(line)
            guard !pipes.isEmpty else { return nil }
            if let columns, columns != pipes { return false }
            columns = pipes
            sawPadding = sawPadding || padding
        }
        return sawPadding ? true : nil
    }

    /// The rows padded, or `nil` when the second is not a delimiter row.
    private static func padded(rows: [Row]) -> [UInt8]? {
        guard rows.count >= 2, rows[1].cells.allSatisfy(isDelimiterCell) else { return nil }
        let columnCount = rows.map(\.cells.count).max() ?? 0
        var widths = [Int](repeating: 3, count: columnCount)
        for (index, row) in rows.enumerated() where index != 1 {
            for (column, cell) in row.cells.enumerated() {
                widths[column] = max(widths[column], TerminalCellWidth.of(String(decoding: cell, as: UTF8.self)))
            }
        }
        // Each column's alignment, from its delimiter cell: a right-aligned column is padded on
        // the left, a centered one on both sides (the odd space on the right), as it shows.
        let alignments = rows[1].cells.map { cell -> (left: Bool, right: Bool) in
            (cell.first == UInt8(ascii: ":"), cell.count > 1 && cell.last == UInt8(ascii: ":"))
        }
        var output: [UInt8] = []
        for (index, row) in rows.enumerated() {
            output += row.prefix
            for (column, cell) in row.cells.enumerated() {
                output += Array("| ".utf8)
                if index == 1 {
                    output += delimiter(cell, width: widths[column])
                } else {
                    let spaces = widths[column] - TerminalCellWidth.of(String(decoding: cell, as: UTF8.self))
                    let alignment = column < alignments.count ? alignments[column] : (left: false, right: false)
                    let before = alignment.right ? (alignment.left ? spaces / 2 : spaces) : 0
                    output += repeatElement(UInt8(ascii: " "), count: before)
                    output += cell
                    output += repeatElement(UInt8(ascii: " "), count: spaces - before)
                }
                output.append(UInt8(ascii: " "))
            }
            output.append(UInt8(ascii: "|"))
            output += row.lineEnding
        }
        return output
    }

    /// A delimiter cell as wide as `width`, keeping its alignment colons.
    private static func delimiter(_ cell: ArraySlice<UInt8>, width: Int) -> [UInt8] {
        let left = cell.first == UInt8(ascii: ":")
        let right = cell.count > 1 && cell.last == UInt8(ascii: ":")
        var result = [UInt8](repeating: UInt8(ascii: "-"), count: width)
        if left { result[0] = UInt8(ascii: ":") }
        if right { result[width - 1] = UInt8(ascii: ":") }
        return result
    }

    private static func isDelimiterCell(_ cell: ArraySlice<UInt8>) -> Bool {
        !cell.isEmpty && cell.contains(UInt8(ascii: "-")) && cell.allSatisfy { $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ":") }
    }

    /// A line split into a row; `nil` without a pipe.
    static func row(_ line: ArraySlice<UInt8>) -> Row? {
        var end = line.endIndex
        while end > line.startIndex, line[end - 1] == 0x0A || line[end - 1] == 0x0D { end -= 1 }
        let pipes = unescapedPipes(line[line.startIndex..<end])
        guard let first = pipes.first else { return nil }
        var cells: [ArraySlice<UInt8>] = []
        for (position, pipe) in pipes.enumerated() {
            let next = position + 1 < pipes.count ? pipes[position + 1] : end
            let cell = trimmed(line[(pipe + 1)..<next])
            // Text after the last pipe is a cell only when it is not blank.
            if position + 1 == pipes.count, cell.isEmpty { break }
            cells.append(cell)
        }
        return Row(prefix: line[line.startIndex..<first], cells: cells, lineEnding: line[end...])
    }

    /// The display columns of a line's unescaped pipes, and whether a pipe follows two spaces.
    private static func pipeColumns(_ line: ArraySlice<UInt8>) -> (columns: [Int], padding: Bool) {
        var end = line.endIndex
        while end > line.startIndex, line[end - 1] == 0x0A || line[end - 1] == 0x0D { end -= 1 }
        var columns: [Int] = []
        var padding = false
        var start = line.startIndex
        for pipe in unescapedPipes(line[line.startIndex..<end]) {
            let before = columns.last.map { $0 + 1 } ?? 0
            columns.append(before + TerminalCellWidth.of(String(decoding: line[start..<pipe], as: UTF8.self)))
            if pipe - start >= 3, line[pipe - 1] == 0x20, line[pipe - 2] == 0x20, line[start..<(pipe - 2)].contains(where: { $0 != 0x20 }) {
                padding = true
            }
            start = pipe + 1
        }
        return (columns, padding)
    }

    /// The offsets of the pipes not escaped by a backslash.
    private static func unescapedPipes(_ line: ArraySlice<UInt8>) -> [Int] {
        var pipes: [Int] = []
        var index = line.startIndex
        while index < line.endIndex {
            switch line[index] {
            case UInt8(ascii: "\\"): index += 1
            case UInt8(ascii: "|"): pipes.append(index)
            default: break
            }
            index += 1
        }
        return pipes
    }

    private static func trimmed(_ bytes: ArraySlice<UInt8>) -> ArraySlice<UInt8> {
        var start = bytes.startIndex
        var end = bytes.endIndex
        while start < end, bytes[start] == 0x20 || bytes[start] == 0x09 { start += 1 }
        while end > start, bytes[end - 1] == 0x20 || bytes[end - 1] == 0x09 { end -= 1 }
        return bytes[start..<end]
    }

    /// The lines of `bytes`, each with its line ending (as ``MarkdownParsing/SourceLines`` cuts
    /// them).
    private static func lines(_ bytes: ArraySlice<UInt8>) -> [ArraySlice<UInt8>] {
        guard !bytes.isEmpty else { return [] }
        let starts = bytes.withUnsafeBufferPointer { SourceLines.starts(of: $0) }.map { $0 + bytes.startIndex }
        return starts.indices.map { index in bytes[starts[index]..<(index + 1 < starts.count ? starts[index + 1] : bytes.endIndex)] }
    }
}
