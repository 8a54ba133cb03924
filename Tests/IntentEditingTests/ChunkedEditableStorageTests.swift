import Foundation
import IntentModel
import SpecCorpus
import Testing

@testable import IntentEditing

/// `EditableIntentDocument` keeps its text in chunks and rebuilds only those around an edit: the
/// result must be what rebuilding the whole document gives (the storage's contract before it had
/// chunks), whatever the chunk size.
@Suite("Chunked editable storage", .tags(.corpus))
struct ChunkedEditableStorageTests {
    /// The storage without chunks: every edit rebuilds the whole document.
    struct WholeDocumentEditing {
        var document: IntentDocument
        var identityHighWater: Int

        init(_ document: IntentDocument) {
            var normalized = EditingLayout.normalized(document)
            normalized.renumberListItems()
            self.document = normalized
            identityHighWater = normalized.largestIdentity
        }

        mutating func replace(_ range: NSRange, with replacement: IntentDocument) throws -> EditorReplacement {
            let utf8Range = try EditingLayout.utf8Range(of: range, in: document.text)
            var proposal = replacement
            if proposal.storedRuns.contains(where: { $0.block != nil }),
                EditingLayout.endsBeforeTerminator(utf8Range.upperBound, in: document)
            {
                proposal = EditingLayout.droppingFinalLineEnd(of: proposal)
            }
            return replace(utf8Range: utf8Range, with: proposal.renumbered(above: identityHighWater), isInverse: false)
        }

        mutating func apply(_ replacement: EditorReplacement) throws -> EditorReplacement {
            replace(
                utf8Range: try EditingLayout.utf8Range(of: replacement.range, in: document.text), with: replacement.text, isInverse: true)
        }

        mutating func replace(utf8Range: Range<Int>, with replacement: IntentDocument, isInverse: Bool) -> EditorReplacement {
            let oldCount = document.text.utf8.count
            let (edited, touchedStart, touchedEnd) = EditingSplice.replace(
                in: document, utf8Range: utf8Range, with: replacement, joiningLists: !isInverse, identityFloor: identityHighWater)
            let removed = EditingLayout.slice(of: document, utf8Range: touchedStart..<touchedEnd)
            let newTouchedEnd = touchedEnd + edited.text.utf8.count - oldCount
            document = EditingLayout.canonicalCodeTerminators(in: edited, around: touchedStart..<newTouchedEnd)
            if isInverse { document.restoreListItemOrdinals(from: replacement) }
            document.renumberListItems()
            identityHighWater = max(identityHighWater, replacement.largestIdentity, document.largestIdentity)
            let text = document.text
            let start = text.utf16.distance(from: text.startIndex, to: text.utf8.index(text.startIndex, offsetBy: touchedStart))
            let end = text.utf16.distance(from: text.startIndex, to: text.utf8.index(text.startIndex, offsetBy: newTouchedEnd))
            return EditorReplacement(range: NSRange(location: start, length: end - start), text: removed)
        }
    }

    static func sources() throws -> [String] {
        var sources = [
            "# Title\n\nSome *text* here.\n\n- one\n- two\n  - nested\n\n> quote\n\n```\ncode\nmore\n```\n\n| a | b |\n| - | - |\n| c | d |\n\n---\n\n1. x\n2. y\n",
            "- a\n\n- b\n\n1. one\n1. two\n\npara\n\n- c\n- d\n\n> - e\n> - f\n\n2) g\n3) h\n",
        ]
        for url in TestPaths.documents() { sources.append(String(decoding: try Data(contentsOf: url).prefix(12_000), as: UTF8.self)) }
        return sources
    }

    @Test("Random edits and undos give what rebuilding the whole document gives, at every chunk size (property)", arguments: [1, 64, 2048])
    func matchesWholeDocumentRebuild(chunkBytes: Int) throws {
        var generator = SeededRandom(seed: 0xC4B + UInt64(chunkBytes))
        let insertions: [IntentDocument] = [
            IntentDocument(text: "x"), IntentDocument(text: "\n"), IntentDocument(text: "ab\ncd"), IntentDocument(text: ""),
            try IntentDocument(markdown: "## H\n\n- item\n"), try IntentDocument(markdown: "- a\n- b\n"),
            try IntentDocument(markdown: "1. c\n"),
            try IntentDocument(markdown: "*em* text"), try IntentDocument(markdown: "> q\n"), IntentDocument(text: "🙂\n\n"),
        ]
        var edits = 0
        for source in try Self.sources() {
            let parsed = try IntentDocument(markdown: source)
            var chunked = EditableIntentDocument(parsed, chunkBytes: chunkBytes)
            var whole = WholeDocumentEditing(parsed)
            var undo: [EditorReplacement] = []
            for step in 0..<150 {
                let inverse: EditorReplacement
                let expectedInverse: EditorReplacement
                let what: String
                if let last = undo.last, Int.random(in: 0..<4, using: &generator) == 0 {
                    undo.removeLast()
                    inverse = try chunked.apply(last)
                    expectedInverse = try whole.apply(last)
                    what = "undo \(last.range)"
                } else {
                    let count = whole.document.text.utf16.count
                    var location = count > 0 ? Int.random(in: 0...count, using: &generator) : 0
                    var length = count - location > 0 ? Int.random(in: 0...min(24, count - location), using: &generator) : 0
                    let utf16 = Array(whole.document.text.utf16)
                    if location > 0, location < utf16.count, UTF16.isTrailSurrogate(utf16[location]) { location -= 1 }
                    if location + length < utf16.count, UTF16.isTrailSurrogate(utf16[location + length]) { length += 1 }
                    let insertion = insertions.randomElement(using: &generator) ?? IntentDocument()
                    let range = NSRange(location: location, length: length)
                    inverse = try chunked.replace(range, with: insertion)
                    expectedInverse = try whole.replace(range, with: insertion)
                    undo.append(inverse)
                    what = "\(insertion.text.debugDescription) at \(range)"
                }
                edits += 1
                #expect(chunked.document == whole.document, "step \(step): \(what)")
                #expect(
                    inverse.range == expectedInverse.range && inverse.text == expectedInverse.text,
                    "step \(step): \(what): inverse \(inverse.range) against \(expectedInverse.range)")
                #expect(chunked.utf16Count == whole.document.text.utf16.count && chunked.utf8Count == whole.document.text.utf8.count)
                guard chunked.document == whole.document else { return }
            }
        }
        #expect(edits > 500)
    }

    @Test("An inverse whose identities a chunk far from the edit uses gets fresh ones, as a whole rebuild gives")
    func identitiesInUseFarAway() throws {
        let parsed = try IntentDocument(markdown: (1...40).map { "Paragraph \($0) with *words*.\n" }.joined(separator: "\n"))
        var chunked = EditableIntentDocument(parsed, chunkBytes: 1)
        var whole = WholeDocumentEditing(parsed)
        // The third paragraph (its block and its emphasis span), put back at the end as if it
        // were an undo: both identities are in use near the start.
        let third = try #require(whole.document.topLevelUnits().dropFirst(2).first)
        let copy = EditorReplacement(
            range: NSRange(location: whole.document.text.utf16.count, length: 0),
            text: EditingLayout.slice(of: whole.document, utf8Range: third.utf8Range))
        try chunked.apply(copy)
        _ = try whole.apply(copy)
        #expect(chunked.document == whole.document)
        let identities = chunked.document.blockIDs.map { chunked.document.identity(of: $0) }
        #expect(Set(identities).count == identities.count, "an identity is used twice")
    }

    @Test("An editor's session on a document of many chunks: a rewrite, typing, a split, a merge; undo to the start, redo to the end")
    func sessionAcrossChunks() throws {
        let source = try #require(try Self.sources().last)
        let parsed = try IntentDocument(markdown: source)
        var session = EditorSession(document: parsed, styleMapping: MarkdownStyleMapping())
        let start = session.storage.document
        #expect(session.storage.chunks.count > 5, "the document should span several chunks")
        var states = [start]
        // A Writing Tools rewrite of the paragraph around the middle, with blocks of its own.
        let middle = session.storage.utf16Count / 2
        let paragraph = try #require(session.storage.paragraphRange(aroundUTF16: middle))
        let context = try #require(try session.contexts(for: .userSelection, selection: paragraph).first)
        try session.replace(
            NSRange(location: paragraph.location - context.documentRange.location, length: paragraph.length - 1), in: context.identifier,
            proposedText: try IntentDocument(markdown: "## Rewritten\n\n- one\n- two\n"))
        states.append(session.storage.document)
        // The user types near the start and near the end, splits a paragraph and merges two.
        for (location, length, text) in [(3, 0, "typed "), (session.storage.utf16Count - 20, 2, "xy"), (40, 0, "\n"), (60, 3, "")] {
            try session.replace(NSRange(location: location, length: length), with: text)
            states.append(session.storage.document)
        }
        let end = session.storage.document
        for state in states.dropLast().reversed() {
            try session.undo()
            #expect(
                session.storage.document.isEquivalent(to: state), "\(session.storage.document.equivalenceFailure(comparedTo: state) ?? "")")
        }
        #expect(try session.undo() == nil)
        for state in states.dropFirst() {
            try session.redo()
            #expect(
                session.storage.document.isEquivalent(to: state), "\(session.storage.document.equivalenceFailure(comparedTo: state) ?? "")")
        }
        #expect(session.storage.document.isEquivalent(to: end))
        // What the editor reads between edits agrees with the document.
        #expect(String(end.text.utf16.dropFirst(3).prefix(6)) == "typed ")
        let run = try #require(session.storage.run(atUTF16: 5))
        #expect(NSLocationInRange(5, run.textUTF16Range))
        // Saved as Markdown: what the edits did not touch is the author's text.
        let markdown = session.storage.document.markdown()
        let sourceLines = Set(source.split(separator: "\n", omittingEmptySubsequences: false))
        let kept = markdown.split(separator: "\n", omittingEmptySubsequences: false).filter { sourceLines.contains($0) }.count
        #expect(kept * 10 > sourceLines.count * 8, "\(kept) of \(sourceLines.count) lines kept")
    }

    @Test("Contexts on a document of many chunks cover the paragraphs around the selection, and hold that text (property)")
    func contextsAcrossChunks() throws {
        var generator = SeededRandom(seed: 0xC0E7)
        let source = try #require(try Self.sources().last)
        var session = EditorSession(document: try IntentDocument(markdown: source), styleMapping: MarkdownStyleMapping())
        try session.replace(NSRange(location: 10, length: 0), with: "typed\n")
        let document = session.storage.document
        // The paragraphs, from the assembled document.
        var paragraphs: [NSRange] = []
        var utf16 = 0
        for leaf in document.leafBlocks() {
            let length = String(document.text(inUTF8Range: leaf.utf8Range)).utf16.count
            paragraphs.append(NSRange(location: utf16, length: length))
            utf16 += length
        }
        let count = session.storage.utf16Count
        for _ in 0..<60 {
            let location = Int.random(in: 0..<count, using: &generator)
            let selection = NSRange(location: location, length: Int.random(in: 1...min(80, count - location), using: &generator))
            for (scope, extra) in [(ContextScope.userSelection, 1), (.visibleArea, 0)] {
                let context = try #require(try session.contexts(for: scope, selection: selection).first)
                let first = try #require(paragraphs.firstIndex { NSMaxRange($0) > selection.location })
                let last = try #require(paragraphs.lastIndex { $0.location < NSMaxRange(selection) })
                let lower = paragraphs[max(0, first - extra)]
                let upper = paragraphs[min(paragraphs.count - 1, last + extra)]
                #expect(context.documentRange == NSRange(location: lower.location, length: NSMaxRange(upper) - lower.location))
                let utf8 = try EditingLayout.utf8Range(of: context.documentRange, in: document.text)
                #expect(context.text == EditingLayout.slice(of: document, utf8Range: utf8), "\(scope) \(selection)")
                session.finish(contextWithIdentifier: context.identifier)
            }
        }
    }

    @Test("Runs, paragraph ranges and offset conversions match the assembled document (property)")
    func queriesMatchTheDocument() throws {
        var generator = SeededRandom(seed: 0x0FF5)
        var checked = 0
        for source in try Self.sources() {
            var editable = EditableIntentDocument(try IntentDocument(markdown: source), chunkBytes: 64)
            for round in 0..<3 {
                if round > 0 {
                    try editable.replace(
                        NSRange(location: editable.utf16Count / 2, length: 0), with: try IntentDocument(markdown: "- a\n\n*b* é🙂\n"))
                }
                let document = editable.document
                let runs = IncrementalQueriesTests.runs(of: document)
                for _ in 0..<40 where !runs.isEmpty {
                    let offset = Int.random(in: 0..<editable.utf16Count, using: &generator)
                    guard let expected = runs.first(where: { NSLocationInRange(offset, $0.range) }) else { continue }
                    let found = editable.run(atUTF16: offset)
                    #expect(found?.textUTF16Range == expected.range)
                    #expect(found?.presentationIntent == expected.run.presentationIntent)
                    #expect(found?.inlinePresentationIntent == expected.run.inlinePresentationIntent)
                    #expect(found?.attributes == expected.run.attributes)
                    #expect(found.map { document.text.utf8.count >= $0.textUTF8Range.upperBound } == true)
                    // The paragraph: the neighbouring runs with the same leaf.
                    let leaf = expected.run.presentationIntent?.components.first?.identity
                    guard let hit = runs.firstIndex(where: { $0.range == expected.range }) else { continue }
                    var lower = hit
                    var upper = hit
                    while lower > 0, runs[lower - 1].run.presentationIntent?.components.first?.identity == leaf { lower -= 1 }
                    while upper + 1 < runs.count, runs[upper + 1].run.presentationIntent?.components.first?.identity == leaf { upper += 1 }
                    let paragraph = NSRange(
                        location: runs[lower].range.location, length: NSMaxRange(runs[upper].range) - runs[lower].range.location)
                    #expect(editable.paragraphRange(aroundUTF16: offset) == paragraph)
                    let window = NSRange(location: offset, length: min(30, editable.utf16Count - offset))
                    let inWindow = runs.filter { NSMaxRange($0.range) > window.location && $0.range.location < NSMaxRange(window) }
                    #expect(editable.runs(inUTF16: window).map(\.textUTF16Range) == inWindow.map(\.range))
                    // Offsets convert both ways as String does.
                    let text = document.text
                    let index = text.utf16.index(text.utf16.startIndex, offsetBy: expected.range.location)
                    let utf8 = text.utf8.distance(from: text.startIndex, to: index)
                    #expect(try editable.utf8Offset(ofUTF16: expected.range.location) == utf8)
                    #expect(try editable.utf16Offset(ofUTF8: utf8) == expected.range.location)
                    checked += 1
                }
            }
        }
        #expect(checked > 300)
        let small = EditableIntentDocument(try IntentDocument(markdown: "é🙂\n"))
        #expect(try small.utf8Offset(ofUTF16: 3) == 6)
        #expect(throws: IntentMarkError.self) { try small.utf8Offset(ofUTF16: 2) }
        #expect(throws: IntentMarkError.self) { try small.utf16Offset(ofUTF8: 1) }
        #expect(throws: IntentMarkError.self) { try small.utf8Offset(ofUTF16: -1) }
        #expect(
            small.run(atUTF16: 99) == nil && small.paragraphRange(aroundUTF16: -1) == nil
                && small.runs(inUTF16: NSRange(location: 9, length: 1)).isEmpty)
    }
}
