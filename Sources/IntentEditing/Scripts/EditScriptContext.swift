import Foundation

/// A named context of an edit script, made from the document before the first replacement —
/// what a rewrite tool asks the editor for (``EditorSession/contexts(for:selection:visibleRange:)``).
///
/// JSON: `{"name": "intro", "scope": "userSelection", "selection": {"location": 0, "length": 12}}`;
/// `scope` is `userSelection`, `fullDocument` or `visibleArea`; `visibleRange` is optional (for
/// `visibleArea`).
public struct EditScriptContext: Sendable, Hashable, Codable {
    /// The name replacements refer to it by.
    public var name: String
    /// Which text the context covers.
    public var scope: ContextScope
    /// The selection (UTF-16 units of the document's text; an empty range is the caret).
    public var selection: EditScriptRange
    /// The range the view shows, for `visibleArea`.
    public var visibleRange: EditScriptRange?

    /// Creates a context description.
    /// - Parameters:
    ///   - name: The name replacements refer to it by.
    ///   - scope: Which text it covers.
    ///   - selection: The selection.
    ///   - visibleRange: The visible range, for `visibleArea`.
    public init(name: String, scope: ContextScope, selection: EditScriptRange, visibleRange: EditScriptRange? = nil) {
        self.name = name
        self.scope = scope
        self.selection = selection
        self.visibleRange = visibleRange
    }

    private enum CodingKeys: String, CodingKey {
        case name, scope, selection, visibleRange
    }

    /// The scope's name in JSON.
    static func scopeName(_ scope: ContextScope) -> String {
        switch scope {
        case .userSelection: return "userSelection"
        case .fullDocument: return "fullDocument"
        case .visibleArea: return "visibleArea"
        }
    }

    /// Decodes the JSON form.
    /// - Throws: `DecodingError` for a missing field, a wrong type or an unknown scope name.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        name = try container.decode(String.self, forKey: .name)
        let scopeName = try container.decode(String.self, forKey: .scope)
        guard let scope = ContextScope.allCases.first(where: { Self.scopeName($0) == scopeName }) else {
            throw DecodingError.dataCorruptedError(
                forKey: .scope, in: container, debugDescription: "unknown scope '\(scopeName)' (userSelection, fullDocument, visibleArea)")
        }
        self.scope = scope
        selection = try container.decode(EditScriptRange.self, forKey: .selection)
        visibleRange = try container.decodeIfPresent(EditScriptRange.self, forKey: .visibleRange)
    }

    /// Encodes the JSON form.
    /// - Throws: What the encoder throws.
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: CodingKeys.self)
        try container.encode(name, forKey: .name)
        try container.encode(Self.scopeName(scope), forKey: .scope)
        try container.encode(selection, forKey: .selection)
        try container.encodeIfPresent(visibleRange, forKey: .visibleRange)
    }
}
