import DocumentInvariants
import Foundation
import IntentModel
import Testing

@Suite("Interning run attributes")
struct RunAttributesInterningTests {
    /// The attribute set numbered `number` (each number's is different): a link, a table cell's
    /// paragraph style, a footnote reference or a separator.
    static func attributes(_ number: Int) -> RunAttributes {
        switch number % 4 {
        case 0: return RunAttributes(linkDestination: "https://example.com/\(number)")
        case 1:
            let cell = TextTableBlock(table: 1, numberOfColumns: 2, row: number / 2, column: number % 2)
            return RunAttributes(display: DisplayAttributes(paragraphStyle: ParagraphStyle(textBlocks: [cell])))
        case 2: return RunAttributes(footnoteReference: "n\(number)")
        default: return RunAttributes(isBlockSeparator: true, display: DisplayAttributes(baselineOffset: Double(number)))
        }
    }

    /// Thousands of lookups, most of them repeats, through the table's growth: each set gets the
    /// index of its first appearance, in order from 1; the empty set is 0; the made document's runs
    /// carry the sets appended, in order.
    @Test func everySetKeepsTheIndexOfItsFirstAppearance() throws {
        var generator = SeededGenerator(seed: 21)
        var builder = IntentDocumentBuilder(expectedBytes: 0)
        var expected: [RunAttributes: Int32] = [:]
        var order: [RunAttributes] = []
        var appended: [RunAttributes] = []
        for step in 0..<20_000 {
            // The pool widens as the run goes on, so new sets keep arriving while old ones repeat.
            let number = Int.random(in: 0...(step / 4 + 8), using: &generator)
            let attributes = Self.attributes(number)
            let index = builder.attributesIndex(attributes)
            if let known = expected[attributes] {
                #expect(index == known)
            } else {
                order.append(attributes)
                expected[attributes] = Int32(order.count)
                #expect(index == Int32(order.count))
            }
            builder.append("x", block: -1, inline: 0, attributes: index, span: -1)
            if appended.last != attributes { appended.append(attributes) }
        }
        #expect(builder.attributesIndex(RunAttributes()) == 0)
        #expect(order.count > 2_000)
        let document = builder.finish()
        #expect(document.runs.map(\.attributes) == appended)
    }
}
