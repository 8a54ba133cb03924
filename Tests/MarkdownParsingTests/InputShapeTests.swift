import DocumentInvariants
import Foundation
import SpecCorpus
import Testing

@testable import MarkdownParsing

/// The limits' pre-scan is C reading each line sixteen bytes at a time (SSE2); the Swift reading of
/// the same rules, one byte at a time, gives the same shape.
@Suite("Input shape")
struct InputShapeTests {
    @Test("A line's counts, by hand: brackets, delimiters, pipes, and content past sixteen bytes")
    func countsByHand() {
        // One line of 40 bytes: 3 `[`, 7 delimiters (`*`, `_`, `~`), 2 `|`, across the
        // sixteen-byte blocks; a blank line of 20 spaces and tabs; a line ending in CR.
        let shape = InputShape.scanning("[a] *b* _c_ ~d~ | [e] | some more [text*\n \t                  \r\nx\n")
        #expect(shape.bracketsPerBlock == 3)
        #expect(shape.emphasisDelimitersPerBlock == 7)
        #expect(shape.tableCellWork == 4)
        #expect(shape.bracketWork == 9)
        #expect(shape.emphasisWork == 49)
        #expect(shape == InputShape.scanning("[a] *b* _c_ ~d~ | [e] | some more [text*\n \t                  \r\nx\n", bytewise: true))
    }

    @Test(
        "The C scan equals the Swift reading: random lines and container markers at every offset, the spec files, the real-world document")
    func fastPathEqualsBytewise() throws {
        var random = SeededGenerator(seed: 0x1A5E)
        // Bytes chosen so that the counted ones, line endings and blanks fall often, on both
        // sides of every sixteen-byte boundary.
        let alphabet = Array("[]*_~|> -+1234567890.)\t\r\n\n\n    abcdefXYZ#`\u{E9}".utf8)
        for _ in 0..<3_000 {
            let length = Int.random(in: 0..<240, using: &random)
            let bytes = (0..<length).map { _ in alphabet[Int.random(in: 0..<alphabet.count, using: &random)] }
            let text = String(decoding: bytes, as: UTF8.self)
            #expect(InputShape.scanning(text) == InputShape.scanning(text, bytewise: true), "\(Array(text.utf8))")
        }
        var documents = try SpecExamples.fixtureFiles.map { try SpecExamples.fixture($0).map(\.markdown).joined(separator: "\n") }
        documents.append(try String(contentsOf: TestPaths.realWorldDocument, encoding: .utf8))
        for document in documents {
            #expect(InputShape.scanning(document) == InputShape.scanning(document, bytewise: true))
        }
    }
}
