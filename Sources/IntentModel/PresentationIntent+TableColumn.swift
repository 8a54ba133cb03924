#if !canImport(Darwin) && !INTENTMARK_DARWIN_STANDIN
    extension PresentationIntent {
        /// One column of a table: its alignment.
        ///
        /// Mirrors Foundation's `PresentationIntent.TableColumn` (on Apple platforms it is Foundation's own
        /// type). Like Apple's, a column without an
        /// alignment in the delimiter row (`| --- |`) is `.left`; ``BlockMarkup/columnAlignmentIsExplicit``
        /// on the table's block keeps the difference.
        public struct TableColumn: Sendable, Hashable, Codable {
            /// The column's text alignment.
            public var alignment: Alignment

            /// Creates a column.
            /// - Parameter alignment: The column's alignment.
            public init(alignment: Alignment) {
                self.alignment = alignment
            }

            /// Column alignment, raw values 0/1/2 as `NSPresentationIntentTableColumnAlignment`.
            public enum Alignment: Int, Sendable, Hashable, Codable, CaseIterable {
                /// Left aligned (`:---`, or no colon at all).
                case left = 0
                /// Centered (`:---:`).
                case center = 1
                /// Right aligned (`---:`).
                case right = 2
            }
        }
    }
#endif

extension PresentationIntent.TableColumn.Alignment {
    /// The case name: `left`, `center` or `right`.
    public var name: String {
        switch self {
        case .left: return "left"
        case .center: return "center"
        case .right: return "right"
        @unknown default:
            return "left"
        }
    }

    /// Every alignment, in raw-value order (Foundation's type on Apple platforms is not
    /// `CaseIterable`).
    package static let every: [Self] = [.left, .center, .right]
}
