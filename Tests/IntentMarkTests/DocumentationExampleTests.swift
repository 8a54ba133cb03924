import Foundation
import IntentMark
import Testing

/// The examples of the README and the documentation articles, run as written, with what they say
/// they print.
@Suite("Documentation examples")
struct DocumentationExampleTests {
    @Test("README: the library example")
    func readmeLibraryExample() throws {
        let document = try IntentDocument(
            markdown: """
                # Groceries

                - [x] apples
                - [ ] *fresh* bread
                """)
        var lines: [String] = []
        for run in document.runs {
            lines.append(
                "\(run.text.debugDescription) \(run.presentationIntent?.dumpDescription ?? "-") \(run.inlinePresentationIntent.names)")
        }
        #expect(lines.first == "\"Groceries\" [header 1 (id 1)] []")
        #expect(lines[1] == "\"\\n\" [header 1 (id 1)] []")
        #expect(lines.contains("\"apples\" [paragraph (id 4), listItem 1 (id 3), unorderedList (id 2)] []"))
        #expect(lines.contains("\"fresh\" [paragraph (id 6), listItem 2 (id 5), unorderedList (id 2)] [\"emphasized\"]"))

        #expect(
            document.html().hasPrefix("<h1>Groceries</h1>\n<ul>\n<li><input type=\"checkbox\" checked=\"\" disabled=\"\" /> apples</li>"))
        #expect(try IntentDocument(markdown: document.markdown()).isEquivalent(to: document))
        #expect(document.plainText().hasPrefix("Groceries\n\n☑ apples\n☐ fresh bread"))
        let attributed = document.attributedString()
        #expect(IntentDocument(attributed) == document)
    }

    @Test("Converting Markdown: options and Apple's API")
    func convertingMarkdownExamples() throws {
        var options = MarkdownParsingOptions()
        options.extensions = []
        options.appliesSourcePositionAttributes = true
        let document = try IntentDocument(markdown: "*hi*", options: options)
        #expect(
            document.runs.first?.attributes.sourcePosition == MarkdownSourcePosition(startLine: 1, startColumn: 2, endLine: 1, endColumn: 3)
        )

        let greeting = try AttributedString(markdown: "Hello, **world**!")
        var printed: [String] = []
        for (intent, range) in greeting.runs[\.presentationIntent] {
            printed.append("\(greeting[range].characters.count) \(intent?.components.first?.kind as Any)")
        }
        #expect(printed == ["13 Optional(paragraph)"])
        let strong = greeting.runs.filter { $0.inlinePresentationIntent == .stronglyEmphasized }
        #expect(strong.map { String(greeting[$0.range].characters) } == ["world"])
    }

    @Test("Streaming: appending chunks")
    func streamingExample() throws {
        var stream = try IncrementalMarkdownDocument(source: "")
        for chunk in ["# Plan\n\n", "- pack ", "the tents\n", "- book the train\n"] {
            let end = NSRange(location: (stream.source as NSString).length, length: 0)
            try stream.replace(end, with: chunk)
        }
        #expect(stream.document.markdown() == "# Plan\n\n- pack the tents\n- book the train\n")
        // Identities kept across re-parses may be numbered differently from a fresh parse.
        #expect(stream.document.isEquivalent(to: try IntentDocument(markdown: stream.source)))
    }

    @Test("Streaming: StreamingMarkdownDocument's example")
    func streamingDocumentExample() throws {
        var stream = try StreamingMarkdownDocument()
        var changes: [IncrementalChange] = []
        for chunk in ["# Plan\n\nTitle\n", "-", "--\n", "- pack ", "the tents\n"] {
            changes.append(try stream.append(chunk))
        }
        try stream.finish()
        // The `-` alone was held back: no append made `Title` a heading before `---` arrived.
        #expect(changes[1].insertedTextUTF16.length == 0)
        #expect(stream.document.html() == "<h1>Plan</h1>\n<h2>Title</h2>\n<ul>\n<li>pack the tents</li>\n</ul>\n")
        // The Markdown is what was streamed, byte for byte (the setext heading stays one).
        #expect(stream.document.markdown() == "# Plan\n\nTitle\n---\n- pack the tents\n")
        #expect(stream.document.markdown() == stream.committedSource)
    }

    @Test("Incremental: IncrementalChange's example")
    func incrementalChangeExample() throws {
        var source = try IncrementalMarkdownDocument(source: "# Title\n\nFirst.\n\nSecond.\n")
        let paragraph = source.document.blockKinds[1].identity
        try source.replace(NSRange(location: 9, length: 5), with: "Changed")
        #expect(source.lastChange.removedIdentities == [paragraph])
        #expect(source.lastChange.fullParseReason == nil)
        let text = source.document.text as NSString
        #expect(text.substring(with: source.lastChange.insertedTextUTF16).hasPrefix("Changed."))
    }

    @Test("The landing page: HTML and plain text")
    func landingPageExample() throws {
        let document = try IntentDocument(markdown: "# Groceries\n\n- [x] apples\n- [ ] *fresh* bread\n")
        #expect(document.html().hasPrefix("<h1>Groceries</h1>"))
        let plain = document.lowered(to: [.plainText])
        #expect(plain.text == document.plainText())
    }

    /// The model article's visitor, as written there.
    struct HeadingCollector: IntentVisitor {
        let document: IntentDocument
        var titles: [String] = []
        var inHeading = false
        mutating func enterBlock(_ block: BlockID, child: BlockID?) {
            if case .header = document.kind(of: block) {
                inHeading = true
                titles.append("")
            }
        }
        mutating func exitBlock(_ block: BlockID) { inHeading = false }
        mutating func enterSpan(_ span: SpanID) {}
        mutating func exitSpan(_ span: SpanID) {}
        mutating func visitRun(
            _ run: IntentDocument.StoredRun, text: UnsafeBufferPointer<UInt8>, isLastInLeaf: Bool
        ) {
            guard inHeading, !document.attributes(of: run.attributes).isBlockSeparator else { return }
            titles[titles.count - 1] += String(decoding: text, as: UTF8.self)
        }
    }

    @Test("The model: walking a document")
    func walkingExample() throws {
        let document = try IntentDocument(markdown: "# One\n\ntext\n\n## Two *2*\n")
        var collector = HeadingCollector(document: document)
        document.walk(&collector)
        #expect(collector.titles == ["One", "Two 2"])
    }

    @Test("Performance: parsing a large document on the calling thread only gives the same document")
    func performanceOneThreadExample() throws {
        let largeMarkdown =
            String(repeating: "A paragraph with a [link][x] and *emphasis*.\n\n- an item\n\n", count: 12_000)
            + "[x]: https://example.com\n"
        var options = MarkdownParsingOptions()
        options.maximumParsingThreads = 1  // parse on the calling thread only
        let document = try IntentDocument(markdown: largeMarkdown, options: options)
        #expect(largeMarkdown.utf8.count >= 512 * 1024)
        #expect(try IntentDocument(markdown: largeMarkdown) == document)
        #expect(document.runs.first { $0.link != nil }?.link == URL(string: "https://example.com"))
    }
}
