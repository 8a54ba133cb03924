import Foundation
import IntentEditing
import IntentModel
import MarkdownParsing
import SpecCorpus
import Testing

@Suite("Incremental re-parse", .tags(.corpus))
struct IncrementalMarkdownDocumentTests {
    static func full(_ source: String, _ options: MarkdownParsingOptions = .default) throws -> IntentDocument {
        try IntentDocument(markdown: source, options: options)
    }

    /// The identities of `document`'s top-level blocks, in document order.
    static func topLevelIdentities(_ document: IntentDocument) -> [Int] {
        var result: [Int] = []
        for run in document.storedRuns {
            guard let block = run.block else { continue }
            let identity = document.identity(of: document.topLevelBlock(of: block))
            if result.last != identity { result.append(identity) }
        }
        return result
    }

    @Test("An edit inside a paragraph re-parses only its neighbourhood; other blocks keep their identities")
    func localEdit() throws {
        let source = "# Title\n\nFirst paragraph.\n\nSecond paragraph.\n\nThird.\n\n- a\n- b\n"
        var incremental = try IncrementalMarkdownDocument(source: source)
        let before = incremental.document
        // Replace "Second" (UTF-16 27..<33).
        try incremental.replace(NSRange(location: 27, length: 6), with: "Changed")
        guard case .partial(let bytes, _) = incremental.lastUpdate else {
            Issue.record("expected a partial update, got \(incremental.lastUpdate)")
            return
        }
        #expect(bytes < source.utf8.count)
        #expect(incremental.document.isEquivalent(to: try Self.full(incremental.source)))
        // The title and the list kept their identities.
        let identities = { (document: IntentDocument) in
            document.runs.compactMap { $0.presentationIntent?.components.last.map { "\($0.kind)#\($0.identity)" } }
        }
        #expect(identities(incremental.document).first == identities(before).first)
        #expect(identities(incremental.document).suffix(6) == identities(before).suffix(6))
    }

    @Test("An edit in the paragraph before a list leaves the list alone, unless the edit makes a list that takes it in")
    func listAfterTheEditedBlock() throws {
        let list = (1...200).map { "- item \($0)\n" }.joined()
        for (intro, edit, replacement, takesTheListIn) in [
            ("Intro.\n\n", "Intro", "Preface", false),
            ("Intro.\n\n", "Intro", "* Intro", false),  // another bullet: a list of its own
            ("Intro.\n\n", "Intro", "- Intro", true),  // the same bullet: one loose list
            ("1. Intro.\n\n", "1.", "-", true),
            ("```\nx\n```\n\n", "```\nx\n```", "```\nx", true),  // a fence left open takes in the rest
        ] {
            let source = "# Title\n\n" + intro + list + "\nAfter.\n"
            var incremental = try IncrementalMarkdownDocument(source: source)
            let listIdentity = try #require(Self.topLevelIdentities(incremental.document).dropFirst(2).first)
            try incremental.replace((source as NSString).range(of: edit), with: replacement)
            let change = incremental.lastChange
            #expect(change.fullParseReason == nil, "\(replacement)")
            #expect(incremental.document.isEquivalent(to: try Self.full(incremental.source)), "\(replacement)")
            let reparsedTheList = change.reparsedSourceRange.upperBound > source.utf8.count / 2
            #expect(reparsedTheList == takesTheListIn, "\(replacement): re-parsed \(change.reparsedSourceRange)")
            #expect(Self.topLevelIdentities(incremental.document).contains(listIdentity) == !takesTheListIn, "\(replacement)")
        }
    }

    @Test("A definition added re-parses the blocks that refer to it; an opened fence widens the region; source positions parse everything")
    func globalRules() throws {
        var incremental = try IncrementalMarkdownDocument(source: "Para [x].\n\nOther.\n\nLast.\n")
        let paragraph = incremental.document.blockKinds[0].identity
        let other = incremental.document.blockKinds[1].identity
        try incremental.replace(NSRange(location: 25, length: 0), with: "\n[x]: /url\n")
        #expect(incremental.lastChange.fullParseReason == nil)
        #expect(incremental.document.html() == "<p>Para <a href=\"/url\">x</a>.</p>\n<p>Other.</p>\n<p>Last.</p>\n")
        // The paragraph that refers to `x` was parsed again; "Other." was not.
        #expect(incremental.lastChange.removedIdentities.contains(paragraph))
        #expect(!incremental.lastChange.removedIdentities.contains(other))
        #expect(incremental.document.blockKinds[1].identity == other)
        // Changing the definition changes the link; removing it unlinks it.
        try incremental.replace(NSRange(location: 32, length: 3), with: "new")
        #expect(incremental.document.html().hasPrefix("<p>Para <a href=\"/new\">x</a>.</p>"))
        #expect(incremental.lastChange.fullParseReason == nil)
        try incremental.replace(NSRange(location: 25, length: 11), with: "")
        #expect(incremental.document.isEquivalent(to: try Self.full(incremental.source)))
        #expect(incremental.document.html().hasPrefix("<p>Para [x].</p>"))
        var fence = try IncrementalMarkdownDocument(source: "One.\n\nTwo.\n\nThree.\n")
        try fence.replace(NSRange(location: 6, length: 0), with: "```\n")
        #expect(fence.document.isEquivalent(to: try Self.full(fence.source)))
        var options = MarkdownParsingOptions()
        options.appliesSourcePositionAttributes = true
        var positioned = try IncrementalMarkdownDocument(source: "One.\n\nTwo.\n", options: options)
        try positioned.replace(NSRange(location: 0, length: 0), with: "Zero.\n\n")
        #expect(positioned.lastUpdate == .full(reason: "source positions move with every edit"))
        #expect(positioned.document == (try Self.full(positioned.source, options)))
    }

    @Test("In a document with footnotes, edits away from every `[^` re-parse only their blocks; the moved definitions stay at the end")
    func footnotesStayWhileOtherBlocksAreEdited() throws {
        let source = "# Notes\n\nA claim.[^a]\n\n[^a]: The source,\n    on two lines.\n\nPlain paragraph.\n\n- one\n- two\n\nLast words"
        var incremental = try IncrementalMarkdownDocument(source: source)
        func expectFullParseEquality(_ step: String) throws {
            let expected = try Self.full(incremental.source)
            #expect(
                incremental.document.isEquivalent(to: expected),
                "\(step): \(incremental.document.equivalenceFailure(comparedTo: expected) ?? "")")
        }
        let footnoteIdentity = try #require(Self.topLevelIdentities(incremental.document).last)
        let titleIdentity = try #require(Self.topLevelIdentities(incremental.document).first)
        // Typing in the plain paragraph, between the definition and the list.
        let plain = (incremental.source as NSString).range(of: "Plain")
        try incremental.replace(NSRange(location: plain.location, length: 5), with: "Edited")
        #expect(incremental.lastChange.fullParseReason == nil, "\(incremental.lastUpdate)")
        try expectFullParseEquality("edited paragraph")
        // Typing at the source's end, after the last block (as a stream appends).
        try incremental.append(" and more")
        #expect(incremental.lastChange.fullParseReason == nil, "\(incremental.lastUpdate)")
        try expectFullParseEquality("appended")
        try incremental.append("\n\n- three\n")
        #expect(incremental.lastChange.fullParseReason == nil, "\(incremental.lastUpdate)")
        try expectFullParseEquality("appended a list")
        // Typing in the paragraph that holds the reference: its number comes from the document.
        let claim = (incremental.source as NSString).range(of: "claim")
        try incremental.replace(NSRange(location: claim.location, length: 5), with: "bold claim, again")
        #expect(incremental.lastChange.fullParseReason == nil, "\(incremental.lastUpdate)")
        try expectFullParseEquality("typed beside the reference")
        // The heading and the footnote definition kept their identities; the definition is last.
        let identities = Self.topLevelIdentities(incremental.document)
        #expect(identities.first == titleIdentity && identities.last == footnoteIdentity)
        #expect(incremental.document.html().hasSuffix("</section>\n"))
        // The source's end is in the last block in source order, not in the moved definition.
        let end = try #require(incremental.topLevelBlock(atSourceUTF16: incremental.sourceUTF16Count))
        #expect(end.sourceUTF8Range.upperBound == incremental.sourceUTF8Count && !end.sourceUTF8Range.isEmpty)
        // An edit in the definition's text re-parses its blocks and puts it anew at the end.
        let note = (incremental.source as NSString).range(of: "two lines")
        try incremental.replace(NSRange(location: note.location, length: 3), with: "three")
        #expect(incremental.lastChange.fullParseReason == nil, "\(incremental.lastUpdate)")
        try expectFullParseEquality("edited definition")
        #expect(incremental.document.plainText().contains("three lines"))
        #expect(Self.topLevelIdentities(incremental.document).last != footnoteIdentity)
        #expect(incremental.lastChange.removedIdentities.contains(footnoteIdentity))
        // Relabelling the definition, or making a reference, parses everything.
        let label = (incremental.source as NSString).range(of: "[^a]:")
        try incremental.replace(NSRange(location: label.location + 2, length: 1), with: "b")
        #expect(incremental.lastChange.fullParseReason?.contains("footnote") == true)
        try expectFullParseEquality("relabelled definition")
        try incremental.replace(NSRange(location: label.location + 2, length: 1), with: "a")
        try expectFullParseEquality("label restored")
        let last = (incremental.source as NSString).range(of: "Last")
        try incremental.replace(NSRange(location: last.location, length: 0), with: "See[^a]. ")
        #expect(incremental.lastChange.fullParseReason?.contains("footnote") == true)
        try expectFullParseEquality("new reference")
        #expect(incremental.document.html().contains("fnref-a-2"))
        // With two references, typing beside the second keeps both numbers and back-links.
        try incremental.replace(NSRange(location: last.location, length: 3), with: "Now")
        #expect(incremental.lastChange.fullParseReason == nil, "\(incremental.lastUpdate)")
        try expectFullParseEquality("typed beside the second reference")
        #expect(incremental.document.html() == (try Self.full(incremental.source)).html())
        // A definition inside a list item is still resolved when the document has footnotes.
        var mixed = try IncrementalMarkdownDocument(source: "- [x]: /u\n\nSee [x].[^a]\n\n[^a]: A note.\n\nOther.\n")
        try mixed.append("\nMore [x].\n")
        #expect(mixed.lastChange.fullParseReason == nil, "\(mixed.lastUpdate)")
        #expect(mixed.document.isEquivalent(to: try Self.full(mixed.source)))
    }

    @Test("Random edits in documents full of footnotes always equal a full parse (property)", arguments: [BlockSeparation.none, .newlines])
    func randomFootnoteEdits(layout: BlockSeparation) throws {
        var options = MarkdownParsingOptions()
        options.blockSeparation = layout
        let sources = [
            "# Notes\n\nA claim.[^a] Another.[^b]\n\n[^a]: First note,\n    on two lines.\n\nMiddle text.\n\n"
                + "- item with a note[^b]\n- plain item\n\n[^b]: Second note.\n\n    With a paragraph.\n\n"
                + "> Quoted.[^c]\n\nEnd.[^a]\n\n[^c]: Third.\n[^unused]: Never referenced.\n[^a]: A second definition of a.\n",
            "Intro[^x].\n\n[^x]: X.\n\nBody one.\n\nBody two[^y] and[^x].\n\n[^y]: Y.\n\n| a | b[^y] |\n| - | - |\n| c | d |\n",
            // A definition that refers to another (the fuzz finding
            // incremental-footnote-reference-inside-edited-definition).
            "Some text.[^cite]\n\n[^other]: My second note.\n\n[^cite]: A long note that also has another.[^other]\n\nMore.\n",
        ]
        let snippets = ["x", " ", "\n", "\n\n", "[^a]", "[^b]", "[^new]", "[^a]: ", "]: ", "`", "    ", "> ", "- ", "[^", "a]", "^"]
        var generator = SeededRandom(seed: 0xF007)
        var reasons: [String: Int] = [:]
        var partial = 0
        var total = 0
        for source in sources {
            var incremental = try IncrementalMarkdownDocument(source: source, options: options)
            for _ in 0..<150 {
                let count = incremental.sourceUTF16Count
                let location = Int.random(in: 0...count, using: &generator)
                let length = Int.random(in: 0...min(4, count - location), using: &generator)
                let snippet = Bool.random(using: &generator) ? (snippets.randomElement(using: &generator) ?? "") : ""
                let before = incremental.source
                try incremental.replace(NSRange(location: location, length: length), with: snippet)
                let expected = try Self.full(incremental.source, options)
                #expect(
                    incremental.document.isEquivalent(to: expected),
                    "\(snippet.debugDescription) at \(location),\(length) in \(before.debugDescription): \(incremental.document.equivalenceFailure(comparedTo: expected) ?? "")"
                )
                #expect(incremental.document.html() == expected.html())
                total += 1
                if let reason = incremental.lastChange.fullParseReason { reasons[reason, default: 0] += 1 } else { partial += 1 }
            }
        }
        print("footnotes (\(layout)): \(partial) of \(total) edits re-parsed only part of the source; full parses: \(reasons)")
        // The snippets are mostly footnote syntax, so most edits make, break or relabel a reference
        // or a definition and parse everything; those that do not are partial.
        #expect(partial * 20 >= total, "\(partial) of \(total)")
    }

    @Test("A definition whose label spans lines, at the start of a paragraph, still links after an edit in that paragraph")
    func multiLineLabelBeforeAParagraph() throws {
        for source in ["[Foo\n  bar]: /url\nabcdefgh\n\nxyz\n[Baz][Foo bar]\n", "[Foo bar]: /url\nabcdefgh\n\nxyz\n[Baz][Foo bar]\n"] {
            var incremental = try IncrementalMarkdownDocument(source: source)
            try incremental.replace((source as NSString).range(of: "cdef"), with: "")
            let expected = try Self.full(incremental.source)
            #expect(
                incremental.document.isEquivalent(to: expected), "\(incremental.document.equivalenceFailure(comparedTo: expected) ?? "")")
            #expect(incremental.document.html().contains("<a href=\"/url\">Baz</a>"))
            #expect(incremental.lastChange.fullParseReason == nil)
        }
    }

    @Test("Lines ended by a carriage return alone are counted as libcmark-gfm counts them: edits there re-parse only their blocks")
    func carriageReturnLineEndings() throws {
        // Old Mac line endings, and all three kinds mixed.
        let sources = [
            "# Title\r\rFirst paragraph\rwith two lines.\r\r- one\r- two\r\r> quote\r\r```\rcode\r```\r\rLast.\r",
            "# Title\r\n\r\nFirst\rsecond\n\n- one\r\n- two\r\rPlain.\n\r[x]: /u\r\rSee [x].",
        ]
        let snippets = ["\r", "\n", "\r\n", "\r\r", "x", "- ", "# ", "> ", "```\r", "[x]", " "]
        var generator = SeededRandom(seed: 0xC4)
        var partial = 0
        var total = 0
        for source in sources {
            var incremental = try IncrementalMarkdownDocument(source: source)
            for _ in 0..<150 {
                let count = incremental.sourceUTF16Count
                let location = Int.random(in: 0...count, using: &generator)
                let length = Int.random(in: 0...min(3, count - location), using: &generator)
                let snippet = snippets.randomElement(using: &generator) ?? ""
                try incremental.replace(NSRange(location: location, length: length), with: snippet)
                let expected = try Self.full(incremental.source)
                #expect(
                    incremental.document.isEquivalent(to: expected),
                    "\(snippet.debugDescription) at \(location),\(length) in \(incremental.source.debugDescription): \(incremental.document.equivalenceFailure(comparedTo: expected) ?? "")"
                )
                #expect(incremental.lastChange.fullParseReason?.contains("carriage return") != true)
                total += 1
                if incremental.lastChange.fullParseReason == nil { partial += 1 }
            }
        }
        // Most edits re-parse only part of the source (the others make or change definitions).
        print("carriage returns: \(partial) of \(total) edits re-parsed only part of the source")
        #expect(partial * 10 >= total * 8, "\(partial) of \(total) partial")
    }

    @Test("A definition-like line with a label outside ASCII in a code block is no definition: edits around it re-parse part")
    func definitionLikeLinesInCode() throws {
        let sources = [
            "# Samples\n\n    % tool\n    [ΑΓΩ]: /φου\n\n    [αγω]\n\nSee [αγω] and [foo].\n\n[foo]: /url\n",
            "Intro.\n\n```\n[ΑΓΩ]: /φου\n```\n\n<div>\n[ü]: /x\n</div>\n\n[ΑΓΩ] here.\n",
        ]
        let snippets = ["x", "\n", "    [é]: /e\n", "[ΑΓΩ]", "é", " "]
        var generator = SeededRandom(seed: 0xA6)
        for source in sources {
            // Appended line by line, as a stream does: no append parses everything.
            var incremental = try IncrementalMarkdownDocument(source: "")
            for line in source.split(separator: "\n", omittingEmptySubsequences: false).dropLast() {
                try incremental.replace(NSRange(location: incremental.sourceUTF16Count, length: 0), with: line + "\n")
                #expect(incremental.lastChange.fullParseReason == nil, "\(line): \(incremental.lastChange.fullParseReason ?? "")")
            }
            #expect(incremental.document.isEquivalent(to: try Self.full(source)))
            // Then typed into, anywhere.
            var partial = 0
            for _ in 0..<60 {
                let count = incremental.sourceUTF16Count
                let location = Int.random(in: 0...count, using: &generator)
                let length = Int.random(in: 0...min(2, count - location), using: &generator)
                let snippet = snippets.randomElement(using: &generator) ?? ""
                let range = NSRange(location: location, length: length)
                guard let swiftRange = Range(range, in: incremental.source),
                    incremental.source.utf16.distance(from: incremental.source.utf16.startIndex, to: swiftRange.lowerBound) == location
                else { continue }
                try incremental.replace(range, with: snippet)
                let expected = try Self.full(incremental.source)
                #expect(
                    incremental.document.isEquivalent(to: expected),
                    "\(snippet.debugDescription) at \(location),\(length) in \(incremental.source.debugDescription): \(incremental.document.equivalenceFailure(comparedTo: expected) ?? "")"
                )
                if incremental.lastChange.fullParseReason == nil { partial += 1 }
            }
            #expect(partial > 0)
        }
    }

    @Test("A definition that an opened fence or HTML block takes in is removed, and one it lets go is made, for the blocks before it too")
    func definitionsTakenInByCode() throws {
        // (source, the text replaced, its replacement)
        let cases = [
            ("See [a] first.\n\nText\n\n[a]: /u\n", "Text", "```"),
            ("See [a] first.\n\nText\n\n[a]: /u\n", "Text", "<div>"),
            ("See [a] first.\n\n```\n\n[a]: /u\n", "```", "Text"),
            ("See [a] first.\n\n~~~\n\n[a]: /u\n\n~~~\n\nAfter [a].\n", "~~~\n\n[a]", "~~~\n\n    [a]"),
        ]
        for (source, old, replacement) in cases {
            var incremental = try IncrementalMarkdownDocument(source: source)
            let range = (source as NSString).range(of: old)
            try incremental.replace(range, with: replacement)
            let expected = try Self.full(incremental.source)
            #expect(
                incremental.document.isEquivalent(to: expected),
                "\(incremental.source.debugDescription): \(incremental.document.html()) against \(expected.html())")
            #expect(incremental.lastChange.fullParseReason == nil)
        }
    }

    @Test("A fence typed, closed or removed above a footnote definition: the definition comes and goes as a full parse reads it")
    func fencesAboveFootnoteDefinitions() throws {
        for steps in [
            [(9, 0, "```\n"), (13, 0, "code\n"), (18, 0, "```\n")],  // typed and closed
            [(9, 0, "```\n"), (13, 0, "code\n"), (18, 0, "```\n"), (9, 4, "")],  // the opening fence removed
            [(9, 0, "<!--\n"), (14, 0, "-->\n")],
        ] {
            var incremental = try IncrementalMarkdownDocument(source: "See[^1]\n\nPara\n\n[^1]: note\n")
            for (location, length, text) in steps {
                try incremental.replace(NSRange(location: location, length: length), with: text)
                let expected = try Self.full(incremental.source)
                #expect(
                    incremental.document.isEquivalent(to: expected),
                    "\(incremental.source.debugDescription): \(incremental.document.equivalenceFailure(comparedTo: expected) ?? "")")
            }
        }
    }

    @Test(
        "A U+FEFF typed at a block's start stays (a region parsed alone skipped it); a byte order mark before front matter stays in the Markdown"
    )
    func byteOrderMarks() throws {
        var incremental = try IncrementalMarkdownDocument(source: "Text\n\nMore\n")
        try incremental.replace(utf8Range: 6..<6, with: "\u{FEFF}")
        #expect(incremental.document.text == "Text\n\u{FEFF}More\n")
        #expect(incremental.document.isEquivalent(to: try Self.full(incremental.source)))
        var marked = try IncrementalMarkdownDocument(source: "\u{FEFF}---\ntitle: x\n---\n\nPara one\n\nPara two\n")
        try marked.replace(utf8Range: 35..<35, with: "x")
        #expect(marked.lastChange.fullParseReason == nil)
        #expect(marked.document.markdown() == marked.source)
        var editable = EditableIntentDocument(marked.document)
        try editable.replace(NSRange(location: 0, length: 0), with: "Z")
        #expect(editable.document.markdown().hasPrefix("\u{FEFF}---\ntitle: x\n---\n\nZPara one\n"))
    }

    @Test("Front matter whose deciding lines run past the first 4 KiB: an edit there parses everything")
    func longFrontMatterDecidingLines() throws {
        let comments = String(repeating: "# a comment line of YAML front matter\n", count: 120)
        var incremental = try IncrementalMarkdownDocument(source: "---\n" + comments + "\nText\n\n---\n\nAfter\n")
        #expect(incremental.document.frontMatter == nil)
        let location = (incremental.source as NSString).range(of: "Text").location
        try incremental.replace(NSRange(location: location, length: 4), with: "title: x")
        let expected = try Self.full(incremental.source)
        #expect(expected.frontMatter != nil)
        #expect(incremental.document.frontMatter == expected.frontMatter)
        #expect(incremental.document.isEquivalent(to: expected))
    }

    @Test("Edits inside front matter re-parse only the first blocks; front matter made, ended or closed further down parses as a whole")
    func frontMatterEdits() throws {
        var incremental = try IncrementalMarkdownDocument(source: "---\ntitle: Notes\ntags: [a]\n---\n# Notes\n\nFirst.\n\nSecond.\n")
        func expectFullParseEquality(_ step: String) throws {
            let expected = try Self.full(incremental.source)
            #expect(
                incremental.document.isEquivalent(to: expected),
                "\(step): \(incremental.document.equivalenceFailure(comparedTo: expected) ?? "")")
            #expect(incremental.document.frontMatter == expected.frontMatter, "\(step)")
        }
        let second = try #require(Self.topLevelIdentities(incremental.document).last)
        // Typing in the front matter: a partial update, and the document's front matter follows.
        try incremental.replace(NSRange(location: 11, length: 5), with: "Field notes")
        #expect(incremental.lastChange.fullParseReason == nil, "\(incremental.lastUpdate)")
        #expect(incremental.document.frontMatter?.content == "title: Field notes\ntags: [a]\n")
        try expectFullParseEquality("typed in the front matter")
        try incremental.replace(NSRange(location: 4, length: 0), with: "draft: true\n")
        #expect(incremental.lastChange.fullParseReason == nil, "\(incremental.lastUpdate)")
        try expectFullParseEquality("added a line")
        #expect(Self.topLevelIdentities(incremental.document).last == second)
        // Removing the closing line makes the lines Markdown: the whole source is parsed.
        let closing = (incremental.source as NSString).range(of: "\n---\n")
        try incremental.replace(NSRange(location: closing.location + 1, length: 4), with: "")
        #expect(incremental.lastChange.fullParseReason?.contains("front matter") == true)
        try expectFullParseEquality("closing line removed")
        // An opening line typed at the top, closed by a line inside a later block, is found.
        var opened = try IncrementalMarkdownDocument(source: "title: Intro\n\n```\n---\n```\n\nLast.\n")
        try opened.replace(NSRange(location: 0, length: 0), with: "---\n")
        let expected = try Self.full(opened.source)
        #expect(expected.frontMatter != nil)
        #expect(opened.document.isEquivalent(to: expected), "\(opened.document.equivalenceFailure(comparedTo: expected) ?? "")")
        #expect(opened.document.frontMatter == expected.frontMatter)
        // A first line that opens no front matter yet (a thematic break) is closed by a line an
        // edit further down makes: typed at the end, or made by deleting what preceded `---`.
        for (source, edit, text) in [
            ("---\n\na: \"\"\"\n\"\"---\nBa\n", NSRange(location: 21, length: 0), "---\n"),
            ("---\n\na: \"\"\"\n\"\"---\nBa\n", NSRange(location: 12, length: 2), ""),
            ("+++\nkey = 1\n\nText +++\n", NSRange(location: 13, length: 5), ""),
            // The first content line after a comment (`# H`, a heading in Markdown) made a
            // mapping key: the lines up to the closing line are front matter now.
            ("---\n# H\n\nText\n\nkey: v\n---\nEnd\n", NSRange(location: 9, length: 4), "a: b"),
        ] {
            var closed = try IncrementalMarkdownDocument(source: source)
            #expect(closed.document.frontMatter == nil)
            try closed.replace(edit, with: text)
            let expected = try Self.full(closed.source)
            #expect(expected.frontMatter != nil, "\(closed.source.debugDescription)")
            #expect(closed.document.isEquivalent(to: expected), "\(closed.document.equivalenceFailure(comparedTo: expected) ?? "")")
            #expect(closed.document.frontMatter == expected.frontMatter)
            #expect(closed.lastChange.fullParseReason?.contains("front matter") == true, "\(closed.lastUpdate)")
        }
    }

    /// The lines of `text` around `range` out to the nearest blank line (or the text's end) on
    /// each side: the stretch a definition spanning lines would lie in.
    static func stretch(of text: String, around range: NSRange) -> String {
        let units = Array(text.utf16)
        let isEnding = { (unit: UInt16) in unit == 10 || unit == 13 }
        let isBlank = { (lower: Int, upper: Int) in units[lower..<upper].allSatisfy { $0 == 32 || $0 == 9 } }
        var lower = min(range.location, units.count)
        while lower > 0, !isEnding(units[lower - 1]) { lower -= 1 }
        var upper = min(units.count, range.location + range.length)
        while upper < units.count, !isEnding(units[upper]) { upper += 1 }
        // Out over the non-blank lines before and after.
        while lower > 0 {
            var end = lower - 1
            if end > 0, units[end] == 10, units[end - 1] == 13 { end -= 1 }
            var start = end
            while start > 0, !isEnding(units[start - 1]) { start -= 1 }
            if isBlank(start, end) { break }
            lower = start
        }
        while upper < units.count {
            var start = upper + 1
            if units[upper] == 13, start < units.count, units[start] == 10 { start += 1 }
            var end = start
            while end < units.count, !isEnding(units[end]) { end += 1 }
            if isBlank(start, end) { break }
            upper = end
        }
        return String(decoding: units[lower..<upper], as: UTF16.self)
    }

    @Test("A definition inside a list item or a block quote, made, changed or removed, re-parses the blocks that hold or use it")
    func definitionInsideBlocks() throws {
        let source = "Uses [x] and [y].\n\nOther.\n\nA list's region starts here.\n\n- item\n\n  [x]: /list\n\n> [y]: /quote\n\nEnd [x].\n"
        var incremental = try IncrementalMarkdownDocument(source: source)
        let other = incremental.document.blockKinds[1].identity
        #expect(incremental.document.html().hasPrefix("<p>Uses <a href=\"/list\">x</a> and <a href=\"/quote\">y</a>.</p>"))
        var steps: [(String, String, String)] = [
            ("[x]: /list", "[x]: /changed", "<a href=\"/changed\">x</a> and <a href=\"/quote\">y</a>"),
            ("> [y]: /quote", "> [y]: /moved 'T'", "<a href=\"/moved\" title=\"T\">y</a>"),
            ("  [x]: /changed", "  [z]: /other", "Uses [x] and"),
        ]
        // A second definition of `y` between blocks, after the quote's: the quote's stays first.
        steps.append(("End [x].\n", "End [x].\n\n[y]: /later\n", "<a href=\"/moved\" title=\"T\">y</a>"))
        for (old, new, expected) in steps {
            let location = try #require(incremental.source.range(of: old)).lowerBound.utf16Offset(in: incremental.source)
            try incremental.replace(NSRange(location: location, length: old.utf16.count), with: new)
            #expect(incremental.lastChange.fullParseReason == nil, "\(new)")
            #expect(incremental.document.isEquivalent(to: try Self.full(incremental.source)), "\(new)")
            #expect(incremental.document.html().contains(expected), "\(new)")
            // "Other." refers to no label and is in no region: it keeps its identity.
            #expect(incremental.document.blockKinds[1].identity == other)
        }
    }

    @Test("A definition that more than 64 blocks use parses everything, and the change still rebuilds the new text from the old")
    func definitionUsedEverywhere() throws {
        var incremental = try IncrementalMarkdownDocument(source: String(repeating: "Uses [x] here.\n\n", count: 70) + "End.\n")
        let old = Array(incremental.document.text.utf8)
        try incremental.append("\n[x]: /u\n")
        let change = incremental.lastChange
        let new = Array(incremental.document.text.utf8)
        #expect(change.fullParseReason == "many blocks refer to a changed link reference definition")
        #expect(change.replacedTextUTF8 == 0..<old.count)
        #expect(change.insertedTextUTF8 == 0..<new.count)
        #expect(incremental.document.isEquivalent(to: try Self.full(incremental.source)))
    }

    @Test(
        "Random edits on corpus documents: the incremental result always equals a full parse, and the change rebuilds the new text from the old (property)",
        arguments: BlockSeparation.allCases)
    func randomEdits(layout: BlockSeparation) throws {
        var options = MarkdownParsingOptions()
        options.blockSeparation = layout
        var generator = SeededRandom(seed: 0x1C4E)
        var documents = try ParsingFixtures.names.map { String(decoding: try ParsingFixtures.source($0), as: UTF8.self) }
        // The bundled documents, and the first 80 KB of the real-world one when the corpus is there.
        for url in TestPaths.documents() {
            documents.append(String(decoding: try Data(contentsOf: url).prefix(80_000), as: UTF8.self))
        }
        let snippets = [
            "x", " ", "\n", "\n\n", "- ", "* ", "1. ", "> ", "# ", "    ", "```\n", "~~~", "<div>\n", "| a | b |\n| - | - |\n",
            "**", "_", "`", "[", "](u)", "---\n", "===\n", "  \n", "text\nmore", "- [ ] ", "漢字", "🙂", "[!NOTE]\n", "> [!TIP]\n", "+++\n",
            "\n[ref]: /changed\n", "[ref]", "[x]: /u \"t\"\n", "[id]", "\n\n[shortcut]: /other\n",
        ]
        var partial = 0
        var total = 0
        var reasons: [String: Int] = [:]
        var untouched = 0
        var untouchedPartial = 0
        var untouchedReasons: [String: Int] = [:]
        for document in documents where !document.isEmpty {
            var incremental = try IncrementalMarkdownDocument(source: document, options: options)
            for _ in 0..<25 {
                let count = incremental.source.utf16.count
                var location = Int.random(in: 0...count, using: &generator)
                var length = count - location > 0 ? Int.random(in: 0...min(12, count - location), using: &generator) : 0
                let utf16 = Array(incremental.source.utf16)
                if location > 0, location < utf16.count, UTF16.isTrailSurrogate(utf16[location]) { location -= 1 }
                if location + length < utf16.count, UTF16.isTrailSurrogate(utf16[location + length]) { length += 1 }
                let snippet = Bool.random(using: &generator) ? (snippets.randomElement(using: &generator) ?? "") : ""
                // Whether the edit touches a definition: the stretch of non-blank lines it changes
                // holds `]:` before or after it (a definition's label, destination and title may be
                // on lines of their own, so a line of the stretch without `]:` may belong to one).
                let source = incremental.source
                let after = (source as NSString).replacingCharacters(in: NSRange(location: location, length: length), with: snippet)
                let touchesDefinition =
                    Self.stretch(of: source, around: NSRange(location: location, length: length)).contains("]:")
                    || Self.stretch(of: after, around: NSRange(location: location, length: (snippet as NSString).length)).contains("]:")
                let oldDocument = incremental.document
                let oldText = Array(oldDocument.text.utf8)
                try incremental.replace(NSRange(location: location, length: length), with: snippet)
                // The change's text ranges turn the old text into the new one (what a view redraws).
                let change = incremental.lastChange
                let newText = Array(incremental.document.text.utf8)
                // Every top-level block the change does not report removed keeps its identity, in
                // order; the rest are the blocks it reports added.
                let (removed, added) = (Set(change.removedIdentities), Set(change.addedIdentities))
                #expect(
                    Self.topLevelIdentities(oldDocument).filter { !removed.contains($0) }
                        == Self.topLevelIdentities(incremental.document).filter { !added.contains($0) },
                    "identities after \(snippet.debugDescription) at \(location),\(length)")
                #expect(change.replacedTextUTF8.upperBound <= oldText.count && change.insertedTextUTF8.upperBound <= newText.count)
                if change.replacedTextUTF8.upperBound <= oldText.count, change.insertedTextUTF8.upperBound <= newText.count {
                    let rebuilt =
                        oldText[..<change.replacedTextUTF8.lowerBound] + newText[change.insertedTextUTF8]
                        + oldText[change.replacedTextUTF8.upperBound...]
                    #expect(Array(rebuilt) == newText, "\(change)")
                }
                let expected = try Self.full(incremental.source, options)
                #expect(
                    incremental.document.isEquivalent(to: expected),
                    "after \(snippet.debugDescription) at \(location),\(length): \(incremental.document.equivalenceFailure(comparedTo: expected) ?? "")"
                )
                total += 1
                if !touchesDefinition { untouched += 1 }
                switch incremental.lastUpdate {
                case .partial:
                    partial += 1
                    if !touchesDefinition { untouchedPartial += 1 }
                case .full(let reason):
                    reasons[reason, default: 0] += 1
                    if !touchesDefinition { untouchedReasons[reason, default: 0] += 1 }
                }
            }
        }
        print(
            "incremental (\(layout)): \(partial) of \(total) random edits re-parsed only part of the document; "
                + "of the \(untouched) that touch no definition, \(untouchedPartial) (full parses among them: \(untouchedReasons)); "
                + "all full parses: \(reasons)")
        #expect(partial > total / 3)
        // At least 99% of the edits that touch no definition re-parse only part of the source.
        #expect(untouchedPartial * 100 >= untouched * 99, "\(untouchedPartial) of \(untouched): \(untouchedReasons)")
    }
}
