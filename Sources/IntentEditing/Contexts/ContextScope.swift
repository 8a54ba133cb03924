/// Which text a context covers — the cases and raw values of Writing Tools'
/// `UIWritingToolsCoordinator.ContextScope` / `NSWritingToolsCoordinator.ContextScope`.
public enum ContextScope: Int, Sendable, Hashable, Codable, CaseIterable {
    /// The selection and the paragraphs around it (the whole document when nothing is selected).
    case userSelection = 0
    /// The whole document.
    case fullDocument = 1
    /// The paragraphs the view shows.
    case visibleArea = 2
}

/// How a replacement is applied — Writing Tools' `TextReplacementReason` (raw values kept).
public enum TextReplacementReason: Int, Sendable, Hashable, Codable, CaseIterable {
    /// Applied with animation, as the user watches.
    case interactive = 0
    /// Applied without animation.
    case noninteractive = 1
}

/// Why the editor changed text inside a context — Writing Tools' `TextUpdateReason` (raw values kept).
public enum TextUpdateReason: Int, Sendable, Hashable, Codable, CaseIterable {
    /// The user typed.
    case typing = 0
    /// An undo or redo.
    case undoRedo = 1
}
