#if !canImport(Darwin) && !INTENTMARK_DARWIN_STANDIN
    extension PresentationIntent {
        /// The kind of a block, with Foundation's case names, argument labels and bases.
        ///
        /// Mirrors Foundation's `PresentationIntent.Kind` (ObjC `NSPresentationIntentKind`, raw values
        /// 0…11 in the order declared here). Markdown extensions without a case of their own are carried
        /// by ``BlockMarkup`` on the block (see the documentation's table of model extensions).
        public enum Kind: Sendable, Hashable, Codable, CustomDebugStringConvertible {
            /// A paragraph (CommonMark §4.8). HTML blocks are paragraphs whose runs carry
            /// ``InlinePresentationIntent/blockHTML``.
            case paragraph
            /// An ATX or setext heading (CommonMark §4.2, §4.3); `level` is 1-based, 1…6.
            case header(level: Int)
            /// An ordered list (CommonMark §5.3); its items carry their ordinals.
            case orderedList
            /// A bullet list (CommonMark §5.3).
            case unorderedList
            /// A list item; `ordinal` is 1-based: an ordered list starting at 3 numbers its items
            /// 3, 4, …; bullet-list items count 1, 2, ….
            case listItem(ordinal: Int)
            /// An indented or fenced code block (CommonMark §4.4, §4.5); `languageHint` is the first
            /// word of the fence's info string, `nil` for indented code or an empty info string.
            case codeBlock(languageHint: String?)
            /// A block quote (CommonMark §5.1). Also used, with ``BlockMarkup/footnoteLabel``, for a
            /// GFM footnote definition.
            case blockQuote
            /// A thematic break (CommonMark §4.1).
            case thematicBreak
            /// A GFM table (GFM §4.10) with one ``TableColumn`` per column.
            case table(columns: [TableColumn])
            /// The header row of a table (row 0 in Apple's numbering).
            case tableHeaderRow
            /// A body row of a table; `rowIndex` starts at 1 for the first body row.
            case tableRow(rowIndex: Int)
            /// A table cell; `columnIndex` is 0-based. A cell holds inline content directly (no
            /// paragraph component).
            case tableCell(columnIndex: Int)

            /// Apple's print style (``dumpDescription``).
            public var debugDescription: String { dumpDescription }
        }
    }
#endif

extension PresentationIntent.Kind {
    /// Whether this is a table cell (``tableCell(columnIndex:)``, any column).
    package var isTableCell: Bool {
        if case .tableCell = self { return true }
        return false
    }

    /// Whether blocks of this kind contain other blocks (lists, items, quotes, tables, rows).
    public var isContainer: Bool {
        switch self {
        case .orderedList, .unorderedList, .listItem, .blockQuote, .table, .tableHeaderRow, .tableRow:
            return true
        case .paragraph, .header, .codeBlock, .thematicBreak, .tableCell:
            return false
        @unknown default:
            return false
        }
    }

    /// Apple's print style, the same on every platform: `paragraph`, `header 1`, `listItem 3`, `codeBlock 'swift'`,
    /// `codeBlock`, `table [left, center]`, `tableRow 1`, `tableCell 0`. A table of more than
    /// 16 columns shows the first 16 alignments and its column count
    /// (`table [left, …, left, … 5000 columns]`), so that printing every run stays linear.
    public var dumpDescription: String {
        switch self {
        case .paragraph: return "paragraph"
        case .header(let level): return "header \(level)"
        case .orderedList: return "orderedList"
        case .unorderedList: return "unorderedList"
        case .listItem(let ordinal): return "listItem \(ordinal)"
        case .codeBlock(let hint):
            if let hint { return "codeBlock '\(hint)'" }
            return "codeBlock"
        case .blockQuote: return "blockQuote"
        case .thematicBreak: return "thematicBreak"
        case .table(let columns):
            // At most 16 alignments, then the count: a run dump prints every run's intent, and
            // a table of thousands of columns would make it quadratic.
            guard columns.count > 16 else { return "table [" + columns.map(\.alignment.name).joined(separator: ", ") + "]" }
            return "table [" + columns.prefix(16).map(\.alignment.name).joined(separator: ", ") + ", … \(columns.count) columns]"
        case .tableHeaderRow: return "tableHeaderRow"
        case .tableRow(let rowIndex): return "tableRow \(rowIndex)"
        case .tableCell(let columnIndex): return "tableCell \(columnIndex)"
        @unknown default:
            return "paragraph"
        }
    }
}
