import Foundation
import IntentMark
import SpecCorpus
import Testing

/// `intentmark apply`: edit scripts replayed on documents, run as a user runs them.
@Suite("intentmark apply", .tags(.corpus))
struct ApplyCommandTests {
    static let editingFixtures = CLITests.packageRoot.appending(path: "Fixtures/Editing")

    @Test("The example session in Fixtures/Editing gives the expected Markdown and HTML")
    func exampleSession() throws {
        let markdown = try CLITests.run([
            "apply", Self.editingFixtures.appending(path: "trip-notes.md").path,
            Self.editingFixtures.appending(path: "rewrite-session.json").path,
        ])
        #expect(markdown.status == 0, "\(markdown.standardError)")
        let expected = try String(contentsOf: Self.editingFixtures.appending(path: "trip-notes.edited.md"), encoding: .utf8)
        #expect(markdown.output == expected)
        let html = try CLITests.run(
            [
                "apply", Self.editingFixtures.appending(path: "trip-notes.md").path,
                Self.editingFixtures.appending(path: "rewrite-session.json").path, "--to", "html",
            ])
        #expect(html.output == (try IntentDocument(markdown: expected)).html())
    }

    @Test("An invalid replacement names its index and why, exits 1 and writes nothing")
    func invalidReplacement() throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "intentmark-apply-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let document = Self.editingFixtures.appending(path: "trip-notes.md").path
        let output = directory.appending(path: "out.md")
        try Data("kept\n".utf8).write(to: output)
        let cases: [(String, String)] = [
            (
                #"[{"range": {"location": 0, "length": 4}, "text": "A"}, {"range": {"location": 900, "length": 1}, "text": "x"}]"#,
                "replacement 1: invalid range"
            ),
            (#"[{"range": {"location": 0, "length": 1}, "text": "x", "markdown": "y"}]"#, "replacement 0: give exactly one of"),
            (#"[{"range": {"location": 0, "length": 1}, "context": "nope", "text": "x"}]"#, "replacement 0: no context named 'nope'"),
            (#"[{"range": {"location": 0}, "text": "x"}]"#, "invalid edit script: at [0].range"),
            (#"{"replacements": [{"range": {"location": 0, "length": 1}, "text": "x", "reason": "soon"}]}"#, "unknown reason 'soon'"),
            (
                #"{"contexts": [{"name": "a", "scope": "everything", "selection": {"location": 0, "length": 0}}], "replacements": []}"#,
                "unknown scope 'everything'"
            ),
            (#"[{"range": {"location": 1, "length": 0}, "text": "x"}"#, "invalid edit script: the script:"),
            (
                #"[{"range": {"location": 0, "length": 0}, "text": "x"}, {"range": {"location": 0, "length": 0}, "document": {"format": "intentmark-document", "version": 1, "runs": [{"text": "x", "intent": [{"kind": "header", "level": 99, "identity": 1}]}]}}]"#,
                "at [1].document: not a valid IntentMark document: at .runs[0].intent[0].level"
            ),
        ]
        for (script, message) in cases {
            let scriptFile = directory.appending(path: "edits.json")
            try Data(script.utf8).write(to: scriptFile)
            let result = try CLITests.run(["apply", document, scriptFile.path, "-o", output.path])
            #expect(result.status == 1, "\(script)")
            #expect(result.standardError.contains(message), "\(result.standardError)")
            #expect(result.standardError.split(separator: "\n").count == 1)
            #expect(try String(contentsOf: output, encoding: .utf8) == "kept\n")
        }
        #expect(try CLITests.run(["apply", document]).status == 64)
        // A byte order mark before a list of replacements is not part of the JSON.
        let withMark = directory.appending(path: "mark.json")
        try Data([0xEF, 0xBB, 0xBF] + Array(#"[{"range": {"location": 0, "length": 4}, "text": "Road"}]"#.utf8)).write(to: withMark)
        let marked = try CLITests.run(["apply", document, withMark.path])
        #expect(marked.status == 0, "\(marked.standardError)")
        #expect(marked.output.hasPrefix("# Road notes"))
    }

    /// One word occurrence to replace: where it is in the editor's text and in the Markdown
    /// source (UTF-16 offsets), and how long it is.
    struct Occurrence {
        var editorOffset: Int
        var markdownOffset: Int
        var length: Int
        var word: String
    }

    static func isWordUnit(_ unit: UInt16) -> Bool {
        unit >= 0x80 || (unit >= 0x30 && unit <= 0x39) || (unit >= 0x41 && unit <= 0x5A) || (unit >= 0x61 && unit <= 0x7A) || unit == 0x5F
    }

    /// Every whole ASCII-letter word of at least four letters in `units`, by word.
    static func words(in units: [UInt16]) -> [String: [Int]] {
        var result: [String: [Int]] = [:]
        var index = 0
        while index < units.count {
            guard isWordUnit(units[index]) else {
                index += 1
                continue
            }
            let start = index
            while index < units.count, isWordUnit(units[index]) { index += 1 }
            let word = units[start..<index]
            if word.count >= 4, word.allSatisfy({ ($0 >= 0x41 && $0 <= 0x5A) || ($0 >= 0x61 && $0 <= 0x7A) }) {
                result[String(decoding: word, as: UTF16.self), default: []].append(start)
            }
        }
        return result
    }

    @Test(
        "A session of up to 520 replacements on each document (520 on the 1 MB real-world one) equals the same edits made to its Markdown",
        arguments: CLITests.documents())
    func wholeDocumentSession(url: URL) throws {
        let source = try String(contentsOf: url, encoding: .utf8)
        let document = EditableIntentDocument(try IntentDocument(markdown: source)).document
        let editorText = Array(document.text.utf16)
        let markdownText = Array(source.utf16)
        let occurrences = Self.replaceableWords(editorText: editorText, markdownText: markdownText, document: document)
        var generator = SeededCLIRandom(seed: 0xA991)
        let chosen = Array(occurrences.shuffled(using: &generator).prefix(520))
        // Every plain word of a real document can be replaced: hundreds in the real-world one.
        #expect(chosen.count >= (CLITests.isCorpusFile(url) ? 500 : 20))

        let (script, markdownEdits) = Self.script(replacing: chosen, markdownText: markdownText)
        let directory = FileManager.default.temporaryDirectory.appending(path: "intentmark-apply-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let scriptFile = directory.appending(path: "session.json")
        try script.jsonData().write(to: scriptFile)
        let outputFile = directory.appending(path: "edited.md")
        let result = try CLITests.run(
            ["apply", url.path, scriptFile.path, "-o", outputFile.path])
        #expect(result.status == 0, "\(result.standardError)")

        // The same edits made to the Markdown text directly.
        let edited = NSMutableString(string: source)
        for edit in markdownEdits.sorted(by: { $0.offset > $1.offset }) {
            edited.replaceCharacters(in: NSRange(location: edit.offset, length: edit.length), with: edit.text)
        }
        let direct = try IntentDocument(markdown: edited as String)
        let output = try String(contentsOf: outputFile, encoding: .utf8)
        // The same document as the directly edited Markdown; blocks no edit touched are as the
        // author wrote them (the source-preserving tests check that line by line).
        let replayed = try IntentDocument(markdown: output)
        #expect(replayed.isEquivalent(to: direct), "\(replayed.equivalenceFailure(comparedTo: direct) ?? "")")
        #expect(replayed.html() == direct.html())
    }

    /// Words that occur as often in the editor's text as in the Markdown, every time as plain
    /// text of a paragraph, header or cell (no inline intent, span, link or display attribute,
    /// not in a code block or footnote): the n-th occurrence in one is the n-th in the other.
    static func replaceableWords(editorText: [UInt16], markdownText: [UInt16], document: IntentDocument) -> [Occurrence] {
        // Which editor characters are plain text of a paragraph, header or cell: no inline
        // intent, span, link or display attribute, not in a code block or footnote.
        var eligible = [Bool](repeating: false, count: editorText.count)
        var offset = 0
        for run in document.runs {
            let count = run.text.utf16.count
            defer { offset += count }
            let kinds = run.presentationIntent?.components.map(\.kind) ?? []
            guard run.inlinePresentationIntent.isEmpty, run.inlineSpans == nil, run.attributes.link == nil,
                run.attributes.display == nil, !run.attributes.isBlockSeparator, !run.attributes.isPlaceholder,
                let leaf = kinds.first, !run.blockMarkup.values.contains(where: { $0.footnoteLabel != nil })
            else { continue }
            switch leaf {
            case .paragraph, .header, .tableCell: break
            default: continue
            }
            for position in offset..<(offset + count) { eligible[position] = true }
        }
        let editorWords = Self.words(in: editorText)
        let markdownWords = Self.words(in: markdownText)
        var occurrences: [Occurrence] = []
        for (word, editorOffsets) in editorWords.sorted(by: { $0.key < $1.key }) {
            guard let markdownOffsets = markdownWords[word], markdownOffsets.count == editorOffsets.count,
                editorOffsets.allSatisfy({ eligible[$0] && eligible[$0 + word.utf16.count - 1] })
            else { continue }
            for (editorOffset, markdownOffset) in zip(editorOffsets, markdownOffsets) {
                occurrences.append(
                    Occurrence(editorOffset: editorOffset, markdownOffset: markdownOffset, length: word.utf16.count, word: word))
            }
        }
        return occurrences
    }

    /// The script replacing each occurrence: half through a context made at the start (original
    /// coordinates, any order), half in the document as it is when applied (coordinates moved
    /// by every edit before). Each makes the word longer by two letters; some as emphasis.
    /// Returns the script and the same edits in Markdown coordinates.
    static func script(
        replacing occurrences: [Occurrence], markdownText: [UInt16]
    ) -> (EditScript, [(offset: Int, length: Int, text: String)]) {
        var replacements: [EditScriptReplacement] = []
        var markdownEdits: [(offset: Int, length: Int, text: String)] = []
        var applied: [Int] = []  // editor offsets of the edits applied so far
        for (index, occurrence) in occurrences.enumerated() {
            let newWord = occurrence.word.uppercased() + "ED"
            let before = occurrence.markdownOffset > 0 ? markdownText[occurrence.markdownOffset - 1] : 0x20
            let after =
                occurrence.markdownOffset + occurrence.length < markdownText.count
                ? markdownText[occurrence.markdownOffset + occurrence.length] : 0x20
            let spaced = [0x20, 0x0A].contains(before) && [0x20, 0x0A].contains(after)
            let markdown: String? = spaced && index % 3 == 1 ? "*\(newWord)*" : spaced && index % 3 == 2 ? "**\(newWord)**" : nil
            let inContext = index % 2 == 0
            let location =
                inContext ? occurrence.editorOffset : occurrence.editorOffset + 2 * applied.filter { $0 < occurrence.editorOffset }.count
            replacements.append(
                EditScriptReplacement(
                    range: EditScriptRange(location: location, length: occurrence.length), context: inContext ? "all" : nil,
                    markdown: markdown, text: markdown == nil ? newWord : nil))
            markdownEdits.append((occurrence.markdownOffset, occurrence.length, markdown ?? newWord))
            applied.append(occurrence.editorOffset)
        }
        let script = EditScript(
            contexts: [EditScriptContext(name: "all", scope: .fullDocument, selection: EditScriptRange(location: 0, length: 0))],
            replacements: replacements)
        return (script, markdownEdits)
    }
}

/// A seeded SplitMix64 generator: the same edits on every run.
struct SeededCLIRandom: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
