import Foundation
import IntentModel
import MarkdownParsing
import SpecCorpus
import Testing

/// Version 3 of the JSON document form (each block once) and the older versions it replaces.
@Suite("JSON form versions")
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
        "Every spec example: Markdown → JSON → document is the same document, with the same run dump",
        .enabled(if: TestPaths.corpusAvailable, "needs ../shared/corpus"))
    func specExamplesRoundTrip() throws {
        var failures: [String] = []
        for file in ["cmark-gfm-0.29.0.gfm.6/spec.txt", "cmark-gfm-0.29.0.gfm.6/extensions.txt"] {
            for example in try SpecExamples.load(TestPaths.corpus.appending(path: file)) {
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

    /// A version-3 document with `blocks`, `attributes` and `runs` given as JSON arrays.
    static func document(blocks: String, attributes: String = "[{}]", runs: String, spans: String = "[]") -> Data {
        Data(
            #"{"format": "intentmark-document", "version": 3, "blocks": \#(blocks), "spans": \#(spans), "attributes": \#(attributes), "runs": \#(runs)}"#
                .utf8)
    }

    static func failure(_ data: Data) -> String? {
        do {
            _ = try IntentDocument(jsonData: data)
            return nil
        } catch let error as IntentMarkError {
            guard case .invalidDocumentJSON(let reason) = error else { return "unexpected \(error)" }
            return reason
        } catch {
            return "untyped \(error)"
        }
    }

    @Test("Damaged version-3 tables are typed errors naming the JSON path")
    func damagedTables() throws {
        let paragraph = #"[{"kind": "paragraph", "identity": 1}]"#
        let cases: [(String, Data, String)] = [
            (
                "parent after the child",
                Self.document(
                    blocks: #"[{"kind": "paragraph", "identity": 1, "parent": 1}, {"kind": "blockQuote", "identity": 2}]"#,
                    runs: #"[{"text": "x", "block": 0}]"#), ".blocks[0].parent"
            ),
            (
                "parent out of range",
                Self.document(blocks: #"[{"kind": "paragraph", "identity": 1, "parent": -4}]"#, runs: #"[{"text": "x", "block": 0}]"#),
                ".blocks[0].parent"
            ),
            (
                "identity twice",
                Self.document(
                    blocks: #"[{"kind": "blockQuote", "identity": 1}, {"kind": "paragraph", "identity": 1, "parent": 0}]"#,
                    runs: #"[{"text": "x", "block": 1}]"#), ".blocks[1].identity"
            ),
            (
                "identity out of range",
                Self.document(blocks: #"[{"kind": "paragraph", "identity": 9007199254740993}]"#, runs: #"[{"text": "x", "block": 0}]"#),
                ".blocks[0].identity"
            ),
            (
                "header level 0",
                Self.document(blocks: #"[{"kind": "header", "level": 0, "identity": 1}]"#, runs: #"[{"text": "x", "block": 0}]"#),
                ".blocks[0].level"
            ),
            (
                "paragraph in a paragraph",
                Self.document(
                    blocks: #"[{"kind": "paragraph", "identity": 1}, {"kind": "paragraph", "identity": 2, "parent": 0}]"#,
                    runs: #"[{"text": "x", "block": 1}]"#), ".blocks[1].kind"
            ),
            (
                "list holding a paragraph",
                Self.document(
                    blocks: #"[{"kind": "unorderedList", "identity": 1}, {"kind": "paragraph", "identity": 2, "parent": 0}]"#,
                    runs: #"[{"text": "x", "block": 1}]"#), ".blocks[1].kind"
            ),
            (
                "item outside a list",
                Self.document(blocks: #"[{"kind": "listItem", "ordinal": 1, "identity": 1}]"#, runs: #"[{"text": "x", "block": 0}]"#),
                ".blocks[0].kind"
            ),
            (
                "cell beyond the columns",
                Self.document(
                    blocks:
                        #"[{"kind": "table", "columns": ["left"], "identity": 1}, {"kind": "tableHeaderRow", "identity": 2, "parent": 0}, {"kind": "tableCell", "columnIndex": 3, "identity": 3, "parent": 1}]"#,
                    runs: #"[{"text": "x", "block": 2}]"#), ".blocks[2].kind"
            ),
            ("run in no block of the table", Self.document(blocks: paragraph, runs: #"[{"text": "x", "block": 1}]"#), ".runs[0].block"),
            (
                "attributes out of range", Self.document(blocks: paragraph, runs: #"[{"text": "x", "block": 0, "attributes": 5}]"#),
                ".runs[0].attributes"
            ),
            ("span out of range", Self.document(blocks: paragraph, runs: #"[{"text": "x", "block": 0, "span": 0}]"#), ".runs[0].span"),
            (
                "block no run lies in",
                Self.document(
                    blocks: #"[{"kind": "paragraph", "identity": 1}, {"kind": "paragraph", "identity": 2}]"#,
                    runs: #"[{"text": "x", "block": 0}]"#), ".blocks[1]"
            ),
            (
                "display out of range",
                Self.document(
                    blocks: paragraph, attributes: #"[{}, {"display": {"font": {"size": -3}}}]"#,
                    runs: #"[{"text": "x", "block": 0, "attributes": 1}]"#), ".attributes[1].display"
            ),
            (
                "markup out of range",
                Self.document(
                    blocks: #"[{"kind": "codeBlock", "identity": 1, "markup": {"codeFence": {"character": "`", "length": -5}}}]"#,
                    runs: #"[{"text": "x\n", "block": 0}]"#), ".blocks[0].markup"
            ),
            (
                "wrong type", Self.document(blocks: #"[{"kind": "paragraph", "identity": "one"}]"#, runs: #"[{"text": "x", "block": 0}]"#),
                "blocks"
            ),
        ]
        for (name, data, path) in cases {
            let reason = Self.failure(data)
            #expect(reason?.contains(path) == true, "\(name): \(reason ?? "read without error")")
        }
        // A newer version names both versions.
        let newer = Data(#"{"format": "intentmark-document", "version": 4, "runs": []}"#.utf8)
        #expect(throws: IntentMarkError.unsupportedFormatVersion(found: 4, newestSupported: 3)) { try IntentDocument(jsonData: newer) }
        // Every truncation of a version-3 file is an error, never a crash.
        let whole = try IntentDocument(markdown: "# T\n\n- a *b*\n\n| x |\n|---|\n| y |\n").jsonData()
        for length in stride(from: 0, to: whole.count - 1, by: 7) {
            #expect(throws: IntentMarkError.self) { try IntentDocument(jsonData: whole.prefix(length)) }
        }
    }
}
