import Foundation
import SpecCorpus
import Testing

@testable import IntentEditing

/// The byte scanners a region parse runs over its whole source (`memchr` finds the byte each one
/// looks for) give what a plain loop over every byte gives, on random text full of the bytes
/// they look for, at every start and end.
@Suite("Byte scanners")
struct ByteScannerTests {
    /// Random texts over line endings, brackets, colons, carets and backslashes, the corpus
    /// documents' first 20 KB, and lines as long as the line scanner's windows.
    static func texts() throws -> [[UInt8]] {
        var generator = SeededRandom(seed: 0x5CA7)
        let alphabet = Array("\r\n]:^[\\ a".utf8)
        var texts: [[UInt8]] = [[], Array("\r".utf8), Array("\n".utf8), Array("\r\n".utf8), Array("a\r\rb\n\r\n".utf8)]
        for url in TestPaths.documents() { texts.append(Array(try Data(contentsOf: url).prefix(20_000))) }
        // Lines about as long as the windows the line scanner searches in (256 bytes, doubling),
        // their endings on either side of a window's edge, and long lines of each ending.
        for length in [254, 255, 256, 257, 511, 512, 513, 767, 768, 1_023, 1_024, 5_000] {
            for ending in ["\n", "\r", "\r\n"] {
                texts.append(
                    Array((String(repeating: "a", count: length) + ending + String(repeating: "b", count: length) + ending + "c").utf8))
            }
        }
        texts.append(Array(String(repeating: "line of text\r", count: 2_000).utf8))
        for _ in 0..<3_000 {
            let length = Int.random(in: 0...30, using: &generator)
            texts.append((0..<length).map { _ in alphabet.randomElement(using: &generator) ?? 0x61 })
        }
        return texts
    }

    @Test("Lines end at a line feed, a carriage return and line feed, or a carriage return alone (property)")
    func linesEndAsCommonMarkSays() throws {
        for text in try Self.texts() {
            var expectedStarts = [0]
            var start = 0
            while start < text.count {
                var end = start
                while end < text.count, text[end] != 0x0A, text[end] != 0x0D { end += 1 }
                let next = end < text.count ? (text[end] == 0x0D && end + 1 < text.count && text[end + 1] == 0x0A ? end + 2 : end + 1) : end
                let line = LineEndings.line(in: text, from: start)
                #expect(line.contentEnd == end && line.next == next, "line at \(start) of \(text)")
                if next > end { expectedStarts.append(next) }
                start = next
            }
            #expect(LineEndings.lineStarts(of: text) == expectedStarts, "\(text)")
            #expect(LineEndings.lineStarts(of: AnySequence(text)) == expectedStarts, "\(text) as a sequence")
        }
    }

    @Test("`]:` and `[^` are found wherever they are, and only there (property)")
    func labelColonsAndFootnoteOpeners() throws {
        var found = (colons: 0, openers: 0)
        for text in try Self.texts() {
            let pairs = Array(zip(text, text.dropFirst()))
            let colon = pairs.contains { $0 == (0x5D, 0x3A) }
            let opener = pairs.contains { $0 == (0x5B, 0x5E) }
            #expect(text.withUnsafeBufferPointer(SourceBlock.containsLabelColon) == colon, "\(text)")
            #expect(text.containsFootnoteOpener == opener, "\(text)")
            #expect(AnySequence(text).containsFootnoteOpener == opener, "\(text) as a sequence")
            found.colons += colon ? 1 : 0
            found.openers += opener ? 1 : 0
        }
        #expect(found.colons > 100 && found.openers > 100)
    }
}
