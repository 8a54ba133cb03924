import Foundation
import IntentModel
import SpecCorpus
import Testing

@testable import MarkdownParsing

/// Inputs that would grow one of libcmark-gfm's buffers past its 32-bit limit (which aborts the
/// process) are refused with a typed error; everything below converts.
@Suite("libcmark-gfm buffer ceiling", .tags(.corpus))
struct BufferCeilingTests {
    static func expanded(_ bytes: [UInt8], ceiling: Int) -> Int {
        bytes.withUnsafeBufferPointer { CmarkBufferCeiling.expandedByteCount(of: $0, ceiling: ceiling) }
    }

    static func passes(_ bytes: [UInt8], ceiling: Int) -> Bool {
        bytes.withUnsafeBufferPointer { (try? CmarkBufferCeiling.check($0, ceiling: ceiling)) != nil }
    }

    @Test func nulsCountThreeAndTabsFourBytes() {
        // Counting starts above a quarter of the ceiling; every alignment of the word scan.
        for prefix in 0..<9 {
            let bytes = [UInt8](repeating: 0x61, count: prefix) + [0, 0x09, 0x61, 0] + [UInt8](repeating: 0x61, count: 17)
            #expect(Self.expanded(bytes, ceiling: 16) == bytes.count + 2 * 2 + 3, "prefix \(prefix)")
        }
        #expect(Self.expanded([0, 0, 0], ceiling: 1_000) == 3, "small inputs are not counted")
    }

    @Test func theEdgeOfTheCeiling() {
        // 10 bytes with one NUL expand to 12: a ceiling of 12 takes them, 11 does not.
        let bytes: [UInt8] = [0x61, 0, 0x61, 0x61, 0x61, 0x61, 0x61, 0x61, 0x61, 0x0A]
        #expect(Self.passes(bytes, ceiling: 12))
        #expect(!Self.passes(bytes, ceiling: 11))
        #expect(CmarkBufferCeiling.maximumExpandedBytes == 1_073_741_823 - 65_536)
    }

    @Test func nulBytesThatWouldAbortLibcmarkAreATypedError() throws {
        // 360 MB of NUL bytes on one line: each becomes U+FFFD in libcmark-gfm, past its buffer
        // limit. Refused before libcmark-gfm runs (the input limit alone accepts it).
        let data = Data(count: 360_000_000)
        var options = MarkdownParsingOptions()
        options.failurePolicy = .returnPartiallyParsedIfPossible
        #expect(
            throws: IntentMarkError.limitExceeded(
                limit: "libcmark-gfm buffer", maximum: CmarkBufferCeiling.maximumExpandedBytes, found: 1_080_000_000)
        ) {
            try IntentDocument(markdown: data, options: options)
        }
    }

    @Test func aLineOfOneGibibyteIsATypedError() throws {
        // Exactly the input limit (accepted by it), one line: past libcmark-gfm's buffer limit.
        let data = Data(repeating: 0x61, count: 1 << 30)
        #expect(
            throws: IntentMarkError.limitExceeded(
                limit: "libcmark-gfm buffer", maximum: CmarkBufferCeiling.maximumExpandedBytes, found: 1 << 30)
        ) {
            try IntentDocument(markdown: data)
        }
    }
}
