import Foundation
import IntentEditing
import IntentModel
import SpecCorpus
import Testing

/// The incremental document's O(log n) queries give what the assembled document gives.
@Suite("Incremental document queries", .tags(.corpus))
struct IncrementalQueriesTests {
    /// The snapshot's runs with their UTF-16 ranges.
    static func runs(of document: IntentDocument) -> [(range: NSRange, run: IntentDocument.Run)] {
        var result: [(NSRange, IntentDocument.Run)] = []
        var offset = 0
        for run in document.runs {
            let length = run.text.utf16.count
            result.append((NSRange(location: offset, length: length), run))
            offset += length
        }
        return result
    }

    @Test("Runs, paragraph ranges, blocks and offset conversions match the assembled document, after random edits (property)")
    func queriesMatchTheDocument() throws {
        var generator = SeededRandom(seed: 0x9E7)
        var sources = try ParsingFixtures.names.map { String(decoding: try ParsingFixtures.source($0), as: UTF8.self) }
        for url in TestPaths.documents() { sources.append(String(decoding: try Data(contentsOf: url).prefix(30_000), as: UTF8.self)) }
        var checked = 0
        for source in sources where !source.isEmpty {
            var incremental = try IncrementalMarkdownDocument(source: source)
            for round in 0..<4 {
                if round > 0 {
                    let location = Int.random(in: 0...incremental.sourceUTF16Count, using: &generator)
                    let utf16 = Array(incremental.source.utf16)
                    if location < utf16.count, UTF16.isTrailSurrogate(utf16[location]) { continue }
                    try incremental.replace(NSRange(location: location, length: 0), with: ["x", "\n\n", "- a\n", "*b* "][round])
                }
                let document = incremental.document
                let runs = Self.runs(of: document)
                let textLength = document.text.utf16.count
                #expect(incremental.textUTF16Count == textLength)
                for _ in 0..<25 where textLength > 0 {
                    let offset = Int.random(in: 0..<textLength, using: &generator)
                    guard let expected = runs.first(where: { NSLocationInRange(offset, $0.range) }) else { continue }
                    let found = incremental.run(atTextUTF16: offset)
                    #expect(found?.textUTF16Range == expected.range)
                    #expect(found?.presentationIntent == expected.run.presentationIntent)
                    #expect(found?.inlinePresentationIntent == expected.run.inlinePresentationIntent)
                    #expect(found?.attributes == expected.run.attributes)
                    // The leaf block's range: the runs around with the same leaf.
                    let leaf = expected.run.presentationIntent?.components.first?.identity
                    let same = runs.filter { $0.run.presentationIntent?.components.first?.identity == leaf }
                    let contiguous = same.filter { candidate in
                        let between = runs.filter {
                            ($0.range.location >= min(candidate.range.location, expected.range.location))
                                && ($0.range.location <= max(candidate.range.location, expected.range.location))
                        }
                        return between.allSatisfy { $0.run.presentationIntent?.components.first?.identity == leaf }
                    }
                    if let first = contiguous.first, let last = contiguous.last {
                        #expect(
                            incremental.paragraphRange(aroundTextUTF16: offset)
                                == NSRange(location: first.range.location, length: NSMaxRange(last.range) - first.range.location))
                    }
                    let block = incremental.topLevelBlock(atTextUTF16: offset)
                    #expect(block.map { NSLocationInRange(offset, $0.textUTF16Range) } == true)
                    checked += 1
                }
                // Offsets in the source convert both ways as String does.
                let text = incremental.source
                for _ in 0..<10 {
                    var index = text.utf16.index(text.utf16.startIndex, offsetBy: Int.random(in: 0...text.utf16.count, using: &generator))
                    index = text.unicodeScalars.index(
                        before: text.unicodeScalars.index(after: index == text.endIndex ? text.startIndex : index))
                    let utf16 = text.utf16.distance(from: text.startIndex, to: index)
                    let utf8 = text.utf8.distance(from: text.startIndex, to: index)
                    #expect(try incremental.sourceUTF8Offset(ofUTF16: utf16) == utf8)
                    #expect(try incremental.sourceUTF16Offset(ofUTF8: utf8) == utf16)
                    let block = incremental.topLevelBlock(atSourceUTF16: utf16)
                    #expect(block.map { NSLocationInRange(utf16, $0.sourceUTF16Range) || utf16 == NSMaxRange($0.sourceUTF16Range) } == true)
                }
            }
        }
        #expect(checked > 1_000)
        #expect(incremental(throwsFor: -1))
    }

    func incremental(throwsFor offset: Int) -> Bool {
        guard let document = try? IncrementalMarkdownDocument(source: "é\n") else { return false }
        let outside = (try? document.sourceUTF8Offset(ofUTF16: offset)) == nil && (try? document.sourceUTF16Offset(ofUTF8: 1)) == nil
        return outside && document.run(atTextUTF16: 99) == nil && document.paragraphRange(aroundTextUTF16: -1) == nil
    }
}
