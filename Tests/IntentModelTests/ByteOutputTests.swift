import Foundation
import IntentModel
import Testing

@Suite("Byte output")
struct ByteOutputTests {
    /// Buffers of 8 MB or more are memory mappings of their own: growing from `malloc`'s storage
    /// into one, from one into a larger one, and handing one to `Data` keep every byte.
    @Test func growingPastTheMappedSizeKeepsEveryByte() {
        var output = ByteOutput(capacity: 16)
        let pattern = (0..<(1 << 20)).map { UInt8(truncatingIfNeeded: $0 &* 7 &+ $0 >> 8) }
        var expected: [UInt8] = []
        // Short pieces of every length up to 64 first, then 1 MB pieces up to 20 MB: crosses
        // 8 MB (the first mapping) and 16 MB (a larger one).
        pattern.withUnsafeBufferPointer { all in
            var start = 0
            for length in 1...64 {
                output.append(UnsafeBufferPointer(rebasing: all[start..<(start + length)]))
                start += length
            }
            expected += pattern[0..<start]
            while expected.count < 20 << 20 {
                output.append(all)
                expected += pattern
            }
        }
        output.append(UInt8(ascii: "!"))
        expected.append(UInt8(ascii: "!"))
        #expect(output.count == expected.count)
        #expect(output.last == UInt8(ascii: "!"))
        #expect(output.bytes() == expected)
        let data = output.data()
        #expect(data.count == expected.count)
        #expect(data.elementsEqual(expected))
    }

    /// A buffer made large from the start is a mapping too; its string is its bytes.
    @Test func aLargeBufferFromTheStartReadsBackAsText() {
        var output = ByteOutput(capacity: 9 << 20)
        for _ in 0..<100_000 { output.append("héllo ") }
        let text = output.string()
        #expect(text.utf8.count == 700_000)
        #expect(text.hasPrefix("héllo héllo"))
    }
}
