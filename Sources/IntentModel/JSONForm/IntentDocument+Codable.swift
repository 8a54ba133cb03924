import Foundation

// MARK: - JSON form

/// The stable JSON form of an ``IntentDocument`` (format `intentmark-document`): versions 1 and 2
/// repeat each run's intent chain (described here; what `Codable` encoding writes, for a document
/// nested in other JSON), version 3 writes each block once (``jsonData()``), version 4 adds front
/// matter and GitHub alerts to either. Every reader reads all four.
///
/// Version 1:
///
/// ```json
/// {
///   "format": "intentmark-document",
///   "version": 1,
///   "runs": [
///     {"text": "Title", "intent": [{"kind": "header", "level": 1, "identity": 1}]},
///     {"text": "\n", "intent": [{"kind": "header", "level": 1, "identity": 1}], "isBlockSeparator": true},
///     {"text": "bold", "inline": ["stronglyEmphasized"],
///      "intent": [{"kind": "paragraph", "identity": 2}]}
///   ]
/// }
/// ```
///
/// Each run object has `text` and, only when present: `intent` (components innermost first: `kind`,
/// the kind's fields, `identity`), `inline` (option names), `link`, `linkDestination`, `linkTitle`,
/// `imageURL`, `imageSource`, `imageTitle`, `footnoteReference`, `extendedAttributes`,
/// `languageIdentifier`, `sourcePosition` (`startLine`, `startColumn`, `endLine`, `endColumn`),
/// `isBlockSeparator`, `isPlaceholder`, `display` (``DisplayAttributes``: `font`, colors,
/// `underlineStyle`, `paragraphStyle`, …), `blockMarkup` (an object from block identity, as a string,
/// to that block's ``BlockMarkup`` fields) and `span`: the 0-based index, in the document's
/// top-level `spans` table, of the run's innermost ``InlineSpan``. Each entry of `spans` has
/// `kind`, `identity` and `parent` (the index of the enclosing span, always an earlier entry;
/// absent at the top), so deeply nested markup stays linear in size; an `htmlFormatting` span also
/// has `htmlTag` (``HTMLFormattingTag``: `element`, `opening`, `closing`, e.g.
/// `{"element": "u", "opening": "<U>", "closing": "</u>"}`).
///
/// Versioning: readers accept every version from 1 up to their own; fields a later version adds are
/// optional, so an older file decodes with them absent. A file whose version is newer than the
/// reader's fails with ``IntentMarkError/unsupportedFormatVersion(found:newestSupported:)``.
/// Version 2 adds the `htmlFormatting` span kind and its `htmlTag`; `Codable` encoding writes the
/// lowest of versions 1 and 2 that can hold the document. Version 3 (``jsonData()``, the form files
/// and `intentmark convert --to json` use) has `blocks` and `attributes` tables that runs refer to,
/// so its size is linear in the runs and blocks; older readers refuse it with
/// ``IntentMarkError/unsupportedFormatVersion(found:newestSupported:)``.
///
/// Version 4 adds, to either form, a top-level `frontMatter` object (``FrontMatter``: `format`
/// `"yaml"` or `"toml"`, `rawText`, and `sourceRange` as `[start, end]` UTF-8 byte offsets) and
/// `alert` in block markup (``GitHubAlert``: `kind`, `marker`, `markerEnding`). Writers use it only
/// for a document that has front matter or an alert, so other documents stay readable by older
/// readers. A version-4 file in the table form is the one with a `blocks` key.
extension IntentDocument: Codable {
    /// The `format` value of the JSON form.
    public static let jsonFormatName = "intentmark-document"
    /// The newest JSON format version this library writes and reads.
    public static let jsonFormatVersion = 4

    enum DocumentKeys: String, CodingKey { case format, version, frontMatter, blocks, spans, attributes, runs }

    struct SpanJSON: Codable {
        var kind: InlineSpan.Kind
        var identity: Int
        var parent: Int?
        var htmlTag: HTMLFormattingTag?
    }

    struct RunJSON: Codable {
        var text: String
        var intent: IntentJSON?
        var inline: InlineJSON?
        var link: String?
        var linkDestination: String?
        var linkTitle: String?
        var imageURL: String?
        var imageSource: String?
        var imageTitle: String?
        var footnoteReference: String?
        var extendedAttributes: [String: ExtendedAttributeValue]?
        var languageIdentifier: String?
        var sourcePosition: MarkdownSourcePosition?
        var isBlockSeparator: Bool?
        var isPlaceholder: Bool?
        var display: DisplayAttributes?
        var blockMarkup: [String: BlockMarkup]?
        var span: Int?
    }

    /// Encodes the JSON form described above.
    /// - Parameter encoder: The encoder.
    /// - Throws: Whatever the encoder throws (for example a non-finite number in an extended
    ///   attribute).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: DocumentKeys.self)
        try container.encode(Self.jsonFormatName, forKey: .format)
        let needsVersion2 = spans.contains { $0.kind == .htmlFormatting }
        try container.encode(needsVersion4 ? 4 : needsVersion2 ? 2 : 1, forKey: .version)
        try container.encodeIfPresent(frontMatter, forKey: .frontMatter)
        if !spans.isEmpty {
            try container.encode(
                spans.map {
                    SpanJSON(
                        kind: $0.kind, identity: $0.identity, parent: $0.parent < 0 ? nil : Int($0.parent),
                        htmlTag: $0.kind == .htmlFormatting ? $0.htmlTag : nil)
                },
                forKey: .spans)
        }
        var runsContainer = container.nestedUnkeyedContainer(forKey: .runs)
        for (position, run) in runs.enumerated() {
            let spanIndex = runRecords[position].span
            let attributes = run.attributes
            var markup: [String: BlockMarkup]? = nil
            if !run.blockMarkup.isEmpty {
                markup = Dictionary(uniqueKeysWithValues: run.blockMarkup.map { (String($0.key), $0.value) })
            }
            try runsContainer.encode(
                RunJSON(
                    text: String(run.text), intent: run.presentationIntent.map(IntentJSON.init),
                    inline: run.inlinePresentationIntent.isEmpty ? nil : InlineJSON(run.inlinePresentationIntent),
                    link: attributes.link?.absoluteString, linkDestination: attributes.linkDestination,
                    linkTitle: attributes.linkTitle, imageURL: attributes.imageURL?.absoluteString,
                    imageSource: attributes.imageSource, imageTitle: attributes.imageTitle,
                    footnoteReference: attributes.footnoteReference,
                    extendedAttributes: attributes.extendedAttributes,
                    languageIdentifier: attributes.languageIdentifier, sourcePosition: attributes.sourcePosition,
                    isBlockSeparator: attributes.isBlockSeparator ? true : nil,
                    isPlaceholder: attributes.isPlaceholder ? true : nil, display: attributes.display, blockMarkup: markup,
                    span: spanIndex < 0 ? nil : Int(spanIndex)))
        }
    }

    /// Decodes the JSON form.
    /// - Parameter decoder: The decoder.
    /// - Throws: ``IntentMarkError/unsupportedFormatVersion(found:newestSupported:)`` for a newer
    ///   version; ``IntentMarkError/invalidDocumentJSON(reason:)`` for another `format`, a version
    ///   below 1, an invalid URL or an unknown block-markup identity; `DecodingError` for malformed
    ///   JSON or missing fields.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: DocumentKeys.self)
        let format = try container.decode(String.self, forKey: .format)
        guard format == Self.jsonFormatName else {
            throw IntentMarkError.invalidDocumentJSON(
                reason: "format is '\(format)', expected '\(Self.jsonFormatName)'")
        }
        let version = try container.decode(Int.self, forKey: .version)
        guard version <= Self.jsonFormatVersion else {
            throw IntentMarkError.unsupportedFormatVersion(found: version, newestSupported: Self.jsonFormatVersion)
        }
        guard version >= 1 else {
            throw IntentMarkError.invalidDocumentJSON(reason: "version \(version) does not exist (versions start at 1)")
        }
        self.init()
        let paths = try Self.readSpanTable(container)
        if version >= 4 { frontMatter = try Self.readFrontMatter(container) }
        if version == 3 || (version >= 4 && container.contains(.blocks)) {
            try readVersion3(container, spans: paths)
            return
        }
        try readRunsVersion1(try container.decode([RunJSON].self, forKey: .runs), spans: paths)
    }

    /// Reads the runs of versions 1, 2 and 4 without a block table (each run carries its whole
    /// intent) into this empty document, checking each run's values, span, URLs and block markup,
    /// and that no two blocks share an identity.
    /// - Throws: ``IntentMarkError/invalidDocumentJSON(reason:)`` naming the first bad run.
    private mutating func readRunsVersion1(_ runs: [RunJSON], spans paths: [InlineSpanPath]) throws {
        var spanCache: [ObjectIdentifier: Int32] = [:]
        var blockIdentities = Set<Int>()
        for (position, run) in runs.enumerated() {
            func invalid(_ field: String, _ reason: String) -> IntentMarkError {
                .invalidDocumentJSON(reason: "at .runs[\(position)]\(field): \(reason)")
            }
            if let failure = run.intent?.value.validationFailure() { throw invalid(".intent" + failure.path, failure.reason) }
            if let failure = run.display?.validationFailure() { throw invalid(".display" + failure.path, failure.reason) }
            if let failure = run.sourcePosition?.validationFailure() {
                throw invalid(".sourcePosition" + failure.path, failure.reason)
            }
            var path: InlineSpanPath? = nil
            if let spanIndex = run.span {
                guard spanIndex >= 0, spanIndex < paths.count else {
                    throw invalid(".span", "span \(spanIndex) is not in the spans table")
                }
                path = paths[spanIndex]
            }
            func url(_ string: String?, _ name: String) throws -> URL? {
                guard let string else { return nil }
                guard let url = URL(string: string) else {
                    throw invalid(".\(name)", "not a URL: \(string)")
                }
                return url
            }
            let markup = try Self.blockMarkup(of: run, invalid: invalid)
            append(
                run.text, presentationIntent: run.intent?.value, inlinePresentationIntent: run.inline?.value ?? [],
                attributes: RunAttributes(
                    link: try url(run.link, "link"), linkDestination: run.linkDestination, linkTitle: run.linkTitle,
                    imageURL: try url(run.imageURL, "imageURL"), imageSource: run.imageSource,
                    imageTitle: run.imageTitle, footnoteReference: run.footnoteReference,
                    extendedAttributes: run.extendedAttributes, languageIdentifier: run.languageIdentifier,
                    sourcePosition: run.sourcePosition, isBlockSeparator: run.isBlockSeparator ?? false,
                    isPlaceholder: run.isPlaceholder ?? false, display: run.display),
                blockMarkup: markup, inlineSpans: path, spanCache: &spanCache)
            // A block this run added must not reuse another block's identity.
            for block in blocks[blockIdentities.count...] where !blockIdentities.insert(block.identity).inserted {
                throw invalid(".intent", "identity \(block.identity) names two different blocks (kinds or parents differ)")
            }
        }
    }

    /// A version 1 run's block markup by block identity, each entry checked and naming a block of
    /// the run's intent; `invalid` makes the error for a field of the run.
    private static func blockMarkup(
        of run: RunJSON, invalid: (String, String) -> IntentMarkError
    ) throws -> [Int: BlockMarkup] {
        var markup: [Int: BlockMarkup] = [:]
        for (key, value) in run.blockMarkup ?? [:] {
            if let failure = value.validationFailure() { throw invalid(".blockMarkup.\(key)" + failure.path, failure.reason) }
            guard let identity = Int(key), run.intent?.value.components.contains(where: { $0.identity == identity }) == true
            else {
                throw invalid(".blockMarkup", "names identity '\(key)', which is not in the run's intent")
            }
            markup[identity] = value
        }
        return markup
    }

    /// The span table of any version, as paths: parents come before their children, and
    /// identities are unique and in range.
    /// - Throws: ``IntentMarkError/invalidDocumentJSON(reason:)`` naming the entry.
    static func readSpanTable(_ container: KeyedDecodingContainer<DocumentKeys>) throws -> [InlineSpanPath] {
        let spanTable = try container.decodeIfPresent([SpanJSON].self, forKey: .spans) ?? []
        var paths: [InlineSpanPath] = []
        paths.reserveCapacity(spanTable.count)
        var spanIdentities = Set<Int>()
        for (index, entry) in spanTable.enumerated() {
            guard ModelRanges.identity.contains(entry.identity) else {
                throw IntentMarkError.invalidDocumentJSON(reason: "at .spans[\(index)].identity: \(entry.identity) is outside ±2^53")
            }
            guard spanIdentities.insert(entry.identity).inserted else {
                throw IntentMarkError.invalidDocumentJSON(
                    reason: "at .spans[\(index)].identity: identity \(entry.identity) names two inline spans")
            }
            var parent: InlineSpanPath? = nil
            if let parentIndex = entry.parent {
                guard parentIndex >= 0, parentIndex < index else {
                    throw IntentMarkError.invalidDocumentJSON(
                        reason: "at .spans[\(index)].parent: \(parentIndex) is not an earlier entry (a parent comes before its children)")
                }
                parent = paths[parentIndex]
            }
            paths.append(InlineSpanPath(InlineSpan(kind: entry.kind, identity: entry.identity, htmlTag: entry.htmlTag), parent: parent))
        }
        return paths
    }

    /// Reads a document from its JSON form.
    ///
    /// ```swift
    /// let copy = try IntentDocument(jsonData: try document.jsonData())
    /// assert(copy == document)
    /// ```
    /// - Parameter jsonData: UTF-8 JSON written by ``jsonData()`` or any encoder of this form.
    /// - Throws: ``IntentMarkError/unsupportedFormatVersion(found:newestSupported:)`` for a newer
    ///   version; ``IntentMarkError/invalidDocumentJSON(reason:)`` for anything else that is not a
    ///   valid document (the reason names the JSON path).
    public init(jsonData: Data) throws {
        // A document is an object: anything else (Markdown given as JSON, say) is named as such
        // before the decoder reports it in its own terms.
        if let first = jsonData.first(where: { ![0x20, 0x09, 0x0A, 0x0D].contains($0) }), first != UInt8(ascii: "{") {
            let shown = first < 0x80 && first >= 0x20 ? "'\(Character(Unicode.Scalar(first)))'" : String(format: "byte 0x%02X", first)
            throw IntentMarkError.invalidDocumentJSON(
                reason: "not the JSON form: it starts with \(shown), the form with '{'")
        }
        do {
            self = try JSONDecoder().decode(IntentDocument.self, from: jsonData)
        } catch let error as IntentMarkError {
            throw error
        } catch let error as DecodingError {
            if case .dataCorrupted(let context) = error, context.codingPath.isEmpty,
                let number = JSONNumberLocator.firstUnrepresentableNumber(in: Array(jsonData))
            {
                throw IntentMarkError.invalidDocumentJSON(
                    reason:
                        "at \(number.path.isEmpty ? "document" : number.path): the number \(number.number.prefix(40)) does not fit a 64-bit value"
                )
            }
            throw IntentMarkError.invalidDocumentJSON(reason: Self.describe(error))
        } catch {
            throw IntentMarkError.invalidDocumentJSON(reason: String(describing: error))
        }
    }

    package static func describe(_ error: DecodingError) -> String {
        func path(_ codingPath: [any CodingKey]) -> String {
            let text = codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
            return text.isEmpty ? "document" : "at " + text
        }
        switch error {
        case .typeMismatch(let type, let context):
            // Foundation says "Expected to decode Int but found a string instead." (or "found number").
            let found = context.debugDescription.components(separatedBy: "but found ").dropFirst().first.map { text in
                let value = text.hasSuffix(" instead.") ? String(text.dropLast(" instead.".count)) : text
                let named = ["number": "a number", "string": "a string", "bool": "true or false", "dictionary": "an object"]
                return ", found " + (named[value] ?? value)
            }
            return "\(path(context.codingPath)): expected \(jsonName(of: type))\(found ?? "")"
        case .valueNotFound(let type, let context):
            return "\(path(context.codingPath)): missing \(jsonName(of: type)) value"
        case .keyNotFound(let key, let context):
            return "\(path(context.codingPath)): missing key '\(key.stringValue)'"
        case .dataCorrupted(let context):
            return "\(path(context.codingPath)): \(context.debugDescription)"
        @unknown default:
            return String(describing: error)
        }
    }

    /// What a JSON reader calls the value a Swift type decodes from: `a number`, `a string`,
    /// `true or false`, `an object`, `an array` (else the type's name).
    static func jsonName(of type: Any.Type) -> String {
        switch type {
        case is Bool.Type: return "true or false"
        case is String.Type: return "a string"
        case is Int.Type, is Int32.Type, is Int64.Type, is UInt.Type, is UInt32.Type, is UInt64.Type, is Double.Type,
            is Float.Type:
            return "a number"
        default:
            let name = String(describing: type)
            if name.hasPrefix("Dictionary") { return "an object" }
            if name.hasPrefix("Array") { return "an array" }
            return name
        }
    }
}

extension IntentDocument {
    /// The `frontMatter` of a version-4 file, checked: its source range, when given, must be as
    /// long as its raw text.
    /// - Throws: ``IntentMarkError/invalidDocumentJSON(reason:)`` naming `.frontMatter`.
    static func readFrontMatter(_ container: KeyedDecodingContainer<DocumentKeys>) throws -> FrontMatter? {
        guard let frontMatter = try container.decodeIfPresent(FrontMatter.self, forKey: .frontMatter) else { return nil }
        if let range = frontMatter.sourceRange {
            guard range.lowerBound >= 0, range.count == frontMatter.rawText.utf8.count else {
                throw IntentMarkError.invalidDocumentJSON(
                    reason: "at .frontMatter.sourceRange: \(range) does not hold the \(frontMatter.rawText.utf8.count) bytes of rawText")
            }
        }
        return frontMatter
    }
}
