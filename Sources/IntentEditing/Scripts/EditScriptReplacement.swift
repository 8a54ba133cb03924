import Foundation
import IntentModel

/// One replacement of an edit script: a range and the text a rewrite tool proposes for it.
///
/// JSON: `{"range": {"location": 6, "length": 4}, "markdown": "*world*"}`, with
/// - `range`: UTF-16 units of the context's text **as the context was made** when `context`
///   names one (replacements into one context may come in any order), else of the document's
///   editor text as it is when this replacement applies (after the ones before it);
/// - exactly one of `markdown` (parsed with the document's parsing options), `text` (plain text)
///   or `document` (the JSON document form, `IntentDocument.jsonData()`);
/// - optionally `context` (a name from the script's `contexts`) and `reason`
///   (`interactive` or `noninteractive`, the default).
///
/// Each is applied as ``EditorSession`` applies a proposal: a proposal that is one paragraph is
/// inline text in the paragraph it lands in; one with blocks of its own keeps them.
public struct EditScriptReplacement: Sendable, Hashable, Codable {
    /// The range to replace.
    public var range: EditScriptRange
    /// The context the range is in, by name; `nil` for the document.
    public var context: String?
    /// The proposal as Markdown.
    public var markdown: String?
    /// The proposal as plain text.
    public var text: String?
    /// The proposal as an intent document.
    public var document: IntentDocument?
    /// Interactive or not; `nil` is non-interactive.
    public var reason: TextReplacementReason?

    /// Creates a replacement; give exactly one of `markdown`, `text` and `document`.
    /// - Parameters:
    ///   - range: The range to replace.
    ///   - context: The context's name, or `nil` for the document.
    ///   - markdown: The proposal as Markdown.
    ///   - text: The proposal as plain text.
    ///   - document: The proposal as an intent document.
    ///   - reason: Interactive or not.
    public init(
        range: EditScriptRange, context: String? = nil, markdown: String? = nil, text: String? = nil, document: IntentDocument? = nil,
        reason: TextReplacementReason? = nil
    ) {
        self.range = range
        self.context = context
        self.markdown = markdown
        self.text = text
        self.document = document
        self.reason = reason
    }

    private enum CodingKeys: String, CodingKey {
        case range, context, markdown, text, document, reason
    }

    /// The reason's name in JSON.
    static func reasonName(_ reason: TextReplacementReason) -> String {
        switch reason {
        case .interactive: return "interactive"
        case .noninteractive: return "noninteractive"
        }
    }

    /// Decodes the JSON form.
    /// - Throws: `DecodingError` for a missing range, a wrong type, an unknown reason or a damaged
    ///   `document` (its reason names the document's own JSON path).
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        range = try container.decode(EditScriptRange.self, forKey: .range)
        context = try container.decodeIfPresent(String.self, forKey: .context)
        markdown = try container.decodeIfPresent(String.self, forKey: .markdown)
        text = try container.decodeIfPresent(String.self, forKey: .text)
        do {
            document = try container.decodeIfPresent(IntentDocument.self, forKey: .document)
        } catch let error as IntentMarkError {
            // Named at the replacement's `document`, with the document's own path in the reason.
            throw DecodingError.dataCorruptedError(forKey: .document, in: container, debugDescription: error.description)
        }
        if let name = try container.decodeIfPresent(String.self, forKey: .reason) {
            guard let reason = TextReplacementReason.allCases.first(where: { Self.reasonName($0) == name }) else {
                throw DecodingError.dataCorruptedError(
                    forKey: .reason, in: container, debugDescription: "unknown reason '\(name)' (interactive, noninteractive)")
            }
            self.reason = reason
        }
    }

    /// Encodes the JSON form.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(range, forKey: .range)
        try container.encodeIfPresent(context, forKey: .context)
        try container.encodeIfPresent(markdown, forKey: .markdown)
        try container.encodeIfPresent(text, forKey: .text)
        try container.encodeIfPresent(document, forKey: .document)
        try container.encodeIfPresent(reason.map(Self.reasonName), forKey: .reason)
    }
}
