import Foundation
import IntentModel

extension IntentDocument {
    /// Presentation intents recovered from display attributes: the inverse of `.richText` lowering
    /// for rich text that has no intents — a paste from a
    /// text view, or a document lowered with ``lowered(to:styleSheet:plainTextOptions:)``.
    ///
    /// The text is read paragraph by paragraph (a paragraph ends at `"\n"`; U+2028 is a line break
    /// inside it):
    ///
    /// - **Tables**: a paragraph with `paragraphStyle.textBlocks` is a table cell (`row` 0 with
    ///   `isHeader` the header row, body rows from 1, `column`); cells with the same table number
    ///   form one table whose columns take the cells' alignments.
    /// - **Lists**: `paragraphStyle.textLists` (outermost first) give the enclosing lists — ordered
    ///   when the marker format is — and a paragraph that starts with lowering's marker text
    ///   (`\t•\t`, `\t1.\t`, a task marker `☐ `/`☑ ` after it) starts a new item, whose ordinal is
    ///   read from the marker (or counted from `startingItemNumber`); the marker text is removed and
    ///   a task marker becomes ``BlockMarkup/isTaskChecked``. Paragraphs without `textLists` that start
    ///   with flattened marker text (`• `, `◦ `, `▪ `, `1. `, `a) `, …) and are indented at least as far
    ///   as the style sheet's list item are list items too, nested by their indent.
    /// - **Block quotes**: the indent left after the list items' is divided into the style sheet's
    ///   block-quote indents (quotes are put outside the lists: their relative order is lost).
    /// - **Leaves**: a paragraph that is exactly ``IntentLowering/PlainTextOptions/thematicBreak`` is a thematic
    ///   break; one whose text is all in a monospaced font is a code block line (consecutive lines in
    ///   the same containers make one code block); one whose main font (the longest run not
    ///   monospaced) has a header's size and weight in `styleSheet` and the header's spacing before
    ///   is that header; otherwise a bold (semibold or heavier) main font at least 15 % larger than
    ///   the body's is a header whose level is the one of the nearest size; everything else is a
    ///   paragraph.
    /// - **Inline**: relative to the font `styleSheet` gives the leaf's context, an italic run is ``InlinePresentationIntent/emphasized``,
    ///   a heavier one ``InlinePresentationIntent/stronglyEmphasized``, a monospaced one
    ///   ``InlinePresentationIntent/code``, one with a strikethrough style
    ///   ``InlinePresentationIntent/strikethrough``; U+2028 is a ``InlinePresentationIntent/lineBreak``.
    ///   Links keep `link` and `linkDestination`. Display attributes intents cannot say (underline,
    ///   superscript, baseline offset, the highlight colour) stay on the runs; the rest (fonts,
    ///   colors, paragraph styles) are dropped.
    ///
    /// The result uses the `.newlines` layout: every leaf is followed by a `"\n"` separator (a
    /// cell by `"\t"` unless it ends its row; a code block's text ends with its own newline).
    ///
    /// What lowering loses stays lost: images come back as italic text, raw HTML as text, soft
    /// breaks as spaces, two adjacent code blocks as one, a paragraph all in inline code as a code
    /// block, strong emphasis inside a bold header, and the order of quotes and lists.
    ///
    /// ```swift
    /// let rich = try IntentDocument(markdown: "# Title\n\n- *one*\n").lowered(to: [.richText, .list])
    /// let raised = rich.raised()   // header 1, then an unordered list with an emphasized item
    /// ```
    /// - Parameters:
    ///   - styleSheet: The sheet the rich text was (or would have been) lowered with: header sizes,
    ///     indents and the body size are read from it.
    ///   - plainTextOptions: The marker texts and thematic break lowering wrote.
    /// - Returns: A document with presentation and inline intents.
    public func raised(styleSheet: StyleSheet = .default, plainTextOptions: PlainTextOptions = .default) -> IntentDocument {
        var raising = RichTextRaising(document: self, styleSheet: styleSheet, plainTextOptions: plainTextOptions)
        return raising.raise()
    }
}

extension AttributedString {
    /// This attributed string with presentation intents recovered from its display attributes; see
    /// ``IntentModel/IntentDocument/raised(styleSheet:plainTextOptions:)``.
    /// - Parameters:
    ///   - styleSheet: The sheet the rich text was lowered with.
    ///   - plainTextOptions: The marker texts lowering wrote.
    /// - Returns: A new attributed string with IntentMark's attributes.
    public func raised(styleSheet: StyleSheet = .default, plainTextOptions: PlainTextOptions = .default) -> AttributedString {
        IntentDocument(self).raised(styleSheet: styleSheet, plainTextOptions: plainTextOptions).attributedString()
    }
}
