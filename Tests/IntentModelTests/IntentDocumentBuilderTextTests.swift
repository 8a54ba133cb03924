import IntentModel
import Testing

/// The builder's text: checked as UTF-8 once and made a string without a second check; bytes that
/// are not UTF-8 (a producer's bug) are repaired run by run, never lost.
@Suite("Document builder text")
struct IntentDocumentBuilderTextTests {
    static func build(_ pieces: [[UInt8]]) -> IntentDocument {
        var builder = IntentDocumentBuilder(expectedBytes: 0)
        for (index, piece) in pieces.enumerated() {
            piece.withUnsafeBufferPointer {
                builder.append($0, block: -1, inline: UInt(index % 2), attributes: 0, span: -1)
            }
        }
        return builder.finish()
    }

    @Test("Valid UTF-8 of every length (ASCII, two, three and four bytes, across eight-byte words) is the text as given")
    func validText() {
        let samples = [
            "", "plain ASCII text longer than eight bytes", "é", "naïve café ", "€ → ∞", "𝄞 music 🎵", String(repeating: "aé€𝄞", count: 50),
        ]
        for sample in samples {
            let document = Self.build([Array(sample.utf8), Array(" tail".utf8)])
            #expect(document.text == sample + " tail")
            #expect(document.text.utf8.count == sample.utf8.count + 5)
        }
    }

    @Test("Bytes that are not UTF-8 are replaced by U+FFFD within their run; the runs still end where the text does")
    func repairedText() {
        let document = Self.build([Array("ab".utf8) + [0xFF] + Array("cd".utf8), [0xE2, 0x82], Array("ok".utf8)])
        #expect(document.text == "ab\u{FFFD}cd\u{FFFD}ok")
        #expect(document.runs.map { String($0.text) } == ["ab\u{FFFD}cd", "\u{FFFD}", "ok"])
    }
}
