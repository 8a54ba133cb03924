/// Paragraph alignment, with `NSTextAlignment`'s case names.
public enum TextAlignment: String, Sendable, Hashable, Codable, CaseIterable {
    /// Left edge.
    case left
    /// Centered.
    case center
    /// Right edge.
    case right
    /// Both edges.
    case justified
    /// The writing direction's natural alignment.
    case natural
}
