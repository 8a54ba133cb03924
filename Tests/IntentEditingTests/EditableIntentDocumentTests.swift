import Foundation
import IntentModel
import IntentWriters
import MarkdownParsing
import SpecCorpus
import Testing

@testable import IntentEditing

@Suite("Editable document", .tags(.corpus))
struct EditableIntentDocumentTests {
    static func parsed(_ markdown: String) throws -> IntentDocument {
        try IntentDocument(markdown: markdown)
    }

    /// The leaves' (identity, kind) in order.
    static func leafIdentities(_ document: IntentDocument) -> [(Int, PresentationIntent.Kind)] {
        document.leafBlocks().compactMap { leaf in
            leaf.block.map { (document.identity(of: $0), document.kind(of: $0)) }
        }
    }

    /// The kind of the leaf holding UTF-16 offset `location` (`nil` at the end).
    static func kind(at location: Int, in document: IntentDocument) -> PresentationIntent.Kind? {
        for run in document.runs {
            let range = document.utf16Range(of: run)
            if range.contains(location) { return run.presentationIntent?.components.first?.kind }
        }
        return nil
    }

    /// The first differing lines of two dumps, with context.
    static func firstDifference(_ actual: String, _ expected: String) -> String {
        func strip(_ text: String) -> [Substring] {
            text.replacingOccurrences(of: #"id \d+"#, with: "id", options: .regularExpression)
                .split(separator: "\n", omittingEmptySubsequences: false)
        }
        let a = strip(actual)
        let b = strip(expected)
        for index in 0..<max(a.count, b.count) where index >= a.count || index >= b.count || a[index] != b[index] {
            let from = max(0, index - 6)
            return "actual:\n" + a[from..<min(a.count, index + 4)].joined(separator: "\n") + "\nexpected:\n"
                + b[from..<min(b.count, index + 4)].joined(separator: "\n")
        }
        return "(same dumps)"
    }

    /// A block or span identity used by two different nodes, if any.
    static func duplicateNodes(_ document: IntentDocument) -> String? {
        var blockIdentities: [Int: Int] = [:]
        for block in document.blockIDs {
            let identity = document.identity(of: block)
            if let other = blockIdentities[identity] { return "blocks \(other) and \(block.index) share identity \(identity)" }
            blockIdentities[identity] = block.index
        }
        var spanIdentities: [Int: Int] = [:]
        for span in document.spanIDs {
            let identity = document.identity(of: span)
            if let other = spanIdentities[identity] { return "spans \(other) and \(span.index) share identity \(identity)" }
            spanIdentities[identity] = span.index
        }
        return nil
    }

    static func spanTable(_ document: IntentDocument) -> String {
        document.runs.compactMap { run in
            run.inlineSpans.map { "\(run.text.debugDescription) \(run.utf8Range) \($0.spans.map { "\($0.kind)#\($0.identity)" })" }
        }.joined(separator: "\n")
    }

    static func chainsAround(_ a: IntentDocument, _ b: IntentDocument) -> String {
        zip(a.runs, b.runs).map { x, y in
            "\(x.text.debugDescription): \(x.presentationIntent?.debugDescription ?? "-") | \(y.presentationIntent?.debugDescription ?? "-")"
        }.joined(separator: "\n")
    }

    static func blockChains(_ document: IntentDocument) -> [String] {
        document.runs.map { $0.presentationIntent?.debugDescription ?? "-" }
    }

    @Test("Typing inside a paragraph keeps its block; other blocks keep their identities")
    func typingInside() throws {
        var editable = EditableIntentDocument(try Self.parsed("# Title\n\nBody text.\n\n- one\n- two\n"))
        let before = Self.leafIdentities(editable.document)
        // "Title\nBody text.\none\ntwo\n": insert after "Body" (UTF-16 10).
        try editable.replace(NSRange(location: 10, length: 0), with: " more")
        #expect(editable.document.text == "Title\nBody more text.\none\ntwo\n")
        let after = Self.leafIdentities(editable.document)
        #expect(after.map(\.0) == before.map(\.0))
        #expect(editable.document.html() == "<h1>Title</h1>\n<p>Body more text.</p>\n<ul>\n<li>one</li>\n<li>two</li>\n</ul>\n")
    }

    @Test("Typing inside an emphasis, a link or a code span continues it; at its edges, in raw HTML or with a line break, plain text")
    func typingContinuesTheRun() throws {
        let cases: [(source: String, at: Int, length: Int, typed: String, markdown: String)] = [
            ("a *emph* b\n", 4, 0, "ZZ", "a *emZZph* b\n"),
            ("a [link](https://x.y) b\n", 4, 0, "Z", "a [liZnk](https://x.y) b\n"),
            ("a `code` b\n", 4, 0, "Z", "a `coZde` b\n"),
            ("a ***bo*ld** b\n", 3, 0, "Z", "a ***bZo*ld** b\n"),
            ("a ~~gone~~ b\n", 4, 0, "Z", "a ~~goZne~~ b\n"),
            // A replacement inside the run, up to its end, takes it too.
            ("a **bold** b\n", 3, 3, "XY", "a **bXY** b\n"),
            // At a run's start or end: plain, as before.
            ("a **bold** b\n", 2, 0, "Z", "a Z**bold** b\n"),
            ("a **bold** b\n", 6, 0, "Z", "a **bold**Z b\n"),
            ("plain text\n", 3, 0, "Z", "plaZin text\n"),
            // Raw HTML is not continued.
            ("a <b>x</b> b\n", 3, 0, "Z", "a <Zb>x</b> b\n"),
        ]
        for (source, at, length, typed, markdown) in cases {
            var document = EditableIntentDocument(try Self.parsed(source))
            let inverse = try document.replace(NSRange(location: at, length: length), with: typed)
            #expect(document.document.markdown() == markdown, "\(source.debugDescription)")
            // The Markdown reads back to the edited document (not for plain text typed into a
            // tag, which Markdown reads as part of the tag).
            let reparsed = try IntentDocument(markdown: markdown)
            #expect(
                source.contains("<") || reparsed.isEquivalent(to: document.document),
                "\(source.debugDescription): \(document.document.equivalenceFailure(comparedTo: reparsed) ?? "")")
            try document.apply(inverse)
            #expect(document.document.markdown() == source, "\(source.debugDescription): undo")
            // An editor session types the same way, and undoes it.
            var session = EditorSession(document: try Self.parsed(source), styleMapping: MarkdownStyleMapping())
            try session.replace(NSRange(location: at, length: length), with: typed)
            #expect(session.storage.document.markdown() == markdown, "\(source.debugDescription): session")
            try session.undo()
            #expect(session.storage.document.markdown() == source, "\(source.debugDescription): session undo")
        }
        // A line break typed inside an emphasis splits the paragraph, the emphasis on both sides.
        var split = EditableIntentDocument(try Self.parsed("a **bold** b\n"))
        try split.replace(NSRange(location: 4, length: 0), with: "\n")
        #expect(split.document.html() == "<p>a <strong>bo</strong></p>\n<p><strong>ld</strong> b</p>\n")
    }

    @Test("A line break in a list item makes a new item of the same list; undo restores identities")
    func splitListItem() throws {
        let original = try Self.parsed("- one\n- two\n")
        var editable = EditableIntentDocument(original)
        let inverse = try editable.replace(NSRange(location: 3, length: 0), with: "\nthree")
        #expect(editable.document.text == "one\nthree\ntwo\n")
        #expect(editable.document.html() == "<ul>\n<li>one</li>\n<li>three</li>\n<li>two</li>\n</ul>\n")
        try editable.apply(inverse)
        #expect(editable.document.isEquivalent(to: original))
        #expect(Self.leafIdentities(editable.document).map(\.0) == Self.leafIdentities(original).map(\.0))
        #expect(Self.blockChains(editable.document) == Self.blockChains(original))
    }

    @Test("Deleting across paragraphs merges into the first; undo brings the second back")
    func mergeParagraphs() throws {
        let original = try Self.parsed("# Head\n\nSecond para\n")
        var editable = EditableIntentDocument(original)
        // "Head\nSecond para\n": delete "d\nSecond " (UTF-16 3..<12).
        let inverse = try editable.replace(NSRange(location: 3, length: 9), with: "")
        #expect(editable.document.text == "Heapara\n")
        #expect(editable.document.html() == "<h1>Heapara</h1>\n")
        try editable.apply(inverse)
        #expect(Self.blockChains(editable.document) == Self.blockChains(original))
        #expect(editable.document.text == original.text)
    }

    @Test("Replacement with intents keeps them for whole paragraphs; plain text takes the block's style")
    func richReplacement() throws {
        var editable = EditableIntentDocument(try Self.parsed("Alpha\n\nOmega\n"))
        let proposal = try Self.parsed("## New *heading*\n\n> quoted\n")
        // At the start of "Omega" (UTF-16 6): the proposal's paragraphs come whole.
        try editable.replace(NSRange(location: 6, length: 0), with: proposal)
        #expect(editable.document.text == "Alpha\nNew heading\nquoted\nOmega\n")
        #expect(
            editable.document.html()
                == "<p>Alpha</p>\n<h2>New <em>heading</em></h2>\n<blockquote>\n<p>quoted</p>\n</blockquote>\n<p>Omega</p>\n")
        // Plain text inside a header stays header text.
        var header = EditableIntentDocument(try Self.parsed("# Title\n"))
        try header.replace(NSRange(location: 5, length: 0), with: "!")
        #expect(header.document.html() == "<h1>Title!</h1>\n")
    }

    @Test("Code blocks keep line breaks as code; cells turn them into hard breaks")
    func codeAndCells() throws {
        var code = EditableIntentDocument(try Self.parsed("```\nlet a = 1\n```\n"))
        try code.replace(NSRange(location: 9, length: 0), with: "\nlet b = 2")
        #expect(code.document.html() == "<pre><code>let a = 1\nlet b = 2\n</code></pre>\n")
        var table = EditableIntentDocument(try Self.parsed("| a | b |\n| - | - |\n| c | d |\n"))
        try table.replace(NSRange(location: 5, length: 0), with: "1\n2")
        #expect(table.document.text == "a\tb\nc1\u{2028}2\td\n")
    }

    @Test("A break typed in a table cell is written as <br>, and the table stays a table")
    func breakInCellIsWrittenAsHTML() throws {
        for (location, cells) in [(5, ["h1", "h2<br>", "c1", "c2"]), (8, ["h1", "h2", "c1<br>", "c2"])] {
            var table = EditableIntentDocument(try Self.parsed("| h1 | h2 |\n|----|----|\n| c1 | c2 |\n"))
            try table.replace(NSRange(location: location, length: 0), with: "\n")
            let markdown = table.document.markdown()
            let reread = try Self.parsed(markdown)
            let leaves = reread.leafBlocks().compactMap { $0.block.map { reread.kind(of: $0) } }
            #expect(leaves.allSatisfy { if case .tableCell = $0 { true } else { false } }, "\(markdown)")
            #expect(reread.text.split(whereSeparator: { $0 == "\t" || $0 == "\n" }) == cells.map { Substring($0) }, "\(markdown)")
            #expect(reread.html(options: HTMLWritingOptions(unsafe: true)).contains("<br>"), "\(markdown)")
        }
    }

    @Test("Ranges are UTF-16 and checked; String.Index ranges work too")
    func ranges() throws {
        var editable = EditableIntentDocument(try Self.parsed("a🙂b\n"))
        #expect(editable.utf16Count == 5)
        #expect(throws: IntentMarkError.self) { try editable.replace(NSRange(location: 2, length: 0), with: "x") }
        #expect(throws: IntentMarkError.self) { try editable.replace(NSRange(location: 4, length: 9), with: "x") }
        try editable.replace(NSRange(location: 3, length: 1), with: "c")
        #expect(editable.document.text == "a🙂c\n")
        let text = editable.document.text
        let index = text.firstIndex(of: "c") ?? text.startIndex
        try editable.replace(index..<text.index(after: index), with: IntentDocument(text: "d"))
        #expect(editable.document.text == "a🙂d\n")
    }

    @Test("Documents in the layout without separators, plain text and empty documents are normalised")
    func normalisation() throws {
        var options = MarkdownParsingOptions()
        options.blockSeparation = .none
        let flat = try IntentDocument(markdown: "# T\n\nP\n\n| a | b |\n| - | - |\n", options: options)
        let editable = EditableIntentDocument(flat)
        #expect(editable.document.text == "T\nP\na\tb\n")
        #expect(editable.document.html() == flat.html())
        let plain = EditableIntentDocument(IntentDocument(text: "line one\nline two"))
        #expect(plain.document.text == "line one\nline two\n")
        #expect(plain.document.html() == "<p>line one</p>\n<p>line two</p>\n")
        var empty = EditableIntentDocument()
        try empty.replace(NSRange(location: 0, length: 0), with: "hello")
        #expect(empty.document.text == "hello\n")
        #expect(empty.document.html() == "<p>hello</p>\n")
    }

    @Test(
        "An empty cell in the layout without separators becomes one tab, keeping its source position; typing over it and undoing restores")
    func emptyCellWithoutSeparators() throws {
        var options = MarkdownParsingOptions()
        options.blockSeparation = .none
        options.appliesSourcePositionAttributes = true
        let flat = try IntentDocument(markdown: "| a | b | c |\n| - | - | - |\n| d || e |\n", options: options)
        var editable = EditableIntentDocument(flat)
        // Without separators the parser marks the empty cell with a lone line end; in the editing
        // layout the cell is its tab alone, as the same table parsed with separators is.
        #expect(editable.document.text == "a\tb\tc\nd\t\te\n")
        let emptyCell = editable.document.runs.first { $0.utf8Range == 8..<9 }
        #expect(emptyCell?.isBlockSeparator == true)
        #expect(emptyCell?.sourcePosition?.description == "3:6-3:5")
        #expect(editable.document.html() == flat.html())
        let before = editable.document
        // Typing over the first three cells and the empty one, then undoing.
        let inverse = try editable.replace(NSRange(location: 0, length: 9), with: "x")
        #expect(editable.document.text == "xe\n")  // the rest of the last cell edited joins the first
        _ = try editable.apply(inverse)
        #expect(editable.document.text == before.text)
        #expect(editable.document.isEquivalent(to: before))
    }

    /// The UTF-8 offset of UTF-16 offset `utf16Offset` of `text`.
    static func utf8Offset(_ utf16Offset: Int, in text: String) -> Int {
        text.utf8.distance(from: text.startIndex, to: text.utf16.index(text.startIndex, offsetBy: utf16Offset))
    }

    /// The text after a random edit is the string edit (in a table cell line ends become
    /// U+2028), plus a terminator where the edit removed the last one; typing into a thematic
    /// break replaces it by a paragraph.
    static func expectStringEdit(before: IntentDocument, after: IntentDocument, insertion: IntentDocument, location: Int, length: Int) {
        let startKind = Self.kind(at: location, in: before)
        var inserted = insertion.text
        let isPlain = insertion.runs.allSatisfy { $0.presentationIntent == nil }
        if case .tableCell? = startKind, isPlain { inserted = inserted.replacingOccurrences(of: "\n", with: "\u{2028}") }
        // Text with blocks of its own that ends where a paragraph ends: its final line end
        // is that paragraph's.
        if !isPlain, inserted.hasSuffix("\n"),
            EditingLayout.endsBeforeTerminator(Self.utf8Offset(location + length, in: before.text), in: before)
        {
            inserted.removeLast()
        }
        var expected = (before.text as NSString).replacingCharacters(
            in: NSRange(location: location, length: length), with: inserted)
        if !expected.isEmpty, !expected.hasSuffix("\n") { expected += "\n" }
        if case .thematicBreak? = startKind {
        } else {
            // A cell's tab with no cell of its row after it any more (rows merged) becomes
            // the line end that ends a row: the only other difference allowed.
            let sameButTerminators =
                after.text.utf8.count == expected.utf8.count
                && zip(after.text.utf8, expected.utf8).allSatisfy { $0 == $1 || ($0 == 0x0A && $1 == 0x09) }
            #expect(
                sameButTerminators,
                "after \(insertion.text.debugDescription) at \(location), \(length): \(after.text.debugDescription) for \(expected.debugDescription)"
            )
        }
    }

    /// Leaves wholly before or after the edited paragraphs keep identity and kind.
    static func expectUntouchedLeavesKept(before: IntentDocument, after: IntentDocument, location: Int, length: Int) throws {
        let utf8Range = try EditingLayout.utf8Range(of: NSRange(location: location, length: length), in: before.text)
        let beforeLeaves = before.leafBlocks()
        let afterLeaves = after.leafBlocks()
        let untouchedBefore = beforeLeaves.filter { $0.utf8Range.upperBound <= utf8Range.lowerBound }
        for (index, leaf) in untouchedBefore.enumerated() where index < afterLeaves.count {
            #expect(leaf.block.map { before.identity(of: $0) } == afterLeaves[index].block.map { after.identity(of: $0) })
        }
        let beforeTotal = before.text.utf8.count
        let afterTotal = after.text.utf8.count
        let keptSuffix = beforeLeaves.filter { $0.utf8Range.lowerBound > utf8Range.upperBound }
        for leaf in keptSuffix {
            let shifted =
                (leaf.utf8Range.lowerBound - beforeTotal + afterTotal)..<(leaf.utf8Range.upperBound - beforeTotal + afterTotal)
            let match = afterLeaves.first { $0.utf8Range == shifted }
            #expect(match?.block.map { after.identity(of: $0) } == leaf.block.map { before.identity(of: $0) })
        }
    }

    @Test("Random edits: text as a string edit, layout consistent, untouched blocks keep identities, undo restores (property)")
    func randomEdits() throws {
        var generator = SeededRandom(seed: 0xED17)
        let sources = [
            "# Title\n\nSome *text* here.\n\n- one\n- two\n  - nested\n\n> quote\n\n```\ncode\nmore\n```\n\n| a | b |\n| - | - |\n| c | d |\n\n---\n\n1. x\n2. y\n",
            "Plain paragraph with **strong** and [a link](https://example.com).\n\nAnother one.\n",
        ]
        let insertions: [IntentDocument] = [
            IntentDocument(text: "x"), IntentDocument(text: "\n"), IntentDocument(text: "ab\ncd"), IntentDocument(text: ""),
            try Self.parsed("## H\n\n- item\n"), try Self.parsed("*em* text"), IntentDocument(text: "🙂\n\n"),
        ]
        for source in sources {
            var editable = EditableIntentDocument(try Self.parsed(source))
            var history: [(IntentDocument, EditorReplacement, String)] = []
            for _ in 0..<150 {
                let before = editable.document
                let count = editable.utf16Count
                var location = count > 0 ? Int.random(in: 0...count, using: &generator) : 0
                var length = count - location > 0 ? Int.random(in: 0...min(8, count - location), using: &generator) : 0
                let utf16 = Array(before.text.utf16)
                // Keep surrogate pairs whole.
                if location > 0, location < utf16.count, UTF16.isTrailSurrogate(utf16[location]) { location -= 1 }
                if location + length < utf16.count, UTF16.isTrailSurrogate(utf16[location + length]) { length += 1 }
                let insertion = insertions.randomElement(using: &generator) ?? IntentDocument()
                let inverse = try editable.replace(NSRange(location: location, length: length), with: insertion)
                let after = editable.document
                #expect(EditingLayout.normalized(after).text == after.text, "layout broken after edit")
                Self.expectStringEdit(before: before, after: after, insertion: insertion, location: location, length: length)
                try Self.expectUntouchedLeavesKept(before: before, after: after, location: location, length: length)
                _ = after.html()
                #expect(
                    Self.duplicateNodes(after) == nil,
                    "\(Self.duplicateNodes(after) ?? "") after \(insertion.text.debugDescription) at \(location), \(length) in \(before.text.debugDescription)"
                )
                history.append(
                    (
                        before, inverse,
                        "forward: \(insertion.text.debugDescription) at \(location), \(length); inverse \(inverse.range) with \(inverse.text.text.debugDescription)"
                    ))
            }
            // Undo everything, newest first: back to the start, text and structure.
            for (state, inverse, note) in history.reversed() {
                try editable.apply(inverse)
                #expect(Self.duplicateNodes(editable.document) == nil, "undo: \(Self.duplicateNodes(editable.document) ?? "")")
                #expect(editable.document.text == state.text)
                #expect(
                    editable.document.isEquivalent(to: state),
                    "undo did not restore:\n\(Self.firstDifference(editable.document.runDump(), state.runDump()))\n\(editable.document.equivalenceFailure(comparedTo: state) ?? "")\n\(note)\n\(Self.spanTable(editable.document))\n---\n\(Self.spanTable(state))"
                )
            }
            #expect(editable.document.isEquivalent(to: EditableIntentDocument(try Self.parsed(source)).document))
        }
    }

    @Test("Undoing the first text typed into an empty document leaves it empty (fuzz finding empty-document)")
    func undoToEmpty() throws {
        for text in ["  \n", "\n", "x", "a\n\nb"] {
            for parsed in [false, true] {
                var editable = EditableIntentDocument()
                let inverse =
                    parsed
                    ? try editable.replace(NSRange(location: 0, length: 0), with: try IntentDocument(markdown: text))
                    : try editable.replace(NSRange(location: 0, length: 0), with: text)
                try editable.apply(inverse)
                #expect(editable.document.text == "", "\(text.debugDescription) parsed \(parsed)")
                #expect(editable.document.runCount == 0)
            }
        }
    }
}

/// SplitMix64, for reproducible property tests.
struct SeededRandom: RandomNumberGenerator {
    private var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var value = state
        value = (value ^ (value >> 30)) &* 0xBF58_476D_1CE4_E5B9
        value = (value ^ (value >> 27)) &* 0x94D0_49BB_1331_11EB
        return value ^ (value >> 31)
    }
}
