import Foundation
import IntentEditing
import IntentModel
import IntentWriters
import MarkdownParsing
import SpecCorpus
import Testing

/// Source-preserving writes through the editing layer: after one edit of an
/// ``IntentEditing/EditableIntentDocument`` made from parsed Markdown, the written Markdown keeps
/// every top-level block the edit did not touch, and everything between blocks, byte for byte
/// and in order — and inside a touched list or block quote, every item and quoted block the edit
/// did not touch, at any depth, save what Markdown forces (``EditedBlocks``) — and reads back to
/// the edited document wherever writing anew does.
@Suite("Markdown written from its source after an edit", .tags(.corpus))
struct SourcePreservingEditTests {
    /// The documents: every parsing fixture of full syntax, the bundled documents and the first
    /// 60 KB of the real-world one when the corpus is there.
    static func documents() throws -> [(name: String, source: String, options: MarkdownParsingOptions)] {
        var result: [(String, String, MarkdownParsingOptions)] = []
        for name in ParsingFixtures.names {
            let options = try ParsingFixtures.options(name)
            guard options.interpretedSyntax == .full else { continue }
            result.append((name, String(decoding: try ParsingFixtures.source(name), as: UTF8.self), options))
        }
        for url in TestPaths.documents() {
            result.append((url.lastPathComponent, String(decoding: try Data(contentsOf: url).prefix(60_000), as: UTF8.self), .default))
        }
        return result
    }

    @Test(
        "random single edits change only the lines of the blocks they touch: top-level blocks, and items of lists and children of block quotes (property)"
    )
    func randomEdits() throws {
        var generator = SeededRandom(seed: 0x5EED_0016)
        let snippets = ["", "x", " word", "\n", "\n\n", "*", "# ", "- ", "[", "`", "é", "🙂", "> ", "1. ", "|"]
        var total = 0
        var preservedBlocks = 0
        var preservedChildren = 0
        var inexpressible = 0
        for (name, source, options) in try Self.documents() where !source.isEmpty {
            let parsed = try IntentDocument(markdown: source, options: options)
            let map = try #require(parsed.markdownSource, "\(name) has no source map")
            for _ in 0..<45 {
                let utf16 = Array(parsed.text.utf16)
                var location = Int.random(in: 0...utf16.count, using: &generator)
                var length = utf16.count - location > 0 ? Int.random(in: 0...min(8, utf16.count - location), using: &generator) : 0
                if location > 0, location < utf16.count, UTF16.isTrailSurrogate(utf16[location]) { location -= 1 }
                if location + length < utf16.count, UTF16.isTrailSurrogate(utf16[location + length]) { length += 1 }
                let snippet = snippets.randomElement(using: &generator) ?? ""
                var editable = EditableIntentDocument(parsed)
                try editable.replace(NSRange(location: location, length: length), with: snippet)
                let written = editable.document.markdown()
                total += 1
                let label = "\(name): \(snippet.debugDescription) at \(location),\(length)"
                // The top-level blocks the edit touched: those of the characters it replaced and
                // of the characters on either side.
                let lower = String(decoding: utf16[..<location], as: UTF16.self).utf8.count
                let upper = lower + String(decoding: utf16[location..<(location + length)], as: UTF16.self).utf8.count
                let touched = parsed.touchedIdentities(
                    inUTF8Range: max(0, lower - 1)..<min(parsed.text.utf8.count, max(upper, lower) + 1))
                let reread = try IntentDocument(markdown: written, options: options)
                let now = EditedBlocks(editable.document, written: reread)
                let kept = Self.keptInOrder(map, touched: touched, now: now, written: written)
                #expect(kept.failure == nil, "\(label): \(kept.failure ?? "")\n--- written\n\(written)")
                preservedBlocks += kept.blocks
                preservedChildren += kept.children
                // It reads back to the edited document wherever writing anew does (an edit can make
                // a document Markdown cannot say, such as a table cell holding a line break).
                let anewWritten = editable.document.markdown(options: MarkdownWritingOptions(preservesSource: false))
                if try IntentDocument(markdown: anewWritten, options: options).isEquivalent(to: editable.document) {
                    #expect(
                        reread.isEquivalent(to: editable.document),
                        "\(label): \(reread.equivalenceFailure(comparedTo: editable.document) ?? "")\n--- written\n\(written)")
                } else {
                    inexpressible += 1
                }
            }
        }
        print(
            "source-preserving edits: \(total) single edits, \(preservedBlocks) untouched top-level blocks and \(preservedChildren) untouched items and quoted blocks inside touched ones written from source; "
                + "\(inexpressible) edited documents Markdown cannot say exactly (written anew or not)")
        #expect(total >= 2000)
        #expect(preservedChildren >= 300)
    }

    /// `source` parsed, `replacement` put at the first occurrence of `target` in its text
    /// (replacing `length` UTF-16 units), and written back.
    static func edited(_ source: String, at target: String, replacing length: Int = 0, with replacement: String) throws -> String {
        let parsed = try IntentDocument(markdown: source)
        let text = parsed.text
        let found = try #require(text.range(of: target))
        var editable = EditableIntentDocument(parsed)
        let location = text.utf16.distance(from: text.startIndex, to: found.lowerBound)
        try editable.replace(NSRange(location: location, length: length), with: replacement)
        return editable.document.markdown()
    }

    @Test("inside a list or a block quote, only the touched item's lines change; numbers in sequence follow the items")
    func insideContainers() throws {
        // The author's spacing after each marker stays on the items not edited (and, learned, is
        // the edited item's too).
        #expect(
            try Self.edited("Intro\n\n*   first   item\n*   second  item\n*   third   item\n", at: "second", with: "new ")
                == "Intro\n\n*   first   item\n*   new second  item\n*   third   item\n")
        // In a block quote, around a nested list: the nested item's siblings keep their lines.
        #expect(
            try Self.edited("> - a\n>    1.  b\n>    2.  c\n> - d\n", at: "c", with: "see ")
                == "> - a\n>    1.  b\n>   2. see c\n> - d\n")
        // Items numbered in sequence take their numbers now; `1.` on every item stays as written.
        #expect(try Self.edited("1.  one\n2.  two\n3.  three\n", at: "two", with: "new\n") == "1.  one\n2.  new\n3.  two\n4.  three\n")
        #expect(try Self.edited("1. one\n1. two\n1. three\n", at: "two", with: "new\n") == "1. one\n2. new\n3. two\n1. three\n")
        // CRLF stays CRLF on the lines written anew.
        #expect(try Self.edited("- a\r\n- b\r\n- c\r\n", at: "b", with: "x") == "- a\r\n- xb\r\n- c\r\n")
        // An item whose first line (its marker's) is gone is written whole, and so are the blank
        // lines next to it (the list is loose).
        #expect(try Self.edited("- a\n-   b\n\n    > q\n- c\n", at: "b", replacing: 2, with: "") == "- a\n\n- > q\n\n- c\n")
    }

    @Test("definitions that a block written anew took with it are written at the end while links use them")
    func definitionsOfRewrittenBlocksStay() throws {
        for (source, target, definitions) in [
            // A table under a paragraph line: the whole source is one group, written anew.
            (
                "See the [docs][d] for details.\n\nResults:\n| Name | Value |\n|------|-------|\n| a    | 1     |\n\nMore at [site][s].\n\n[d]: https://docs.example\n[s]: https://site.example\n",
                "See", ["[d]: https://docs.example", "[s]: https://site.example"]
            ),
            // A definition inside a paragraph, a list item, a quote.
            ("See [a].\n\n[a]: /a\nMore text.\n", "More", ["[a]: /a"]), ("- See [a].\n\n  [a]: /a\n- More text.\n", "See", ["[a]: /a"]),
            ("> See [a].\n>\n> [a]: /a\n\nMore.\n", "See", ["[a]: /a"]),
            ("[img]: /logo.png \"Logo\"\nSee ![logo][img].\n", "See", ["[img]: /logo.png \"Logo\""]),
        ] {
            let written = try Self.edited(source, at: target, with: "x")
            var editable = EditableIntentDocument(try IntentDocument(markdown: source))
            let location = (editable.document.text as NSString).range(of: target).location
            try editable.replace(NSRange(location: location, length: 0), with: "x")
            #expect(try IntentDocument(markdown: written).isEquivalent(to: editable.document), "\(written.debugDescription)")
            for definition in definitions { #expect(written.contains(definition + "\n"), "\(written.debugDescription)") }
        }
        // A definition no link uses any more is not brought back.
        #expect(try Self.edited("[a]: /a\nSee [a].\n", at: "See a", replacing: 5, with: "Gone") == "Gone.\n")
        #expect(try Self.edited("[a]: /a\nSee [a].\n", at: "See", with: "x") == "xSee [a][].\n\n[a]: /a\n")
        // After an incremental update, in a document with footnotes (its source one group).
        var incremental = try IncrementalMarkdownDocument(source: "See [c][x] and [^1].\n\nMore.\n\n[x]: /x\n\n[^1]: used\n")
        try incremental.replace(utf8Range: 23..<23, with: "Z")
        var editable = EditableIntentDocument(incremental.document)
        try editable.replace(NSRange(location: 0, length: 0), with: "A ")
        let written = editable.document.markdown()
        #expect(written.contains("[x]: /x\n"))
        #expect(try IntentDocument(markdown: written).isEquivalent(to: editable.document))
    }

    @Test("a list item ending in a fence left open is written anew with its list, not spliced (the splice's ranges crossed and trapped)")
    func itemEndingInOpenFence() throws {
        for (source, target) in [
            ("- item\n  ```\n- two\n", "item"), ("- item\n  ```\n  code\n- two\n", "code"), ("1. item\n   ~~~\n   code\n2. two\n", "item"),
            ("- item\n    ```\n- two\n", "item"),
        ] {
            let written = try Self.edited(source, at: target, with: "x")
            var editable = EditableIntentDocument(try IntentDocument(markdown: source))
            let location = (editable.document.text as NSString).range(of: target).location
            try editable.replace(NSRange(location: location, length: 0), with: "x")
            #expect(
                try IntentDocument(markdown: written).isEquivalent(to: editable.document),
                "\(source.debugDescription) → \(written.debugDescription)")
        }
    }

    @Test("blocks deleted at the end leave no blank line behind them; between two gaps, no doubled blank line")
    func deletedBlocksLeaveNoBlankLines() throws {
        // Everything deleted, then typed: the new paragraph alone (it was "new\n\n").
        for source in ["# T\n\nBody text.\n", "A\n\nB\n\nC\n"] {
            var document = EditableIntentDocument(try IntentDocument(markdown: source))
            try document.replace(NSRange(location: 0, length: (document.document.text as NSString).length), with: "")
            try document.replace(NSRange(location: 0, length: 0), with: "new")
            #expect(document.document.markdown() == "new\n", "\(source.debugDescription)")
        }
        // The last block deleted: the blank line that separated it goes with it.
        var trimmed = EditableIntentDocument(try IntentDocument(markdown: "A\n\nB\n"))
        try trimmed.replace(NSRange(location: 1, length: 2), with: "")
        #expect(trimmed.document.markdown() == "A\n")
        // A definition after the deleted block keeps one blank line before it, not two.
        var definition = EditableIntentDocument(try IntentDocument(markdown: "a\n\nb\n\n[r]: /u\n"))
        try definition.replace(NSRange(location: 0, length: (definition.document.text as NSString).length), with: "")
        try definition.replace(NSRange(location: 0, length: 0), with: "new")
        #expect(definition.document.markdown() == "new\n\n[r]: /u\n")
        // The author's own blank lines at the end stay.
        var kept = EditableIntentDocument(try IntentDocument(markdown: "A\n\nB\n\n"))
        try kept.replace(NSRange(location: 0, length: 1), with: "Z")
        #expect(kept.document.markdown() == "Z\n\nB\n\n")
    }

    @Test("links in a block written anew refer to the author's definitions, which stay where they were")
    func referenceLinksStay() throws {
        let source = """
            See [the docs][docs], [GitHub] and ![logo][img].

            [docs]: https://example.com/docs "The docs"
            [GitHub]: <https://github.com>

            More [inline](https://example.org) text.

            [img]: /logo.png

            """
        let written = try Self.edited(source, at: "See", with: "Please ")
        #expect(
            written
                == source.replacingOccurrences(
                    of: "See [the docs][docs], [GitHub] and", with: "Please See [the docs][docs], [GitHub][] and"))
        // A link to a target no definition has stays inline; so does one whose title differs.
        #expect(try Self.edited(source, at: "More", with: "x ").contains("x More [inline](https://example.org) text."))
        let retitled = try Self.edited("[a](https://example.com/docs)\n\n[docs]: https://example.com/docs \"T\"\n", at: "a", with: "b")
        #expect(retitled == "b[a](https://example.com/docs)\n\n[docs]: https://example.com/docs \"T\"\n")
        // The first definition of a label wins, as in the document, even inside a block; a
        // definition inside a block counts too, and a line that only looks like one does not.
        let shadowed = try Self.edited("> [x]: /first\n\n[y](/second)\n\n[x]: /second\n", at: "y", with: "z")
        #expect(shadowed == "> [x]: /first\n\nz[y](/second)\n\n[x]: /second\n")
        let inside = try Self.edited("- [a]: /in-item\n\n[y](/in-item) [w](/code)\n\n    [c]: /code\n", at: "y", with: "z")
        #expect(inside == "- [a]: /in-item\n\nz[y][a] [w](/code)\n\n    [c]: /code\n")
    }

    /// A stretch of the source: text that must be kept, or a wildcard (touched).
    typealias Piece = (range: Range<Int>, isWildcard: Bool, kind: PieceKind)

    enum PieceKind { case text, topLevelBlock, child }

    /// Whether the source's text outside the blocks an edit touched appears in `written`
    /// verbatim and in order, with text between only where touched blocks were; and how many
    /// blocks were kept. A touched top-level list or block quote whose children the map has is
    /// looked into: each of its children the edit did not touch, and that is its child still, is
    /// kept too (the text between children next to a touched one, and blank gaps next to a
    /// touched top-level block, separate it, and may change).
    static func keptInOrder(
        _ map: MarkdownSourceMap, touched: (topLevel: Set<Int>, inner: Set<Int>), now: EditedBlocks, written: String
    ) -> (failure: String?, blocks: Int, children: Int) {
        // The source as pieces: text that must be kept, or a wildcard (touched).
        var pieces: [Piece] = []
        func isTouched(_ index: Int) -> Bool {
            guard index >= 0, index < map.segments.count, case .blocks(let identities) = map.segments[index].content else {
                return false
            }
            return identities.contains { touched.topLevel.contains($0) }
        }
        for (index, segment) in map.segments.enumerated() {
            let bytes = map.source[segment.range]
            let blankGap =
                if case .gap = segment.content { bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D } } else { false }
            if case .blocks(let identities) = segment.content, isTouched(index), identities.count == 1,
                let childBlocks = ChildBlockLines.childBlocks(of: identities[0], in: map, segment: segment.range, options: .default),
                now.isLookedInto(identities[0], children: childBlocks, touched: touched.inner)
            {
                pieces += childPieces(childBlocks, of: identities[0], range: segment.range, touched: touched.inner, now: now)
            } else if isTouched(index) || (blankGap && (isTouched(index - 1) || isTouched(index + 1))) {
                pieces.append((segment.range, true, .text))
            } else {
                var kind = PieceKind.text
                if case .blocks = segment.content { kind = .topLevelBlock }
                pieces.append((segment.range, false, kind))
            }
        }
        return match(pieces, in: map.source, written: Array(written.utf8))
    }

    /// The pieces of touched block `identity`, a list, an item or a block quote with `children`
    /// in `range`: its children (kept when untouched and still its children; looked into the
    /// same way when touched, with children of their own, and ``EditedBlocks/isLookedInto(_:children:touched:)``)
    /// and the text around and between them (a wildcard next to a changed child).
    static func childPieces(
        _ children: [MarkdownSourceMap.ChildBlock], of identity: Int, range: Range<Int>, touched: Set<Int>, now: EditedBlocks
    ) -> [Piece] {
        let stillChildren = Set(now.children[identity] ?? [])
        let changed = children.map {
            touched.contains($0.identity) || !stillChildren.contains($0.identity)
                || now.changesNumber(of: $0, among: children, in: identity)
        }
        var pieces: [Piece] = []
        for (index, child) in children.enumerated() {
            let before = index == 0 ? range.lowerBound : children[index - 1].range.upperBound
            let nextToChange = changed[index] || (index > 0 && changed[index - 1])
            pieces.append((before..<child.range.lowerBound, nextToChange, .text))
            if changed[index], stillChildren.contains(child.identity),
                now.isLookedInto(child.identity, children: child.children, touched: touched)
            {
                pieces += childPieces(child.children, of: child.identity, range: child.range, touched: touched, now: now)
            } else {
                pieces.append((child.range, changed[index], .child))
            }
        }
        if let last = children.last { pieces.append((last.range.upperBound..<range.upperBound, changed[changed.count - 1], .text)) }
        return pieces
    }

    /// Matches the pieces against `written`: kept pieces verbatim and in order (consecutive ones
    /// joined), anything where wildcards are.
    static func match(
        _ pieces: [Piece], in source: [UInt8], written output: [UInt8]
    ) -> (failure: String?, blocks: Int, children: Int) {
        var chunks: [(bytes: [UInt8], afterWildcard: Bool)] = []
        var wildcard = false
        var blocks = 0
        var children = 0
        for piece in pieces {
            if piece.isWildcard {
                wildcard = true
                continue
            }
            if piece.kind == .topLevelBlock { blocks += 1 }
            if piece.kind == .child { children += 1 }
            let bytes = Array(source[piece.range])
            guard !bytes.isEmpty else { continue }
            if !wildcard, !chunks.isEmpty {
                chunks[chunks.count - 1].bytes += bytes
            } else {
                chunks.append((bytes, wildcard))
            }
            wildcard = false
        }
        // Matched leftmost (complete for such patterns), except that a last chunk no wildcard
        // follows must end the output.
        var cursor = 0
        for (position, chunk) in chunks.enumerated() {
            let isLast = position == chunks.count - 1
            var at: Int?
            if !chunk.afterWildcard {
                at =
                    output.count >= cursor + chunk.bytes.count && output[cursor..<(cursor + chunk.bytes.count)].elementsEqual(chunk.bytes)
                    ? cursor : nil
            } else if isLast, !wildcard {
                let suffixStart = output.count - chunk.bytes.count
                at = suffixStart >= cursor && output[suffixStart...].elementsEqual(chunk.bytes) ? suffixStart : nil
            } else {
                at = Self.find(chunk.bytes, in: output, from: cursor)
            }
            guard let at else {
                return ("kept text \(position) of \(chunks.count) is not in the output after byte \(cursor)", blocks, children)
            }
            cursor = at + chunk.bytes.count
        }
        if !wildcard, cursor != output.count { return ("text after the last kept segment", blocks, children) }
        return (nil, blocks, children)
    }

    static func find(_ needle: [UInt8], in haystack: [UInt8], from start: Int) -> Int? {
        guard needle.count <= haystack.count - start else { return nil }
        var index = start
        while index + needle.count <= haystack.count {
            if haystack[index] == needle[0], haystack[index..<(index + needle.count)].elementsEqual(needle) { return index }
            index += 1
        }
        return nil
    }
}

/// The blocks of an edited document, for the property's rules on what an edit changes beyond the
/// blocks it touched, each forced by Markdown: a list written with another marker than its
/// source's (so that it does not join a neighbour or read as a thematic break) changes on every
/// item; an item of an ordered list numbered in sequence takes its number now, and in another
/// ordered list the first item changes when its number is no longer the list's start; an item
/// whose first block (on its marker's line) was touched, removed or added is written
/// whole.
struct EditedBlocks {
    /// The children of every block, in order, by identity.
    var children: [Int: [Int]] = [:]
    /// The ordinal of every ordered list's item, by the item's identity.
    var ordinals: [Int: Int] = [:]
    /// Items, by identity.
    var items = Set<Int>()
    /// Lists the written Markdown gives another marker than the document's.
    var remarkedLists = Set<Int>()

    /// - Parameters:
    ///   - document: The edited document.
    ///   - written: Its written Markdown read back (its lists pair with the document's in order
    ///     when both have as many).
    init(_ document: IntentDocument, written: IntentDocument) {
        var lists: [(identity: Int, marker: String)] = []
        for block in document.blockIDs {
            let identity = document.identity(of: block)
            if let marker = Self.marker(of: block, in: document) { lists.append((identity, marker)) }
            if case .listItem = document.kind(of: block) { items.insert(identity) }
            guard let parent = document.parent(of: block) else { continue }
            children[document.identity(of: parent), default: []].append(identity)
            if case .listItem(let ordinal) = document.kind(of: block), case .orderedList = document.kind(of: parent) {
                ordinals[identity] = ordinal
            }
        }
        let writtenMarkers = written.blockIDs.compactMap { Self.marker(of: $0, in: written) }
        if writtenMarkers.count == lists.count {
            for (list, writtenMarker) in zip(lists, writtenMarkers) where list.marker != writtenMarker {
                remarkedLists.insert(list.identity)
            }
        } else {
            remarkedLists = Set(lists.map(\.identity))
        }
    }

    private static func marker(of block: BlockID, in document: IntentDocument) -> String? {
        let delimiter = document.markup(of: block)?.listItemDelimiter.map { "\($0)" } ?? "default"
        switch document.kind(of: block) {
        case .orderedList: return "ordered " + delimiter
        case .unorderedList: return "unordered " + delimiter
        default: return nil
        }
    }

    /// Whether touched block `identity`, whose source children are `children`, is looked into:
    /// it has children, is still in the document, is not a list written with another marker,
    /// and is not an item whose first block was touched, removed or added.
    func isLookedInto(_ identity: Int, children source: [MarkdownSourceMap.ChildBlock], touched: Set<Int>) -> Bool {
        guard let first = source.first, let now = children[identity], !remarkedLists.contains(identity) else { return false }
        guard items.contains(identity) else { return true }
        return now.first == first.identity && !touched.contains(first.identity)
    }

    /// Whether the number of `child`, an item of list `list` among `siblings` in the source,
    /// changes: in a list numbered in sequence there, when its number is not its ordinal now; in
    /// another, when it is now the first item and its number is not the list's start.
    func changesNumber(of child: MarkdownSourceMap.ChildBlock, among siblings: [MarkdownSourceMap.ChildBlock], in list: Int) -> Bool {
        guard let number = child.markerNumber, let ordinal = ordinals[child.identity], let start = siblings.first?.markerNumber
        else { return false }
        if siblings.indices.allSatisfy({ siblings[$0].markerNumber == start + $0 }) { return number != ordinal }
        return children[list]?.first == child.identity && number != ordinal
    }
}
