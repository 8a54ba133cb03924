import Foundation
import SpecCorpus
import Testing

@testable import IntentEditing

/// The label bits a block's summary carries must hold every label its brackets may refer to, or
/// the search for the blocks a changed definition affects would miss one.
@Suite("Bracket label bits")
struct BracketLabelMaskTests {
    static func mask(_ text: String) -> UInt64 {
        var text = text
        return text.withUTF8 { DefinitionIndex.bracketLabelMask(of: $0) }
    }

    @Test("Every bracket's normalized label has its bit in the mask, and no other; a non-ASCII bracket sets them all (property)")
    func everyLabelIsCovered() throws {
        var generator = SeededRandom(seed: 0xB1A5)
        var texts = [
            "[Foo  Bar]", "[a\\]b]", "\\[not] [yes]", "[[inner]]", "[ \t spaced\nlabel ]", "[ünï]", "[x][Y]", "]stray[ open",
        ]
        for url in TestPaths.documents() { texts.append(String(decoding: try Data(contentsOf: url).prefix(40_000), as: UTF8.self)) }
        let alphabet = Array("[]\\ \tAbC xY\n é")
        for _ in 0..<4_000 {
            let length = Int.random(in: 0...24, using: &generator)
            texts.append(String((0..<length).map { _ in alphabet.randomElement(using: &generator) ?? "a" }))
        }
        var checked = 0
        for text in texts {
            let mask = Self.mask(text)
            // Exactly those bits, in ASCII text.
            let contents = DefinitionIndex.bracketContents(of: text)
            if text.utf8.allSatisfy({ $0 < 0x80 }) {
                let bits = contents.compactMap { DefinitionIndex.key($0) }.reduce(UInt64(0)) { $0 | DefinitionIndex.labelBit($1) }
                #expect(mask == bits, "\(text.debugDescription)")
            }
            for candidate in DefinitionIndex.bracketContents(of: text) {
                guard let key = DefinitionIndex.key(candidate) else {
                    #expect(mask == UInt64.max, "non-ASCII label \(candidate.debugDescription) in \(text.debugDescription)")
                    continue
                }
                #expect(mask & DefinitionIndex.labelBit(key) != 0, "\(key.debugDescription) missing for \(text.debugDescription)")
                checked += 1
            }
        }
        #expect(checked > 600)
        #expect(Self.mask("no brackets here") == 0)
        #expect(Self.mask("[foo]") == DefinitionIndex.labelBit("foo"))
    }
}
