import Foundation
import IntentLowering
import IntentModel
import IntentWriters
import SpecCorpus
import Testing

/// Documents built through the public API with values no parser makes: every writer and lowering
/// writes them (with values clamped into ``ModelRanges``) instead of trapping or hanging.
@Suite("Hostile documents through every writer", .tags(.corpus))
struct HostileDocumentTests {
    struct Hostile: Sendable, CustomStringConvertible {
        var name: String
        var document: IntentDocument
        var description: String { name }
    }

    static func build(_ body: (inout IntentDocument) -> Void) -> IntentDocument {
        var document = IntentDocument()
        body(&document)
        return document
    }

    static func cell(column: Int, columns: Int = 1) -> IntentDocument {
        build { document in
            let table = PresentationIntent(.table(columns: Array(repeating: .init(alignment: .center), count: columns)), identity: 1)
            let row = PresentationIntent(.tableHeaderRow, identity: 2, parent: table)
            let cell = PresentationIntent(.tableCell(columnIndex: column), identity: 3, parent: row)
            document.append("a", presentationIntent: cell)
            document.append("\n", presentationIntent: cell, attributes: RunAttributes(isBlockSeparator: true))
            let body = PresentationIntent(.tableRow(rowIndex: 1), identity: 4, parent: table)
            document.append("b", presentationIntent: PresentationIntent(.tableCell(columnIndex: column), identity: 5, parent: body))
        }
    }

    static func single(
        _ kind: PresentationIntent.Kind, identity: Int = 1, markup: BlockMarkup? = nil, display: DisplayAttributes? = nil
    ) -> IntentDocument {
        build { document in
            let intent = PresentationIntent(kind, identity: identity)
            document.append(
                "text `x`\n", presentationIntent: intent, attributes: RunAttributes(display: display),
                blockMarkup: markup.map { [identity: $0] } ?? [:])
        }
    }

    static func item(ordinal: Int) -> IntentDocument {
        build { document in
            let list = PresentationIntent(.orderedList, identity: 1)
            let item = PresentationIntent(.listItem(ordinal: ordinal), identity: 2, parent: list)
            document.append("x\n", presentationIntent: PresentationIntent(.paragraph, identity: 3, parent: item))
            let next = PresentationIntent(.listItem(ordinal: ordinal), identity: 4, parent: list)
            document.append("y\n", presentationIntent: PresentationIntent(.paragraph, identity: 5, parent: next))
        }
    }

    static func style(_ change: (inout ParagraphStyle) -> Void) -> DisplayAttributes {
        var style = ParagraphStyle()
        change(&style)
        return DisplayAttributes(paragraphStyle: style)
    }

    static func fence(_ length: Int, _ character: String = "`") -> BlockMarkup {
        BlockMarkup(codeFence: CodeFence(character: character, length: length))
    }

    static let documents: [Hostile] = [
        Hostile(name: "cell column -1", document: cell(column: -1)),
        Hostile(name: "cell column Int.max", document: cell(column: Int.max)),
        Hostile(name: "cell column 10^9", document: cell(column: 1_000_000_000)),
        Hostile(name: "cell column 1 of 1", document: cell(column: 1)),
        Hostile(name: "header 208", document: single(.header(level: 208))),
        Hostile(name: "header Int.min", document: single(.header(level: Int.min))),
        Hostile(name: "identity Int.max", document: single(.paragraph, identity: Int.max)),
        Hostile(name: "identity Int.min", document: single(.paragraph, identity: Int.min)),
        Hostile(name: "fence -5", document: single(.codeBlock(languageHint: nil), markup: fence(-5))),
        Hostile(name: "fence Int.max", document: single(.codeBlock(languageHint: nil), markup: fence(Int.max))),
        Hostile(name: "fence 10^9", document: single(.codeBlock(languageHint: nil), markup: fence(1_000_000_000))),
        Hostile(name: "fence of empty string", document: single(.codeBlock(languageHint: "a"), markup: fence(3, ""))),
        Hostile(name: "ordinal Int.max", document: item(ordinal: Int.max)),
        Hostile(name: "ordinal Int.min", document: item(ordinal: Int.min)),
        Hostile(
            name: "row Int.max",
            document: build { document in
                let table = PresentationIntent(.table(columns: [.init(alignment: .left)]), identity: 1)
                let row = PresentationIntent(.tableRow(rowIndex: Int.max), identity: 2, parent: table)
                document.append("r", presentationIntent: PresentationIntent(.tableCell(columnIndex: 0), identity: 3, parent: row))
            }),
        Hostile(name: "head indent 10^9", document: single(.paragraph, display: style { $0.headIndent = 1e9 })),
        Hostile(name: "head indent 10^308", document: single(.paragraph, display: style { $0.headIndent = 1e308 })),
        Hostile(
            name: "head indent NaN",
            document: single(
                .paragraph,
                display: style {
                    $0.headIndent = .nan
                    $0.tailIndent = -.infinity
                })),
        Hostile(
            name: "text list start Int.min",
            document: single(.paragraph, display: style { $0.textLists = [TextList(markerFormat: .decimal, startingItemNumber: Int.min)] })),
        Hostile(
            name: "text list start Int.max",
            document: single(
                .paragraph, display: style { $0.textLists = [TextList(markerFormat: .lowerRoman, startingItemNumber: Int.max)] })),
        Hostile(
            name: "text table column Int.max",
            document: single(
                .paragraph, display: style { $0.textBlocks = [TextTableBlock(table: 1, numberOfColumns: 2, row: 0, column: Int.max)] })),
        Hostile(
            name: "text table of 10^8 columns",
            document: single(
                .paragraph, display: style { $0.textBlocks = [TextTableBlock(table: 1, numberOfColumns: 100_000_000, row: 0, column: 0)] })),
        Hostile(
            name: "text table row and spans negative",
            document: single(
                .paragraph,
                display: style {
                    $0.textBlocks = [TextTableBlock(table: Int.min, numberOfColumns: -4, row: -1, column: -1, rowSpan: -1, columnSpan: -9)]
                })),
        Hostile(
            name: "font, colour and superscript out of range",
            document: single(
                .paragraph,
                display: DisplayAttributes(
                    font: FontDescriptor(size: .infinity), foregroundColor: DisplayColor(red: .nan, green: -4, blue: 1e300),
                    baselineOffset: -1e300, superscript: Int.min))),
        Hostile(
            name: "cell outside a table",
            document: build { $0.append("c", presentationIntent: PresentationIntent(.tableCell(columnIndex: 3), identity: 1)) }),
        Hostile(
            name: "row outside a table",
            document: build { document in
                let row = PresentationIntent(.tableRow(rowIndex: 1), identity: 1)
                document.append("c", presentationIntent: PresentationIntent(.tableCell(columnIndex: 0), identity: 2, parent: row))
            }),
        Hostile(
            name: "item outside a list, list holding a paragraph",
            document: build { document in
                document.append(
                    "i",
                    presentationIntent: PresentationIntent(
                        .paragraph, identity: 2, parent: PresentationIntent(.listItem(ordinal: 4), identity: 1)))
                document.append(
                    "p",
                    presentationIntent: PresentationIntent(.paragraph, identity: 4, parent: PresentationIntent(.orderedList, identity: 3)))
            }),
        Hostile(
            name: "paragraph inside a paragraph inside a header",
            document: build { document in
                let header = PresentationIntent(.header(level: 2), identity: 1)
                let outer = PresentationIntent(.paragraph, identity: 2, parent: header)
                document.append("x", presentationIntent: PresentationIntent(.paragraph, identity: 3, parent: outer))
            }),
        Hostile(
            name: "one identity for two blocks",
            document: build { document in
                document.append("a", presentationIntent: PresentationIntent(.paragraph, identity: 1))
                document.append("b", presentationIntent: PresentationIntent(.header(level: 1), identity: 1))
                document.append(
                    "c",
                    presentationIntent: PresentationIntent(.paragraph, identity: 1, parent: PresentationIntent(.blockQuote, identity: 1)))
            }),
        Hostile(
            name: "2 000 nested block quotes",
            document: build { document in
                var intent: PresentationIntent? = nil
                for identity in 1...2_000 { intent = PresentationIntent(.blockQuote, identity: identity, parent: intent) }
                document.append("deep\n", presentationIntent: PresentationIntent(.paragraph, identity: 2_001, parent: intent))
            }),
    ]

    /// Every output of `document`, each made once.
    static func writeEverything(_ document: IntentDocument) -> [String: Int] {
        var sizes: [String: Int] = [:]
        sizes["html"] = document.html().utf8.count
        sizes["markdown"] = document.markdown().utf8.count
        sizes["plain"] = document.plainText().utf8.count
        sizes["terminal"] = TerminalRenderer().render(document).utf8.count
        sizes["rtf"] = RTFWriter().writeData(document).count
        for options: ResultOptions in [.plainText, .richText, [.richText, .list], [.richText, .table], .presentationIntent] {
            sizes["lowered \(options.rawValue)"] = document.lowered(to: options).text.utf8.count
        }
        let raised: IntentDocument = document.lowered(to: [.richText, .list, .table]).raised()
        sizes["raised"] = raised.text.utf8.count
        sizes["runs"] = document.runDump().utf8.count
        sizes["attributed"] = IntentDocument(document.attributedString()).text.utf8.count
        sizes["json"] = (try? document.jsonData())?.count ?? 0
        return sizes
    }

    @Test("every writer writes a hostile document", arguments: documents)
    func everyWriterWrites(_ hostile: Hostile) {
        let sizes = Self.writeEverything(hostile.document)
        // Bounded output: a few bytes of input never become megabytes (fences, columns, indents).
        for (output, size) in sizes where output != "runs" && output != "json" {
            #expect(size < 2_000_000, "\(output) wrote \(size) bytes")
        }
        #expect(sizes["html", default: 0] > 0)
    }

    @Test func rtfWithAStyleSheetOfNaNAndHugeValuesIsWritten() {
        let sheet = StyleSheet.default
            .with(\.body, TextStyle(fontSize: .nan, headIndent: 1e308, lineHeightMultiple: -.infinity))
            .with(\.listItem, TextStyle(fontSizeScale: 1e300, headIndent: .nan, firstLineHeadIndent: -1e300))
            .with(\.header1, TextStyle(fontSize: -5, foregroundColor: DisplayColor(red: .nan, green: 9, blue: -1), superscript: Int.max))
        for hostile in Self.documents.prefix(8) + [Hostile(name: "list", document: Self.item(ordinal: 3))] {
            let rtf = RTFWriter(options: RTFWritingOptions(styleSheet: sheet)).write(hostile.document)
            #expect(rtf.hasPrefix("{\\rtf1"))
            #expect(!rtf.contains("nan"))
        }
    }

    @Test func aRepairedDocumentIsValid() throws {
        for hostile in Self.documents
        where !hostile.name.contains("outside") && !hostile.name.contains("inside")
            && !hostile.name.contains("identity for two")
        {
            // Values are clamped into range; structure (chains, repeated identities) is not changed.
            let repaired = hostile.document.repairedForWriting()
            #expect(throws: Never.self, "\(hostile.name)") { try repaired.validate() }
        }
    }
}
