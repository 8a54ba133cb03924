import Foundation
import IntentModel

extension IntentDocument {
    /// The document lowered to what a target declares it can show.
    ///
    /// - `[.plainText]`: the characters of ``plainText(options:)``, no attributes.
    /// - `.richText` (alone or with `.list` / `.table`): display attributes from `styleSheet` instead
    ///   of intents; lists and tables flattened to text, or kept as `paragraphStyle.textLists` /
    ///   `textBlocks` when `.list` / `.table` are allowed (`textLists` holds at most 64 lists:
    ///   lists nested deeper add none). Raw HTML shows as in plain text: HTML
    ///   formatting tags become display attributes, `<br>` a line break, `<img>` its alt text, other
    ///   tags and comments nothing (``IntentLowering/PlainTextOptions/keepsRawHTML`` keeps it as text). A
    ///   paragraph whose first strong character is right-to-left gets
    ///   `paragraphStyle.baseWritingDirection` ``IntentModel/WritingDirection/rightToLeft``. A
    ///   GitHub alert's quote starts with its title (`Note`, `Warning`, …) in bold.
    /// - `.presentationIntent` (which implies the others): the intents as they are, with display
    ///   attributes only where the document has them (what intents cannot say).
    ///
    /// A document of 256 KiB of text or more is lowered to rich text in pieces on every active
    /// core, cut before top-level blocks and joined in order: the same document as one thread's.
    ///
    /// ```swift
    /// let styled = document.lowered(to: [.richText, .list], styleSheet: .github)
    /// ```
    /// - Parameters:
    ///   - options: The result options; `[]` is treated as `.richText`.
    ///   - styleSheet: Styles for `.richText`.
    ///   - plainTextOptions: Markers and separators for `.plainText` and flattened rich text.
    /// - Returns: A new document; this one is unchanged.
    public func lowered(
        to options: ResultOptions, styleSheet: StyleSheet = .default, plainTextOptions: PlainTextOptions = .default
    ) -> IntentDocument {
        lowered(to: options, styleSheet: styleSheet, plainTextOptions: plainTextOptions, threads: nil)
    }

    /// The document lowered as ``lowered(to:styleSheet:plainTextOptions:)`` lowers it, to rich
    /// text on up to `threads` threads (`nil`: the active processor count) when it has
    /// `minimumBytesInPieces` of text or more (cut before top-level blocks, joined in order: the
    /// same document as on one thread).
    package func lowered(
        to options: ResultOptions, styleSheet: StyleSheet, plainTextOptions: PlainTextOptions, threads: Int?,
        minimumBytesInPieces: Int = 1 << 18
    ) -> IntentDocument {
        let implied = options.implied
        if implied.contains(.presentationIntent) { return self }
        if !implied.contains(.richText), implied.contains(.plainText) {
            return IntentDocument(text: plainText(options: plainTextOptions))
        }
        var lowering = RichTextLowering(
            document: showingAlertTitles(), options: implied.isEmpty ? .richText : implied, styleSheet: styleSheet,
            plainTextOptions: plainTextOptions)
        guard text.utf8.count >= minimumBytesInPieces else { return lowering.lower() }
        return lowering.lower(threads: max(1, threads ?? ProcessInfo.processInfo.activeProcessorCount))
    }
}

extension AttributedString {
    /// This attributed string lowered to `options`; see
    /// ``IntentModel/IntentDocument/lowered(to:styleSheet:plainTextOptions:)``.
    /// - Parameters:
    ///   - options: The result options.
    ///   - styleSheet: Styles for `.richText`.
    ///   - plainTextOptions: Markers and separators.
    /// - Returns: A new attributed string with IntentMark's attributes.
    public func lowered(
        to options: ResultOptions, styleSheet: StyleSheet = .default, plainTextOptions: PlainTextOptions = .default
    ) -> AttributedString {
        IntentDocument(self).lowered(to: options, styleSheet: styleSheet, plainTextOptions: plainTextOptions).attributedString()
    }

    /// The plain text of this attributed string; see ``IntentModel/IntentDocument/plainText(options:)``.
    /// - Parameter options: Markers and separators.
    /// - Returns: The text.
    public func plainText(options: PlainTextOptions = .default) -> String {
        IntentDocument(self).plainText(options: options)
    }
}
