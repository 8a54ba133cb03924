import Foundation
import IntentLowering
import IntentModel
import IntentWriters
import MarkdownParsing
import SpecCorpus
import Testing

/// Links stay as written unless the caller gives a base URL: no output of any fixture read from
/// its file holds a `file://` URL (the input's own path), with every parse option of the fixture
/// except an explicit base URL.
@Suite("No file URLs without a base URL")
struct NoFileURLTests {
    /// Every parsing fixture, the documents of `Fixtures/Documents`, and the real-world document.
    static var files: [URL] {
        ParsingFixtures.names.map { ParsingFixtures.directory.appending(path: $0 + ".md") } + TestPaths.documents()
    }

    /// The outputs of `document`, by name.
    static func outputs(of document: IntentDocument) throws -> [(String, String)] {
        [
            ("json", String(decoding: try document.jsonData(), as: UTF8.self)), ("runs", document.runDump()),
            ("html", document.html()), ("markdown", document.markdown()), ("plain", document.plainText()),
            ("rtf", document.rtf()), ("terminal", document.terminalText(options: TerminalRenderingOptions(width: 80))),
            ("rich text", document.lowered(to: [.richText, .list, .table]).runDump()),
            ("AttributedString", document.attributedString().runs.compactMap { $0.link?.absoluteString }.joined(separator: "\n")),
        ]
    }

    @Test("no output of any fixture read from its file holds a file:// URL", arguments: files)
    func noOutputHoldsAFileURL(file: URL) throws {
        let name = file.deletingPathExtension().lastPathComponent
        var options = ParsingFixtures.names.contains(name) ? try ParsingFixtures.options(name) : MarkdownParsingOptions()
        options.baseURL = nil
        let document = try IntentDocument(contentsOf: file, options: options)
        // The source may mention `file://` in its text: no output holds more of them than it does,
        // and none holds the input's folder.
        let written = try String(contentsOf: file, encoding: .utf8).components(separatedBy: "file://").count - 1
        let folder = file.deletingLastPathComponent().path
        for (format, output) in try Self.outputs(of: document) {
            #expect(output.components(separatedBy: "file://").count - 1 <= written, "\(name) → \(format)")
            #expect(!output.contains(folder), "\(name) → \(format)")
        }
    }

    @Test("with a base URL given, relative links resolve against it, and only then")
    func aGivenBaseURLResolves() throws {
        let file = ParsingFixtures.directory.appending(path: "link-destinations.md")
        let based = try IntentDocument(contentsOf: file, baseURL: URL(string: "https://example.com/docs/"))
        let links = based.attributedString().runs.compactMap { $0.link?.absoluteString }
        #expect(links.contains("https://example.com/docs/docs/guide.md"))
        #expect(links.contains("https://example.com/README.md"))
        #expect(links.contains("https://example.com/docs/#intro"))
        #expect(!based.rtf().contains("file://"))
        let unbased = try IntentDocument(contentsOf: file)
        let unbasedLinks: [String] = unbased.attributedString().runs.compactMap { $0.link?.absoluteString }
        #expect(unbasedLinks.contains("docs/guide.md"))
    }
}
