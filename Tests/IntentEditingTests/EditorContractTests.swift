import Foundation
import IntentLowering
import IntentModel
import IntentWriters
import MarkdownParsing
import Testing

@testable import IntentEditing

/// The editor contract: what text views hold, list numbering, rewrites, undo — each as an
/// editor's ordinary flow would use it.
@Suite("Editor contract")
struct EditorContractTests {
    /// A text view's paragraph: its text and its `"\n"`, both carrying the paragraph's intent.
    static func paragraph(_ text: String, _ intent: PresentationIntent) -> AttributedString {
        var paragraph = AttributedString(text + "\n")
        paragraph.presentationIntent = intent
        return paragraph
    }

    /// The trip notes as a text view holds them.
    static func tripNotes() -> AttributedString {
        var text = paragraph("Trip notes", PresentationIntent(.header(level: 1), identity: 1))
        text += paragraph("We need tents, stoves and maps before Friday.", PresentationIntent(.paragraph, identity: 2))
        text += paragraph("See you there.", PresentationIntent(.paragraph, identity: 3))
        return text
    }

    static let tripNotesMarkdown = "# Trip notes\n\nWe need tents, stoves and maps before Friday.\n\nSee you there.\n"
    /// The rewrite, as the Notes mapping keeps it: a list without a delimiter (a text view's) is
    /// Notes' bulleted list (`*`); a list written with `-` its dashed list.
    static func rewrittenMarkdown(bullet: String) -> String {
        "# Trip notes\n\n## Packing\n\n\(bullet) tents\n\(bullet) stoves\n\(bullet) maps\n\nSee you there.\n"
    }

    /// The rewrite as Writing Tools would send it: a text view's paragraphs with intents.
    static func packingProposal() -> AttributedString {
        let list = PresentationIntent(.unorderedList, identity: 2)
        var text = paragraph("Packing", PresentationIntent(.header(level: 2), identity: 1))
        for (index, item) in ["tents", "stoves", "maps"].enumerated() {
            let listItem = PresentationIntent(.listItem(ordinal: index + 1), identity: 3 + 2 * index, parent: list)
            text += paragraph(item, PresentationIntent(.paragraph, identity: 4 + 2 * index, parent: listItem))
        }
        return text
    }

    @Test("Text view paragraphs → a Writing Tools rewrite with a heading and a list → undo → redo → Markdown, byte-exact at each step")
    func textViewRewriteUndoRedoFlow() throws {
        let document = IntentDocument(Self.tripNotes())
        #expect(document.markdown() == Self.tripNotesMarkdown)
        let proposals = [
            (IntentDocument(Self.packingProposal()), Self.rewrittenMarkdown(bullet: "*")),
            (try IntentDocument(markdown: "## Packing\n\n- tents\n- stoves\n- maps\n"), Self.rewrittenMarkdown(bullet: "-")),
        ]
        for (proposal, rewrittenMarkdown) in proposals {
            var session = EditorSession(document: document, styleMapping: NotesStyleMapping())
            #expect(session.storage.document.text == "Trip notes\nWe need tents, stoves and maps before Friday.\nSee you there.\n")
            // The user selects the second paragraph; Writing Tools rewrites its text (without
            // its line end: the range it sends).
            let context = try session.contexts(for: .userSelection, selection: NSRange(location: 11, length: 45))[0]
            #expect(context.text.text == "Trip notes\nWe need tents, stoves and maps before Friday.\nSee you there.\n")
            #expect(context.range == NSRange(location: 11, length: 45))
            try session.replace(context.range, in: context.identifier, proposedText: proposal, reason: .interactive)
            #expect(session.storage.document.markdown() == rewrittenMarkdown)
            #expect(session.storage.document.html() == (try IntentDocument(markdown: rewrittenMarkdown)).html())
            try session.undo()
            #expect(session.storage.document.markdown() == Self.tripNotesMarkdown)
            #expect(session.canRedo)
            try session.redo()
            #expect(session.storage.document.markdown() == rewrittenMarkdown)
            session.finish(contextWithIdentifier: context.identifier)
            try session.undo()
            #expect(session.storage.document.markdown() == Self.tripNotesMarkdown)
            #expect(!session.canUndo)
        }
    }

    // MARK: Text-view paragraphs

    @Test("Text-view paragraphs read as the same document as the Markdown: Markdown, HTML and plain text")
    func textViewParagraphs() throws {
        let shopping =
            Self.paragraph("Shopping", PresentationIntent(.header(level: 1), identity: 1))
            + Self.paragraph("Total", PresentationIntent(.paragraph, identity: 2))
        let read = IntentDocument(shopping)
        let parsed = try IntentDocument(markdown: "# Shopping\n\nTotal\n")
        #expect(read.markdown() == "# Shopping\n\nTotal\n")
        #expect(read.html() == parsed.html())
        #expect(read.plainText() == parsed.plainText())
        #expect(read.isFoundationEquivalent(to: parsed))
        // Apple's layout (nothing between blocks) reads the same.
        var apple = AttributedString("Shopping")
        apple.presentationIntent = PresentationIntent(.header(level: 1), identity: 1)
        var total = AttributedString("Total")
        total.presentationIntent = PresentationIntent(.paragraph, identity: 2)
        apple += total
        #expect(IntentDocument(apple).markdown() == "# Shopping\n\nTotal\n")
        // A code block's final line end is its own text; a line end inside a paragraph stays text.
        let code = Self.paragraph("let x = 1", PresentationIntent(.codeBlock(languageHint: "swift"), identity: 1))
        #expect(IntentDocument(code).markdown() == "```swift\nlet x = 1\n```\n")
        let twoLines = Self.paragraph("one\ntwo", PresentationIntent(.paragraph, identity: 1))
        #expect(IntentDocument(twoLines).text == "one\ntwo\n")
        #expect(IntentDocument(twoLines).runs.filter(\.attributes.isBlockSeparator).count == 1)
        // Nested: list items of a text view.
        let list = PresentationIntent(.orderedList, identity: 1)
        var items = AttributedString()
        for (index, word) in ["one", "two"].enumerated() {
            let item = PresentationIntent(.listItem(ordinal: index + 1), identity: 2 + 2 * index, parent: list)
            items += Self.paragraph(word, PresentationIntent(.paragraph, identity: 3 + 2 * index, parent: item))
        }
        #expect(IntentDocument(items).markdown() == "1. one\n2. two\n")
        // A parsed document's attributed string still reads back exactly.
        let document = try IntentDocument(markdown: "# T\n\n- a\n\n```\ncode\n```\n\n<div>\nx\n</div>\n")
        #expect(IntentDocument(document.attributedString()) == document)
    }

    @Test("Text-view paragraphs pasted into the editable document give the Markdown's blocks")
    func textViewParagraphsInEditing() throws {
        var editable = EditableIntentDocument()
        try editable.replace(NSRange(location: 0, length: 0), with: Self.tripNotes())
        #expect(editable.document.markdown() == Self.tripNotesMarkdown)
    }

    // MARK: Ordinals

    static func ordinals(_ document: IntentDocument) -> [Int] {
        var seen = Set<Int>()
        var result: [Int] = []
        for run in document.runs {
            for component in run.presentationIntent?.components.reversed() ?? [] {
                if case .listItem(let ordinal) = component.kind, seen.insert(component.identity).inserted { result.append(ordinal) }
            }
        }
        return result
    }

    @Test("Inserting, deleting, splitting, merging and moving items renumbers the items after them")
    func ordinalsStayTrue() throws {
        var editable = EditableIntentDocument(try IntentDocument(markdown: "1. one\n2. two\n3. three\n"))
        // Text: "one\ntwo\nthree\n". A line break after "one" inserts an item.
        try editable.replace(NSRange(location: 3, length: 0), with: "\nnew")
        #expect(editable.document.markdown() == "1. one\n2. new\n3. two\n4. three\n")
        #expect(Self.ordinals(editable.document) == [1, 2, 3, 4])
        // Deleting "new\n" (the whole item).
        try editable.replace(NSRange(location: 4, length: 4), with: "")
        #expect(editable.document.markdown() == "1. one\n2. two\n3. three\n")
        // Merging "two" into "one".
        try editable.replace(NSRange(location: 3, length: 1), with: "")
        #expect(editable.document.markdown() == "1. onetwo\n2. three\n")
        // Moving an item: cut "a" with its line end and paste it first. As in Markdown (moving the
        // line "4. a"), the first item's number is the list's start.
        var moving = EditableIntentDocument(try IntentDocument(markdown: "3. c\n4. a\n5. b\n"))
        let cut = EditingLayout.slice(of: moving.document, utf8Range: 2..<4)
        try moving.replace(NSRange(location: 2, length: 2), with: IntentDocument(text: ""))
        try moving.replace(NSRange(location: 0, length: 0), with: cut)
        #expect(moving.document.markdown() == "4. a\n5. c\n6. b\n")
        // Bullet lists count from 1, nested lists on their own.
        var bullets = EditableIntentDocument(try IntentDocument(markdown: "- a\n  1. x\n  2. y\n- b\n"))
        try bullets.replace(NSRange(location: 1, length: 0), with: "\nz")
        #expect(Self.ordinals(bullets.document) == [1, 2, 1, 2, 3])
        // Undo restores the numbers.
        var undoable = EditableIntentDocument(try IntentDocument(markdown: "1. one\n2. two\n"))
        let original = undoable.document
        let inverse = try undoable.replace(NSRange(location: 0, length: 0), with: "zero\n")
        #expect(Self.ordinals(undoable.document) == [1, 2, 3])
        try undoable.apply(inverse)
        #expect(undoable.document == original)
    }

    @Test("Random list edits: ordinals equal those of a full re-parse of the Markdown (property)")
    func ordinalsMatchReparse() throws {
        var generator = SeededRandom(seed: 0x0DD1)
        let sources = ["1. one\n2. two\n3. three\n", "- a\n- b\n  1. x\n  2. y\n- c\n", "5. e\n6. f\n\n   para\n7. g\n   - h\n   - i\n"]
        let insertions = ["\n", "x", "\nitem", "", "\n\n"]
        var compared = 0
        for source in sources {
            var editable = EditableIntentDocument(try IntentDocument(markdown: source))
            for _ in 0..<80 {
                let count = editable.utf16Count
                let location = Int.random(in: 0...count, using: &generator)
                let length = Int.random(in: 0...min(6, count - location), using: &generator)
                try editable.replace(NSRange(location: location, length: length), with: insertions.randomElement(using: &generator) ?? "")
                let reparsed = try IntentDocument(markdown: editable.document.markdown())
                // Empty paragraphs (a line end typed at a paragraph's end) have no Markdown: compare
                // where the structure survived the round trip.
                guard reparsed.html() == editable.document.html() else { continue }
                compared += 1
                #expect(Self.ordinals(editable.document) == Self.ordinals(reparsed), "\(editable.document.markdown().debugDescription)")
            }
        }
        #expect(compared > 100)
    }

    // MARK: Rewrites

    /// One rewrite shape: the range Writing Tools sends (UTF-16 of the editor's text), the
    /// proposal, and the Markdown the same change made in the Markdown source gives.
    struct RewriteShape: CustomTestStringConvertible, Sendable {
        var name: String
        var range: NSRange
        var proposal: String
        /// The proposal as plain text rather than parsed Markdown.
        var isPlain = false
        var expectedMarkdown: String
        var testDescription: String { name }
    }

    // Editor text: "Intro para.\nMiddle text here.\nNext.\n" (paragraphs at 0, 12, 30).
    static let rewriteSource = "Intro para.\n\nMiddle text here.\n\nNext.\n"
    static let allRewriteShapes: [RewriteShape] = [
        RewriteShape(
            name: "inside a paragraph, plain", range: NSRange(location: 6, length: 4), proposal: "paragraph", isPlain: true,
            expectedMarkdown: "Intro paragraph.\n\nMiddle text here.\n\nNext.\n"),
        RewriteShape(
            name: "inside a paragraph, Markdown with emphasis", range: NSRange(location: 6, length: 4), proposal: "*paragraph*\n",
            expectedMarkdown: "Intro *paragraph*.\n\nMiddle text here.\n\nNext.\n"),
        RewriteShape(
            name: "across paragraphs", range: NSRange(location: 6, length: 13), proposal: "and the ", isPlain: true,
            expectedMarkdown: "Intro and the text here.\n\nNext.\n"),
        RewriteShape(
            name: "a whole paragraph without its terminator, blocks with a trailing newline", range: NSRange(location: 12, length: 17),
            proposal: "# Head\n\n- a\n- b\n", expectedMarkdown: "Intro para.\n\n# Head\n\n- a\n- b\n\nNext.\n"),
        RewriteShape(
            name: "a whole paragraph without its terminator, plain with a trailing newline", range: NSRange(location: 12, length: 17),
            proposal: "Better text.\n", isPlain: true, expectedMarkdown: "Intro para.\n\nBetter text.\n\nNext.\n"),
        RewriteShape(
            name: "a whole paragraph without its terminator, plain without a trailing newline", range: NSRange(location: 12, length: 17),
            proposal: "Better text.", isPlain: true, expectedMarkdown: "Intro para.\n\nBetter text.\n\nNext.\n"),
        RewriteShape(
            name: "a whole paragraph with its terminator, blocks with a trailing newline", range: NSRange(location: 12, length: 18),
            proposal: "# Head\n\n- a\n- b\n", expectedMarkdown: "Intro para.\n\n# Head\n\n- a\n- b\n\nNext.\n"),
        RewriteShape(
            name: "a whole paragraph with its terminator, plain with a trailing newline", range: NSRange(location: 12, length: 18),
            proposal: "Better text.\n", isPlain: true, expectedMarkdown: "Intro para.\n\nBetter text.\n\nNext.\n"),
        RewriteShape(
            name: "two whole paragraphs without the last terminator, blocks", range: NSRange(location: 12, length: 23),
            proposal: "## Two\n\n1. x\n2. y\n", expectedMarkdown: "Intro para.\n\n## Two\n\n1. x\n2. y\n"),
        RewriteShape(
            name: "the last paragraph, blocks", range: NSRange(location: 30, length: 5),
            proposal: "> quoted\n", expectedMarkdown: "Intro para.\n\nMiddle text here.\n\n> quoted\n"),
        RewriteShape(
            name: "a whole paragraph, one paragraph of Markdown", range: NSRange(location: 12, length: 17),
            proposal: "Some **bold** words.\n", expectedMarkdown: "Intro para.\n\nSome **bold** words.\n\nNext.\n"),
    ]

    @Test("Every rewrite shape gives the document the same change in Markdown gives", arguments: allRewriteShapes)
    func rewriteShapes(_ shape: RewriteShape) throws {
        let proposal = shape.isPlain ? IntentDocument(text: shape.proposal) : try IntentDocument(markdown: shape.proposal)
        let expected = try IntentDocument(markdown: shape.expectedMarkdown)
        // As parsed Markdown (or plain text), and as a text view's attributed string.
        var forms = [proposal]
        if !shape.isPlain { forms.append(IntentDocument(proposal.attributedString())) }
        for form in forms {
            var session = EditorSession(document: try IntentDocument(markdown: Self.rewriteSource), styleMapping: NotesStyleMapping())
            let context = try session.contexts(for: .fullDocument, selection: NSRange(location: 0, length: 0))[0]
            try session.replace(shape.range, in: context.identifier, proposedText: form)
            // Both written anew: the same document gives the same Markdown.
            let anew = MarkdownWritingOptions(preservesSource: false)
            #expect(session.storage.document.markdown(options: anew) == expected.markdown(options: anew))
            #expect(session.storage.document.html() == expected.html())
        }
    }

    @Test("Directly on the editable document, a proposal with blocks replacing a paragraph's text leaves no empty paragraph")
    func noDebrisOnStorage() throws {
        let parsed = try IntentDocument(markdown: "# Head\n\n- a\n- b\n")
        for proposal in [parsed, IntentDocument(parsed.attributedString())] {
            var editable = EditableIntentDocument(try IntentDocument(markdown: Self.rewriteSource))
            try editable.replace(NSRange(location: 12, length: 17), with: proposal)
            #expect(editable.document.markdown() == "Intro para.\n\n# Head\n\n- a\n- b\n\nNext.\n")
        }
        // Typing a line end at a paragraph's end still starts a new (empty) paragraph, as a text view does.
        var typing = EditableIntentDocument(try IntentDocument(markdown: "One.\n"))
        try typing.replace(NSRange(location: 4, length: 0), with: "\n")
        #expect(typing.document.text == "One.\n\n")
        try typing.replace(NSRange(location: 5, length: 0), with: "Two.")
        #expect(typing.document.markdown() == "One.\n\nTwo.\n")
    }

    // MARK: Undo through the session

    @Test("Undo and redo through the session: after the user's edits, across contexts and after finish")
    func sessionUndoRedo() throws {
        var session = EditorSession(document: try IntentDocument(markdown: "Helo wrld.\n\nSecond.\n"), styleMapping: NotesStyleMapping())
        let original = session.storage.document
        let context = try session.contexts(for: .userSelection, selection: NSRange(location: 0, length: 4))[0]
        try session.replace(NSRange(location: 0, length: 4), in: context.identifier, proposedText: IntentDocument(text: "Hello"))
        // The user types inside the context, then outside any context.
        try session.updateRange(
            NSRange(location: 6, length: 0), with: IntentDocument(text: "big "), reason: .typing,
            forContextWithIdentifier: context.identifier)
        try session.replace(NSRange(location: 5, length: 4), in: context.identifier, proposedText: IntentDocument(text: "world"))
        #expect(session.storage.document.text == "Hello big world.\nSecond.\n")
        try session.replace(NSRange(location: 17, length: 0), with: IntentDocument(text: "The "))
        #expect(session.storage.document.text == "Hello big world.\nThe Second.\n")
        session.finish(contextWithIdentifier: context.identifier)
        var states: [String] = []
        while session.canUndo {
            try session.undo()
            states.append(session.storage.document.text)
        }
        #expect(states == ["Hello big world.\nSecond.\n", "Hello big wrld.\nSecond.\n", "Hello wrld.\nSecond.\n", "Helo wrld.\nSecond.\n"])
        #expect(session.storage.document == original)
        #expect(try session.undo() == nil)
        try session.redo()
        try session.redo()
        #expect(session.storage.document.text == "Hello big wrld.\nSecond.\n")
        // A new change clears what could be redone.
        try session.replace(NSRange(location: 0, length: 0), with: IntentDocument(text: "¡"))
        #expect(!session.canRedo)
        // An editor with its own undo stack applies the inverses through the session.
        var own = EditorSession(document: try IntentDocument(markdown: "- a\n- b\n"), styleMapping: NotesStyleMapping())
        let ownContext = try own.contexts(for: .fullDocument, selection: NSRange(location: 0, length: 0))[0]
        let inverse = try own.replace(NSRange(location: 0, length: 1), in: ownContext.identifier, proposedText: IntentDocument(text: "A"))
        let redo = try own.apply(inverse)
        #expect(own.storage.document.markdown() == "- a\n- b\n")
        try own.apply(redo)
        #expect(own.storage.document.markdown() == "- A\n- b\n")
        #expect(
            own.contextRange(of: NSRange(location: 2, length: 1), inContextWithIdentifier: ownContext.identifier)
                == NSRange(location: 2, length: 1))
    }

    // MARK: Rich-text proposals

    @Test("Rich-text proposals without intents are raised by default; the option turns it off")
    func richTextProposalsRaised() throws {
        let rich = try IntentDocument(markdown: "## Plan\n\nA **bold** *move*.\n").lowered(to: .richText)
        #expect(rich.runs.allSatisfy { $0.presentationIntent == nil && $0.inlinePresentationIntent.isEmpty })
        var session = EditorSession(document: try IntentDocument(markdown: "Old.\n\nEnd.\n"), styleMapping: NotesStyleMapping())
        let context = try session.contexts(for: .fullDocument, selection: NSRange(location: 0, length: 0))[0]
        try session.replace(NSRange(location: 0, length: 4), in: context.identifier, proposedText: rich)
        #expect(session.storage.document.markdown() == "## Plan\n\nA **bold** *move*.\n\nEnd.\n")
        var off = EditorSession(document: try IntentDocument(markdown: "Old.\n\nEnd.\n"), styleMapping: NotesStyleMapping())
        off.raisesRichTextProposals = false
        let offContext = try off.contexts(for: .fullDocument, selection: NSRange(location: 0, length: 0))[0]
        try off.replace(NSRange(location: 0, length: 4), in: offContext.identifier, proposedText: rich)
        #expect(!off.storage.document.markdown().contains("**bold**"))
    }

    // MARK: Comparison at Foundation's level

    @Test("Foundation-level equivalence compares characters, block kinds, inline intents and links; the full one more")
    func foundationEquivalence() throws {
        // Plain text and bold, built by hand, against its parse.
        var built = AttributedString("Hello ")
        var bold = AttributedString("world")
        bold.inlinePresentationIntent = .stronglyEmphasized
        built += bold
        let parsed = try IntentDocument(markdown: "Hello **world**\n")
        #expect(IntentDocument(built).isFoundationEquivalent(to: parsed))
        #expect(!IntentDocument(built).isEquivalent(to: parsed))
        // A link compares by URL; the destination as written and titles are IntentMark's.
        var link = AttributedString("docs")
        link.link = URL(string: "https://example.com/docs")
        #expect(
            IntentDocument(AttributedString("See ") + link).isFoundationEquivalent(
                to: try IntentDocument(markdown: "See [docs](https://example.com/docs \"Docs\")")))
        var otherLink = link
        otherLink.link = URL(string: "https://example.com/other")
        #expect(
            !IntentDocument(AttributedString("See ") + otherLink).isFoundationEquivalent(
                to: try IntentDocument(markdown: "See [docs](https://example.com/docs)")))
        // Blocks: kinds with their values, in either layout, text-view paragraphs too.
        let notes = IntentDocument(Self.tripNotes())
        #expect(notes.isFoundationEquivalent(to: try IntentDocument(markdown: Self.tripNotesMarkdown)))
        #expect(
            notes.isFoundationEquivalent(
                to: try IntentDocument(markdown: Self.tripNotesMarkdown, options: MarkdownParsingOptions(blockSeparation: .none))))
        #expect(
            !notes.isFoundationEquivalent(
                to: try IntentDocument(markdown: "## Trip notes\n\nWe need tents, stoves and maps before Friday.\n\nSee you there.\n")))
        // One paragraph never matches two; text without blocks is a paragraph per line.
        #expect(!(try IntentDocument(markdown: "a b\n")).isFoundationEquivalent(to: try IntentDocument(markdown: "a\n\nb\n")))
        #expect(IntentDocument(text: "one\ntwo").isFoundationEquivalent(to: try IntentDocument(markdown: "one\n\ntwo\n")))
        #expect(!IntentDocument(text: "one two").isFoundationEquivalent(to: try IntentDocument(markdown: "one\n\ntwo\n")))
        // Inline intents differ: emphasis is not strong emphasis.
        #expect(!(try IntentDocument(markdown: "*a*\n")).isFoundationEquivalent(to: try IntentDocument(markdown: "**a**\n")))
        // Lists: items and ordinals; two items of one list are not two lists.
        #expect((try IntentDocument(markdown: "- a\n- b\n")).isFoundationEquivalent(to: try IntentDocument(markdown: "* a\n* b\n")))
        #expect(!(try IntentDocument(markdown: "- a\n- b\n")).isFoundationEquivalent(to: try IntentDocument(markdown: "- a\n\n* b\n")))
        #expect(IntentDocument(text: "x").foundationEquivalenceFailure(comparedTo: IntentDocument(text: "y")) != nil)
    }

    @Test("The editor integration article's example prints what it says")
    func editorIntegrationArticleExample() throws {
        func paragraph(_ text: String, _ intent: PresentationIntent) -> AttributedString {
            var paragraph = AttributedString(text + "\n")
            paragraph.presentationIntent = intent
            return paragraph
        }
        let viewText =
            paragraph("Trip notes", PresentationIntent(.header(level: 1), identity: 1))
            + paragraph("We need tents, stoves and maps before Friday.", PresentationIntent(.paragraph, identity: 2))
            + paragraph("See you there.", PresentationIntent(.paragraph, identity: 3))
        var session = EditorSession(document: IntentDocument(viewText), styleMapping: MarkdownStyleMapping())
        #expect(session.storage.document.markdown() == "# Trip notes\n\nWe need tents, stoves and maps before Friday.\n\nSee you there.\n")
        let context = try session.contexts(for: .userSelection, selection: NSRange(location: 11, length: 45))[0]
        try session.replace(
            context.range, in: context.identifier, proposedText: try IntentDocument(markdown: "## Packing\n\n- tents\n- stoves\n- maps\n"))
        #expect(session.storage.document.markdown() == "# Trip notes\n\n## Packing\n\n- tents\n- stoves\n- maps\n\nSee you there.\n")
        try session.undo()
        #expect(session.storage.document.markdown() == "# Trip notes\n\nWe need tents, stoves and maps before Friday.\n\nSee you there.\n")
        try session.redo()
        #expect(session.storage.document.markdown() == "# Trip notes\n\n## Packing\n\n- tents\n- stoves\n- maps\n\nSee you there.\n")
    }

    @Test("After undo and redo, later proposals in a live context still land on the text they were meant for")
    func proposalsAfterUndoInTheSameContext() throws {
        for redoes in [false, true] {
            var session = EditorSession(document: try IntentDocument(markdown: "# A\n\nB\n"), styleMapping: MarkdownStyleMapping())
            let context = try session.contexts(for: .fullDocument, selection: NSRange(location: 0, length: 0))[0]
            try session.replace(NSRange(location: 0, length: 1), in: context.identifier, proposedText: IntentDocument(text: "X"))
            try session.undo()
            if redoes {
                try session.redo()
                try session.undo()
            }
            try session.replace(NSRange(location: 0, length: 1), in: context.identifier, proposedText: IntentDocument(text: "Y"))
            #expect(session.storage.document.markdown() == "# Y\n\nB\n")
        }
        // Rounds of a rewrite with blocks and its undo, then a plain proposal for the same paragraph.
        var session = EditorSession(document: IntentDocument(Self.tripNotes()), styleMapping: MarkdownStyleMapping())
        let context = try session.contexts(for: .fullDocument, selection: NSRange(location: 0, length: 0))[0]
        for _ in 0..<4 {
            try session.replace(
                NSRange(location: 11, length: 45), in: context.identifier,
                proposedText: try IntentDocument(markdown: "## Packing\n\n- tents\n- stoves\n- maps\n"))
            try session.undo()
        }
        try session.replace(NSRange(location: 11, length: 45), in: context.identifier, proposedText: IntentDocument(text: "Plain."))
        #expect(session.storage.document.markdown() == "# Trip notes\n\nPlain.\n\nSee you there.\n")
    }

    @Test("A one-paragraph proposal ending in a line end, where the range ends at a paragraph's start, stays its own paragraph")
    func oneParagraphProposalAtParagraphStart() throws {
        // Over a whole paragraph with its line end.
        var session = EditorSession(document: try IntentDocument(markdown: "A\n\nB\n"), styleMapping: MarkdownStyleMapping())
        let context = try session.contexts(for: .fullDocument, selection: NSRange(location: 0, length: 0))[0]
        try session.replace(NSRange(location: 0, length: 2), in: context.identifier, proposedText: try IntentDocument(markdown: "C\n"))
        #expect(session.storage.document.markdown() == "C\n\nB\n")
        // Inserted before a paragraph's text.
        var inserting = EditorSession(document: try IntentDocument(markdown: "A\n\nB\n"), styleMapping: MarkdownStyleMapping())
        let whole = try inserting.contexts(for: .fullDocument, selection: NSRange(location: 0, length: 0))[0]
        try inserting.replace(NSRange(location: 2, length: 0), in: whole.identifier, proposedText: try IntentDocument(markdown: "*C*\n"))
        #expect(inserting.storage.document.markdown() == "A\n\n*C*\n\nB\n")
        // Inside a paragraph it is still inline text.
        try inserting.replace(NSRange(location: 1, length: 0), in: whole.identifier, proposedText: try IntentDocument(markdown: "x\n"))
        #expect(inserting.storage.document.markdown() == "Ax\n\n*C*\n\nB\n")
    }

    @Test("Deleting whole paragraphs leaves the next paragraph as it was; typing through the session takes a String")
    func deletingWholeParagraphs() throws {
        var editable = EditableIntentDocument(IntentDocument(Self.tripNotes()))
        let inverse = try editable.replace(NSRange(location: 0, length: 11), with: "")
        #expect(editable.document.markdown() == "We need tents, stoves and maps before Friday.\n\nSee you there.\n")
        try editable.apply(inverse)
        #expect(editable.document.markdown() == Self.tripNotesMarkdown)
        // Deleting part of the next paragraph too merges into the first, as a text view does.
        try editable.replace(NSRange(location: 4, length: 14), with: "")
        #expect(editable.document.markdown() == "# Trip tents, stoves and maps before Friday.\n\nSee you there.\n")
        var session = EditorSession(document: IntentDocument(Self.tripNotes()), styleMapping: MarkdownStyleMapping())
        try session.replace(NSRange(location: 0, length: 4), with: "Road")
        try session.propose(NSRange(location: 11, length: 45), proposedText: try IntentDocument(markdown: "Bring **maps**.\n"))
        #expect(session.storage.document.markdown() == "# Road notes\n\nBring **maps**.\n\nSee you there.\n")
    }
}
