import Foundation
import IntentModel
import MarkdownParsing
import SpecCorpus
import Testing

/// Golden tests: every `Fixtures/Parsing/NAME.md` (with optional `NAME.options.json`, a
/// `MarkdownParsingOptions` in JSON) is parsed and compared with
/// `NAME.runs.txt` (run dump, `.newlines` layout), `NAME.none.runs.txt` (run dump, `.none`
/// layout) and `NAME.json` (JSON form). `INTENTMARK_RECORD_GOLDENS=1 swift test` rewrites the
/// goldens and fails, so a recording run is never green.
@Suite("Parsing fixtures")
struct FixtureTests {
    static let directory = ParsingFixtures.directory
    static let names = ParsingFixtures.names

    @Test("fixtures exist for every construct the parser supports")
    func fixtureSetIsComplete() {
        let required = [
            "atx-headings", "setext-headings", "paragraphs", "thematic-breaks", "indented-code", "fenced-code",
            "block-quotes", "bullet-lists", "ordered-lists", "loose-lists", "html-blocks",
            "link-reference-definitions", "emphasis", "strong-emphasis", "code-spans", "strikethrough",
            "inline-links", "reference-links", "autolinks", "extended-autolinks", "images", "inline-html",
            "entities", "backslash-escapes", "soft-and-hard-breaks", "tables", "task-lists", "footnotes",
            "nested-lists-in-block-quotes", "cjk-and-emoji", "extended-attributes", "line-endings",
        ]
        for name in required {
            #expect(Self.names.contains(name), "missing fixture \(name).md")
        }
    }

    @Test("run dump and JSON match the goldens", arguments: names)
    func matchesGoldens(name: String) throws {
        var options = try ParsingFixtures.options(name)
        let source = try ParsingFixtures.source(name)
        let document = try IntentDocument(markdown: source, options: options)
        options.blockSeparation = .none
        let flat = try IntentDocument(markdown: source, options: options)
        let json = String(decoding: try document.jsonData(), as: UTF8.self) + "\n"
        try compare(document.runDump(), golden: name + ".runs.txt")
        try compare(flat.runDump(), golden: name + ".none.runs.txt")
        try compare(json, golden: name + ".json")
        // The JSON form reads back into an equal document.
        #expect(try IntentDocument(jsonData: Data(json.utf8)) == document)
    }

    private func compare(_ actual: String, golden: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        try Golden.expect(actual, matches: "Parsing/\(golden)", sourceLocation: sourceLocation)
    }
}
