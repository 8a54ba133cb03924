import Foundation

extension AttributeScopes {
    /// https://developer.apple.com/documentation/foundation/attributescopes/uikitattributes
    public struct UIKitAttributes: AttributeScope {
        /// https://developer.apple.com/documentation/foundation/attributescopes/uikitattributes/font
        public let font: FontAttribute
        /// https://developer.apple.com/documentation/foundation/attributescopes/uikitattributes/foregroundcolor
        public let foregroundColor: ForegroundColorAttribute
        /// https://developer.apple.com/documentation/foundation/attributescopes/uikitattributes/backgroundcolor
        public let backgroundColor: BackgroundColorAttribute
        /// https://developer.apple.com/documentation/foundation/attributescopes/uikitattributes/underlinestyle
        public let underlineStyle: UnderlineStyleAttribute
        /// https://developer.apple.com/documentation/foundation/attributescopes/uikitattributes/strikethroughstyle
        public let strikethroughStyle: StrikethroughStyleAttribute
        /// https://developer.apple.com/documentation/foundation/attributescopes/uikitattributes/baselineoffset
        public let baselineOffset: BaselineOffsetAttribute
        /// https://developer.apple.com/documentation/foundation/attributescopes/uikitattributes/paragraphstyle
        public let paragraphStyle: ParagraphStyleAttribute

        /// https://developer.apple.com/documentation/foundation/attributescopes/uikitattributes/fontattribute
        public enum FontAttribute: AttributedStringKey {
            /// The attribute's value type.
            public typealias Value = UIFont
            /// The attribute's name.
            public static let name = "NSFont"
        }
        /// https://developer.apple.com/documentation/foundation/attributescopes/uikitattributes/foregroundcolorattribute
        public enum ForegroundColorAttribute: AttributedStringKey {
            /// The attribute's value type.
            public typealias Value = UIColor
            /// The attribute's name.
            public static let name = "NSColor"
        }
        /// https://developer.apple.com/documentation/foundation/attributescopes/uikitattributes/backgroundcolorattribute
        public enum BackgroundColorAttribute: AttributedStringKey {
            /// The attribute's value type.
            public typealias Value = UIColor
            /// The attribute's name.
            public static let name = "NSBackgroundColor"
        }
        /// https://developer.apple.com/documentation/foundation/attributescopes/uikitattributes/underlinestyleattribute
        public enum UnderlineStyleAttribute: AttributedStringKey {
            /// The attribute's value type.
            public typealias Value = NSUnderlineStyle
            /// The attribute's name.
            public static let name = "NSUnderline"
        }
        /// https://developer.apple.com/documentation/foundation/attributescopes/uikitattributes/strikethroughstyleattribute
        public enum StrikethroughStyleAttribute: AttributedStringKey {
            /// The attribute's value type.
            public typealias Value = NSUnderlineStyle
            /// The attribute's name.
            public static let name = "NSStrikethrough"
        }
        /// https://developer.apple.com/documentation/foundation/attributescopes/uikitattributes/baselineoffsetattribute
        public enum BaselineOffsetAttribute: AttributedStringKey {
            /// The attribute's value type.
            public typealias Value = Double
            /// The attribute's name.
            public static let name = "NSBaselineOffset"
        }
        /// https://developer.apple.com/documentation/foundation/attributescopes/uikitattributes/paragraphstyleattribute
        public enum ParagraphStyleAttribute: AttributedStringKey {
            /// The attribute's value type.
            public typealias Value = NSParagraphStyle
            /// The attribute's name.
            public static let name = "NSParagraphStyle"
        }
    }
}
