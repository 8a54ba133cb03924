import Foundation

/// https://developer.apple.com/documentation/uikit/uifontdescriptor
open class UIFontDescriptor: NSObject, @unchecked Sendable {
    /// https://developer.apple.com/documentation/uikit/uifontdescriptor/systemdesign
    public struct SystemDesign: RawRepresentable, Hashable, Sendable {
        /// https://developer.apple.com/documentation/uikit/uifontdescriptor/systemdesign/init(rawvalue:)
        public init(rawValue: String) { self.rawValue = rawValue }
        /// https://developer.apple.com/documentation/uikit/uifontdescriptor/systemdesign/rawvalue
        public var rawValue: String
        /// https://developer.apple.com/documentation/uikit/uifontdescriptor/systemdesign/default
        public static let `default` = SystemDesign(rawValue: "NSCTFontUIFontDesignDefault")
        /// https://developer.apple.com/documentation/uikit/uifontdescriptor/systemdesign/serif
        public static let serif = SystemDesign(rawValue: "NSCTFontUIFontDesignSerif")
        /// https://developer.apple.com/documentation/uikit/uifontdescriptor/systemdesign/monospaced
        public static let monospaced = SystemDesign(rawValue: "NSCTFontUIFontDesignMonospaced")
        /// https://developer.apple.com/documentation/uikit/uifontdescriptor/systemdesign/rounded
        public static let rounded = SystemDesign(rawValue: "NSCTFontUIFontDesignRounded")
    }

    /// https://developer.apple.com/documentation/uikit/uifontdescriptor/symbolictraits-swift.struct
    public struct SymbolicTraits: OptionSet, Hashable, Sendable {
        /// https://developer.apple.com/documentation/uikit/uifontdescriptor/symbolictraits-swift.struct/init(rawvalue:)
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// https://developer.apple.com/documentation/uikit/uifontdescriptor/symbolictraits-swift.struct/rawvalue
        public var rawValue: UInt32
        /// https://developer.apple.com/documentation/uikit/uifontdescriptor/symbolictraits-swift.struct/traititalic
        public static let traitItalic = SymbolicTraits(rawValue: 1 << 0)
        /// https://developer.apple.com/documentation/uikit/uifontdescriptor/symbolictraits-swift.struct/traitbold
        public static let traitBold = SymbolicTraits(rawValue: 1 << 1)
    }

    /// https://developer.apple.com/documentation/uikit/uifontdescriptor/withdesign(_:)
    open func withDesign(_ design: UIFontDescriptor.SystemDesign) -> UIFontDescriptor? { self }

    /// https://developer.apple.com/documentation/uikit/uifontdescriptor/withsymbolictraits(_:)
    open func withSymbolicTraits(_ symbolicTraits: UIFontDescriptor.SymbolicTraits) -> UIFontDescriptor? { self }
}
