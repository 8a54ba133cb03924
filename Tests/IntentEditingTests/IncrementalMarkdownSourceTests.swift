import Foundation
import IntentEditing
import IntentModel
import IntentWriters
import MarkdownParsing
import SpecCorpus
import Testing

/// The Markdown of an incremental or streamed document: its source, byte for byte, whatever the
/// updates were — before, a document assembled from several parses was written anew (losing the
/// author's setext headings, reference links and line endings), and a document parsed in one
/// update from an empty one could be written with one block's source in place of another's.
@Suite("The Markdown of an incremental document is its source")
struct IncrementalMarkdownSourceTests {
    /// Sources whose blocks tempt a writer to mix them up: the last two of equal length and run
    /// count, CRLF, a setext heading, a reference link and its definition, front matter, footnotes.
    static let sources = [
        "Hello\n\nWorld\n", "# h\nc\n", "Yes.\n\nNo.\n\nOK.\n", "a\r\n\r\n# h\r\nc\r\n",
        "Title\n===\n\nSee [x][r].\n\n[r]: /u\n\nbody\n", "---\ntitle: x\n---\n\n# A\n\ntext[^1]\n\n[^1]: note\n",
        "- a\n- b\n\n1. x\n2. y\n", "> q\n> r\n\n```\ncode\n```\n",
    ]

    @Test("One update from an empty document, then more: the Markdown is the source (incremental and streamed)")
    func updatesKeepTheSource() throws {
        for text in Self.sources {
            for extra in ["", "\nmore\n", "\r\n\r\n| a | b |\r\n|---|---|\r\n| 1 | 2 |\r\n", "\nSetext\n---\n"] {
                var appended = try IncrementalMarkdownDocument(source: "")
                try appended.append(text)
                #expect(appended.document.markdown() == text, "\(text.debugDescription)")
                try appended.append(extra)
                #expect(appended.document.markdown() == appended.source, "\((text + extra).debugDescription)")
                var replaced = try IncrementalMarkdownDocument(source: "")
                try replaced.replace(NSRange(location: 0, length: 0), with: text + extra)
                #expect(replaced.document.markdown() == text + extra, "\((text + extra).debugDescription)")
                var streamed = try StreamingMarkdownDocument()
                try streamed.append(text + extra)
                try streamed.finish()
                #expect(streamed.document.markdown() == text + extra, "\((text + extra).debugDescription)")
                // Still the same document as the source parsed whole.
                #expect(
                    appended.document.isEquivalent(to: try IntentDocument(markdown: appended.source)), "\((text + extra).debugDescription)")
            }
        }
    }

    @Test("Random edits of a real document, typed and pasted anywhere: after each, the Markdown is the source")
    func randomEditsKeepTheSource() throws {
        var generator = SeededRandom(seed: 0x50_0ACE)
        let start = String(decoding: try Data(contentsOf: TestPaths.documents()[0]).prefix(6_000), as: UTF8.self)
        var document = try IncrementalMarkdownDocument(source: start)
        let insertions = ["x", "\n", "\n\n", "# ", "- ", "*", "[a]: /b\n", "\r\n", "| a |\n|---|\n", "```\n", "> ", "é", "🙂"]
        for step in 0..<150 {
            let source = Array(document.source.utf16)
            var location = Int.random(in: 0...source.count, using: &generator)
            var length = Bool.random(using: &generator) ? min(Int.random(in: 0...8, using: &generator), source.count - location) : 0
            // Not inside a surrogate pair, nor between a CR and its LF, at either end.
            func splits(_ offset: Int) -> Bool {
                offset > 0 && offset < source.count
                    && (UTF16.isTrailSurrogate(source[offset]) || (source[offset] == 10 && source[offset - 1] == 13))
            }
            if splits(location) {
                location -= 1
                length += 1
            }
            if splits(location + length) { length += 1 }
            let range = NSRange(location: location, length: length)
            try document.replace(range, with: insertions.randomElement(using: &generator) ?? "x")
            let markdown = document.document.markdown()
            #expect(markdown == document.source, "step \(step)")
            if markdown != document.source { break }
        }
    }

    @Test("Edited afterwards as a document, it is written anew where the edit reached, and reads back to the edit")
    func editingTheDocumentRewritesIt() throws {
        var incremental = try IncrementalMarkdownDocument(source: "Title\n===\n\n")
        try incremental.append("Body *text*.\n")
        var editable = EditableIntentDocument(incremental.document)
        try editable.replace(NSRange(location: 0, length: 0), with: "New ")
        let written = editable.document.markdown()
        #expect(written != incremental.source)
        #expect(try IntentDocument(markdown: written).isEquivalent(to: editable.document))
    }

    @Test("A renumbered document keeps its source: its blocks are not written from the source of others")
    func renumberedDocumentKeepsItsSource() throws {
        for text in Self.sources {
            let parsed = try IntentDocument(markdown: text)
            let renumbered = parsed.renumbered(above: parsed.largestIdentity + 7)
            #expect(renumbered.markdown() == text, "\(text.debugDescription)")
        }
    }

    @Test("A definition edited alone: the Markdown is the new source, and an edit of a block afterwards keeps the definitions beside it")
    func definitionsEditedAlone() throws {
        // A footnote definition nothing refers to, typed into and deleted from: the region's parse
        // (with definitions before and after it) was returned as the document, and wrote them.
        var note = try IncrementalMarkdownDocument(source: "[^1]: note\n")
        try note.replace(NSRange(location: 10, length: 0), with: " more")
        #expect(note.document.markdown() == "[^1]: note more\n")
        var ticks = try IncrementalMarkdownDocument(source: "[^1]: note``\n")
        try ticks.replace(NSRange(location: 10, length: 2), with: "")
        #expect(ticks.document.markdown() == "[^1]: note\n")
        // A block edited afterwards as a document is written anew alone: the unused footnote
        // definition and the link reference definition after it stay as they were.
        var intro = try IncrementalMarkdownDocument(source: "Intro.\n\n[^1]: note\n")
        try intro.replace(NSRange(location: 18, length: 0), with: " more")
        #expect(intro.document.markdown() == intro.source)
        var editable = EditableIntentDocument(intro.document)
        try editable.replace(NSRange(location: 0, length: 0), with: "Z")
        #expect(editable.document.markdown() == "ZIntro.\n\n[^1]: note more\n")
        var links = try IncrementalMarkdownDocument(source: "See [x].\n\n[x]: /u\n\nEnd.\n")
        try links.replace(NSRange(location: 22, length: 0), with: " more")
        #expect(links.document.markdown() == "See [x].\n\n[x]: /u\n\nEnd more.\n")
        editable = EditableIntentDocument(links.document)
        try editable.replace(NSRange(location: 0, length: 0), with: "Z")
        let written = editable.document.markdown()
        #expect(written.hasSuffix("\n\n[x]: /u\n\nEnd more.\n"), "\(written.debugDescription)")
        #expect(try IntentDocument(markdown: written).isEquivalent(to: editable.document))
    }
}
