import Foundation

extension AttributedString {
    /// https://developer.apple.com/documentation/foundation/attributedstring/markdownparsingoptions
    public struct MarkdownParsingOptions: Hashable, Sendable {
        /// https://developer.apple.com/documentation/foundation/attributedstring/markdownparsingoptions/allowsextendedattributes
        public var allowsExtendedAttributes: Bool
        /// https://developer.apple.com/documentation/foundation/attributedstring/markdownparsingoptions/interpretedsyntax-swift.property
        public var interpretedSyntax: InterpretedSyntax
        /// https://developer.apple.com/documentation/foundation/attributedstring/markdownparsingoptions/failurepolicy-swift.property
        public var failurePolicy: FailurePolicy
        /// https://developer.apple.com/documentation/foundation/attributedstring/markdownparsingoptions/languagecode
        public var languageCode: String?
        /// https://developer.apple.com/documentation/foundation/attributedstring/markdownparsingoptions/appliessourcepositionattributes
        public var appliesSourcePositionAttributes: Bool

        /// https://developer.apple.com/documentation/foundation/attributedstring/markdownparsingoptions/init(allowsextendedattributes:interpretedsyntax:failurepolicy:languagecode:appliessourcepositionattributes:)
        public init(
            allowsExtendedAttributes: Bool = false, interpretedSyntax: InterpretedSyntax = .full,
            failurePolicy: FailurePolicy = .throwError, languageCode: String? = nil,
            appliesSourcePositionAttributes: Bool = false
        ) {
            self.allowsExtendedAttributes = allowsExtendedAttributes
            self.interpretedSyntax = interpretedSyntax
            self.failurePolicy = failurePolicy
            self.languageCode = languageCode
            self.appliesSourcePositionAttributes = appliesSourcePositionAttributes
        }

        /// https://developer.apple.com/documentation/foundation/attributedstring/markdownparsingoptions/interpretedsyntax-swift.enum
        public enum InterpretedSyntax: Hashable, Sendable {
            /// https://developer.apple.com/documentation/foundation/attributedstring/markdownparsingoptions/interpretedsyntax-swift.enum/full
            case full
            /// https://developer.apple.com/documentation/foundation/attributedstring/markdownparsingoptions/interpretedsyntax-swift.enum/inlineonly
            case inlineOnly
            /// https://developer.apple.com/documentation/foundation/attributedstring/markdownparsingoptions/interpretedsyntax-swift.enum/inlineonlypreservingwhitespace
            case inlineOnlyPreservingWhitespace
        }

        /// https://developer.apple.com/documentation/foundation/attributedstring/markdownparsingoptions/failurepolicy-swift.enum
        public enum FailurePolicy: Hashable, Sendable {
            /// https://developer.apple.com/documentation/foundation/attributedstring/markdownparsingoptions/failurepolicy-swift.enum/throwerror
            case throwError
            /// https://developer.apple.com/documentation/foundation/attributedstring/markdownparsingoptions/failurepolicy-swift.enum/returnpartiallyparsedifpossible
            case returnPartiallyParsedIfPossible
        }
    }

    /// https://developer.apple.com/documentation/foundation/attributedstring/init(markdown:options:baseurl:)-52n3u
    public init(markdown: String, options: AttributedString.MarkdownParsingOptions = .init(), baseURL: URL? = nil) throws {
        self.init(markdown)
    }

    /// https://developer.apple.com/documentation/foundation/attributedstring/init(markdown:options:baseurl:)
    /// (the `Data` form)
    public init(markdown: Data, options: AttributedString.MarkdownParsingOptions = .init(), baseURL: URL? = nil) throws {
        self.init(String(decoding: markdown, as: UTF8.self))
    }

    /// https://developer.apple.com/documentation/foundation/attributedstring/init(contentsof:options:baseurl:)
    public init(contentsOf url: URL, options: AttributedString.MarkdownParsingOptions = .init(), baseURL: URL? = nil) throws {
        self.init(try String(contentsOf: url, encoding: .utf8))
    }
}
