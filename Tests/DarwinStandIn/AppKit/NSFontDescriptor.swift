import Foundation

/// https://developer.apple.com/documentation/appkit/nsfontdescriptor
open class NSFontDescriptor: NSObject, @unchecked Sendable {
    /// https://developer.apple.com/documentation/appkit/nsfontdescriptor/systemdesign
    public struct SystemDesign: RawRepresentable, Hashable, Sendable {
        /// https://developer.apple.com/documentation/appkit/nsfontdescriptor/systemdesign/init(rawvalue:)
        public init(rawValue: String) { self.rawValue = rawValue }
        /// https://developer.apple.com/documentation/appkit/nsfontdescriptor/systemdesign/rawvalue
        public var rawValue: String
        /// https://developer.apple.com/documentation/appkit/nsfontdescriptor/systemdesign/default
        public static let `default` = SystemDesign(rawValue: "NSCTFontUIFontDesignDefault")
        /// https://developer.apple.com/documentation/appkit/nsfontdescriptor/systemdesign/serif
        public static let serif = SystemDesign(rawValue: "NSCTFontUIFontDesignSerif")
        /// https://developer.apple.com/documentation/appkit/nsfontdescriptor/systemdesign/monospaced
        public static let monospaced = SystemDesign(rawValue: "NSCTFontUIFontDesignMonospaced")
        /// https://developer.apple.com/documentation/appkit/nsfontdescriptor/systemdesign/rounded
        public static let rounded = SystemDesign(rawValue: "NSCTFontUIFontDesignRounded")
    }

    /// https://developer.apple.com/documentation/appkit/nsfontdescriptor/symbolictraits-swift.struct
    public struct SymbolicTraits: OptionSet, Hashable, Sendable {
        /// https://developer.apple.com/documentation/appkit/nsfontdescriptor/symbolictraits-swift.struct/init(rawvalue:)
        public init(rawValue: UInt32) { self.rawValue = rawValue }
        /// https://developer.apple.com/documentation/appkit/nsfontdescriptor/symbolictraits-swift.struct/rawvalue
        public var rawValue: UInt32
        /// https://developer.apple.com/documentation/appkit/nsfontdescriptor/symbolictraits-swift.struct/italic
        public static let italic = SymbolicTraits(rawValue: 1 << 0)
        /// https://developer.apple.com/documentation/appkit/nsfontdescriptor/symbolictraits-swift.struct/bold
        public static let bold = SymbolicTraits(rawValue: 1 << 1)
    }

    /// https://developer.apple.com/documentation/appkit/nsfontdescriptor/withdesign(_:)
    open func withDesign(_ design: NSFontDescriptor.SystemDesign) -> NSFontDescriptor? { self }

    /// https://developer.apple.com/documentation/appkit/nsfontdescriptor/withsymbolictraits(_:)
    open func withSymbolicTraits(_ symbolicTraits: NSFontDescriptor.SymbolicTraits) -> NSFontDescriptor { self }
}
