import Foundation
import IntentModel
import IntentWriters
import MarkdownParsing
import SpecCorpus
import Testing

/// The command line's HTML parses without making each link's Foundation `URL`
/// (`MarkdownParsingOptions.resolvesLinkURLs` off): the HTML writer reads the destination as
/// written, so the HTML is the same byte for byte.
@Suite("HTML without link URLs", .tags(.corpus))
struct HTMLWithoutLinkURLsTests {
    static let baseURLs: [URL?] = [nil, URL(string: "https://example.com/docs/")]

    @Test("Every spec file and the real-world document: the same HTML, safe and unsafe, with and without a base URL")
    func sameHTML() throws {
        var documents = try SpecExamples.fixtureFiles.flatMap { try SpecExamples.fixture($0).map(\.markdown) }
        documents.append(try String(contentsOf: TestPaths.realWorldDocument, encoding: .utf8))
        var linked = 0
        for baseURL in Self.baseURLs {
            for markdown in documents {
                var options = MarkdownParsingOptions(baseURL: baseURL)
                let resolved = try IntentDocument(markdown: markdown, options: options)
                options.resolvesLinkURLs = false
                let unresolved = try IntentDocument(markdown: markdown, options: options)
                // The option does what it says: no URL on any run, where the default makes some.
                #expect(unresolved.runs.allSatisfy { $0.attributes.link == nil && $0.attributes.imageURL == nil })
                if resolved.runs.contains(where: { $0.attributes.link != nil || $0.attributes.imageURL != nil }) { linked += 1 }
                for unsafe in [false, true] {
                    let writer = HTMLWriter(options: HTMLWritingOptions(unsafe: unsafe))
                    #expect(writer.write(unresolved) == writer.write(resolved), "\(markdown)")
                }
            }
        }
        #expect(linked > 500)
    }
}
