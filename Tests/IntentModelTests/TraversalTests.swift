import DocumentInvariants
import IntentModel
import Testing

@Suite("One traversal: IntentDocument.walk")
struct TraversalTests {
    /// Records every event as a line: `+` enters, `-` exits, `run` visits.
    struct Recorder: IntentVisitor {
        let document: IntentDocument
        var events: [String] = []
        /// The open blocks and spans, outermost first, as the events say.
        var openBlocks: [BlockID] = []
        var openSpans: [SpanID] = []
        /// Problems found at each run: what is open differs from the run's own intent and spans.
        var mismatches: [String] = []
        var visitedText: [UInt8] = []
        var nextOffset = 0

        mutating func willVisit(_ run: IntentDocument.StoredRun, entersLeaf: Bool) {
            if entersLeaf { events.append("leaf") }
        }

        mutating func enterBlock(_ block: BlockID, child: BlockID?) {
            events.append("+\(document.kind(of: block))#\(document.identity(of: block))")
            if document.parent(of: block) != openBlocks.last { mismatches.append("\(block) opened outside its parent") }
            if let child, document.parent(of: child) != block { mismatches.append("\(child) is not a child of \(block)") }
            openBlocks.append(block)
        }

        mutating func exitBlock(_ block: BlockID) {
            events.append("-\(document.kind(of: block))#\(document.identity(of: block))")
            if openBlocks.popLast() != block { mismatches.append("\(block) closed out of order") }
            if !openSpans.isEmpty { mismatches.append("\(block) closed with spans open") }
        }

        mutating func enterSpan(_ span: SpanID) {
            events.append("+\(document.kind(of: span))")
            if document.parent(of: span) != openSpans.last { mismatches.append("\(span) opened outside its parent") }
            openSpans.append(span)
        }

        mutating func exitSpan(_ span: SpanID) {
            events.append("-\(document.kind(of: span))")
            if openSpans.popLast() != span { mismatches.append("\(span) closed out of order") }
        }

        mutating func visitRun(_ run: IntentDocument.StoredRun, text: UnsafeBufferPointer<UInt8>, isLastInLeaf: Bool) {
            events.append("run \(String(decoding: text, as: UTF8.self).debugDescription)\(isLastInLeaf ? " last" : "")")
            if run.utf8Range.lowerBound != nextOffset || run.utf8Range.count != text.count { mismatches.append("\(run.index) range") }
            nextOffset = run.utf8Range.upperBound
            visitedText.append(contentsOf: text)
            // What is open is exactly the run's intent (outermost first) and span path.
            let intent = document.presentationIntent(of: run.block)?.components.map(\.identity).reversed() ?? []
            if openBlocks.map({ document.identity(of: $0) }) != Array(intent) { mismatches.append("\(run.index) blocks") }
            let spans = document.inlineSpanPath(of: run.span)?.spans.map(\.identity).reversed() ?? []
            if openSpans.map({ document.identity(of: $0) }) != Array(spans) { mismatches.append("\(run.index) spans") }
            let value = document.runs[run.index.position]
            if value.inlinePresentationIntent != run.inlinePresentationIntent
                || value.attributes != document.attributes(of: run.attributes)
            {
                mismatches.append("\(run.index) values")
            }
        }
    }

    /// A quote holding a list whose item holds an emphasised link, then a paragraph, then text
    /// outside any block.
    static func nested() -> IntentDocument {
        var document = IntentDocument()
        let quote = PresentationIntent(.blockQuote, identity: 1)
        let list = PresentationIntent(.unorderedList, identity: 2, parent: quote)
        let item = PresentationIntent(.listItem(ordinal: 1), identity: 3, parent: list)
        let inItem = PresentationIntent(.paragraph, identity: 4, parent: item)
        let emphasis = InlineSpanPath(InlineSpan(kind: .emphasis, identity: 1))
        let link = InlineSpanPath(InlineSpan(kind: .link, identity: 2), parent: emphasis)
        document.append("a ", presentationIntent: inItem)
        document.append("b", presentationIntent: inItem, inlinePresentationIntent: .emphasized, inlineSpans: emphasis)
        document.append("c", presentationIntent: inItem, inlinePresentationIntent: .emphasized, inlineSpans: link)
        document.append("d", presentationIntent: PresentationIntent(.paragraph, identity: 5))
        document.append("e")
        return document
    }

    @Test func eventsComeInDocumentOrderWithSpansInsideTheirBlocks() {
        let document = Self.nested()
        var recorder = Recorder(document: document)
        document.walk(&recorder)
        #expect(
            recorder.events == [
                // `willVisit` (here "leaf") comes before the exits the run causes.
                "leaf", "+blockQuote#1", "+unorderedList#2", "+listItem 1#3", "+paragraph#4", "run \"a \"",
                "+emphasis", "run \"b\"", "+link", "run \"c\" last",
                "leaf", "-link", "-emphasis", "-paragraph#4", "-listItem 1#3", "-unorderedList#2", "-blockQuote#1",
                "+paragraph#5", "run \"d\" last",
                "leaf", "-paragraph#5", "run \"e\" last",
            ])
        #expect(recorder.mismatches.isEmpty)
        #expect(recorder.visitedText == Array(document.text.utf8))
    }

    @Test func enterBlockNamesTheChildThatOpensNext() {
        struct Children: IntentVisitor {
            var pairs: [String] = []
            mutating func enterBlock(_ block: BlockID, child: BlockID?) { pairs.append("\(block.index)>\(child?.index ?? -1)") }
            mutating func exitBlock(_ block: BlockID) {}
            mutating func enterSpan(_ span: SpanID) {}
            mutating func exitSpan(_ span: SpanID) {}
            mutating func visitRun(_ run: IntentDocument.StoredRun, text: UnsafeBufferPointer<UInt8>, isLastInLeaf: Bool) {}
        }
        let document = Self.nested()
        var children = Children()
        document.walk(&children)
        #expect(children.pairs == ["0>1", "1>2", "2>3", "3>-1", "4>-1"])
    }

    @Test func anEmptyDocumentDeliversNothing() {
        var recorder = Recorder(document: IntentDocument())
        IntentDocument().walk(&recorder)
        #expect(recorder.events.isEmpty)
    }

    /// Random documents built by hand (blocks and spans from small pools, so that runs return to
    /// blocks and spans they left): every enter has its exit in order, and at every run exactly
    /// its intent and its spans are open.
    @Test func randomDocumentsNestAndCoverEveryRun() {
        var generator = SeededGenerator(seed: 0x5EED_F00D)
        let quote = PresentationIntent(.blockQuote, identity: 1)
        let list = PresentationIntent(.orderedList, identity: 2, parent: quote)
        let blocks: [PresentationIntent?] = [
            nil, PresentationIntent(.paragraph, identity: 10), PresentationIntent(.header(level: 2), identity: 11),
            PresentationIntent(.paragraph, identity: 12, parent: quote),
            PresentationIntent(.paragraph, identity: 13, parent: PresentationIntent(.listItem(ordinal: 1), identity: 3, parent: list)),
            PresentationIntent(.codeBlock(languageHint: "swift"), identity: 14, parent: list),
        ]
        let strong = InlineSpanPath(InlineSpan(kind: .strongEmphasis, identity: 1))
        let spans: [InlineSpanPath?] = [
            nil, strong, InlineSpanPath(InlineSpan(kind: .emphasis, identity: 2), parent: strong),
            InlineSpanPath(InlineSpan(kind: .strikethrough, identity: 3)),
        ]
        for _ in 0..<300 {
            var document = IntentDocument()
            for _ in 0..<Int.random(in: 1...25, using: &generator) {
                let text = ["x", "yz", "é", "\n", "🇫🇷"].randomElement(using: &generator) ?? "x"
                document.append(
                    text, presentationIntent: blocks.randomElement(using: &generator) ?? nil,
                    inlinePresentationIntent: Bool.random(using: &generator) ? .code : [],
                    inlineSpans: spans.randomElement(using: &generator) ?? nil)
            }
            var recorder = Recorder(document: document)
            document.walk(&recorder)
            #expect(recorder.mismatches.isEmpty, "\(recorder.mismatches) in \(document.runDump())")
            #expect(recorder.openBlocks.isEmpty && recorder.openSpans.isEmpty)
            #expect(recorder.visitedText == Array(document.text.utf8))
            let enters = recorder.events.filter { $0.hasPrefix("+") }.count
            let exits = recorder.events.filter { $0.hasPrefix("-") }.count
            #expect(enters == exits)
        }
    }
}
