#if !canImport(Darwin) && !INTENTMARK_DARWIN_STANDIN
    public import Foundation
    import IntentModel

    // Foundation's Markdown initializers of `AttributedString`, where Foundation lacks them (Linux and
    // other non-Apple platforms). On Apple platforms Foundation's own are used and these do not exist.

    extension AttributedString {
        /// Creates an attributed string from Markdown, as Foundation's
        /// `AttributedString(markdown:options:baseURL:)` does on Apple platforms.
        ///
        /// Runs carry Foundation's attributes: `presentationIntent` (components innermost first,
        /// identities numbered from 1 in document order), `inlinePresentationIntent`, `link`,
        /// `imageURL`, and with the options `languageIdentifier` and `markdownSourcePosition`.
        /// Nothing is put between blocks (a block without text, such as a thematic break, is one
        /// `"\n"` so that it is not lost). With `options.includesIntentMarkAttributes`, IntentMark's own
        /// attributes are added.
        ///
        /// ```swift
        /// let greeting = try AttributedString(markdown: "Hello, **world**!")
        /// for run in greeting.runs where run.inlinePresentationIntent == .stronglyEmphasized {
        ///     print(greeting[run.range])   // world
        /// }
        /// ```
        /// - Parameters:
        ///   - markdown: The Markdown source.
        ///   - options: Foundation's options (and IntentMark's, in `options.intentMarkOptions`).
        ///   - baseURL: Resolves relative link and image URLs; `nil` leaves them as written.
        /// - Throws: ``IntentModel/IntentMarkError/limitExceeded(limit:maximum:found:)`` when the input
        ///   exceeds the options' limits; ``IntentModel/IntentMarkError/parserUnavailable(reason:)``
        ///   when libcmark-gfm cannot allocate.
        public init(markdown: String, options: AttributedString.MarkdownParsingOptions = .init(), baseURL: URL? = nil) throws {
            let document = try IntentDocument(markdown: markdown, options: options.intentMarkOptions, baseURL: baseURL)
            self = document.attributedString(foundationAttributesOnly: !options.includesIntentMarkAttributes)
        }

        /// Creates an attributed string from Markdown bytes (UTF-8), as Foundation's
        /// `AttributedString(markdown: Data, options:baseURL:)` does on Apple platforms.
        /// - Parameters:
        ///   - markdown: UTF-8 bytes; a leading byte-order mark is skipped.
        ///   - options: Foundation's options; `failurePolicy` decides what invalid UTF-8 does.
        ///   - baseURL: Resolves relative link and image URLs; `nil` leaves them as written.
        /// - Throws: ``IntentModel/IntentMarkError/invalidUTF8(byteOffset:)`` for invalid UTF-8 under
        ///   `.throwError`; the errors of the `String` initializer.
        public init(markdown: Data, options: AttributedString.MarkdownParsingOptions = .init(), baseURL: URL? = nil) throws {
            let document = try IntentDocument(markdown: markdown, options: options.intentMarkOptions, baseURL: baseURL)
            self = document.attributedString(foundationAttributesOnly: !options.includesIntentMarkAttributes)
        }

        /// Creates an attributed string from a Markdown file, as Foundation's
        /// `AttributedString(contentsOf:options:baseURL:)` does on Apple platforms.
        /// - Parameters:
        ///   - url: A file URL.
        ///   - options: Foundation's options.
        ///   - baseURL: Resolves relative link and image URLs; `nil` leaves them as written.
        /// - Throws: Foundation's `CocoaError` when the file cannot be read (`.fileReadNoSuchFile`,
        ///   `.fileReadNoPermission`, …), as Apple's initializer does; the errors of the `Data`
        ///   initializer.
        public init(contentsOf url: URL, options: AttributedString.MarkdownParsingOptions = .init(), baseURL: URL? = nil) throws {
            try self.init(markdown: try Data(contentsOf: url), options: options, baseURL: baseURL)
        }
    }
#endif
