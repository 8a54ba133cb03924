#if !canImport(Darwin) && !INTENTMARK_DARWIN_STANDIN
    public import Foundation

    extension AttributedString {
        /// Options for `AttributedString(markdown:options:baseURL:)`, with the members and defaults of
        /// Foundation's `AttributedString.MarkdownParsingOptions` (Apple platforms, macOS 12 / iOS 15;
        /// `appliesSourcePositionAttributes` macOS 13 / iOS 16).
        ///
        /// Declared only where Foundation has no Markdown support (Linux and other non-Apple
        /// platforms): on Apple platforms Foundation's own type is used and this one does not exist.
        /// IntentMark's further options are in ``intentMarkOptions``, whose defaults give Apple's
        /// results (``BlockSeparation/none``: nothing between blocks; no front matter and no GitHub alerts,
        /// which Apple's parser reads as ordinary Markdown).
        ///
        /// ```swift
        /// let options = AttributedString.MarkdownParsingOptions(interpretedSyntax: .inlineOnlyPreservingWhitespace)
        /// let message = try AttributedString(markdown: "**Hi**\nthere", options: options)
        /// ```
        public struct MarkdownParsingOptions: Sendable, Hashable {
            /// Which syntax produces attributes (Foundation's `InterpretedSyntax`: `.full`,
            /// `.inlineOnly`, `.inlineOnlyPreservingWhitespace`).
            public typealias InterpretedSyntax = MarkdownParsing.MarkdownParsingOptions.InterpretedSyntax
            /// What invalid input does (Foundation's `FailurePolicy`: `.throwError`,
            /// `.returnPartiallyParsedIfPossible`).
            public typealias FailurePolicy = MarkdownParsing.MarkdownParsingOptions.FailurePolicy

            /// All of IntentMark's parsing options; the five of Apple's below read and write it.
            /// Defaults: IntentMark's (``MarkdownParsing/MarkdownParsingOptions/default``) except
            /// ``MarkdownParsing/MarkdownParsingOptions/blockSeparation``, which is
            /// ``BlockSeparation/none`` as Apple's parser gives. GFM extensions are all on (Apple does
            /// not document which it parses; tables and strikethrough are observed).
            public var intentMarkOptions: MarkdownParsing.MarkdownParsingOptions

            /// Whether IntentMark's own attributes (block markup, link destinations as written, inline
            /// spans, separator flags, display attributes) are put on the runs too. Default `false`:
            /// only Foundation's attributes, as Apple's parser gives.
            public var includesIntentMarkAttributes: Bool

            /// Whether Apple's extended attribute syntax `^[text](name: value)` is interpreted.
            /// Default `false`.
            public var allowsExtendedAttributes: Bool {
                get { intentMarkOptions.allowsExtendedAttributes }
                set { intentMarkOptions.allowsExtendedAttributes = newValue }
            }

            /// Which syntax produces attributes. Default `.full`.
            public var interpretedSyntax: InterpretedSyntax {
                get { intentMarkOptions.interpretedSyntax }
                set { intentMarkOptions.interpretedSyntax = newValue }
            }

            /// What invalid UTF-8 does. Default `.throwError`.
            public var failurePolicy: FailurePolicy {
                get { intentMarkOptions.failurePolicy }
                set { intentMarkOptions.failurePolicy = newValue }
            }

            /// A BCP-47 language code put on every run as `languageIdentifier`. Default `nil`.
            public var languageCode: String? {
                get { intentMarkOptions.languageCode }
                set { intentMarkOptions.languageCode = newValue }
            }

            /// Whether runs get `markdownSourcePosition`. Default `false`.
            public var appliesSourcePositionAttributes: Bool {
                get { intentMarkOptions.appliesSourcePositionAttributes }
                set { intentMarkOptions.appliesSourcePositionAttributes = newValue }
            }

            /// Creates options with Foundation's parameters and defaults.
            /// - Parameters:
            ///   - allowsExtendedAttributes: Interpret `^[text](name: value)`. Default `false`.
            ///   - interpretedSyntax: Which syntax produces attributes. Default `.full`.
            ///   - failurePolicy: What invalid UTF-8 does. Default `.throwError`.
            ///   - languageCode: A BCP-47 code for every run, or `nil`.
            ///   - appliesSourcePositionAttributes: Put `markdownSourcePosition` on runs. Default `false`.
            public init(
                allowsExtendedAttributes: Bool = false, interpretedSyntax: InterpretedSyntax = .full,
                failurePolicy: FailurePolicy = .throwError, languageCode: String? = nil,
                appliesSourcePositionAttributes: Bool = false
            ) {
                intentMarkOptions = MarkdownParsing.MarkdownParsingOptions(
                    allowsExtendedAttributes: allowsExtendedAttributes, interpretedSyntax: interpretedSyntax,
                    failurePolicy: failurePolicy, languageCode: languageCode,
                    appliesSourcePositionAttributes: appliesSourcePositionAttributes, blockSeparation: .none,
                    recognizesFrontMatter: false, recognizesGitHubAlerts: false)
                includesIntentMarkAttributes = false
            }
        }
    }
#endif
