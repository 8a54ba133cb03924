import Foundation

// MARK: - Attribute keys

/// The attributes IntentMark puts on a Foundation `AttributedString`, following Foundation's
/// pattern: one caseless enum per attribute with a `Value` and a `name`, gathered in
/// `AttributeScopes.IntentMarkAttributes`. Names are prefixed `IntentMark.` so they never collide
/// with Foundation's own (`NSPresentationIntent`, …) on Darwin. Links, images and language use
/// Foundation's own `link`, `imageURL` and `languageIdentifier` attributes.
public enum IntentMarkAttribute {
    /// The block intent; mirrors Foundation's `PresentationIntentAttribute`.
    public enum PresentationIntentAttribute: CodableAttributedStringKey {
        /// ``PresentationIntent``.
        public typealias Value = PresentationIntent
        /// `"IntentMark.PresentationIntent"`.
        public static let name = "IntentMark.PresentationIntent"
    }

    /// Inline intents; mirrors Foundation's `InlinePresentationIntentAttribute`.
    public enum InlinePresentationIntentAttribute: CodableAttributedStringKey {
        /// ``InlinePresentationIntent``.
        public typealias Value = InlinePresentationIntent
        /// `"IntentMark.InlinePresentationIntent"`.
        public static let name = "IntentMark.InlinePresentationIntent"
    }

    /// Markup of the run's blocks, by identity (``BlockMarkup``).
    public enum BlockMarkupAttribute: CodableAttributedStringKey {
        /// Block identity → markup.
        public typealias Value = [Int: BlockMarkup]
        /// `"IntentMark.BlockMarkup"`.
        public static let name = "IntentMark.BlockMarkup"
    }

    /// The link destination as written (``RunAttributes/linkDestination``).
    public enum LinkDestinationAttribute: CodableAttributedStringKey {
        /// The destination.
        public typealias Value = String
        /// `"IntentMark.LinkDestination"`.
        public static let name = "IntentMark.LinkDestination"
    }

    /// The link title (``RunAttributes/linkTitle``).
    public enum LinkTitleAttribute: CodableAttributedStringKey {
        /// The title.
        public typealias Value = String
        /// `"IntentMark.LinkTitle"`.
        public static let name = "IntentMark.LinkTitle"
    }

    /// The image source as written (``RunAttributes/imageSource``).
    public enum ImageSourceAttribute: CodableAttributedStringKey {
        /// The source.
        public typealias Value = String
        /// `"IntentMark.ImageSource"`.
        public static let name = "IntentMark.ImageSource"
    }

    /// The image title (``RunAttributes/imageTitle``).
    public enum ImageTitleAttribute: CodableAttributedStringKey {
        /// The title.
        public typealias Value = String
        /// `"IntentMark.ImageTitle"`.
        public static let name = "IntentMark.ImageTitle"
    }

    /// A footnote reference's label (``RunAttributes/footnoteReference``).
    public enum FootnoteReferenceAttribute: CodableAttributedStringKey {
        /// The label.
        public typealias Value = String
        /// `"IntentMark.FootnoteReference"`.
        public static let name = "IntentMark.FootnoteReference"
    }

    /// Apple extended attributes (``RunAttributes/extendedAttributes``).
    public enum ExtendedAttributesAttribute: CodableAttributedStringKey {
        /// Name → JSON5 value.
        public typealias Value = [String: ExtendedAttributeValue]
        /// `"IntentMark.ExtendedAttributes"`.
        public static let name = "IntentMark.ExtendedAttributes"
    }

    /// Source position; mirrors Foundation's `MarkdownSourcePositionAttribute`.
    public enum MarkdownSourcePositionAttribute: CodableAttributedStringKey {
        /// ``MarkdownSourcePosition``.
        public typealias Value = MarkdownSourcePosition
        /// `"IntentMark.MarkdownSourcePosition"`.
        public static let name = "IntentMark.MarkdownSourcePosition"
    }

    /// Marks separators inserted between blocks (``RunAttributes/isBlockSeparator``).
    public enum BlockSeparatorAttribute: CodableAttributedStringKey {
        /// Always `true` when present.
        public typealias Value = Bool
        /// `"IntentMark.BlockSeparator"`.
        public static let name = "IntentMark.BlockSeparator"
    }

    /// The inline spans of a run, innermost first (``InlineSpanPath``).
    public enum InlineSpansAttribute: CodableAttributedStringKey {
        /// ``InlineSpanPath``.
        public typealias Value = InlineSpanPath
        /// `"IntentMark.InlineSpans"`.
        public static let name = "IntentMark.InlineSpans"
    }

    /// The font (AppKit/UIKit `.font`), as a ``FontDescriptor``.
    public enum FontAttribute: CodableAttributedStringKey {
        /// ``FontDescriptor``.
        public typealias Value = FontDescriptor
        /// `"IntentMark.Font"`.
        public static let name = "IntentMark.Font"
    }

    /// The text color (`.foregroundColor`).
    public enum ForegroundColorAttribute: CodableAttributedStringKey {
        /// ``DisplayColor``.
        public typealias Value = DisplayColor
        /// `"IntentMark.ForegroundColor"`.
        public static let name = "IntentMark.ForegroundColor"
    }

    /// The background color (`.backgroundColor`).
    public enum BackgroundColorAttribute: CodableAttributedStringKey {
        /// ``DisplayColor``.
        public typealias Value = DisplayColor
        /// `"IntentMark.BackgroundColor"`.
        public static let name = "IntentMark.BackgroundColor"
    }

    /// Underline (`.underlineStyle`).
    public enum UnderlineStyleAttribute: CodableAttributedStringKey {
        /// ``UnderlineStyle``.
        public typealias Value = UnderlineStyle
        /// `"IntentMark.UnderlineStyle"`.
        public static let name = "IntentMark.UnderlineStyle"
    }

    /// Strikethrough (`.strikethroughStyle`).
    public enum StrikethroughStyleAttribute: CodableAttributedStringKey {
        /// ``UnderlineStyle``.
        public typealias Value = UnderlineStyle
        /// `"IntentMark.StrikethroughStyle"`.
        public static let name = "IntentMark.StrikethroughStyle"
    }

    /// Baseline offset in points (`.baselineOffset`).
    public enum BaselineOffsetAttribute: CodableAttributedStringKey {
        /// Points, positive up.
        public typealias Value = Double
        /// `"IntentMark.BaselineOffset"`.
        public static let name = "IntentMark.BaselineOffset"
    }

    /// Superscript level (AppKit's `.superscript`).
    public enum SuperscriptAttribute: CodableAttributedStringKey {
        /// > 0 superscript, < 0 subscript.
        public typealias Value = Int
        /// `"IntentMark.Superscript"`.
        public static let name = "IntentMark.Superscript"
    }

    /// Paragraph layout (`.paragraphStyle`).
    public enum ParagraphStyleAttribute: CodableAttributedStringKey {
        /// ``ParagraphStyle``.
        public typealias Value = ParagraphStyle
        /// `"IntentMark.ParagraphStyle"`.
        public static let name = "IntentMark.ParagraphStyle"
    }

    /// Marks a U+FFFC standing for an inline without text (``RunAttributes/isPlaceholder``).
    public enum PlaceholderAttribute: CodableAttributedStringKey {
        /// Always `true` when present.
        public typealias Value = Bool
        /// `"IntentMark.Placeholder"`.
        public static let name = "IntentMark.Placeholder"
    }
}

// MARK: - Scope

extension AttributeScopes {
    /// IntentMark's attributes plus Foundation's, for `AttributedString` interop:
    /// `AttributedString(document.attributedString())` then `run.presentationIntent`,
    /// `run.inlinePresentationIntent`, `run.link`, …
    public struct IntentMarkAttributes: AttributeScope {
        /// Block intent.
        public let presentationIntent: IntentMarkAttribute.PresentationIntentAttribute
        /// Inline intents.
        public let inlinePresentationIntent: IntentMarkAttribute.InlinePresentationIntentAttribute
        /// Block markup by identity.
        public let blockMarkup: IntentMarkAttribute.BlockMarkupAttribute
        /// Link destination as written.
        public let linkDestination: IntentMarkAttribute.LinkDestinationAttribute
        /// Link title.
        public let linkTitle: IntentMarkAttribute.LinkTitleAttribute
        /// Image source as written.
        public let imageSource: IntentMarkAttribute.ImageSourceAttribute
        /// Image title.
        public let imageTitle: IntentMarkAttribute.ImageTitleAttribute
        /// Footnote reference label.
        public let footnoteReference: IntentMarkAttribute.FootnoteReferenceAttribute
        /// Extended attributes.
        public let extendedAttributes: IntentMarkAttribute.ExtendedAttributesAttribute
        /// Source position.
        public let markdownSourcePosition: IntentMarkAttribute.MarkdownSourcePositionAttribute
        /// Block separator flag.
        public let blockSeparator: IntentMarkAttribute.BlockSeparatorAttribute
        /// Inline spans, innermost first.
        public let inlineSpans: IntentMarkAttribute.InlineSpansAttribute
        /// Font.
        public let font: IntentMarkAttribute.FontAttribute
        /// Text color.
        public let foregroundColor: IntentMarkAttribute.ForegroundColorAttribute
        /// Background color.
        public let backgroundColor: IntentMarkAttribute.BackgroundColorAttribute
        /// Underline.
        public let underlineStyle: IntentMarkAttribute.UnderlineStyleAttribute
        /// Strikethrough.
        public let strikethroughStyle: IntentMarkAttribute.StrikethroughStyleAttribute
        /// Baseline offset.
        public let baselineOffset: IntentMarkAttribute.BaselineOffsetAttribute
        /// Superscript level.
        public let superscript: IntentMarkAttribute.SuperscriptAttribute
        /// Paragraph style.
        public let paragraphStyle: IntentMarkAttribute.ParagraphStyleAttribute
        /// Placeholder flag.
        public let placeholder: IntentMarkAttribute.PlaceholderAttribute
        /// Foundation's attributes (`link`, `imageURL`, `languageIdentifier`, …).
        public let foundation: FoundationAttributes
    }

    /// `\.intentMark`, for APIs that take a scope key path.
    public var intentMark: IntentMarkAttributes.Type { IntentMarkAttributes.self }
}

extension AttributeDynamicLookup {
    /// Makes `run.presentationIntent` and the other IntentMark attributes available on
    /// `AttributedString` runs and containers.
    public subscript<T: AttributedStringKey>(
        dynamicMember keyPath: KeyPath<AttributeScopes.IntentMarkAttributes, T>
    ) -> T {
        self[T.self]
    }
}
