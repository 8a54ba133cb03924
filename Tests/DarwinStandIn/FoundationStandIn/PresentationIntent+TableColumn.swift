extension PresentationIntent {
    /// https://developer.apple.com/documentation/foundation/presentationintent/tablecolumn
    public struct TableColumn: Hashable, Codable, Sendable {
        /// https://developer.apple.com/documentation/foundation/presentationintent/tablecolumn/alignment-swift.property
        public var alignment: PresentationIntent.TableColumn.Alignment

        /// https://developer.apple.com/documentation/foundation/presentationintent/tablecolumn/init(alignment:)
        public init(alignment: PresentationIntent.TableColumn.Alignment) {
            self.alignment = alignment
        }

        /// https://developer.apple.com/documentation/foundation/presentationintent/tablecolumn/alignment-swift.enum
        ///
        /// Declared without a raw value or `CaseIterable`, which the documentation page does not
        /// list: the Darwin branch must not rely on them.
        public enum Alignment: Hashable, Codable, Sendable {
            /// https://developer.apple.com/documentation/foundation/presentationintent/tablecolumn/alignment-swift.enum/left
            case left
            /// https://developer.apple.com/documentation/foundation/presentationintent/tablecolumn/alignment-swift.enum/center
            case center
            /// https://developer.apple.com/documentation/foundation/presentationintent/tablecolumn/alignment-swift.enum/right
            case right
        }
    }
}
