import Foundation
import IntentLowering
import IntentModel
import Testing

@Suite("Style sheets")
struct StyleSheetTests {
    let quote = PresentationIntent(.blockQuote, identity: 1)

    @Test func theDefaultBodyIs17Points() {
        let attributes = StyleSheet.default.displayAttributes(for: PresentationIntent(.paragraph, identity: 1))
        #expect(attributes.font == FontDescriptor(design: .default, size: 17, weight: .regular, isItalic: false))
        #expect(attributes.paragraphStyle?.paragraphSpacing == 8)
    }

    /// Code inside a header inside a block quote gets all three, in the documented order.
    @Test func nestedContextsCompose() {
        let header = PresentationIntent(.header(level: 1), identity: 2, parent: quote)
        let attributes = StyleSheet.default.displayAttributes(for: header, inline: [.code, .stronglyEmphasized])
        #expect(attributes.font == FontDescriptor(design: .monospaced, size: 24.64, weight: .bold, isItalic: false))
        #expect(attributes.foregroundColor?.name == "secondaryLabel")
        #expect(attributes.backgroundColor?.name == "secondarySystemBackground")
        #expect(attributes.paragraphStyle?.headIndent == 16)
        #expect(attributes.paragraphStyle?.paragraphSpacingBefore == 12)
    }

    @Test func indentsAddUpThroughNestedLists() {
        let outer = PresentationIntent(.unorderedList, identity: 1)
        let item = PresentationIntent(.listItem(ordinal: 1), identity: 2, parent: outer)
        let inner = PresentationIntent(.orderedList, identity: 3, parent: item)
        let innerItem = PresentationIntent(.listItem(ordinal: 1), identity: 4, parent: inner)
        let paragraph = PresentationIntent(.paragraph, identity: 5, parent: innerItem)
        #expect(StyleSheet.default.displayAttributes(for: paragraph).paragraphStyle?.headIndent == 40)
    }

    @Test func inlineIntentsAndLinks() {
        let sheet = StyleSheet.default
        let paragraph = PresentationIntent(.paragraph, identity: 1)
        let both = sheet.displayAttributes(for: paragraph, inline: [.emphasized, .stronglyEmphasized, .strikethrough])
        #expect(both.font?.weight == .bold && both.font?.isItalic == true)
        #expect(both.strikethroughStyle == .single)
        #expect(sheet.displayAttributes(for: paragraph, isLink: true).foregroundColor?.name == "link")
    }

    @Test func fluentModifiersReturnModifiedCopies() {
        let red = DisplayColor(rgb: 0xCC0000)
        let sheet = StyleSheet.github.bodyFont(size: 20).with(\.link, TextStyle(foregroundColor: red))
        #expect(sheet.body.fontSize == 20)
        #expect(sheet.header1.fontSize == 40)
        #expect(sheet.link.foregroundColor == red)
        #expect(StyleSheet.github.link.foregroundColor == DisplayColor(rgb: 0x0969DA))
        #expect(StyleSheet.default.bodyFont(design: .serif).displayAttributes(for: nil).font?.design == .serif)
    }

    @Test func aThemeIsAJSONFileAndMissingSlotsKeepTheDefaults() throws {
        let json = #"{"body": {"fontSize": 15}, "link": {"foregroundColor": {"red": 1, "green": 0, "blue": 0, "alpha": 1}}}"#
        let sheet = try JSONDecoder().decode(StyleSheet.self, from: Data(json.utf8))
        #expect(sheet.body.fontSize == 15)
        #expect(sheet.link.foregroundColor == DisplayColor(red: 1, green: 0, blue: 0))
        #expect(sheet.header1 == StyleSheet.default.header1)
        let roundTrip = try JSONDecoder().decode(StyleSheet.self, from: JSONEncoder().encode(StyleSheet.github))
        #expect(roundTrip == StyleSheet.github)
    }
}
