import IntentModel
import Testing

@testable import IntentLowering

@Suite("Inline-intent bit literals")
struct HTMLBitsTests {
    @Test func theLiteralsAreTheIntentsRawValues() {
        #expect(HTMLBits.lineBreak == InlinePresentationIntent.lineBreak.rawValue)
        #expect(HTMLBits.inlineHTML == InlinePresentationIntent.inlineHTML.rawValue)
        #expect(HTMLBits.blockHTML == InlinePresentationIntent.blockHTML.rawValue)
        #expect(HTMLBits.either == InlinePresentationIntent([.inlineHTML, .blockHTML]).rawValue)
    }
}
