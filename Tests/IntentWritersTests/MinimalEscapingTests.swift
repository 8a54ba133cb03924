import Foundation
import IntentModel
import IntentWriters
import MarkdownParsing
import SpecCorpus
import Testing

/// The Markdown writer escapes a character only where leaving it would change libcmark-gfm's
/// reading: written anew, every escape in the output (a backslash before ASCII punctuation, or a
/// character reference) is needed — removing any one of them changes the parse of the whole
/// output. Backslashes inside code are text, and removing them changes the text, so they count
/// as needed too.
@Suite("Minimal escaping", .tags(.corpus))
struct MinimalEscapingTests {
    /// The escapes of `written` whose removal leaves the parse unchanged, as `offset: context`
    /// descriptions, and how many escapes there were. The parse is of the whole text, or with
    /// `windowed` (for a large document: one full parse per escape would take minutes in a debug
    /// build) of the escape's top-level block with the blocks on either side of it — all the
    /// context a written-anew document has, whose links are inline.
    static func needlessEscapes(
        in written: String, options: MarkdownParsingOptions, windowed: Bool = false
    ) throws -> (needless: [String], count: Int) {
        let bytes = Array(written.utf8)
        var starts = [0]
        if windowed {
            let lines = try MarkdownParser(options: options).parseReportingTopLevelLines(written).1
            var lineStarts = [0]
            for (offset, byte) in bytes.enumerated() where byte == 0x0A { lineStarts.append(offset + 1) }
            starts = lines.map { lineStarts[$0.lowerBound - 1] }
        }
        func window(around offset: Int) -> Range<Int> {
            guard windowed else { return 0..<bytes.count }
            let piece = max(0, (starts.lastIndex { $0 <= offset }) ?? 0)
            let lower = starts[max(0, piece - 1)]
            let upper = piece + 2 < starts.count ? starts[piece + 2] : bytes.count
            return lower..<upper
        }
        var needless: [String] = []
        var count = 0
        var index = 0
        while index < bytes.count {
            guard let (length, replacement) = EscapeMinimizer.escape(in: bytes, at: index) else {
                index += 1
                continue
            }
            count += 1
            let range = window(around: index)
            let baseline = try IntentDocument(markdown: String(decoding: bytes[range], as: UTF8.self), options: options)
            let trial = Array(bytes[range.lowerBound..<index]) + replacement + Array(bytes[(index + length)..<range.upperBound])
            let reading = try IntentDocument(markdown: String(decoding: trial, as: UTF8.self), options: options)
            if reading.isEquivalent(to: baseline) {
                let context = String(decoding: bytes[max(0, index - 20)..<min(bytes.count, index + 20)], as: UTF8.self)
                needless.append("\(index): \(context.debugDescription)")
            }
            index += length
        }
        return (needless, count)
    }

    static let anew = MarkdownWritingOptions(preservesSource: false)

    @Test("every escape the writer emits for a spec example is needed", arguments: SpecExamples.fixtureFiles)
    func specExamples(file: String) throws {
        let options = MarkdownParsingOptions(smartPunctuation: file.hasSuffix("smart_punct.txt"))
        var writing = Self.anew
        writing.protectsFromSmartPunctuation = options.smartPunctuation
        var escapes = 0
        for example in try SpecExamples.fixture(file) {
            let written = try IntentDocument(markdown: example.markdown, options: options).markdown(options: writing)
            let found = try Self.needlessEscapes(in: written, options: options)
            escapes += found.count
            #expect(found.needless.isEmpty, "\(file) #\(example.number): \(found.needless)\n--- written\n\(written)")
        }
        print("minimal escaping: \(file): \(escapes) escapes, each needed")
    }

    @Test("every escape the writer emits for the real-world and bundled documents is needed", arguments: TestPaths.documents())
    func wholeDocuments(url: URL) throws {
        let written = try IntentDocument(contentsOf: url).markdown(options: Self.anew)
        // INTENTMARK_WHOLE_DOCUMENT_ESCAPES=1 parses the whole real-world document per escape
        // (about 3.5 minutes in a debug build).
        let whole = ProcessInfo.processInfo.environment["INTENTMARK_WHOLE_DOCUMENT_ESCAPES"] == "1"
        let found = try Self.needlessEscapes(in: written, options: .default, windowed: TestPaths.isCorpusFile(url) && !whole)
        #expect(found.needless.isEmpty, "\(url.lastPathComponent): \(found.needless.prefix(20))")
        #expect(found.count > 0)
        print("minimal escaping: \(url.lastPathComponent): \(found.count) escapes, \(found.needless.count) needless")
    }

    @Test("without minimizing, the writer keeps its cautious escapes; both read the same")
    func cautiousEscapesReadTheSame() throws {
        let document = try IntentDocument(markdown: "Price: 3 * 4 = 12 [sic] _not_ emphasis? 1. no\n")
        var cautious = Self.anew
        cautious.minimizesEscapes = false
        let minimal = document.markdown(options: Self.anew)
        let kept = document.markdown(options: cautious)
        #expect(minimal.filter { $0 == "\\" }.count < kept.filter { $0 == "\\" }.count)
        #expect(try IntentDocument(markdown: minimal).isEquivalent(to: document))
        #expect(try IntentDocument(markdown: kept).isEquivalent(to: document))
    }

    /// Pieces minimized on four threads give the bytes of pieces minimized in order on one, with
    /// the whole budget and with budgets that run out at a third and at two thirds of the way
    /// (where the pieces after are minimized in order with what is left). The text: every spec
    /// example written cautiously, five times over (about 330 KB), so that the threads have work.
    @Test("minimizing on several threads gives the bytes of minimizing in order, whatever the budget")
    func threadsGiveTheBytesOfOneThread() throws {
        var cautious = Self.anew
        cautious.minimizesEscapes = false
        var written = ""
        for file in SpecExamples.fixtureFiles where !file.hasSuffix("smart_punct.txt") {
            for example in try SpecExamples.fixture(file) {
                written += try IntentDocument(markdown: example.markdown).markdown(options: cautious) + "\n\n"
            }
        }
        written = String(repeating: written, count: 5)
        let lines = try MarkdownParser(options: EscapeMinimizer.readingOptions(Self.anew)).parseReportingTopLevelLines(written).1
        var lineStarts = [0]
        for (offset, byte) in written.utf8.enumerated() where byte == 0x0A { lineStarts.append(offset + 1) }
        // In order (libcmark-gfm moves footnote definitions to the end).
        let starts = Set(lines.map { lineStarts[max(0, $0.lowerBound - 1)] }).sorted()
        #expect(written.utf8.count > 200_000 && starts.count > 1_000)
        func minimized(workers: Int, budget: Int?) -> String {
            var minimizer = EscapeMinimizer(writing: Self.anew, context: "", size: written.utf8.count, budget: budget)
            minimizer.workers = workers
            return minimizer.minimize(written, pieceStarts: starts)
        }
        let whole = minimized(workers: 1, budget: nil)
        #expect(whole.utf8.count < written.utf8.count)
        #expect(minimized(workers: 4, budget: nil) == whole)
        // What the whole run parses, measured by the smallest budget that gives its bytes, is
        // at least the text's size; a third and two thirds of it run out part of the way.
        for share in [3, 6] {
            let budget = written.utf8.count * share / 9
            let inOrder = minimized(workers: 1, budget: budget)
            #expect(inOrder != whole)
            #expect(minimized(workers: 4, budget: budget) == inOrder)
        }
    }

    /// A large document written anew — its blocks minimized on other threads while it is
    /// rendered, and the rest on every core after — is written byte for byte as on one thread.
    /// The documents: every spec example joined into one, five times over (about 330 KB), and
    /// the real-world document when the corpus is present.
    @Test("a large document's Markdown is the same on one thread and on several")
    func largeDocumentsAreWrittenTheSameOnOneThreadAndSeveral() throws {
        var joined = ""
        for file in SpecExamples.fixtureFiles where !file.hasSuffix("smart_punct.txt") {
            joined += try SpecExamples.fixture(file).map(\.markdown).joined(separator: "\n\n") + "\n\n"
        }
        var documents = [try IntentDocument(markdown: String(repeating: joined, count: 5))]
        if TestPaths.corpusAvailable { documents.append(try IntentDocument(contentsOf: TestPaths.realWorldDocument)) }
        for document in documents {
            #expect(document.text.utf8.count > 65_536)
            var one = MarkdownWriter(options: Self.anew)
            one.escapeMinimizerWorkers = 1
            var several = MarkdownWriter(options: Self.anew)
            several.escapeMinimizerWorkers = 4
            let written = several.write(document)
            #expect(written == one.write(document))
            var cautious = Self.anew
            cautious.minimizesEscapes = false
            #expect(written.utf8.count < MarkdownWriter(options: cautious).write(document).utf8.count)
        }
    }
}
