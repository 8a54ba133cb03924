/// A paragraph's base writing direction, with `NSWritingDirection`'s case names.
///
/// Lowering sets ``rightToLeft`` on a paragraph whose first strong character (Unicode Bidi_Class
/// R or AL: Hebrew, Arabic, Syriac, Thaana, N'Ko, …) is right-to-left, and leaves ``natural``
/// otherwise; the RTF writer writes such paragraphs with `\rtlpar` and their text with `\rtlch`.
public enum WritingDirection: String, Sendable, Hashable, Codable, CaseIterable {
    /// The direction the text system finds from the paragraph's first strong character
    /// (`NSWritingDirection.natural`).
    case natural
    /// Left to right (`NSWritingDirection.leftToRight`).
    case leftToRight
    /// Right to left (`NSWritingDirection.rightToLeft`).
    case rightToLeft
}
