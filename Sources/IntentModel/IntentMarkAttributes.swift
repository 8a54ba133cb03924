import Foundation

// MARK: - Attribute keys

/// The attributes IntentMark puts on a Foundation `AttributedString`, following Foundation's
/// pattern: one caseless enum per attribute with a `Value` and a `name`, gathered in
/// `AttributeScopes.IntentMarkAttributes`.
///
/// Block and inline intents and source positions use Foundation's attributes where Foundation has
/// them: on Apple platforms `AttributeScopes.FoundationAttributes.presentationIntent`,
/// `.inlinePresentationIntent` and `.markdownSourcePosition` themselves, so SwiftUI, TextKit and
/// Writing Tools read them. Elsewhere IntentMark declares those three here, with Foundation's
/// names (`NSPresentationIntent`, …), and `AttributeScopes.FoundationAttributes` gets typealiases
/// to them so code written for Apple platforms compiles unchanged. Links, images and language use
/// Foundation's own `link`, `imageURL` and `languageIdentifier` everywhere. IntentMark's other
/// attributes are named `IntentMark.…`.
public enum IntentMarkAttribute {
    #if !canImport(Darwin) && !INTENTMARK_DARWIN_STANDIN
        /// The block intent (only where Foundation has none; on Apple platforms IntentMark uses
        /// Foundation's `PresentationIntentAttribute`).
        public enum PresentationIntentAttribute: CodableAttributedStringKey {
            /// ``PresentationIntent``.
            public typealias Value = PresentationIntent
            /// `"NSPresentationIntent"`, Foundation's name.
            public static let name = "NSPresentationIntent"
        }

        /// Inline intents (only where Foundation has none; on Apple platforms IntentMark uses
        /// Foundation's `InlinePresentationIntentAttribute`).
        public enum InlinePresentationIntentAttribute: CodableAttributedStringKey {
            /// ``InlinePresentationIntent``.
            public typealias Value = InlinePresentationIntent
            /// `"NSInlinePresentationIntent"`, Foundation's name.
            public static let name = "NSInlinePresentationIntent"
        }

        /// Source position (only where Foundation has none; on Apple platforms IntentMark uses
        /// Foundation's `MarkdownSourcePositionAttribute`, whose value is
        /// `AttributedString.MarkdownSourcePosition`).
        public enum MarkdownSourcePositionAttribute: CodableAttributedStringKey {
            /// ``MarkdownSourcePosition``.
            public typealias Value = MarkdownSourcePosition
            /// `"NSMarkdownSourcePosition"`, Foundation's name.
            public static let name = "NSMarkdownSourcePosition"
        }
    #endif

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

// MARK: - Scopes

extension AttributeScopes {
    /// IntentMark's attributes plus Foundation's, for `AttributedString` interop:
    /// `AttributedString(document.attributedString())` then `run.presentationIntent`,
    /// `run.inlinePresentationIntent`, `run.link`, `run.blockMarkup`, …
    ///
    /// On Apple platforms `presentationIntent`, `inlinePresentationIntent` and
    /// `markdownSourcePosition` are Foundation's own (through ``foundation``); elsewhere they are
    /// members here. Display attributes are in ``display``.
    public struct IntentMarkAttributes: AttributeScope {
        #if !canImport(Darwin) && !INTENTMARK_DARWIN_STANDIN
            /// Block intent (Foundation's own on Apple platforms).
            public let presentationIntent: IntentMarkAttribute.PresentationIntentAttribute
            /// Inline intents (Foundation's own on Apple platforms).
            public let inlinePresentationIntent: IntentMarkAttribute.InlinePresentationIntentAttribute
            /// Source position (Foundation's own on Apple platforms).
            public let markdownSourcePosition: IntentMarkAttribute.MarkdownSourcePositionAttribute
        #endif
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
        /// Block separator flag.
        public let blockSeparator: IntentMarkAttribute.BlockSeparatorAttribute
        /// Inline spans, innermost first.
        public let inlineSpans: IntentMarkAttribute.InlineSpansAttribute
        /// Placeholder flag.
        public let placeholder: IntentMarkAttribute.PlaceholderAttribute
        /// IntentMark's display attributes (font, colors, underline, …, paragraph style).
        public let display: IntentMarkDisplayAttributes
        /// Foundation's attributes (`link`, `imageURL`, `languageIdentifier`, and on Apple
        /// platforms `presentationIntent`, `inlinePresentationIntent`, `markdownSourcePosition`).
        public let foundation: FoundationAttributes
    }

    /// IntentMark's display attributes, the values lowering makes (``DisplayAttributes``).
    ///
    /// Where Foundation has no display attributes (Linux), `run.font`, `run.underlineStyle`, …
    /// read them. On Apple platforms those member names belong to AppKit's, UIKit's and
    /// SwiftUI's scopes, so this scope adds no dynamic members there: read a value with its key,
    /// `run[IntentMarkAttribute.FontAttribute.self]`.
    public struct IntentMarkDisplayAttributes: AttributeScope {
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
    }

    /// `\.intentMark`, for APIs that take a scope key path.
    public var intentMark: IntentMarkAttributes.Type { IntentMarkAttributes.self }
}

extension AttributeDynamicLookup {
    /// Makes `run.blockMarkup` and the other IntentMark attributes (and, where Foundation has
    /// none, `run.presentationIntent`) available on `AttributedString` runs and containers.
    public subscript<T: AttributedStringKey>(
        dynamicMember keyPath: KeyPath<AttributeScopes.IntentMarkAttributes, T>
    ) -> T {
        self[T.self]
    }

    #if !canImport(Darwin) && !INTENTMARK_DARWIN_STANDIN
        /// Makes `run.font`, `run.underlineStyle` and IntentMark's other display attributes available
        /// where no platform scope names them (not on Apple platforms).
        public subscript<T: AttributedStringKey>(
            dynamicMember keyPath: KeyPath<AttributeScopes.IntentMarkDisplayAttributes, T>
        ) -> T {
            self[T.self]
        }
    #endif
}

#if !canImport(Darwin) && !INTENTMARK_DARWIN_STANDIN
    // Apple's names for the intent attributes and the source position, so that code written for
    // Apple platforms (`AttributeScopes.FoundationAttributes.PresentationIntentAttribute.self`,
    // `AttributedString.MarkdownSourcePosition`) compiles unchanged where Foundation lacks them.

    extension AttributeScopes.FoundationAttributes {
        /// Foundation's name for ``IntentMarkAttribute/PresentationIntentAttribute``.
        public typealias PresentationIntentAttribute = IntentMarkAttribute.PresentationIntentAttribute
        /// Foundation's name for ``IntentMarkAttribute/InlinePresentationIntentAttribute``.
        public typealias InlinePresentationIntentAttribute = IntentMarkAttribute.InlinePresentationIntentAttribute
        /// Foundation's name for ``IntentMarkAttribute/MarkdownSourcePositionAttribute``.
        public typealias MarkdownSourcePositionAttribute = IntentMarkAttribute.MarkdownSourcePositionAttribute
    }

    extension AttributedString {
        /// Foundation's name for ``MarkdownSourcePosition``.
        public typealias MarkdownSourcePosition = IntentModel.MarkdownSourcePosition
    }
#endif

// MARK: - The keys IntentMark's conversions use

#if !canImport(Darwin) && !INTENTMARK_DARWIN_STANDIN
    typealias PresentationIntentKey = IntentMarkAttribute.PresentationIntentAttribute
    typealias InlinePresentationIntentKey = IntentMarkAttribute.InlinePresentationIntentAttribute
    typealias MarkdownSourcePositionKey = IntentMarkAttribute.MarkdownSourcePositionAttribute

    extension MarkdownSourcePosition {
        /// The value of ``MarkdownSourcePositionKey``: the position itself here.
        var attributeValue: MarkdownSourcePosition { self }
        init(attributeValue: MarkdownSourcePosition) { self = attributeValue }
    }
#else
    typealias PresentationIntentKey = AttributeScopes.FoundationAttributes.PresentationIntentAttribute
    typealias InlinePresentationIntentKey = AttributeScopes.FoundationAttributes.InlinePresentationIntentAttribute
    typealias MarkdownSourcePositionKey = AttributeScopes.FoundationAttributes.MarkdownSourcePositionAttribute

    extension MarkdownSourcePosition {
        /// The value of ``MarkdownSourcePositionKey``: Foundation's `AttributedString.MarkdownSourcePosition`.
        var attributeValue: AttributedString.MarkdownSourcePosition {
            AttributedString.MarkdownSourcePosition(
                startLine: startLine, startColumn: startColumn, endLine: endLine, endColumn: endColumn)
        }
        init(attributeValue: AttributedString.MarkdownSourcePosition) {
            self.init(
                startLine: attributeValue.startLine, startColumn: attributeValue.startColumn, endLine: attributeValue.endLine,
                endColumn: attributeValue.endColumn)
        }
    }
#endif
