import Foundation
import IntentMark
import Testing

@Suite("Content types")
struct ContentTypeTests {
    @Test("Identifiers, extensions and MIME types name each type")
    func lookups() {
        #expect(IntentContentType(identifier: "net.daringfireball.markdown") == .markdown)
        #expect(IntentContentType(identifier: "PUBLIC.HTML") == .html)
        #expect(IntentContentType(identifier: "public.png") == nil)
        #expect(IntentContentType(filenameExtension: ".Markdown") == .markdown)
        #expect(IntentContentType(filenameExtension: "htm") == .html)
        #expect(IntentContentType(filenameExtension: "docx") == nil)
        #expect(IntentContentType.rtf.mimeType == "text/rtf")
        #expect(IntentContentType.allCases.map(\.preferredFilenameExtension) == ["md", "txt", "html", "rtf", "json"])
        #expect(IntentFileDocument.readableContentTypes.allSatisfy { $0.isReadable })
        #expect(!IntentContentType.html.isReadable && IntentContentType.html.isWritable)
    }

    @Test("Markdown read and written back is equivalent; every writable type writes")
    func readAndWrite() throws {
        let source = Data("# Title\n\nSome *text* and a [link](https://example.com).\n\n| a | b |\n| - | - |\n| 1 | 2 |\n".utf8)
        let file = try IntentFileDocument(data: source, contentType: "net.daringfireball.markdown")
        let markdown = try file.data(for: .markdown)
        let again = try IntentFileDocument(data: markdown, contentType: .markdown)
        #expect(again.document.isEquivalent(to: file.document))
        let html = String(decoding: try file.data(for: "public.html"), as: UTF8.self)
        #expect(html.hasPrefix("<h1>Title</h1>"))
        let rtf = String(decoding: try file.data(for: .rtf), as: UTF8.self)
        #expect(rtf.hasPrefix("{\\rtf1"))
        let plain = String(decoding: try file.data(for: .plainText), as: UTF8.self)
        #expect(plain.contains("Some text and a link"))
        let json = try file.data(for: .json)
        let decoded = try IntentFileDocument(data: json, contentType: .json)
        #expect(decoded.document == file.document)
    }

    @Test("Plain text is read as text: no Markdown interpreted")
    func plainTextIsText() throws {
        let file = try IntentFileDocument(data: Data("# not a heading *".utf8), contentType: "public.plain-text")
        #expect(file.document.text == "# not a heading *")
        #expect(file.document.blockKinds.isEmpty)
    }

    @Test("Unknown and write-only types are typed errors naming what is supported")
    func unsupportedTypes() throws {
        #expect(
            throws: IntentMarkError.unsupportedContentType(
                identifier: "public.html", operation: "read",
                supported: ["net.daringfireball.markdown", "public.plain-text", "public.json"])
        ) { try IntentFileDocument(data: Data("<p>x</p>".utf8), contentType: .html) }
        #expect(throws: IntentMarkError.self) { try IntentFileDocument(data: Data(), contentType: "com.example.unknown") }
        #expect(throws: IntentMarkError.self) { try IntentFileDocument().data(for: "public.png") }
    }

    @Test("Invalid UTF-8 in plain text throws with the offset, or is repaired on request")
    func invalidUTF8() throws {
        let bytes = Data([0x61, 0x62, 0xFF, 0x63])
        #expect(throws: IntentMarkError.invalidUTF8(byteOffset: 2)) {
            try IntentFileDocument(data: bytes, contentType: .plainText)
        }
        var options = MarkdownParsingOptions()
        options.failurePolicy = .returnPartiallyParsedIfPossible
        let repaired = try IntentFileDocument(data: bytes, contentType: .plainText, options: options)
        #expect(repaired.document.text == "ab\u{FFFD}c")
    }
}
