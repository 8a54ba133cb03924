import Foundation
import IntentModel
import Testing

@Suite("PresentationIntent")
struct PresentationIntentTests {
    let list = PresentationIntent(.unorderedList, identity: 1)

    @Test func componentsAreInnermostFirst() {
        let item = PresentationIntent(.listItem(ordinal: 1), identity: 2, parent: list)
        let paragraph = PresentationIntent(.paragraph, identity: 3, parent: item)
        #expect(paragraph.components.map(\.identity) == [3, 2, 1])
        #expect(paragraph.debugDescription == "[paragraph (id 3), listItem 1 (id 2), unorderedList (id 1)]")
    }

    @Test func kindsPrintInApplesStyle() {
        let kinds: [(PresentationIntent.Kind, String)] = [
            (.paragraph, "paragraph"), (.header(level: 2), "header 2"), (.orderedList, "orderedList"),
            (.unorderedList, "unorderedList"), (.listItem(ordinal: 3), "listItem 3"),
            (.codeBlock(languageHint: "swift"), "codeBlock 'swift'"), (.codeBlock(languageHint: nil), "codeBlock"),
            (.blockQuote, "blockQuote"), (.thematicBreak, "thematicBreak"),
            (.table(columns: [.init(alignment: .left), .init(alignment: .right)]), "table [left, right]"),
            (.tableHeaderRow, "tableHeaderRow"), (.tableRow(rowIndex: 1), "tableRow 1"),
            (.tableCell(columnIndex: 0), "tableCell 0"),
        ]
        for (kind, expected) in kinds {
            #expect(kind.debugDescription == expected)
        }
    }

    @Test func indentationLevelCountsListsFromZero() {
        #expect(PresentationIntent(.paragraph, identity: 1).indentationLevel == 0)
        let item = PresentationIntent(.listItem(ordinal: 1), identity: 2, parent: list)
        #expect(PresentationIntent(.paragraph, identity: 3, parent: item).indentationLevel == 0)
        let inner = PresentationIntent(.orderedList, identity: 4, parent: item)
        let innerItem = PresentationIntent(.listItem(ordinal: 1), identity: 5, parent: inner)
        let quote = PresentationIntent(.blockQuote, identity: 6, parent: innerItem)
        #expect(PresentationIntent(.paragraph, identity: 7, parent: quote).indentationLevel == 1)
    }

    @Test func equivalenceIgnoresIdentities() {
        let a = PresentationIntent(.paragraph, identity: 3, parent: PresentationIntent(.blockQuote, identity: 1))
        let b = PresentationIntent(.paragraph, identity: 9, parent: PresentationIntent(.blockQuote, identity: 8))
        let c = PresentationIntent(.header(level: 1), identity: 3, parent: PresentationIntent(.blockQuote, identity: 1))
        #expect(a != b)
        #expect(a.isEquivalent(to: b))
        #expect(!a.isEquivalent(to: c))
        #expect(!a.isEquivalent(to: PresentationIntent(.paragraph, identity: 3)))
    }

    @Test func validityRequiresContainersOutsideTheLeafAndUniqueIdentities() {
        #expect(PresentationIntent(.paragraph, identity: 2, parent: list).isValid)
        #expect(!PresentationIntent(types: []).isValid)
        #expect(!PresentationIntent(.paragraph, identity: 1, parent: list).isValid)
        #expect(!PresentationIntent(.paragraph, identity: 2, parent: PresentationIntent(.paragraph, identity: 1)).isValid)
    }

    @Test func jsonFormIsFlatAndRoundTrips() throws {
        let table = PresentationIntent(.table(columns: [.init(alignment: .center)]), identity: 1)
        let cell = PresentationIntent(
            .tableCell(columnIndex: 0), identity: 3, parent: PresentationIntent(.tableRow(rowIndex: 1), identity: 2, parent: table))
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        let json = String(decoding: try encoder.encode(cell), as: UTF8.self)
        #expect(
            json
                == #"[{"columnIndex":0,"identity":3,"kind":"tableCell"},{"identity":2,"kind":"tableRow","rowIndex":1},{"columns":["center"],"identity":1,"kind":"table"}]"#
        )
        #expect(try JSONDecoder().decode(PresentationIntent.self, from: Data(json.utf8)) == cell)
    }

    @Test func unknownKindNamesFailToDecode() {
        #expect(throws: DecodingError.self) {
            try JSONDecoder().decode(PresentationIntent.self, from: Data(#"[{"kind":"sidebar","identity":1}]"#.utf8))
        }
    }

    @Test func inlineIntentsHaveApplesRawValuesAndNames() throws {
        #expect(InlinePresentationIntent.emphasized.rawValue == 1)
        #expect(InlinePresentationIntent.stronglyEmphasized.rawValue == 2)
        #expect(InlinePresentationIntent.code.rawValue == 4)
        #expect(InlinePresentationIntent.strikethrough.rawValue == 32)
        #expect(InlinePresentationIntent.softBreak.rawValue == 64)
        #expect(InlinePresentationIntent.lineBreak.rawValue == 128)
        #expect(InlinePresentationIntent.inlineHTML.rawValue == 256)
        #expect(InlinePresentationIntent.blockHTML.rawValue == 512)
        let value: InlinePresentationIntent = [.emphasized, .code, InlinePresentationIntent(rawValue: 1 << 12)]
        #expect(value.names == ["emphasized", "code", "bit 12"])
        let decoded = try JSONDecoder().decode(InlinePresentationIntent.self, from: JSONEncoder().encode(value))
        #expect(decoded == value)
        #expect(value.debugDescription == "NSInlinePresentationIntent(rawValue: 4101)")
    }
}
