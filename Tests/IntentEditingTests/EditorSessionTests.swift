import Foundation
import IntentEditing
import IntentModel
import IntentWriters
import MarkdownParsing
import Testing

@Suite("Editor session: contexts and replacements")
struct EditorSessionTests {
    static func session(_ markdown: String) throws -> EditorSession<NotesStyleMapping> {
        EditorSession(document: try IntentDocument(markdown: markdown), styleMapping: NotesStyleMapping())
    }

    @Test("Contexts for each scope: paragraphs around the selection, the whole document at the caret, the visible paragraphs")
    func contexts() throws {
        // Text: "One.\nTwo two.\nThree.\nFour.\n" (paragraphs at 0, 5, 14, 21).
        var session = try Self.session("One.\n\nTwo two.\n\nThree.\n\nFour.\n")
        let selected = try session.contexts(for: .userSelection, selection: NSRange(location: 14, length: 3))[0]
        #expect(selected.text.text == "Two two.\nThree.\nFour.\n")
        #expect(selected.documentRange == NSRange(location: 5, length: 22))
        #expect(selected.range == NSRange(location: 9, length: 3))
        let caret = try session.contexts(for: .userSelection, selection: NSRange(location: 7, length: 0))[0]
        #expect(caret.text.text == "One.\nTwo two.\nThree.\nFour.\n")
        #expect(caret.range == NSRange(location: 7, length: 0))
        let full = try session.contexts(for: .fullDocument, selection: NSRange(location: 7, length: 2))[0]
        #expect(full.range == NSRange(location: 0, length: 27))
        let visible = try session.contexts(
            for: .visibleArea, selection: NSRange(location: 0, length: 0), visibleRange: NSRange(location: 6, length: 10))[0]
        #expect(visible.text.text == "Two two.\nThree.\n")
        #expect(visible.range == NSRange(location: 1, length: 10))
        #expect(selected.identifier != caret.identifier)
        // Intents come with the text.
        var list = try Self.session("- a\n- b\n")
        let listContext = try list.contexts(for: .fullDocument, selection: NSRange(location: 0, length: 0))[0]
        #expect(listContext.text.html() == "<ul>\n<li>a</li>\n<li>b</li>\n</ul>\n")
    }

    @Test("Proposals in any order land where they were meant, through replacements already applied")
    func proposalsInAnyOrder() throws {
        let source = "The quick brwn fox jumpd over the lazy dgo.\n"
        let fixes: [(NSRange, String)] = [
            (NSRange(location: 10, length: 4), "brown"), (NSRange(location: 19, length: 5), "jumped"),
            (NSRange(location: 39, length: 3), "dog"), (NSRange(location: 0, length: 3), "A"),
        ]
        var generator = SeededRandom(seed: 7)
        for _ in 0..<10 {
            var session = try Self.session(source)
            let context = try session.contexts(for: .fullDocument, selection: NSRange(location: 0, length: 0))[0]
            for (range, text) in fixes.shuffled(using: &generator) {
                try session.replace(range, in: context.identifier, proposedText: IntentDocument(text: text), reason: .interactive)
            }
            #expect(session.storage.document.text == "A quick brown fox jumped over the lazy dog.\n")
        }
    }

    @Test("The user's edits in between move later proposals")
    func userEditsInBetween() throws {
        var session = try Self.session("Helo wrld.\n")
        let context = try session.contexts(for: .fullDocument, selection: NSRange(location: 0, length: 0))[0]
        try session.replace(NSRange(location: 0, length: 4), in: context.identifier, proposedText: IntentDocument(text: "Hello"))
        // The user types "big " before "wrld" (context text now "Hello wrld.": offset 6).
        try session.updateRange(
            NSRange(location: 6, length: 0), with: IntentDocument(text: "big "), reason: .typing,
            forContextWithIdentifier: context.identifier)
        try session.replace(NSRange(location: 5, length: 4), in: context.identifier, proposedText: IntentDocument(text: "world"))
        #expect(session.storage.document.text == "Hello big world.\n")
    }

    @Test("Proposed intents go through the style mapping; plain proposals take the block's style; inverses undo")
    func stylesAndUndo() throws {
        var session = try Self.session("# Title\n\n- item one\n\nA paragraph.\n")
        let original = session.storage.document
        let context = try session.contexts(for: .fullDocument, selection: NSRange(location: 0, length: 0))[0]
        // "Title\nitem one\nA paragraph.\n": replace "one" with plain text: still a list item.
        let first = try session.replace(NSRange(location: 11, length: 3), in: context.identifier, proposedText: IntentDocument(text: "two"))
        // Replace the paragraph by a level-5 header: Notes has no such style, it becomes a subheading.
        let second = try session.replace(
            NSRange(location: 15, length: 13), in: context.identifier, proposedText: try IntentDocument(markdown: "##### Small\n"))
        #expect(session.storage.document.html() == "<h1>Title</h1>\n<ul>\n<li>item two</li>\n</ul>\n<h3>Small</h3>\n")
        var storage = session.storage
        try storage.apply(second)
        try storage.apply(first)
        #expect(storage.document.isEquivalent(to: original))
    }

    @Test("Unknown contexts and bad ranges are typed errors")
    func errors() throws {
        var session = try Self.session("Text.\n")
        #expect(throws: EditorSessionError.self) {
            try session.replace(NSRange(location: 0, length: 1), in: UUID(), proposedText: IntentDocument(text: "x"))
        }
        let context = try session.contexts(for: .fullDocument, selection: NSRange(location: 0, length: 0))[0]
        #expect(throws: IntentMarkError.self) {
            try session.replace(NSRange(location: 4, length: 10), in: context.identifier, proposedText: IntentDocument(text: "x"))
        }
        #expect(throws: IntentMarkError.self) { try session.contexts(for: .userSelection, selection: NSRange(location: 99, length: 0)) }
        session.finish(contextWithIdentifier: context.identifier)
        #expect(throws: EditorSessionError.unknownContext(context.identifier)) {
            try session.updateRange(
                NSRange(location: 0, length: 0), with: IntentDocument(text: "x"), reason: .typing,
                forContextWithIdentifier: context.identifier)
        }
    }
}
