import Foundation

extension AttributeScopes {
    /// https://developer.apple.com/documentation/foundation/attributescopes/appkitattributes
    public struct AppKitAttributes: AttributeScope {
        /// https://developer.apple.com/documentation/foundation/attributescopes/appkitattributes/font
        public let font: FontAttribute
        /// https://developer.apple.com/documentation/foundation/attributescopes/appkitattributes/foregroundcolor
        public let foregroundColor: ForegroundColorAttribute
        /// https://developer.apple.com/documentation/foundation/attributescopes/appkitattributes/backgroundcolor
        public let backgroundColor: BackgroundColorAttribute
        /// https://developer.apple.com/documentation/foundation/attributescopes/appkitattributes/underlinestyle
        public let underlineStyle: UnderlineStyleAttribute
        /// https://developer.apple.com/documentation/foundation/attributescopes/appkitattributes/strikethroughstyle
        public let strikethroughStyle: StrikethroughStyleAttribute
        /// https://developer.apple.com/documentation/foundation/attributescopes/appkitattributes/baselineoffset
        public let baselineOffset: BaselineOffsetAttribute
        /// https://developer.apple.com/documentation/foundation/attributescopes/appkitattributes/superscript
        public let superscript: SuperscriptAttribute
        /// https://developer.apple.com/documentation/foundation/attributescopes/appkitattributes/paragraphstyle
        public let paragraphStyle: ParagraphStyleAttribute

        /// https://developer.apple.com/documentation/foundation/attributescopes/appkitattributes/fontattribute
        public enum FontAttribute: AttributedStringKey {
            /// The attribute's value type.
            public typealias Value = NSFont
            /// The attribute's name.
            public static let name = "NSFont"
        }
        /// https://developer.apple.com/documentation/foundation/attributescopes/appkitattributes/foregroundcolorattribute
        public enum ForegroundColorAttribute: AttributedStringKey {
            /// The attribute's value type.
            public typealias Value = NSColor
            /// The attribute's name.
            public static let name = "NSColor"
        }
        /// https://developer.apple.com/documentation/foundation/attributescopes/appkitattributes/backgroundcolorattribute
        public enum BackgroundColorAttribute: AttributedStringKey {
            /// The attribute's value type.
            public typealias Value = NSColor
            /// The attribute's name.
            public static let name = "NSBackgroundColor"
        }
        /// https://developer.apple.com/documentation/foundation/attributescopes/appkitattributes/underlinestyleattribute
        public enum UnderlineStyleAttribute: AttributedStringKey {
            /// The attribute's value type.
            public typealias Value = NSUnderlineStyle
            /// The attribute's name.
            public static let name = "NSUnderline"
        }
        /// https://developer.apple.com/documentation/foundation/attributescopes/appkitattributes/strikethroughstyleattribute
        public enum StrikethroughStyleAttribute: AttributedStringKey {
            /// The attribute's value type.
            public typealias Value = NSUnderlineStyle
            /// The attribute's name.
            public static let name = "NSStrikethrough"
        }
        /// https://developer.apple.com/documentation/foundation/attributescopes/appkitattributes/baselineoffsetattribute
        public enum BaselineOffsetAttribute: AttributedStringKey {
            /// The attribute's value type.
            public typealias Value = Double
            /// The attribute's name.
            public static let name = "NSBaselineOffset"
        }
        /// https://developer.apple.com/documentation/foundation/attributescopes/appkitattributes/superscriptattribute
        public enum SuperscriptAttribute: AttributedStringKey {
            /// The attribute's value type.
            public typealias Value = Int
            /// The attribute's name.
            public static let name = "NSSuperScript"
        }
        /// https://developer.apple.com/documentation/foundation/attributescopes/appkitattributes/paragraphstyleattribute
        public enum ParagraphStyleAttribute: AttributedStringKey {
            /// The attribute's value type.
            public typealias Value = NSParagraphStyle
            /// The attribute's name.
            public static let name = "NSParagraphStyle"
        }
    }
}
