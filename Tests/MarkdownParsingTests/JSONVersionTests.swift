import Foundation
import IntentModel
import MarkdownParsing
import SpecCorpus
import Testing

/// Version 3 of the JSON document form (each block once) and the older versions it replaces.
@Suite("JSON form versions", .tags(.corpus))
struct JSONVersionTests {
    static let oldVersions = [
        "footnotes", "formatting-tags", "tables", "nested-lists-in-block-quotes", "display-extended-attributes", "source-positions",
    ]

    @Test("Files of versions 1 and 2 still read, into the document the Markdown parses to", arguments: oldVersions)
    func oldVersionsRead(name: String) throws {
        let data = try Data(contentsOf: TestPaths.fixtures.appending(path: "JSON/version-1-and-2/\(name).json"))
        let version = (try JSONSerialization.jsonObject(with: data) as? [String: Any])?["version"] as? Int
        #expect(version == 1 || version == 2)
        let read = try IntentDocument(jsonData: data)
        let parsed = try IntentDocument(markdown: ParsingFixtures.source(name), options: ParsingFixtures.options(name))
        #expect(read == parsed)
        // Written again, it is version 3 and reads back the same.
        let written = try read.jsonData()
        #expect(String(decoding: written.prefix(60), as: UTF8.self).contains("\"version\": 3"))
        #expect(try IntentDocument(jsonData: written) == parsed)
    }

    @Test(
        "Every spec example: Markdown → JSON → document is the same document, with the same run dump")
    func specExamplesRoundTrip() throws {
        var failures: [String] = []
        for file in ["cmark-gfm-0.29.0.gfm.6/spec.txt", "cmark-gfm-0.29.0.gfm.6/extensions.txt"] {
            for example in try SpecExamples.fixture(file) {
                for layout in [BlockSeparation.newlines, .none] {
                    var options = MarkdownParsingOptions()
                    options.blockSeparation = layout
                    let document = try IntentDocument(markdown: example.markdown, options: options)
                    let read = try IntentDocument(jsonData: try document.jsonData())
                    if read != document || read.runDump() != document.runDump() { failures.append("\(example.testDescription) \(layout)") }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.prefix(5))")
    }

    @Test("The size is linear in runs and blocks: a table's columns are written once")
    func sizeIsLinear() throws {
        for columns in [500, 4_000] {
            let markdown =
                "|" + String(repeating: " a |", count: columns) + "\n|" + String(repeating: "---|", count: columns) + "\n|"
                + String(repeating: " x |", count: columns) + "\n"
            let json = try IntentDocument(markdown: markdown).jsonData()
            #expect(
                json.count < 40 * markdown.utf8.count,
                "\(columns) columns: \(json.count) bytes of JSON for \(markdown.utf8.count) of Markdown")
        }
        let deep = String(repeating: "> ", count: 2_000) + "x\n"
        #expect(try IntentDocument(markdown: deep).jsonData().count < 100 * deep.utf8.count)
    }
}
