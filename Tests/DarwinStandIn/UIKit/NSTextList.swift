import Foundation

/// https://developer.apple.com/documentation/uikit/nstextlist
open class NSTextList: NSObject, @unchecked Sendable {
    /// https://developer.apple.com/documentation/uikit/nstextlist/markerformat-swift.struct
    public struct MarkerFormat: RawRepresentable, Hashable, Sendable {
        /// https://developer.apple.com/documentation/uikit/nstextlist/markerformat-swift.struct/init(rawvalue:)
        public init(rawValue: String) { self.rawValue = rawValue }
        /// https://developer.apple.com/documentation/uikit/nstextlist/markerformat-swift.struct/rawvalue
        public var rawValue: String
    }

    /// https://developer.apple.com/documentation/uikit/nstextlist/options
    public struct Options: OptionSet, Hashable, Sendable {
        /// https://developer.apple.com/documentation/uikit/nstextlist/options/init(rawvalue:)
        public init(rawValue: UInt) { self.rawValue = rawValue }
        /// https://developer.apple.com/documentation/uikit/nstextlist/options/rawvalue
        public var rawValue: UInt
        /// https://developer.apple.com/documentation/uikit/nstextlist/options/prependenclosingmarker
        public static let prependEnclosingMarker = Options(rawValue: 1 << 0)
    }

    /// https://developer.apple.com/documentation/uikit/nstextlist/init(markerformat:options:)
    public convenience init(markerFormat: NSTextList.MarkerFormat, options: Int) { self.init() }

    /// https://developer.apple.com/documentation/uikit/nstextlist/startingitemnumber
    open var startingItemNumber: Int = 1
}
