/// A table cell in a paragraph style, as AppKit's `NSTextTableBlock` (with its `NSTextTable`)
/// describes it: which table, which row and column (0-based), and how it is aligned.
public struct TextTableBlock: Sendable, Hashable, Codable {
    /// The identity of the table (the table block's identity when lowered from intents).
    public var table: Int
    /// The table's number of columns (`NSTextTable.numberOfColumns`).
    public var numberOfColumns: Int
    /// The cell's row, 0-based; the header row is row 0 (`startingRow`).
    public var row: Int
    /// The cell's column, 0-based (`startingColumn`).
    public var column: Int
    /// Rows spanned (`rowSpan`), 1 for Markdown tables.
    public var rowSpan: Int
    /// Columns spanned (`columnSpan`), 1 for Markdown tables.
    public var columnSpan: Int
    /// Whether the cell is in the header row.
    public var isHeader: Bool
    /// The cell's text alignment.
    public var alignment: TextAlignment

    /// Creates a cell block.
    public init(
        table: Int, numberOfColumns: Int, row: Int, column: Int, rowSpan: Int = 1, columnSpan: Int = 1,
        isHeader: Bool = false, alignment: TextAlignment = .natural
    ) {
        self.table = table
        self.numberOfColumns = numberOfColumns
        self.row = row
        self.column = column
        self.rowSpan = rowSpan
        self.columnSpan = columnSpan
        self.isHeader = isHeader
        self.alignment = alignment
    }
}
