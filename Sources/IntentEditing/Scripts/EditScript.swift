import Foundation
import IntentModel
import MarkdownParsing

/// A scripted editing session: named contexts made from a document, then replacements applied
/// in order, as a rewrite tool and an editor make them — what `intentmark apply DOC EDITS.json`
/// replays.
///
/// The JSON form is either a list of replacements, or an object with `contexts` and
/// `replacements` (see ``EditScriptContext`` and ``EditScriptReplacement`` for their fields):
///
/// ```json
/// {
///   "contexts": [{"name": "all", "scope": "fullDocument", "selection": {"location": 0, "length": 0}}],
///   "replacements": [
///     {"context": "all", "range": {"location": 6, "length": 4}, "markdown": "*world*"},
///     {"range": {"location": 0, "length": 5}, "text": "Hello", "reason": "interactive"}
///   ]
/// }
/// ```
///
/// Ranges are UTF-16 units of the editor's text, where every paragraph ends with one `"\n"`
/// (`intentmark convert DOC --to runs` shows it). An invalid replacement stops the script with
/// ``EditScriptError/invalidReplacement(index:reason:)``; nothing of it is returned.
///
/// ```swift
/// let script = try EditScript(jsonData: Data(#"[{"range": {"location": 0, "length": 4}, "text": "Hello"}]"#.utf8))
/// let edited = try script.applied(to: try IntentDocument(markdown: "Helo world.\n"))
/// edited.markdown()   // "Hello world.\n"
/// ```
public struct EditScript: Sendable, Hashable, Codable {
    /// The contexts, made in order from the document before the first replacement.
    public var contexts: [EditScriptContext]
    /// The replacements, applied in order.
    public var replacements: [EditScriptReplacement]

    /// Creates a script.
    /// - Parameters:
    ///   - contexts: Named contexts.
    ///   - replacements: Replacements, in order.
    public init(contexts: [EditScriptContext] = [], replacements: [EditScriptReplacement]) {
        self.contexts = contexts
        self.replacements = replacements
    }

    private enum CodingKeys: String, CodingKey {
        case contexts, replacements
    }

    /// Decodes the object form (`contexts`, `replacements`).
    /// - Throws: `DecodingError` for malformed content.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        contexts = try container.decodeIfPresent([EditScriptContext].self, forKey: .contexts) ?? []
        replacements = try container.decode([EditScriptReplacement].self, forKey: .replacements)
    }

    /// Reads a script's JSON: a list of replacements or an object with `contexts` and `replacements`.
    /// - Parameter jsonData: The JSON.
    /// - Throws: ``EditScriptError/invalidScript(reason:)`` naming the JSON path of the first
    ///   problem (a replacement's damaged `document` included).
    public init(jsonData: Data) throws {
        let decoder = JSONDecoder()
        // A UTF-8 byte order mark, as some editors write one, is not part of the JSON.
        let jsonData = jsonData.starts(with: [0xEF, 0xBB, 0xBF]) ? jsonData.dropFirst(3) : jsonData
        do {
            let isList = jsonData.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }) == UInt8(ascii: "[")
            if isList {
                self.init(replacements: try decoder.decode([EditScriptReplacement].self, from: jsonData))
            } else {
                self = try decoder.decode(EditScript.self, from: jsonData)
            }
        } catch let error as DecodingError {
            // The top level is the script (the describer names it "document").
            var reason = IntentDocument.describe(error)
            if reason.hasPrefix("document:") { reason = "the script:" + reason.dropFirst("document:".count) }
            throw EditScriptError.invalidScript(reason: reason)
        } catch let error as IntentMarkError {
            throw EditScriptError.invalidScript(reason: "a replacement's document: \(error.description)")
        } catch {
            throw EditScriptError.invalidScript(reason: String(describing: error))
        }
        var names = Set<String>()
        for (index, context) in contexts.enumerated() where !names.insert(context.name).inserted {
            throw EditScriptError.invalidScript(reason: "at .contexts[\(index)].name: a second context named '\(context.name)'")
        }
    }

    /// The script's JSON (the object form, pretty-printed with sorted keys).
    /// - Returns: UTF-8 JSON.
    /// - Throws: What `JSONEncoder` throws (nothing for a script of valid values).
    public func jsonData() throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(self)
    }

    /// Applies the script to `document` through an ``EditorSession`` whose style mapping keeps
    /// every intent (``MarkdownStyleMapping``).
    /// - Parameters:
    ///   - document: The document to edit.
    ///   - options: How `markdown` proposals are parsed (the document's own options).
    /// - Returns: The edited document (`.newlines` layout).
    /// - Throws: ``EditScriptError/invalidScript(reason:)`` for a context whose ranges lie
    ///   outside the document, ``EditScriptError/invalidReplacement(index:reason:)`` for the first
    ///   replacement that cannot be applied.
    public func applied(to document: IntentDocument, options: MarkdownParsingOptions = .default) throws -> IntentDocument {
        var session = EditorSession(document: document, styleMapping: MarkdownStyleMapping())
        var identifiers: [String: UUID] = [:]
        for (index, context) in contexts.enumerated() {
            do {
                let made = try session.contexts(
                    for: context.scope, selection: context.selection.nsRange, visibleRange: context.visibleRange?.nsRange)
                identifiers[context.name] = made.first?.identifier
            } catch let error as IntentMarkError {
                throw EditScriptError.invalidScript(reason: "at .contexts[\(index)]: \(error.description)")
            }
        }
        for (index, replacement) in replacements.enumerated() {
            let proposals = [replacement.markdown != nil, replacement.text != nil, replacement.document != nil].filter { $0 }.count
            guard proposals == 1 else {
                throw EditScriptError.invalidReplacement(
                    index: index, reason: "give exactly one of markdown, text and document (\(proposals) given)")
            }
            do {
                let proposal: IntentDocument
                if let markdown = replacement.markdown {
                    proposal = try IntentDocument(markdown: markdown, options: options)
                } else if let text = replacement.text {
                    proposal = IntentDocument(text: text)
                } else {
                    proposal = replacement.document ?? IntentDocument()
                    try proposal.validate()
                }
                if let name = replacement.context {
                    guard let identifier = identifiers[name] else {
                        throw EditScriptError.invalidReplacement(index: index, reason: "no context named '\(name)'")
                    }
                    try session.replace(
                        replacement.range.nsRange, in: identifier, proposedText: proposal, reason: replacement.reason ?? .noninteractive)
                } else {
                    try session.propose(replacement.range.nsRange, proposedText: proposal)
                }
            } catch let error as IntentMarkError {
                throw EditScriptError.invalidReplacement(index: index, reason: error.description)
            }
        }
        return session.storage.document
    }
}
