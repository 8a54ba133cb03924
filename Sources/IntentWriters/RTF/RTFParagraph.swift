/// One paragraph of the lowered text, as the RTF renderer collects it before writing: its text
/// segments, the attributes its paragraph properties come from, and what the source says of it.
struct RTFParagraph {
    /// Indices into the renderer's segments.
    var segments: Range<Int>
    /// The interned attributes (of the lowered document) giving the paragraph style: the first
    /// segment's, or the separator's when the paragraph is empty; -1 for none.
    var attributes: Int32
    /// The list item marker (`•`, `1.`) taken out of the text (the lowering's `\t•\t`), if any.
    var marker: String?
    /// The `\ls` number of the paragraph's list chain, 0 for none.
    var listNumber = 0
    /// The header level of the source block, if it is a header.
    var headerLevel: Int?
}
