extension PresentationIntent {
    /// https://developer.apple.com/documentation/foundation/presentationintent/kind
    public enum Kind: Hashable, Codable, CustomDebugStringConvertible, Sendable {
        /// https://developer.apple.com/documentation/foundation/presentationintent/kind/paragraph
        case paragraph
        /// https://developer.apple.com/documentation/foundation/presentationintent/kind/header(level:)
        case header(level: Int)
        /// https://developer.apple.com/documentation/foundation/presentationintent/kind/orderedlist
        case orderedList
        /// https://developer.apple.com/documentation/foundation/presentationintent/kind/unorderedlist
        case unorderedList
        /// https://developer.apple.com/documentation/foundation/presentationintent/kind/listitem(ordinal:)
        case listItem(ordinal: Int)
        /// https://developer.apple.com/documentation/foundation/presentationintent/kind/codeblock(languagehint:)
        case codeBlock(languageHint: String?)
        /// https://developer.apple.com/documentation/foundation/presentationintent/kind/blockquote
        case blockQuote
        /// https://developer.apple.com/documentation/foundation/presentationintent/kind/thematicbreak
        case thematicBreak
        /// https://developer.apple.com/documentation/foundation/presentationintent/kind/table(columns:)
        case table(columns: [PresentationIntent.TableColumn])
        /// https://developer.apple.com/documentation/foundation/presentationintent/kind/tableheaderrow
        case tableHeaderRow
        /// https://developer.apple.com/documentation/foundation/presentationintent/kind/tablerow(rowindex:)
        case tableRow(rowIndex: Int)
        /// https://developer.apple.com/documentation/foundation/presentationintent/kind/tablecell(columnindex:)
        case tableCell(columnIndex: Int)

        /// https://developer.apple.com/documentation/foundation/presentationintent/kind/debugdescription
        public var debugDescription: String { "kind" }
    }
}
