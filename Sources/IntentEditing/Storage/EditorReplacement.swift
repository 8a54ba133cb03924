import Foundation
import IntentModel

/// A replacement of a range of an editor's text: what ``EditableIntentDocument/replace(_:with:)-(NSRange,IntentDocument)``
/// returns as its inverse, and what an undo applies.
public struct EditorReplacement: Sendable {
    /// The range to replace, in UTF-16 units (`NSRange` semantics) of the text it applies to.
    public var range: NSRange
    /// The text to put there, with its intents.
    public var text: IntentDocument

    /// Creates a replacement.
    /// - Parameters:
    ///   - range: UTF-16 range in the text it applies to.
    ///   - text: The replacement text.
    public init(range: NSRange, text: IntentDocument) {
        self.range = range
        self.text = text
    }
}
