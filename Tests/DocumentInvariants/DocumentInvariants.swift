import Foundation
import IntentLowering
import IntentModel
import IntentWriters
import MarkdownParsing

/// The invariants every parsed document keeps, checked on one input by the fuzz driver
/// (`Fuzz/IntentMarkFuzz`) and by the tests that replay its findings (`Fixtures/Fuzz/`).
///
/// Parse → structure → lower (every result option) → write (HTML, Markdown, RTF, terminal, JSON) →
/// re-parse the Markdown:
/// - input the parser refuses is refused with an ``IntentModel/IntentMarkError``, never another error;
/// - runs cover the text exactly: ends non-decreasing, the last at the text's UTF-8 count, each on
///   a Unicode scalar boundary (so valid as a UTF-16 offset too), the runs' texts concatenating to
///   the text;
/// - every block (and inline span) has one identity of its own, its parent chain is the same in
///   every run, its runs are contiguous, and every presentation intent is valid;
/// - each lowering keeps the runs invariant and the text's words in order; `.presentationIntent`
///   changes nothing;
/// - the writers finish, the JSON form decodes to an equal document;
/// - the written Markdown re-parses to an equivalent document, libcmark-gfm renders it to the same
///   HTML as the input (full syntax, no extended attributes, valid UTF-8), and writing again gives
///   the same bytes — except where ``RoundTripException`` names a limit of Markdown itself or an open bug
///   already recorded.
public enum DocumentInvariants {
    // MARK: - Entry points

    /// Checks every invariant on one fuzz input (first byte: options, see ``FuzzInput``).
    /// - Parameters:
    ///   - bytes: The raw input.
    ///   - ignoresOpenBugs: Whether failures explained by an open bug already recorded
    ///     (``KnownParserBug``, ``RoundTripException`` cases that are not syntax limits) pass, as
    ///     the fuzzer needs; `false` reports them, as the fixtures of those bugs need.
    /// - Returns: The first invariant that broke, or `nil` when all hold (or the input was refused
    ///   with a typed error).
    public static func check(_ bytes: some Collection<UInt8>, ignoresOpenBugs: Bool = true) -> InvariantFailure? {
        check(FuzzInput(bytes: bytes), ignoresOpenBugs: ignoresOpenBugs)
    }

    /// Checks every invariant on one input.
    /// - Parameters:
    ///   - input: Options and Markdown.
    ///   - ignoresOpenBugs: See ``check(_:ignoresOpenBugs:)-(some Collection<UInt8>,_)``.
    /// - Returns: The first invariant that broke, or `nil`.
    public static func check(_ input: FuzzInput, ignoresOpenBugs: Bool = true) -> InvariantFailure? {
        let document: IntentDocument
        do {
            document = try IntentDocument(markdown: input.markdown, options: input.options)
        } catch is IntentMarkError {
            return nil
        } catch {
            return InvariantFailure("typed errors", "parsing threw \(type(of: error)): \(error)")
        }
        if ignoresOpenBugs, KnownParserBug.affects(input) { return nil }
        do {
            try checkStructure(of: document, in: "parsed document")
            try checkPieces(of: document, input: input)
            try checkLowering(of: document)
            try checkWriters(of: document)
            try checkMarkdownRoundTrip(of: document, input: input, ignoresOpenBugs: ignoresOpenBugs)
        } catch let failure as InvariantFailure {
            return failure
        } catch {
            return InvariantFailure("typed errors", "\(type(of: error)): \(error)")
        }
        return nil
    }

    // MARK: - Pieces

    /// The document parsed in pieces on several threads, cut wherever a piece may start (the
    /// size thresholds taken away), equals `document` and has its source map; written in pieces,
    /// its Markdown rendering, its RTF, its HTML and its rich-text lowering are one thread's, and
    /// so is the HTML of the pieces of a parse in pieces written apart.
    /// - Throws: ``InvariantFailure`` when it differs.
    public static func checkPieces(of document: IntentDocument, input: FuzzInput) throws {
        var options = input.options
        options.maximumParsingThreads = 8
        options.minimumBytesInPieces = 0
        options.minimumPieceBytes = 1
        let pieces = try IntentDocument(markdown: input.markdown, options: options)
        guard pieces == document, pieces.markdownSource == document.markdownSource else {
            throw InvariantFailure("parallel parsing", "the document parsed in pieces differs from one parse")
        }
        // Written in pieces (cut however small the document is): the Markdown rendering wherever
        // its pieces join, and the RTF, are one thread's.
        let writer = MarkdownWriter(options: MarkdownWritingOptions(preservesSource: false))
        if writer.rendersInPiecesAsWhole(document, threads: 4) == false {
            throw InvariantFailure("writing in pieces", "the Markdown rendered in pieces differs from one rendering")
        }
        var rtfPieces = RTFWriter()
        rtfPieces.writingThreads = 4
        rtfPieces.minimumBytesInPieces = 0
        var rtfWhole = RTFWriter()
        rtfWhole.writingThreads = 1
        guard rtfPieces.writeData(document) == rtfWhole.writeData(document) else {
            throw InvariantFailure("writing in pieces", "the RTF written in pieces differs from one thread's")
        }
        // Lowered to flattened rich text in pieces: the document one thread lowers.
        let loweredWhole = document.lowered(to: .richText, styleSheet: .default, plainTextOptions: PlainTextOptions(), threads: 1)
        let loweredPieces = document.lowered(
            to: .richText, styleSheet: .default, plainTextOptions: PlainTextOptions(), threads: 4, minimumBytesInPieces: 0)
        guard loweredPieces == loweredWhole else {
            throw InvariantFailure("writing in pieces", "the rich text lowered in pieces differs from one thread's")
        }
        // The HTML rendered in pieces, and the HTML of each piece of a parse in pieces written
        // apart (the command line's), are the whole document's.
        var htmlPieces = HTMLWriter()
        htmlPieces.writingThreads = 4
        htmlPieces.minimumBytesInPieces = 0
        var wholeWriter = HTMLWriter()
        wholeWriter.writingThreads = 1
        let htmlWhole = wholeWriter
        let html = htmlWhole.writeUTF8(document)
        guard htmlPieces.writeUTF8(document) == html else {
            throw InvariantFailure("writing in pieces", "the HTML rendered in pieces differs from one thread's")
        }
        let written = try MarkdownParser(options: options).parse(input.markdown, transformingPieces: { htmlWhole.writeUTF8($0) })
        guard Array(written.joined()) == html else {
            throw InvariantFailure("writing in pieces", "the HTML of the pieces of a parse in pieces differs from the document's")
        }
    }

    // MARK: - Structure

    /// Runs cover the text; block and span identities are unique, consistent and contiguous.
    /// - Parameters:
    ///   - document: The document.
    ///   - name: What the document is, for messages.
    /// - Throws: ``InvariantFailure`` naming the first invariant that broke.
    public static func checkStructure(of document: IntentDocument, in name: String) throws {
        let utf8 = Array(document.text.utf8)
        var previousEnd = 0
        for run in document.storedRuns {
            let end = run.utf8Range.upperBound
            guard run.utf8Range.lowerBound == previousEnd, end >= previousEnd, end <= utf8.count else {
                throw InvariantFailure(
                    "runs cover the text", "\(name): \(run.index) ends at \(end) after \(previousEnd) (text \(utf8.count) bytes)")
            }
            guard end == utf8.count || utf8[end] & 0xC0 != 0x80 else {
                throw InvariantFailure("runs cover the text", "\(name): \(run.index) ends at \(end), inside a scalar")
            }
            previousEnd = end
        }
        guard previousEnd == utf8.count else {
            throw InvariantFailure("runs cover the text", "\(name): runs end at \(previousEnd), text has \(utf8.count) bytes")
        }
        var joined = ""
        var utf16End = 0
        for run in document.runs {
            joined += run.text
            let utf16 = document.utf16Range(of: run)
            guard utf16.lowerBound == utf16End else {
                throw InvariantFailure(
                    "UTF-16 offsets", "\(name): run \(run.utf8Range) starts at UTF-16 \(utf16.lowerBound), expected \(utf16End)")
            }
            utf16End = utf16.upperBound
            if let intent = run.presentationIntent, !intent.isValid {
                throw InvariantFailure("valid intents", "\(name): run \(run.utf8Range) has an invalid intent \(intent.debugDescription)")
            }
        }
        guard joined == document.text, utf16End == document.text.utf16.count else {
            throw InvariantFailure("runs cover the text", "\(name): the runs' texts do not make the text")
        }
        try checkTree(
            name: "\(name) blocks", count: document.blockCount, runTargets: document.storedRuns.map { Int32($0.block?.index ?? -1) },
            identity: { document.identity(of: BlockID(index: $0)) }, parent: { document.parent(of: BlockID(index: $0))?.index ?? -1 })
        try checkTree(
            name: "\(name) spans", count: document.spanCount, runTargets: document.storedRuns.map { Int32($0.span?.index ?? -1) },
            identity: { document.identity(of: SpanID(index: $0)) }, parent: { document.parent(of: SpanID(index: $0))?.index ?? -1 })
    }

    /// One node table (blocks or spans): parents come first, identities are unique among the nodes
    /// runs reach, and the runs of each node are contiguous.
    private static func checkTree(
        name: String, count: Int, runTargets: [Int32], identity: (Int) -> Int, parent: (Int) -> Int
    ) throws {
        for index in 0..<count {
            let parentIndex = parent(index)
            guard parentIndex >= -1, parentIndex < index else {
                throw InvariantFailure("identities consistent", "\(name): node \(index) has parent \(parentIndex)")
            }
        }
        var owner: [Int: Int] = [:]
        var closed = Set<Int>()
        var open: [Int] = []
        for (runIndex, target) in runTargets.enumerated() {
            guard target >= -1, Int(target) < count else {
                throw InvariantFailure("identities consistent", "\(name): run \(runIndex) points at node \(target) of \(count)")
            }
            var chain: [Int] = []
            var node = Int(target)
            while node >= 0 {
                chain.append(node)
                node = parent(node)
            }
            for node in chain {
                let id = identity(node)
                if let known = owner[id], known != node {
                    throw InvariantFailure(
                        "identities unique", "\(name): identity \(id) names nodes \(known) and \(node) (run \(runIndex))")
                }
                owner[id] = node
                if closed.contains(node) {
                    throw InvariantFailure(
                        "blocks contiguous", "\(name): node \(node) (identity \(id)) comes back at run \(runIndex)")
                }
            }
            let current = Set(chain)
            for node in open where !current.contains(node) { closed.insert(node) }
            open = chain
        }
    }

    // MARK: - Lowering

    /// The result options worth checking: each lowering path once.
    public static let resultOptions: [ResultOptions] = [
        [.plainText], [.richText], [.richText, .list], [.richText, .table], [.richText, .list, .table], [.presentationIntent],
    ]

    /// Every lowering keeps the structure invariants and the text's words, in order.
    /// - Parameter document: A parsed document.
    /// - Throws: ``InvariantFailure``.
    public static func checkLowering(of document: IntentDocument) throws {
        let words = self.words(of: document)
        try checkWords(words, in: document.plainText(), name: "plainText()")
        for options in resultOptions {
            let lowered = document.lowered(to: options)
            let name = "lowered to \(ResultOptions.named.filter { options.contains($0.option) }.map(\.name))"
            try checkStructure(of: lowered, in: name)
            if options == [.presentationIntent] {
                guard lowered == document else { throw InvariantFailure("lowering", "\(name) changed the document") }
            }
            try checkWords(words, in: lowered.text, name: name)
        }
    }

    /// The words (maximal runs of letters and digits) of the document's text outside raw HTML,
    /// which plain text may strip, and outside superscript and subscript text, which plain text
    /// writes with Unicode's raised and lowered characters (`2³³`).
    private static func words(of document: IntentDocument) -> [Substring] {
        var words: [Substring] = []
        for run in document.runs where run.inlinePresentationIntent.isDisjoint(with: [.inlineHTML, .blockHTML]) {
            if let level = run.attributes.display?.superscript, level != 0 { continue }
            var start: Substring.Index?
            for index in run.text.indices {
                let character = run.text[index]
                if character.isLetter || character.isNumber {
                    if start == nil { start = index }
                } else if let first = start {
                    words.append(run.text[first..<index])
                    start = nil
                }
            }
            if let first = start { words.append(run.text[first...]) }
        }
        return words
    }

    /// Searches bytes, not characters: runs may end inside a grapheme cluster (`w` then an
    /// emphasised combining mark), so a word need not be whole characters of the lowered text.
    private static func checkWords(_ words: [Substring], in text: String, name: String) throws {
        let bytes = Array(text.utf8)
        var rest = bytes[...]
        for word in words {
            guard let found = rest.firstRange(of: Array(word.utf8)) else {
                throw InvariantFailure("words kept in order", "\(name) lost \(String(word).debugDescription)")
            }
            rest = rest[found.upperBound...]
        }
    }

    // MARK: - Writers

    /// Every writer finishes; the JSON form decodes to an equal document.
    /// - Parameter document: A parsed document.
    /// - Throws: ``InvariantFailure``.
    public static func checkWriters(of document: IntentDocument) throws {
        _ = document.html()
        _ = document.rtf()
        _ = TerminalRenderer().render(document)
        _ = TerminalRenderer(options: TerminalRenderingOptions(width: 12, usesEscapeSequences: false)).render(document)
        let lowered = document.lowered(to: [.richText, .list, .table])
        _ = lowered.html()
        _ = lowered.markdown()
        let json: Data
        do {
            json = try JSONEncoder().encode(document)
        } catch {
            throw InvariantFailure("JSON round trip", "encoding threw \(error)")
        }
        do {
            let decoded = try JSONDecoder().decode(IntentDocument.self, from: json)
            guard decoded == document else {
                throw InvariantFailure("JSON round trip", "the decoded document differs")
            }
        } catch let failure as InvariantFailure {
            throw failure
        } catch {
            throw InvariantFailure("JSON round trip", "decoding threw \(error)")
        }
    }

    // MARK: - Markdown round trip

    /// Written from its source (the default), the document is its input byte for byte; written
    /// anew, the Markdown re-parses to an equivalent document, renders to the input's HTML and is
    /// idempotent, unless ``RoundTripException`` explains the difference.
    /// - Parameters:
    ///   - document: The document parsed from `input`.
    ///   - input: Its source and options.
    ///   - ignoresOpenBugs: Whether open bugs already recorded excuse a failure (limits always do).
    /// - Throws: ``InvariantFailure``.
    public static func checkMarkdownRoundTrip(of document: IntentDocument, input: FuzzInput, ignoresOpenBugs: Bool) throws {
        let options = input.options
        if document.markdownSource != nil, let source = String(validating: input.markdown, as: UTF8.self) {
            let preserved = document.markdown()
            guard preserved == source else {
                throw InvariantFailure(
                    "markdown from source", "not the input byte for byte\n--- input\n\(source)--- written\n\(preserved)")
            }
        }
        let writing = MarkdownWritingOptions(protectsFromSmartPunctuation: options.smartPunctuation, preservesSource: false)
        let written = document.markdown(options: writing)
        func excused(expectedHTML: String? = nil) -> Bool {
            guard
                let exception = RoundTripException.classify(
                    document, options: options, written: written, expectedHTML: expectedHTML)
            else { return false }
            return exception.isSyntaxLimit || ignoresOpenBugs
        }
        // The writer ends its output with a line ending, which whitespace-preserving inline-only
        // syntax keeps as text: that one is the file's, not the document's.
        var source = written
        if options.interpretedSyntax == .inlineOnlyPreservingWhitespace, source.hasSuffix("\n") { source.removeLast() }
        let reparsed: IntentDocument
        do {
            reparsed = try IntentDocument(markdown: source, options: options)
        } catch {
            throw InvariantFailure("markdown round trip", "the written Markdown does not parse: \(error)\n--- written\n\(written)")
        }
        if !reparsed.isEquivalent(to: document) {
            // The document's HTML is libcmark-gfm's (conformance-tested): footnote numbers included.
            if excused(expectedHTML: document.html()) { return }
            throw InvariantFailure(
                "markdown round trip",
                "not equivalent\n--- written\n\(written)--- original runs\n\(document.runDump())--- reparsed runs\n\(reparsed.runDump())")
        }
        if options.interpretedSyntax == .full, !options.allowsExtendedAttributes,
            let source = String(validating: input.markdown, as: UTF8.self)
        {
            let expected = try ReferenceParser.html(source, options: options, unsafe: true)
            let actual = try ReferenceParser.html(written, options: options, unsafe: true)
            if expected != actual, !excused(expectedHTML: expected) {
                throw InvariantFailure(
                    "markdown round trip",
                    "libcmark-gfm's HTML differs\n--- written\n\(written)--- expected\n\(expected)--- actual\n\(actual)")
            }
        }
        let rewritten = reparsed.markdown(options: writing)
        if rewritten != written, !excused() {
            throw InvariantFailure("markdown round trip", "not idempotent\n--- first\n\(written)--- second\n\(rewritten)")
        }
    }
}
