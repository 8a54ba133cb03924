import Foundation
import IntentModel
import MarkdownParsing
import SpecCorpus
import Testing

/// A link's `link` (and an image's `imageURL`) is the destination as written, as libcmark-gfm's
/// HTML writes it in `href` (and `src`): never resolved against the input file, never an escape
/// encoded twice.
@Suite("Link URLs as written", .tags(.corpus))
struct LinkURLTests {
    /// The `href` and `src` values of libcmark-gfm's HTML (unsafe, so no URL is emptied), with the
    /// entities its writer uses in them decoded.
    static func referenceURLs(_ markdown: String, options: MarkdownParsingOptions) throws -> Set<String> {
        let html = try ReferenceParser.html(markdown, options: options, unsafe: true)
        var urls: Set<String> = []
        for attribute in ["href=\"", "src=\""] {
            var rest = html[...]
            while let start = rest.range(of: attribute) {
                rest = rest[start.upperBound...]
                guard let end = rest.firstIndex(of: "\"") else { break }
                let value = rest[..<end].replacingOccurrences(of: "&#x27;", with: "'").replacingOccurrences(of: "&amp;", with: "&")
                urls.insert(value)
                rest = rest[end...]
            }
        }
        return urls
    }

    /// Every `link` and `imageURL` of `document`'s runs, except those of links and images inside
    /// an image's description, which HTML flattens into the `alt` text (`![a [b](/u)](/v)`: the
    /// HTML has no `/u`).
    static func modelURLs(_ document: IntentDocument) -> [String] {
        var urls: [String] = []
        for run in document.runs {
            let linkSpans = (run.inlineSpans?.spans ?? []).filter { $0.kind == .link || $0.kind == .image }
            if linkSpans.count > 1 { continue }
            if let link = run.attributes.link?.absoluteString, urls.last != link { urls.append(link) }
            if let image = run.attributes.imageURL?.absoluteString, urls.last != image { urls.append(image) }
        }
        return urls
    }

    static func mismatches(in markdown: String, options: MarkdownParsingOptions = .default) throws -> [String] {
        let document = try IntentDocument(markdown: markdown, options: options)
        let reference = try Self.referenceURLs(markdown, options: options)
        return Self.modelURLs(document).filter { !reference.contains($0) }
    }

    @Test(
        "Every link and image URL of the spec examples is what libcmark-gfm writes",
        arguments: ["cmark-gfm-0.29.0.gfm.6/spec.txt", "cmark-gfm-0.29.0.gfm.6/extensions.txt", "cmark-gfm-0.29.0.gfm.6/regression.txt"])
    func specExamples(file: String) throws {
        var failures: [String] = []
        var checked = 0
        for example in try SpecExamples.fixture(file) where !example.isDisabled {
            let wrong = try Self.mismatches(in: example.markdown)
            checked += Self.modelURLs(try IntentDocument(markdown: example.markdown)).count
            if !wrong.isEmpty { failures.append("\(example.testDescription): \(wrong)") }
        }
        #expect(checked > (file.hasSuffix("spec.txt") ? 100 : 0))
        #expect(failures.isEmpty, "\(failures.prefix(10).joined(separator: "\n"))")
    }

    @Test(
        "Every link and image URL of the whole documents (and the real-world one) is what libcmark-gfm writes; none is file://",
        arguments: TestPaths.documents())
    func wholeDocuments(url: URL) throws {
        let source = try String(contentsOf: url, encoding: .utf8)
        let reference = try Self.referenceURLs(source, options: .default)
        let urls = Self.modelURLs(try IntentDocument(contentsOf: url))
        #expect(!urls.isEmpty)
        if TestPaths.isCorpusFile(url) { #expect(urls.count > 1000) }
        #expect(urls.filter { !reference.contains($0) }.isEmpty, "\(urls.filter { !reference.contains($0) }.prefix(10))")
        #expect(!urls.contains { $0.hasPrefix("file:") })
    }

    @Test("Escapes are kept, other bytes encoded once; relative links stay relative unless a base is given")
    func asWritten() throws {
        let markdown = "[mix](./Nächste%20Termine.md) [top](#intro) [sp](<a b.md>) [pct](100%) ![i](img/ä.png)\n"
        let document = try IntentDocument(markdown: markdown)
        #expect(Self.modelURLs(document) == ["./N%C3%A4chste%20Termine.md", "#intro", "a%20b.md", "100%25", "img/%C3%A4.png"])
        let file = FileManager.default.temporaryDirectory.appending(path: "intentmark-links-\(UUID().uuidString).md")
        try Data(markdown.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        #expect(Self.modelURLs(try IntentDocument(contentsOf: file)) == Self.modelURLs(document))
        let based = try IntentDocument(contentsOf: file, baseURL: URL(string: "https://example.com/docs/"))
        #expect(Self.modelURLs(based).first == "https://example.com/docs/N%C3%A4chste%20Termine.md")
        #expect(Self.modelURLs(based)[1] == "https://example.com/docs/#intro")
    }
}
