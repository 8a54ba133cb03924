import Foundation
import IntentModel
import Testing

/// Every way a stored JSON document can be damaged is a typed error naming the JSON path — never
/// a crash, a hang, or a document that later traps a writer.
@Suite("Damaged JSON documents")
struct DamagedDocumentTests {
    /// A document in the JSON form with one run whose intent is `intent` (a JSON array) and whose
    /// other fields are `extra` (JSON members, without braces).
    static func document(intent: String, extra: String = "", spans: String? = nil) -> Data {
        let spanMember = spans.map { #""spans": \#($0), "# } ?? ""
        let comma = extra.isEmpty ? "" : ", "
        return Data(
            #"{"format": "intentmark-document", "version": 1, \#(spanMember)"runs": [{"text": "x", "intent": \#(intent)\#(comma)\#(extra)}]}"#
                .utf8)
    }

    static let paragraph = #"[{"kind": "paragraph", "identity": 1}]"#

    /// `reason` of the error reading `data` throws (`nil` when it reads).
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

    static func cell(column: String, columns: Int = 1) -> String {
        let names = Array(repeating: #""left""#, count: columns).joined(separator: ", ")
        return
            #"[{"kind": "tableCell", "columnIndex": \#(column), "identity": 3}, {"kind": "tableHeaderRow", "identity": 2}, {"kind": "table", "columns": [\#(names)], "identity": 1}]"#
    }

    struct Damage: Sendable, CustomStringConvertible {
        var name: String
        var data: Data
        /// The JSON path the reason must name.
        var path: String
        var description: String { name }
    }

    /// The out-of-range values found in damaged files (each crashed or hung a writer before).
    static let outOfRange: [Damage] = [
        Damage(name: "cell column -1", data: document(intent: cell(column: "-1")), path: ".runs[0].intent[0].columnIndex"),
        Damage(name: "cell column Int.max", data: document(intent: cell(column: "\(Int.max)")), path: ".runs[0].intent[0].columnIndex"),
        Damage(name: "cell column 10^9", data: document(intent: cell(column: "1000000000")), path: ".runs[0].intent[0].columnIndex"),
        Damage(
            name: "header level 208", data: document(intent: #"[{"kind": "header", "level": 208, "identity": 1}]"#),
            path: ".runs[0].intent[0].level"),
        Damage(
            name: "header level Int.min", data: document(intent: #"[{"kind": "header", "level": \#(Int.min), "identity": 1}]"#),
            path: ".runs[0].intent[0].level"),
        Damage(
            name: "identity Int.max", data: document(intent: #"[{"kind": "paragraph", "identity": \#(Int.max)}]"#),
            path: ".runs[0].intent[0].identity"),
        Damage(
            name: "ordinal Int.max",
            data: document(
                intent:
                    #"[{"kind": "paragraph", "identity": 3}, {"kind": "listItem", "ordinal": \#(Int.max), "identity": 2}, {"kind": "orderedList", "identity": 1}]"#
            ),
            path: ".runs[0].intent[1].ordinal"),
        Damage(name: "fence -5", data: fence("-5"), path: ".runs[0].blockMarkup.1.codeFence.length"),
        Damage(name: "fence Int.max", data: fence("\(Int.max)"), path: ".runs[0].blockMarkup.1.codeFence.length"),
        Damage(name: "fence of x", data: fence("3", character: "x"), path: ".runs[0].blockMarkup.1.codeFence.character"),
        Damage(name: "head indent 10^9", data: style { $0.headIndent = 1e9 }, path: ".attributes[1].display.paragraphStyle.headIndent"),
        Damage(name: "head indent 10^308", data: style { $0.headIndent = 1e308 }, path: ".attributes[1].display.paragraphStyle.headIndent"),
        Damage(
            name: "text list start Int.min",
            data: style { $0.textLists = [TextList(markerFormat: .decimal, startingItemNumber: Int.min)] },
            path: ".attributes[1].display.paragraphStyle.textLists[0].startingItemNumber"),
        Damage(
            name: "text table column Int.max",
            data: style { $0.textBlocks = [TextTableBlock(table: 1, numberOfColumns: 2, row: 0, column: Int.max)] },
            path: ".attributes[1].display.paragraphStyle.textBlocks[0].column"),
        Damage(
            name: "text table of 0 columns",
            data: style { $0.textBlocks = [TextTableBlock(table: 1, numberOfColumns: 0, row: 0, column: 0)] },
            path: ".attributes[1].display.paragraphStyle.textBlocks[0].numberOfColumns"),
        Damage(name: "font size -3", data: display { $0.font = FontDescriptor(size: -3) }, path: ".attributes[1].display.font.size"),
        Damage(
            name: "colour 7", data: display { $0.foregroundColor = DisplayColor(red: 7, green: 0, blue: 0) },
            path: ".attributes[1].display.foregroundColor.red"),
        Damage(name: "superscript 10^6", data: display { $0.superscript = 1_000_000 }, path: ".attributes[1].display.superscript"),
        Damage(
            name: "source line -1",
            data: document(
                intent: paragraph, extra: #""sourcePosition": {"startLine": -1, "startColumn": 1, "endLine": 1, "endColumn": 1}"#),
            path: ".runs[0].sourcePosition.startLine"),
    ]

    static func fence(_ length: String, character: String = "`") -> Data {
        document(
            intent: #"[{"kind": "codeBlock", "identity": 1}]"#,
            extra: #""blockMarkup": {"1": {"codeFence": {"character": "\#(character)", "length": \#(length)}}}"#)
    }

    /// A one-run document whose display attributes are `change` applied to empty ones, through
    /// the encoder (which writes any value; the display attributes are entry 1 of the version-3
    /// `attributes` table).
    static func display(_ change: (inout DisplayAttributes) -> Void) -> Data {
        var attributes = DisplayAttributes()
        change(&attributes)
        var document = IntentDocument()
        document.append(
            "x", presentationIntent: PresentationIntent(.paragraph, identity: 1), attributes: RunAttributes(display: attributes))
        return (try? document.jsonData()) ?? Data()
    }

    static func style(_ change: (inout ParagraphStyle) -> Void) -> Data {
        display { attributes in
            var style = ParagraphStyle()
            change(&style)
            attributes.paragraphStyle = style
        }
    }

    @Test("an out-of-range value is an error naming its path", arguments: outOfRange)
    func outOfRangeValue(_ damage: Damage) throws {
        let reason = try #require(Self.failure(damage.data), "\(damage.name) was read without error")
        #expect(reason.hasPrefix("at \(damage.path):"), "\(reason)")
    }

    /// A block chain that contradicts itself: a leaf containing a block, an item outside a list,
    /// a cell outside a row, a row outside a table, a list holding a paragraph directly, a cell
    /// beyond its table's columns.
    static let contradictoryChains: [Damage] = [
        Damage(
            name: "paragraph containing a paragraph",
            data: document(intent: #"[{"kind": "paragraph", "identity": 2}, {"kind": "paragraph", "identity": 1}]"#),
            path: ".runs[0].intent[1].kind"),
        Damage(
            name: "item outside a list",
            data: document(intent: #"[{"kind": "paragraph", "identity": 2}, {"kind": "listItem", "ordinal": 1, "identity": 1}]"#),
            path: ".runs[0].intent[1].kind"),
        Damage(
            name: "list holding a paragraph",
            data: document(intent: #"[{"kind": "paragraph", "identity": 2}, {"kind": "orderedList", "identity": 1}]"#),
            path: ".runs[0].intent[0].kind"),
        Damage(
            name: "cell outside a row",
            data: document(intent: #"[{"kind": "tableCell", "columnIndex": 0, "identity": 1}]"#), path: ".runs[0].intent[0].kind"),
        Damage(
            name: "row outside a table",
            data: document(
                intent: #"[{"kind": "tableCell", "columnIndex": 0, "identity": 2}, {"kind": "tableRow", "rowIndex": 1, "identity": 1}]"#),
            path: ".runs[0].intent[1].kind"),
        Damage(
            name: "cell beyond the columns", data: document(intent: cell(column: "2", columns: 2)), path: ".runs[0].intent[0].columnIndex"),
        Damage(
            name: "one identity twice in an intent",
            data: document(intent: #"[{"kind": "paragraph", "identity": 1}, {"kind": "blockQuote", "identity": 1}]"#),
            path: ".runs[0].intent[1].identity"),
    ]

    @Test("a contradictory block chain is an error naming its path", arguments: contradictoryChains)
    func contradictoryChain(_ damage: Damage) throws {
        let reason = try #require(Self.failure(damage.data), "\(damage.name) was read without error")
        #expect(reason.hasPrefix("at \(damage.path):"), "\(reason)")
    }

    @Test func repeatedAndDanglingIdentitiesAreErrors() throws {
        let twoBlocks = Data(
            #"{"format": "intentmark-document", "version": 1, "runs": [{"text": "a", "intent": [{"kind": "paragraph", "identity": 1}]}, {"text": "b", "intent": [{"kind": "header", "level": 1, "identity": 1}]}]}"#
                .utf8)
        #expect(try #require(Self.failure(twoBlocks)).hasPrefix("at .runs[1].intent: identity 1 names two different blocks"))
        let twoSpans = Self.document(
            intent: Self.paragraph, extra: #""span": 1"#,
            spans: #"[{"kind": "emphasis", "identity": 5}, {"kind": "strongEmphasis", "identity": 5, "parent": 0}]"#)
        #expect(try #require(Self.failure(twoSpans)).hasPrefix("at .spans[1].identity: identity 5 names two inline spans"))
        let danglingSpan = Self.document(intent: Self.paragraph, extra: #""span": 4"#)
        #expect(try #require(Self.failure(danglingSpan)).hasPrefix("at .runs[0].span:"))
        let laterParent = Self.document(
            intent: Self.paragraph, spans: #"[{"kind": "emphasis", "identity": 5, "parent": 1}, {"kind": "emphasis", "identity": 6}]"#)
        #expect(try #require(Self.failure(laterParent)).hasPrefix("at .spans[0].parent:"))
        let danglingMarkup = Self.document(intent: Self.paragraph, extra: #""blockMarkup": {"9": {"isTight": true}}"#)
        #expect(try #require(Self.failure(danglingMarkup)).hasPrefix("at .runs[0].blockMarkup:"))
    }

    @Test func wrongTypesAndHugeNumbersAreErrorsNamingThePath() throws {
        let wrongType = Self.document(intent: #"[{"kind": "header", "level": "one", "identity": 1}]"#)
        #expect(try #require(Self.failure(wrongType)).hasPrefix("at .runs[0].intent[0].level: expected a number, found a string"))
        let huge = Self.document(intent: #"[{"kind": "header", "level": 1e400, "identity": 1}]"#)
        #expect(try #require(Self.failure(huge)).hasPrefix("at .runs[0].intent[0].level: the number 1e400 does not fit"))
        let beyondInt = Self.document(intent: #"[{"kind": "paragraph", "identity": 99999999999999999999999}]"#)
        #expect(try #require(Self.failure(beyondInt)).hasPrefix("at .runs[0].intent[0].identity: the number 99999999999999999999999"))
        let runsNotArray = Data(#"{"format": "intentmark-document", "version": 1, "runs": {"text": "x"}}"#.utf8)
        #expect(try #require(Self.failure(runsNotArray)).hasPrefix("at .runs: expected an array"))
        // Not JSON at all (Markdown read as the JSON form): named as such, in words.
        #expect(
            Self.failure(Data("# Title\n\n- item\n".utf8))
                == "not the JSON form: it starts with '#', the form with '{'")
        #expect(
            Self.failure(Data("  [1, 2]".utf8)) == "not the JSON form: it starts with '[', the form with '{'")
        let unknownKind = Self.document(intent: #"[{"kind": "sidebar", "identity": 1}]"#)
        #expect(try #require(Self.failure(unknownKind)).contains("unknown block kind 'sidebar'"))
    }

    @Test func deepNestingIsAnErrorNotAStackOverflow() throws {
        let depth = 100_000
        let nested = String(repeating: "[", count: depth) + String(repeating: "]", count: depth)
        let data = Self.document(intent: Self.paragraph, extra: #""extendedAttributes": {"deep": \#(nested)}"#)
        #expect(Self.failure(data) != nil)
        // A deep but well-formed intent chain (block quotes) reads, and every writer in the
        // writers' tests takes it; here only its reading is checked.
        let quotes = (1...2_000).map { #"{"kind": "blockQuote", "identity": \#($0 + 1)}"# }.joined(separator: ", ")
        let deepChain = Self.document(intent: #"[{"kind": "paragraph", "identity": 1}, \#(quotes)]"#)
        #expect(Self.failure(deepChain) == nil)
    }

    @Test func everyTruncationIsAnError() throws {
        let data = try IntentDocumentTests.handMade().jsonData()
        // Every proper prefix but the one that drops only the final line feed.
        for length in 0..<(data.count - 1) {
            let reason = Self.failure(data.prefix(length))
            #expect(reason != nil, "a prefix of \(length) bytes was read")
            if let reason { #expect(!reason.hasPrefix("untyped") && !reason.hasPrefix("unexpected"), "\(reason)") }
        }
    }

    @Test func aNewerVersionNamesBothVersions() {
        let newer = Data(#"{"format": "intentmark-document", "version": 99, "runs": []}"#.utf8)
        #expect(throws: IntentMarkError.unsupportedFormatVersion(found: 99, newestSupported: IntentDocument.jsonFormatVersion)) {
            try IntentDocument(jsonData: newer)
        }
    }

    @Test func unpairedSurrogateEscapesAreNotReadAsText() {
        // The form carries each run's text, so no offset can fall inside a scalar; an escape that
        // is not a scalar is the one way to try, and it is refused (or repaired by the decoder).
        let data = Data(#"{"format": "intentmark-document", "version": 1, "runs": [{"text": "a\ud800b"}]}"#.utf8)
        if let document = try? IntentDocument(jsonData: data) {
            #expect(document.text.unicodeScalars.allSatisfy { $0.value < 0xD800 || $0.value > 0xDFFF })
        }
    }

    @Test func validateNamesTheRunOfAHandBuiltDocument() {
        var document = IntentDocument()
        document.append("ok", presentationIntent: PresentationIntent(.paragraph, identity: 1))
        document.append("x", presentationIntent: PresentationIntent(.header(level: 9), identity: 2))
        #expect(throws: IntentMarkError.invalidDocument(reason: "runs[1].presentationIntent[0].level: header level 9 is not 1 through 6")) {
            try document.validate()
        }
        var twice = IntentDocument()
        twice.append("a", presentationIntent: PresentationIntent(.paragraph, identity: 1))
        twice.append("b", presentationIntent: PresentationIntent(.header(level: 1), identity: 1))
        #expect(throws: IntentMarkError.invalidDocument(reason: "identity 1 names two blocks (a paragraph and a header)")) {
            try twice.validate()
        }
        #expect(throws: Never.self) { try IntentDocumentTests.handMade().validate() }
    }

    @Test("Damaged version-4 front matter and alerts are typed errors naming the JSON path")
    func damagedVersion4() throws {
        func json(_ frontMatter: String, markup: String) -> Data {
            Data(
                #"{"format": "intentmark-document", "version": 4, "frontMatter": \#(frontMatter), "blocks": [{"kind": "blockQuote", "identity": 1, "markup": \#(markup)}, {"kind": "paragraph", "identity": 2, "parent": 0}], "spans": [], "attributes": [{}], "runs": [{"text": "x", "block": 1}]}"#
                    .utf8)
        }
        let frontMatter = #"{"format": "yaml", "rawText": "---\na\n---\n", "sourceRange": [0, 10]}"#
        let alert = #"{"alert": {"kind": "tip", "marker": "[!tip]", "markerEnding": "softBreak"}}"#
        let document = try IntentDocument(jsonData: json(frontMatter, markup: alert))
        #expect(document.frontMatter?.content == "a\n")
        #expect(document.runs.first?.blockMarkup[1]?.alert == GitHubAlert(kind: .tip, marker: "[!tip]"))
        // Written back, it is version 4 and reads back equal; without them, version 3.
        #expect(String(decoding: try document.jsonData(), as: UTF8.self).hasPrefix(#"{"format": "intentmark-document", "version": 4,"#))
        #expect(try IntentDocument(jsonData: document.jsonData()) == document)
        let wrongRange = #"{"format": "yaml", "rawText": "---\na\n---\n", "sourceRange": [0, 99]}"#
        let wrongMarker = #"{"alert": {"kind": "tip", "marker": "[!NOTE]", "markerEnding": "softBreak"}}"#
        #expect(Self.failure(json(wrongRange, markup: alert))?.hasPrefix("at .frontMatter.sourceRange:") == true)
        #expect(Self.failure(json(frontMatter, markup: wrongMarker))?.hasPrefix("at .blocks[0].markup.alert.marker:") == true)
        let unknownKind = #"{"alert": {"kind": "danger", "marker": "[!DANGER]", "markerEnding": "softBreak"}}"#
        #expect(Self.failure(json(frontMatter, markup: unknownKind))?.hasPrefix("at .blocks[0].markup.alert.kind:") == true)
    }

    /// A version-3 document with `blocks`, `attributes` and `runs` given as JSON arrays.
    static func version3(blocks: String, attributes: String = "[{}]", runs: String, spans: String = "[]") -> Data {
        Data(
            #"{"format": "intentmark-document", "version": 3, "blocks": \#(blocks), "spans": \#(spans), "attributes": \#(attributes), "runs": \#(runs)}"#
                .utf8)
    }

    /// Damaged version-3 documents: a name, the bytes, and the JSON path the error must name.
    static var damagedVersion3Cases: [(String, Data, String)] {
        let paragraph = #"[{"kind": "paragraph", "identity": 1}]"#
        return [
            (
                "parent after the child",
                Self.version3(
                    blocks: #"[{"kind": "paragraph", "identity": 1, "parent": 1}, {"kind": "blockQuote", "identity": 2}]"#,
                    runs: #"[{"text": "x", "block": 0}]"#), ".blocks[0].parent"
            ),
            (
                "parent out of range",
                Self.version3(blocks: #"[{"kind": "paragraph", "identity": 1, "parent": -4}]"#, runs: #"[{"text": "x", "block": 0}]"#),
                ".blocks[0].parent"
            ),
            (
                "identity twice",
                Self.version3(
                    blocks: #"[{"kind": "blockQuote", "identity": 1}, {"kind": "paragraph", "identity": 1, "parent": 0}]"#,
                    runs: #"[{"text": "x", "block": 1}]"#), ".blocks[1].identity"
            ),
            (
                "identity out of range",
                Self.version3(blocks: #"[{"kind": "paragraph", "identity": 9007199254740993}]"#, runs: #"[{"text": "x", "block": 0}]"#),
                ".blocks[0].identity"
            ),
            (
                "header level 0",
                Self.version3(blocks: #"[{"kind": "header", "level": 0, "identity": 1}]"#, runs: #"[{"text": "x", "block": 0}]"#),
                ".blocks[0].level"
            ),
            (
                "paragraph in a paragraph",
                Self.version3(
                    blocks: #"[{"kind": "paragraph", "identity": 1}, {"kind": "paragraph", "identity": 2, "parent": 0}]"#,
                    runs: #"[{"text": "x", "block": 1}]"#), ".blocks[1].kind"
            ),
            (
                "list holding a paragraph",
                Self.version3(
                    blocks: #"[{"kind": "unorderedList", "identity": 1}, {"kind": "paragraph", "identity": 2, "parent": 0}]"#,
                    runs: #"[{"text": "x", "block": 1}]"#), ".blocks[1].kind"
            ),
            (
                "item outside a list",
                Self.version3(blocks: #"[{"kind": "listItem", "ordinal": 1, "identity": 1}]"#, runs: #"[{"text": "x", "block": 0}]"#),
                ".blocks[0].kind"
            ),
            (
                "cell beyond the columns",
                Self.version3(
                    blocks:
                        #"[{"kind": "table", "columns": ["left"], "identity": 1}, {"kind": "tableHeaderRow", "identity": 2, "parent": 0}, {"kind": "tableCell", "columnIndex": 3, "identity": 3, "parent": 1}]"#,
                    runs: #"[{"text": "x", "block": 2}]"#), ".blocks[2].kind"
            ),
            ("run in no block of the table", Self.version3(blocks: paragraph, runs: #"[{"text": "x", "block": 1}]"#), ".runs[0].block"),
            (
                "attributes out of range", Self.version3(blocks: paragraph, runs: #"[{"text": "x", "block": 0, "attributes": 5}]"#),
                ".runs[0].attributes"
            ),
            ("span out of range", Self.version3(blocks: paragraph, runs: #"[{"text": "x", "block": 0, "span": 0}]"#), ".runs[0].span"),
            (
                "block no run lies in",
                Self.version3(
                    blocks: #"[{"kind": "paragraph", "identity": 1}, {"kind": "paragraph", "identity": 2}]"#,
                    runs: #"[{"text": "x", "block": 0}]"#), ".blocks[1]"
            ),
            (
                "display out of range",
                Self.version3(
                    blocks: paragraph, attributes: #"[{}, {"display": {"font": {"size": -3}}}]"#,
                    runs: #"[{"text": "x", "block": 0, "attributes": 1}]"#), ".attributes[1].display"
            ),
            (
                "markup out of range",
                Self.version3(
                    blocks: #"[{"kind": "codeBlock", "identity": 1, "markup": {"codeFence": {"character": "`", "length": -5}}}]"#,
                    runs: #"[{"text": "x\n", "block": 0}]"#), ".blocks[0].markup"
            ),
            (
                "wrong type", Self.version3(blocks: #"[{"kind": "paragraph", "identity": "one"}]"#, runs: #"[{"text": "x", "block": 0}]"#),
                "blocks"
            ),
        ]
    }

    /// Newer versions and truncations of version 3 are `aNewerVersionNamesBothVersions` and
    /// `everyTruncationIsAnError` above (`jsonData()` writes version 3).
    @Test("Damaged version-3 tables are typed errors naming the JSON path")
    func damagedVersion3Tables() throws {
        for (name, data, path) in Self.damagedVersion3Cases {
            let reason = Self.failure(data)
            #expect(reason?.contains(path) == true, "\(name): \(reason ?? "read without error")")
        }
    }
}
