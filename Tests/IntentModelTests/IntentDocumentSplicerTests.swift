import IntentModel
import MarkdownParsing
import Testing

@Suite("Splicing documents")
struct IntentDocumentSplicerTests {
    /// Emphasis nested `depth` deep, in one paragraph: `*a **a … b … a** a*`.
    static func nestedEmphasis(depth: Int) throws -> IntentDocument {
        let markdown = String(repeating: "*a **a ", count: depth) + "b" + String(repeating: " a** a*", count: depth) + "\n"
        return try IntentDocument(markdown: markdown)
    }

    /// The span chain of each run, innermost first.
    static func spanChains(of document: IntentDocument) -> [[SpanID]] {
        document.storedRuns.map { run in
            var chain: [SpanID] = []
            var span = run.span
            while let current = span {
                chain.append(current)
                span = document.parent(of: current)
            }
            return chain
        }
    }

    /// The spans whose runs are not one stretch of runs.
    static func brokenSpans(of document: IntentDocument) -> [SpanID] {
        var lastRun: [SpanID: Int] = [:]
        var broken: Set<SpanID> = []
        for (run, chain) in spanChains(of: document).enumerated() {
            for span in chain {
                if let last = lastRun[span], last != run - 1 { broken.insert(span) }
                lastRun[span] = run
            }
        }
        return broken.sorted { $0.index < $1.index }
    }

    @Test("Copying a document in pieces gives the document back")
    func copyingInPieces() throws {
        let document = try Self.nestedEmphasis(depth: 300)
        let count = document.text.utf8.count
        var splicer = IntentDocumentSplicer(firstFreeIdentity: document.largestIdentity + 1)
        var start = 0
        while start < count {
            let end = min(count, start + 7)
            splicer.copy(document, sourceID: 0, utf8Range: start..<end)
            start = end
        }
        #expect(splicer.finish() == document)
    }

    @Test("Text of another paragraph put inside nested spans continues each span in a copy")
    func interruptedNestedSpans() throws {
        let depth = 300
        let document = try Self.nestedEmphasis(depth: depth)
        let other = try IntentDocument(markdown: "plain\n")
        let middle =
            document.text.utf8.firstIndex(of: UInt8(ascii: "b")).map {
                document.text.utf8.distance(from: document.text.utf8.startIndex, to: $0)
            } ?? 0
        var splicer = IntentDocumentSplicer(firstFreeIdentity: document.largestIdentity + 1)
        splicer.copy(document, sourceID: 0, utf8Range: 0..<middle)
        splicer.copy(other, sourceID: 1, utf8Range: 0..<5, renumber: true)
        splicer.copy(document, sourceID: 0, utf8Range: middle..<document.text.utf8.count)
        let spliced = splicer.finish()
        #expect(Self.brokenSpans(of: spliced).isEmpty)
        try spliced.validate()
        // Every span open at the cut goes on in a copy: the runs after it are as deep as before.
        let before = Self.spanChains(of: document)
        let after = Self.spanChains(of: spliced)
        #expect(after.map(\.count).max() == before.map(\.count).max())
        #expect(after.last?.count == before.last?.count)
        #expect(spliced.text == document.text.prefix(middle) + "plain" + document.text.dropFirst(middle))
    }
}
