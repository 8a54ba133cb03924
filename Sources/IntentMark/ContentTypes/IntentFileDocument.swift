import Foundation

/// A document a document-based app reads and writes, in the shape of SwiftUI's `FileDocument`:
/// static ``readableContentTypes`` and ``writableContentTypes``, an initialiser from data plus a
/// content type, and data for any writable type. (SwiftUI is not on Linux; on Apple platforms a
/// `FileDocument` conformance is a few lines around this type: map `UTType` to
/// ``IntentContentType`` by identifier.)
///
/// ```swift
/// let file = try IntentFileDocument(data: data, contentType: "net.daringfireball.markdown")
/// let html = try file.data(for: .html)
/// ```
public struct IntentFileDocument: Sendable {
    /// What can be read: Markdown, plain text and the JSON form. (HTML and RTF are written only:
    /// reading them would need an HTML or RTF parser, which this library does not have.)
    public static let readableContentTypes: [IntentContentType] = [.markdown, .plainText, .json]
    /// What can be written: every type.
    public static let writableContentTypes: [IntentContentType] = IntentContentType.allCases

    /// The document.
    public var document: IntentDocument
    /// Options for writing Markdown.
    public var markdownOptions: MarkdownWritingOptions
    /// Options for writing HTML.
    public var htmlOptions: HTMLWritingOptions
    /// Options for writing RTF (the style sheet).
    public var rtfOptions: RTFWritingOptions

    /// Wraps a document.
    /// - Parameters:
    ///   - document: The document.
    ///   - markdownOptions: Options for writing Markdown.
    ///   - htmlOptions: Options for writing HTML.
    ///   - rtfOptions: Options for writing RTF.
    public init(
        document: IntentDocument = IntentDocument(), markdownOptions: MarkdownWritingOptions = .default,
        htmlOptions: HTMLWritingOptions = .default, rtfOptions: RTFWritingOptions = RTFWritingOptions()
    ) {
        self.document = document
        self.markdownOptions = markdownOptions
        self.htmlOptions = htmlOptions
        self.rtfOptions = rtfOptions
    }

    /// Reads a document from `data` of a readable content type.
    /// - Parameters:
    ///   - data: The file's bytes (UTF-8 for the text types).
    ///   - contentType: One of ``readableContentTypes``.
    ///   - options: How Markdown is parsed (also decides what invalid UTF-8 does for every text type).
    /// - Throws: ``IntentModel/IntentMarkError/unsupportedContentType(identifier:operation:supported:)``
    ///   for a type that cannot be read; the parser's and the JSON decoder's errors
    ///   (`invalidUTF8`, `limitExceeded`, `invalidDocumentJSON`, `unsupportedFormatVersion`).
    public init(data: Data, contentType: IntentContentType, options: MarkdownParsingOptions = .default) throws {
        self.init()
        switch contentType {
        case .markdown:
            document = try IntentDocument(markdown: data, options: options)
        case .plainText:
            document = IntentDocument(text: try Self.decodeUTF8(data, options: options))
        case .json:
            document = try IntentDocument(jsonData: data)
        case .html, .rtf:
            throw IntentMarkError.unsupportedContentType(
                identifier: contentType.identifier, operation: "read",
                supported: Self.readableContentTypes.map(\.identifier))
        }
    }

    /// Reads a document from `data` whose content type is given as a Uniform Type Identifier
    /// string (`net.daringfireball.markdown`, `public.plain-text`, `public.json`).
    /// - Parameters:
    ///   - data: The file's bytes.
    ///   - identifier: A Uniform Type Identifier (the `contentType:` argument).
    ///   - options: How Markdown is parsed.
    /// - Throws: ``IntentModel/IntentMarkError/unsupportedContentType(identifier:operation:supported:)``
    ///   for an unknown or unreadable type, and the errors of ``init(data:contentType:options:)``.
    public init(data: Data, contentType identifier: String, options: MarkdownParsingOptions = .default) throws {
        guard let type = IntentContentType(identifier: identifier) else {
            throw IntentMarkError.unsupportedContentType(
                identifier: identifier, operation: "read", supported: Self.readableContentTypes.map(\.identifier))
        }
        try self.init(data: data, contentType: type, options: options)
    }

    /// The document's bytes in `contentType` (text types in UTF-8; RTF 7-bit).
    /// - Parameter contentType: Any of ``writableContentTypes``.
    /// - Returns: The file's bytes.
    /// - Throws: `IntentMarkError.invalidDocumentJSON` only if JSON encoding fails (it does not for
    ///   documents this library makes).
    public func data(for contentType: IntentContentType) throws -> Data {
        switch contentType {
        case .markdown: return Data(document.markdown(options: markdownOptions).utf8)
        case .plainText: return Data(document.plainText().utf8)
        case .html: return HTMLWriter(options: htmlOptions).writeData(document)
        case .rtf: return RTFWriter(options: rtfOptions).writeData(document)
        case .json: return try document.jsonData()
        }
    }

    /// The document's bytes in the content type named by a Uniform Type Identifier string.
    /// - Parameter identifier: A Uniform Type Identifier such as `public.html`.
    /// - Returns: The file's bytes.
    /// - Throws: ``IntentModel/IntentMarkError/unsupportedContentType(identifier:operation:supported:)``
    ///   for an unknown type.
    public func data(for identifier: String) throws -> Data {
        guard let type = IntentContentType(identifier: identifier) else {
            throw IntentMarkError.unsupportedContentType(
                identifier: identifier, operation: "write", supported: Self.writableContentTypes.map(\.identifier))
        }
        return try data(for: type)
    }

    /// `data` as UTF-8: invalid bytes throw `invalidUTF8(byteOffset:)`, or become U+FFFD with
    /// the `.returnPartiallyParsedIfPossible` failure policy.
    private static func decodeUTF8(_ data: Data, options: MarkdownParsingOptions) throws -> String {
        if let text = String(validating: data, as: UTF8.self) { return text }
        guard options.failurePolicy == .returnPartiallyParsedIfPossible else {
            var offset = 0
            let bytes = [UInt8](data)
            var iterator = bytes.makeIterator()
            var decoder = UTF8()
            loop: while true {
                switch decoder.decode(&iterator) {
                case .scalarValue(let scalar): offset += UTF8.width(scalar)
                case .emptyInput: break loop
                case .error: break loop
                }
            }
            throw IntentMarkError.invalidUTF8(byteOffset: offset)
        }
        return String(decoding: data, as: UTF8.self)
    }
}
