import Foundation
import IntentModel

/// A piece of an editor's text handed to a tool that proposes rewrites — the shape of Writing
/// Tools' `Context` (`init(attributedString:range:)`, `attributedString`, `range`, `identifier`).
public struct EditorContext: Sendable, Identifiable {
    /// The context's identifier (a new UUID per context).
    public let identifier: UUID
    /// The context's text with its intents: whole paragraphs of the document.
    public let text: IntentDocument
    /// The part of ``text`` to evaluate, in UTF-16 units relative to ``text`` (an empty range is
    /// the caret).
    public let range: NSRange
    /// Where ``text`` began in the document when the context was made (UTF-16 units).
    public let documentRange: NSRange

    /// `Identifiable`: the ``identifier``.
    public var id: UUID { identifier }
}
