import Foundation

/// https://developer.apple.com/documentation/appkit/nstextlist
open class NSTextList: NSObject, @unchecked Sendable {
    /// https://developer.apple.com/documentation/appkit/nstextlist/markerformat-swift.struct
    public struct MarkerFormat: RawRepresentable, Hashable, Sendable {
        /// https://developer.apple.com/documentation/appkit/nstextlist/markerformat-swift.struct/init(rawvalue:)
        public init(rawValue: String) { self.rawValue = rawValue }
        /// https://developer.apple.com/documentation/appkit/nstextlist/markerformat-swift.struct/rawvalue
        public var rawValue: String
    }

    /// https://developer.apple.com/documentation/appkit/nstextlist/options
    public struct Options: OptionSet, Hashable, Sendable {
        /// https://developer.apple.com/documentation/appkit/nstextlist/options/init(rawvalue:)
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// https://developer.apple.com/documentation/appkit/nstextlist/options/rawvalue
        public var rawValue: UInt
        /// https://developer.apple.com/documentation/appkit/nstextlist/options/prependenclosingmarker
        public static let prependEnclosingMarker = Options(rawValue: 1 << 0)
    }

    /// https://developer.apple.com/documentation/appkit/nstextlist/init(markerformat:options:)
    public convenience init(markerFormat: NSTextList.MarkerFormat, options: Int) { self.init() }

    /// https://developer.apple.com/documentation/appkit/nstextlist/startingitemnumber
    open var startingItemNumber: Int = 1
}

/// https://developer.apple.com/documentation/appkit/nstextblock
open class NSTextBlock: NSObject, @unchecked Sendable {}

/// https://developer.apple.com/documentation/appkit/nstexttable
open class NSTextTable: NSTextBlock, @unchecked Sendable {
    /// https://developer.apple.com/documentation/appkit/nstexttable/numberofcolumns
    open var numberOfColumns: Int = 0
}

/// https://developer.apple.com/documentation/appkit/nstexttableblock
open class NSTextTableBlock: NSTextBlock, @unchecked Sendable {
    /// https://developer.apple.com/documentation/appkit/nstexttableblock/init(table:startingrow:rowspan:startingcolumn:columnspan:)
    public init(table: NSTextTable, startingRow row: Int, rowSpan: Int, startingColumn col: Int, columnSpan colSpan: Int) {}
}
