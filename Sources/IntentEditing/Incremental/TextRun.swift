import Foundation
import IntentModel

/// A run of an ``IncrementalMarkdownDocument``'s text, found without assembling the document:
/// where it is in the whole text, and its intents and attributes.
public struct TextRun: Sendable, Hashable {
    /// The run's range in UTF-16 units of the document's text (`NSString`).
    public var textUTF16Range: NSRange
    /// The run's range in UTF-8 bytes of the document's text.
    public var textUTF8Range: Range<Int>
    /// The block intents (leaf block first), or `nil` for text outside any block.
    public var presentationIntent: PresentationIntent?
    /// The inline intents.
    public var inlinePresentationIntent: InlinePresentationIntent
    /// Links, images and the other run attributes.
    public var attributes: RunAttributes
}
