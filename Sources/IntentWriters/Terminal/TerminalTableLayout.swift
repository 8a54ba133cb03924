import IntentModel

/// A table drawn with box-drawing characters, columns measured in terminal cells:
///
/// ```
/// ┌──────┬─────┐
/// │ Name │ 日本 │
/// ├──────┼─────┤
/// │ a    │   1 │
/// └──────┴─────┘
/// ```
///
/// Columns take their widest cell. When the table would be wider than the space it has, the
/// widest columns give up cells first, but none below its widest word while another can still
/// give (so no word is cut while a column has room to spare). When the widest words alone do not
/// fit, the widest column alone cuts its words if it keeps 8 cells; else columns go down to 3
/// cells. Cells wrap inside their columns.
struct TerminalTableLayout {
    // MARK: Stored layout

    /// Rows of cells, each cell one line of glyphs (breaks already spaces); header rows first.
    var rows: [[[TerminalGlyph]]] = []
    var headerRowCount = 0
    var alignments: [PresentationIntent.TableColumn.Alignment] = []

    private static let minimumColumnWidth = 3
    /// The narrowest a column may become when it alone gives up the cells a table lacks.
    private static let singleCutMinimum = 8

    // MARK: Layout

    /// The table's lines, at most `width` cells wide when the columns can shrink enough.
    func lines(width: Int, borderStyle: Int32) -> [[TerminalGlyph]] {
        let columnCount = max(alignments.count, rows.map(\.count).max() ?? 0)
        guard columnCount > 0 else { return [] }
        let widths = columnWidths(columnCount: columnCount, width: width)
        func border(_ left: Character, _ middle: Character, _ right: Character) -> [TerminalGlyph] {
            var line = [TerminalGlyph(character: left, width: 1, style: borderStyle)]
            for (column, columnWidth) in widths.enumerated() {
                line.append(contentsOf: repeatElement(TerminalGlyph(character: "─", width: 1, style: borderStyle), count: columnWidth + 2))
                line.append(TerminalGlyph(character: column + 1 == columnCount ? right : middle, width: 1, style: borderStyle))
            }
            return line
        }
        var lines = [border("┌", "┬", "┐")]
        for (rowIndex, row) in rows.enumerated() {
            lines += rowLines(row, widths: widths, borderStyle: borderStyle)
            if rowIndex + 1 == headerRowCount, rowIndex + 1 < rows.count {
                lines.append(border("├", "┼", "┤"))
            }
        }
        lines.append(border("└", "┴", "┘"))
        return lines
    }

    /// Each column's width in cells: its widest cell, shrunk so the table fits `width`. First the
    /// widest columns give up cells down to their widest word. If the words alone do not fit, one
    /// column cuts its words where it can take the whole excess and keep 8 cells (so the others
    /// keep theirs whole); else the widest give up cells down to the minimum.
    private func columnWidths(columnCount: Int, width: Int) -> [Int] {
        var widths = [Int](repeating: 1, count: columnCount)
        var words = [Int](repeating: 1, count: columnCount)
        for row in rows {
            for (column, cell) in row.enumerated() {
                widths[column] = max(widths[column], TerminalLineWrapper.width(of: cell))
                words[column] = max(words[column], TerminalLineWrapper.widestWord(of: cell))
            }
        }
        // Borders and padding: "│ " before each column, " │" after the last.
        let chrome = 3 * columnCount + 1
        var excess = widths.reduce(0, +) - (width - chrome)
        for phase in 0..<2 {
            let floors = phase == 0 ? words : [Int](repeating: Self.minimumColumnWidth, count: columnCount)
            if phase == 1, excess > 0, let widest = widths.indices.max(by: { widths[$0] < widths[$1] }),
                widths[widest] - excess >= Self.singleCutMinimum
            {
                widths[widest] -= excess
                excess = 0
            }
            while excess > 0 {
                guard let widest = widths.indices.filter({ widths[$0] > floors[$0] }).max(by: { widths[$0] < widths[$1] }) else { break }
                let second = widths.indices.filter { $0 != widest }.map { widths[$0] }.max() ?? 0
                // Down to the next widest column in one step (one cell at a time once they tie).
                let cut = min(excess, max(widths[widest] - second, 1), widths[widest] - floors[widest])
                widths[widest] -= cut
                excess -= cut
            }
        }
        return widths
    }

    /// One row's lines: each cell wrapped to its column's width and aligned, the row as tall as
    /// its tallest cell.
    private func rowLines(_ row: [[TerminalGlyph]], widths: [Int], borderStyle: Int32) -> [[TerminalGlyph]] {
        let bar = TerminalGlyph(character: "│", width: 1, style: borderStyle)
        let space = TerminalGlyph(character: " ", width: 1, style: 0)
        let wrapped = widths.indices.map { column in
            column < row.count ? TerminalLineWrapper.wrap(row[column], width: widths[column]) : [[]]
        }
        let height = wrapped.map(\.count).max() ?? 1
        var lines: [[TerminalGlyph]] = []
        for lineIndex in 0..<height {
            var line = [bar]
            for column in widths.indices {
                let content = lineIndex < wrapped[column].count ? wrapped[column][lineIndex] : []
                let padding = max(widths[column] - TerminalLineWrapper.width(of: content), 0)
                let alignment = column < alignments.count ? alignments[column] : .left
                let before: Int
                switch alignment {
                case .left: before = 0
                case .center: before = padding / 2
                case .right: before = padding
                @unknown default:
                    before = 0
                }
                line.append(space)
                line.append(contentsOf: repeatElement(space, count: before))
                line.append(contentsOf: content)
                line.append(contentsOf: repeatElement(space, count: padding - before + 1))
                line.append(bar)
            }
            lines.append(line)
        }
        return lines
    }
}
