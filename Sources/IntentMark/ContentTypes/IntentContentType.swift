/// A content type IntentMark reads or writes, as a Uniform Type Identifier string — the shape of
/// `UTType` in SwiftUI's `FileDocument.readableContentTypes` / `writableContentTypes`, without
/// depending on UniformTypeIdentifiers (Apple platforms only).
///
/// ```swift
/// IntentContentType(identifier: "net.daringfireball.markdown")   // .markdown
/// IntentContentType(filenameExtension: "htm")                    // .html
/// ```
public enum IntentContentType: String, Sendable, Hashable, Codable, CaseIterable {
    /// Markdown (`net.daringfireball.markdown`; `.md`, `.markdown`). Read: parsed with the given
    /// options. Written: ``IntentWriters/MarkdownWriter``.
    case markdown = "net.daringfireball.markdown"
    /// Plain text (`public.plain-text`; `.txt`, `.text`). Read: the text as one unstyled document
    /// (no Markdown interpreted). Written: the plain-text lowering.
    case plainText = "public.plain-text"
    /// HTML (`public.html`; `.html`, `.htm`). Written only: ``IntentWriters/HTMLWriter``.
    case html = "public.html"
    /// RTF (`public.rtf`; `.rtf`). Written only: ``IntentWriters/RTFWriter``.
    case rtf = "public.rtf"
    /// IntentMark's JSON form (`public.json`; `.json`), format `intentmark-document`. Read and written.
    case json = "public.json"

    /// The Uniform Type Identifier string.
    public var identifier: String { rawValue }

    /// The file name extensions, preferred first, without the dot.
    public var filenameExtensions: [String] {
        switch self {
        case .markdown: return ["md", "markdown"]
        case .plainText: return ["txt", "text"]
        case .html: return ["html", "htm"]
        case .rtf: return ["rtf"]
        case .json: return ["json"]
        }
    }

    /// The preferred file name extension, without the dot.
    public var preferredFilenameExtension: String { filenameExtensions[0] }

    /// The MIME type (`text/markdown`, `text/plain`, `text/html`, `text/rtf`, `application/json`).
    public var mimeType: String {
        switch self {
        case .markdown: return "text/markdown"
        case .plainText: return "text/plain"
        case .html: return "text/html"
        case .rtf: return "text/rtf"
        case .json: return "application/json"
        }
    }

    /// The type with this identifier (compared case-insensitively, as UTIs are), or `nil`.
    /// - Parameter identifier: A Uniform Type Identifier such as `public.html`.
    public init?(identifier: String) {
        guard let type = Self.allCases.first(where: { $0.rawValue.lowercased() == identifier.lowercased() }) else {
            return nil
        }
        self = type
    }

    /// The type a file name extension names (case-insensitive, with or without the dot), or `nil`.
    /// - Parameter filenameExtension: For example `md`, `.HTML`.
    public init?(filenameExtension: String) {
        var name = filenameExtension.lowercased()
        if name.hasPrefix(".") { name.removeFirst() }
        guard let type = Self.allCases.first(where: { $0.filenameExtensions.contains(name) }) else { return nil }
        self = type
    }

    /// Whether ``IntentFileDocument`` can read this type.
    public var isReadable: Bool { IntentFileDocument.readableContentTypes.contains(self) }
    /// Whether ``IntentFileDocument`` can write this type (all of them).
    public var isWritable: Bool { IntentFileDocument.writableContentTypes.contains(self) }
}
