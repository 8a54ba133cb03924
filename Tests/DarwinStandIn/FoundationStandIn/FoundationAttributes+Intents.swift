import Foundation

// Linux's Foundation has `AttributeScopes.FoundationAttributes` (link, imageURL, …) but not these
// members; on Darwin they are stored `let`s of the scope. An extension cannot add stored
// properties, so here they are computed properties of the same types: key paths to them work
// the same way for dynamic member lookup (`run.presentationIntent`, `runs[\.presentationIntent]`).

extension AttributeScopes.FoundationAttributes {
    /// https://developer.apple.com/documentation/foundation/attributescopes/foundationattributes/presentationintentattribute
    public enum PresentationIntentAttribute: CodableAttributedStringKey {
        /// The attribute's value type.
        public typealias Value = PresentationIntent
        /// The attribute's name.
        public static let name = "NSPresentationIntent"
    }

    /// https://developer.apple.com/documentation/foundation/attributescopes/foundationattributes/inlinepresentationintentattribute
    public enum InlinePresentationIntentAttribute: CodableAttributedStringKey {
        /// The attribute's value type.
        public typealias Value = InlinePresentationIntent
        /// The attribute's name.
        public static let name = "NSInlinePresentationIntent"
    }

    /// https://developer.apple.com/documentation/foundation/attributescopes/foundationattributes/markdownsourcepositionattribute
    public enum MarkdownSourcePositionAttribute: CodableAttributedStringKey {
        /// The attribute's value type.
        public typealias Value = AttributedString.MarkdownSourcePosition
        /// The attribute's name.
        public static let name = "NSMarkdownSourcePosition"
    }

    /// https://developer.apple.com/documentation/foundation/attributescopes/foundationattributes/presentationintent
    public var presentationIntent: PresentationIntentAttribute { fatalError("a key path only") }
    /// https://developer.apple.com/documentation/foundation/attributescopes/foundationattributes/inlinepresentationintent
    public var inlinePresentationIntent: InlinePresentationIntentAttribute { fatalError("a key path only") }
    /// https://developer.apple.com/documentation/foundation/attributescopes/foundationattributes/markdownsourceposition
    public var markdownSourcePosition: MarkdownSourcePositionAttribute { fatalError("a key path only") }
}
