import Foundation
import IntentModel
import MarkdownParsing

extension IncrementalMarkdownDocument {
    /// The elements of the tree an edit re-parses (`first..<end`; 0 is the prefix) and the
    /// source bytes they span.
    struct ReparsedRegion {
        var first: Int
        var end: Int
        var bytes: Range<Int>
    }

    /// A re-parsed region: its document (identities made unique), the lines of its top-level
    /// blocks (1-based, in the region), and each block's text range and identity.
    struct ParsedBlocks {
        var document: IntentDocument
        var lines: [ClosedRange<Int>]
        var blocks: [(range: Range<Int>, identity: Int?)]
        /// The front matter read at the region's start (a region at the source's start only).
        var frontMatter: FrontMatter?
        /// Footnote definitions parsed anew, to put in place of the document's: their document
        /// and each one's label, text range and identity, in the document's order.
        var footnotes: (document: IntentDocument, blocks: [(label: String, range: Range<Int>, identity: Int?)])? = nil
    }

    /// Re-parses the region around the edit and puts its blocks in the tree; a refusal (nothing
    /// changed then) when a partial update cannot be proven right.
    ///
    /// Where the edit changes how the text after the region is read (an opened fence or HTML
    /// block takes in the next block) the region is widened — by as many blocks again each time,
    /// so the parses cost at most twice the final region — up to the source's end.
    ///
    /// An edit that makes, changes or removes link reference definitions whose labels can be
    /// read is re-parsed with those labels' old definitions left out; then the definitions are
    /// gathered again and the blocks that may refer to the labels are parsed again.
    mutating func partialUpdate(edit: Range<Int>, text: String) throws -> Result<Void, Refusal> {
        let region = reparsedRegion(around: edit, inserting: text)
        var changingLabels: Set<String>? = nil
        defer { excludedLabels = [] }
        while true {
            switch try partialUpdate(edit: edit, text: text, widening: region, allowing: changingLabels) {
            case .failure(let refusal):
                if changingLabels == nil, let labels = refusal.definitionLabels {
                    changingLabels = labels
                    excludedLabels = labels
                    continue
                }
                return .failure(refusal)
            case .success(let accepted):
                let labels = (changingLabels ?? []).union(accepted)
                if !labels.isEmpty {
                    excludedLabels = []
                    try refreshDefinitions(labels)
                }
                return .success(())
            }
        }
    }

    /// ``partialUpdate(edit:text:region:allowing:)`` on `region`, widened while the edit changes
    /// how the text after it is read — by as many blocks again each time, up to the source's end.
    mutating func partialUpdate(
        edit: Range<Int>, text: String, widening region: ReparsedRegion, allowing allowed: Set<String>?
    ) throws -> Result<Set<String>, Refusal> {
        var region = region
        while true {
            let result = try partialUpdate(edit: edit, text: text, region: region, allowing: allowed)
            guard case .failure(let refusal) = result, refusal.widens, region.end < editableCount else { return result }
            var end = min(editableCount, region.end + max(1, region.end - region.first))
            while end < editableCount, !mayEndRegion(before: end) { end += 1 }
            region = ReparsedRegion(first: region.first, end: end, bytes: region.bytes.lowerBound..<tree.summary(before: end).sourceUTF8)
        }
    }

    /// One attempt of ``partialUpdate(edit:text:)`` on `region`; a change to the definitions of
    /// `allowed` labels is no reason to refuse, nor one to labels whose definitions the region
    /// was not given (leaving them out would parse it the same).
    /// - Returns: The labels whose definitions the region changed and that were accepted (the
    ///   caller gathers the definitions again and re-parses the blocks that use them), or why
    ///   the region cannot be put in the tree.
    mutating func partialUpdate(
        edit: Range<Int>, text: String, region: ReparsedRegion, allowing allowed: Set<String>?
    ) throws -> Result<Set<String>, Refusal> {
        var old = ""
        tree.forEachElement(in: region.first..<region.end) { old += $0.source }
        let offset = region.bytes.lowerBound
        let newBytes = Self.replacing((edit.lowerBound - offset)..<(edit.upperBound - offset), of: old, with: text)
        let new = String(decoding: newBytes, as: UTF8.self)
        let next = region.end < editableCount ? tree.element(at: region.end).source : nil
        if let refusal = sourceStartRefusal(edit: edit, regionStart: offset, regionBytes: newBytes)
            ?? footnoteRefusal(toReparse: old, as: new)
            ?? footnoteFenceRefusal(old: old, new: newBytes, edit: (edit.lowerBound - offset)..<(edit.upperBound - offset), inserted: text)
        {
            return .failure(refusal)
        }
        // Front matter is read only at the source's start: a region there is parsed as the whole
        // source is, and gives the document its front matter.
        var regionOptions = options
        regionOptions.recognizesFrontMatter = options.recognizesFrontMatter && region.bytes.lowerBound == 0
        let parser = MarkdownParser(options: regionOptions)
        let replacing: Set<String>
        switch footnoteDefinitionsReplaced(old: old, new: new, region: region.first..<region.end) {
        case .success(let labels): replacing = labels
        case .failure(let refusal): return .failure(refusal)
        }
        let parsed: ParsedBlocks
        switch try parseRegion(new, atSourceStart: region.bytes.lowerBound == 0, replacingFootnotes: replacing, with: parser) {
        case .success(let result): parsed = result
        case .failure(let refusal): return .failure(refusal)
        }
        let accepted: Set<String>
        switch acceptedDefinitionChanges(old: old, new: new, region: region.first..<region.end, parsed: parsed, allowing: allowed) {
        case .success(let labels): accepted = labels
        case .failure(let refusal): return .failure(refusal)
        }
        if let refusal = footnoteReferenceRefusal(old: old, new: new, region: region.first..<region.end, parsed: parsed.document) {
            return .failure(refusal)
        }
        if region.bytes.lowerBound == 0, options.recognizesFrontMatter,
            let refusal = frontMatterRefusal(
                edit: edit, delta: text.utf8.count - edit.count, found: parsed.frontMatter, regionBytes: newBytes,
                end: region.end)
        {
            return .failure(refusal)
        }
        // The block after the region must still start a block of its own after the new region
        // (unchanged text leaves it so: definitions change how links read, not where blocks start).
        if let next, !(edit.isEmpty && text.isEmpty),
            try !Self.nextBlockStartsFresh(next, after: new, regionBlockCount: parsed.lines.count, parser: parser)
        {
            return .failure(Refusal(reason: "the edit changes how the text after it is read", widens: true))
        }
        guard put(parsed, source: new, in: region) else {
            return .failure(Refusal(reason: "a top-level block's source lines are not known"))
        }
        if region.bytes.lowerBound == 0, options.recognizesFrontMatter { frontMatter = parsed.frontMatter }
        lastChange.editedSourceRange = edit.lowerBound..<(edit.lowerBound + text.utf8.count)
        lastUpdate = .partial(reparsedBytes: new.utf8.count, reparsedBlocks: parsed.lines.count)
        return .success(accepted)
    }

    /// Why a region at the source's start, re-parsed with the front matter it holds (`found`),
    /// cannot be put in the tree, or `nil` when it can. Front matter's lines are not Markdown, so
    /// lines that move in or out of it change what is read (a definition there is none): the
    /// front matter must be the one before, moved by the edit's `delta` when the edit lies
    /// wholly inside it, unchanged when the edit lies after it. A region that opens front matter
    /// it does not close (`regionBytes` starts with `---` or `+++`) while a later line could
    /// close it (`---`, `...` or `+++`, in the elements from `end`) is widened until it holds
    /// that line — the front matter ends at the first.
    private func frontMatterRefusal(
        edit: Range<Int>, delta: Int, found: FrontMatter?, regionBytes: [UInt8], end: Int
    ) -> Refusal? {
        if found == nil, end < editableCount, Self.mayStartFrontMatter(regionBytes), hasDelimiterLine(from: end) {
            return Refusal(reason: "the re-parsed region may open front matter that a later line closes", widens: true)
        }
        let old = frontMatter?.sourceRange
        var expected = old
        if let old, edit.lowerBound < old.upperBound {
            guard edit.upperBound <= old.upperBound else { return Refusal(reason: "the edit crosses the front matter's end") }
            expected = old.lowerBound..<(old.upperBound + delta)
        }
        guard found?.sourceRange == expected else { return Refusal(reason: "the edit makes, ends or moves front matter") }
        return nil
    }

    /// Why a region holding a footnote reference or definition cannot be re-parsed alone: the
    /// edit is on a line that may open or close a code block or an HTML block, or start a quote
    /// (a backtick, a tilde, `<` or `>` on it, before or after), which can hide or bring back a
    /// footnote definition on later lines whose text does not change — closing a fence above
    /// `[^1]: note` makes it a definition again. `nil` when it can. `edit` is in `old`'s UTF-8
    /// offsets; `inserted` took its place in `new`.
    private func footnoteFenceRefusal(old: String, new: [UInt8], edit: Range<Int>, inserted: String) -> Refusal? {
        guard options.extensions.contains(.footnotes), new.containsFootnoteOpener || old.utf8.containsFootnoteOpener else { return nil }
        func touchesBoundary(_ bytes: [UInt8], _ range: Range<Int>) -> Bool {
            var start = min(range.lowerBound, bytes.count)
            while start > 0, bytes[start - 1] != 0x0A, bytes[start - 1] != 0x0D { start -= 1 }
            var end = min(range.upperBound, bytes.count)
            while end < bytes.count, bytes[end] != 0x0A, bytes[end] != 0x0D { end += 1 }
            return bytes[start..<end].contains {
                $0 == UInt8(ascii: "`") || $0 == UInt8(ascii: "~") || $0 == UInt8(ascii: "<") || $0 == UInt8(ascii: ">")
            }
        }
        let insertedEnd = edit.lowerBound + inserted.utf8.count
        guard touchesBoundary(Array(old.utf8), edit) || touchesBoundary(new, edit.lowerBound..<insertedEnd) else { return nil }
        return Refusal(
            reason:
                "the edit is on a line that may open or close a code or HTML block above a footnote definition (footnotes are numbered across the document)"
        )
    }

    /// Why a region after the source's start cannot be re-parsed alone because of what is read
    /// only at a source's start: a U+FEFF at the region's start (a parse of the region would skip
    /// it as a byte order mark; in the document it is a character) — and, in a source whose first
    /// line opens front matter that it does not have (a thematic break there, `---`), a closing
    /// line the edit leaves in the region (`regionBytes`, as edited) may make everything before
    /// it front matter, and an edit in the lines that decide whether the content begins a
    /// mapping (``FrontMatterScanner/decidingLinesEnd(_:)``) may make the lines up to a later
    /// closing line front matter. `nil` when it can.
    private func sourceStartRefusal(edit: Range<Int>, regionStart: Int, regionBytes: [UInt8]) -> Refusal? {
        if regionStart > 0, regionBytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            return Refusal(reason: "the re-parsed region starts with U+FEFF, which a parse of it alone would skip as a byte order mark")
        }
        guard regionStart > 0, options.recognizesFrontMatter, frontMatter == nil, Self.mayStartFrontMatter(sourcePrefix(8)) else {
            return nil
        }
        if Self.containsDelimiterLine(regionBytes) {
            return Refusal(reason: "the edit may close front matter that the source's first line opens")
        }
        // The deciding lines are read from the source's first 4 KiB; when they run past it, every
        // edit may be in them.
        let prefix = sourcePrefix(4_096)
        let decidingEnd = prefix.withUnsafeBufferPointer { FrontMatterScanner.decidingLinesEnd($0) }
        if edit.lowerBound <= decidingEnd || (decidingEnd == prefix.count && prefix.count == 4_096) {
            return Refusal(reason: "the edit may make front matter of the lines the source's first line opens")
        }
        return nil
    }

    /// Whether a line of the elements from `index` to the footnote definitions is a front
    /// matter delimiter (`---`, `...` or `+++`, spaces or tabs after): a scan, no parse, done
    /// only for a source that may open front matter it has not closed.
    private func hasDelimiterLine(from index: Int) -> Bool {
        var found = false
        tree.forEachElement(in: index..<editableCount) { element in
            guard !found else { return }
            found = Self.containsDelimiterLine(Array(element.source.utf8))
        }
        return found
    }

    /// Whether a line of `bytes` is a front matter delimiter (`---`, `...` or `+++`, spaces or
    /// tabs after), as ``FrontMatterScanner`` reads one.
    static func containsDelimiterLine(_ bytes: [UInt8]) -> Bool {
        bytes.withUnsafeBufferPointer { FrontMatterScanner.containsDelimiterLine($0) }
    }

    /// The source's first `count` bytes (fewer in a shorter source), read from the first
    /// elements.
    private func sourcePrefix(_ count: Int) -> [UInt8] {
        var bytes: [UInt8] = []
        var index = 0
        while bytes.count < count, index < editableCount {
            bytes.append(contentsOf: tree.element(at: index).source.utf8.prefix(count - bytes.count))
            index += 1
        }
        return bytes
    }

    /// The UTF-8 bytes an append re-parses: the source from the last block that starts fresh
    /// (and may take the appended text in) to the end.
    var openEndUTF8Count: Int {
        reparsedRegion(around: sourceUTF8Count..<sourceUTF8Count, inserting: "").bytes.count
    }

    /// From the block holding the edit's start — or the one before it, when the edit is in the
    /// block's first line and may let the block before take it in — back to a block that starts
    /// fresh, to the first block after the edit's block (or after the block that follows it,
    /// when that one starts on the line after the edit) before which a region may end
    /// (``mayEndRegion(before:)``). Never the footnote
    /// definitions at the end, which have no source: an edit at the source's end is in the block
    /// before them.
    func reparsedRegion(around edit: Range<Int>, inserting text: String) -> ReparsedRegion {
        let count = editableCount
        guard count > 1 else { return ReparsedRegion(first: 0, end: count, bytes: 0..<sourceUTF8Count) }
        func locate(_ offset: Int) -> (index: Int, before: SourceBlockSummary) {
            guard let (index, before) = tree.locate(offset, in: \.sourceUTF8) else { return (0, .zero) }
            return index < count ? (index, before) : (count - 1, tree.summary(before: count - 1))
        }
        let (lowerIndex, lowerBefore) = locate(edit.lowerBound)
        var first = lowerIndex
        if first >= 1, mayJoinPreviousBlock(first, start: lowerBefore.sourceUTF8, edit: edit, text: text) { first -= 1 }
        while first >= 1, !startsFresh(first) { first -= 1 }
        let (upperIndex, upperBefore) = locate(edit.upperBound)
        // The block after the edit's block when it starts on the line after the edit's last line
        // (the edit may join them), then on to one that starts fresh.
        let after = tree.element(at: upperIndex).source.utf8.dropFirst(max(0, edit.upperBound - upperBefore.sourceUTF8))
        var end = min(count, upperIndex + (LineEndings.count(in: after) <= 1 ? 2 : 1))
        while end < count, !mayEndRegion(before: end) { end += 1 }
        return ReparsedRegion(
            first: first, end: end, bytes: tree.summary(before: first).sourceUTF8..<tree.summary(before: end).sourceUTF8)
    }

    /// Whether an edit starting in block `index` (whose source starts at byte `start`) may let
    /// the block before take it in: unless the edit lies after the block's first line, or the
    /// block starts fresh and its first line, edited, still starts at column 0 with no list
    /// marker (after a blank line nothing continues a block but indented text).
    private func mayJoinPreviousBlock(_ index: Int, start: Int, edit: Range<Int>, text: String) -> Bool {
        let source = tree.element(at: index).source.utf8
        let firstLineEnd =
            start
            + (source.firstIndex(where: LineEndings.isEnding).map { source.distance(from: source.startIndex, to: $0) } ?? source.count)
        guard edit.lowerBound <= firstLineEnd else { return false }
        guard edit.upperBound <= start + source.count, startsFresh(index) else { return true }
        var firstBytes = Array(source.prefix(edit.lowerBound - start))
        firstBytes.append(contentsOf: text.utf8.prefix(16))
        firstBytes.append(contentsOf: source.dropFirst(edit.upperBound - start).prefix(16))
        return !Self.startsAtColumnZeroWithoutMarker(Array(firstBytes.prefix(16)))
    }

    /// Whether a re-parsed region may end before the block at tree index `index` (1 or more):
    /// the block starts fresh, or it is a list that starts fresh but for its marker. A list after
    /// a blank line can be taken in only by a list that ends the region with a marker of its kind;
    /// the next-block check after the region's parse (``nextBlockStartsFresh(_:after:regionBlockCount:parser:)``)
    /// sees that, and the region is widened then. So an edit in the paragraph before a long list
    /// does not parse the list again.
    func mayEndRegion(before index: Int) -> Bool {
        startsFresh(index, allowingListMarker: true)
    }

    /// Whether the block at tree index `index` (1 or more) starts fresh: the line before it is
    /// blank (or it is the source's first line) and its first character is at column 0 and is
    /// not a list marker (unless `allowingListMarker`) — no earlier container can take it in.
    func startsFresh(_ index: Int, allowingListMarker: Bool = false) -> Bool {
        let previous = tree.element(at: index - 1).source.utf8
        if previous.isEmpty { return index == 1 }
        guard LineEndings.endsWithEnding(previous) else { return false }
        // The previous element's last line is blank: before its ending (a carriage return and
        // line feed, or one of them) back to the ending before, only spaces and tabs.
        var position = previous.index(before: previous.endIndex)
        if previous[position] == LineEndings.lineFeed, position > previous.startIndex,
            previous[previous.index(before: position)] == LineEndings.carriageReturn
        {
            position = previous.index(before: position)
        }
        while position > previous.startIndex {
            let before = previous.index(before: position)
            let byte = previous[before]
            if LineEndings.isEnding(byte) { break }
            guard byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") else { return false }
            position = before
        }
        if position == previous.startIndex, index - 1 > 0 { return false }
        let start = Array(tree.element(at: index).source.utf8.prefix(16))
        if allowingListMarker, let first = start.first, first != UInt8(ascii: " "), first != UInt8(ascii: "\t"),
            !LineEndings.isEnding(first)
        {
            return true
        }
        return Self.startsAtColumnZeroWithoutMarker(start)
    }

    /// Whether a block whose first bytes are `bytes` starts at column 0 with no list marker.
    static func startsAtColumnZeroWithoutMarker(_ bytes: [UInt8]) -> Bool {
        guard let first = bytes.first else { return false }
        if first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") || LineEndings.isEnding(first) { return false }
        func isMarkerEnd(_ index: Int) -> Bool {
            index >= bytes.count || bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t")
                || bytes[index] == UInt8(ascii: "\n") || bytes[index] == UInt8(ascii: "\r")
        }
        if first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || first == UInt8(ascii: "*") { return !isMarkerEnd(1) }
        var index = 0
        while index < bytes.count, index < 10, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        if index > 0, index < bytes.count, bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: ")") {
            return !isMarkerEnd(index + 1)
        }
        return true
    }

    /// The labels whose definitions the region (the tree's elements `region`, whose source `old`
    /// became `new`, parsed into `parsed`) changed, when its parse can stand: each is one of
    /// `allowed`, or the region was given no definition of it (parsed with it left out, it
    /// reads the same). Otherwise why it cannot (``definitionRefusal(old:new:region:parsed:)``).
    private func acceptedDefinitionChanges(
        old: String, new: String, region: Range<Int>, parsed: ParsedBlocks, allowing allowed: Set<String>?
    ) -> Result<Set<String>, Refusal> {
        guard let refusal = definitionRefusal(old: old, new: new, region: region, parsed: parsed) else { return .success([]) }
        guard let labels = refusal.definitionLabels else { return .failure(refusal) }
        if allowed.map({ labels.isSubset(of: $0) }) ?? false { return .success(labels) }
        let given = definitions.definitions(for: new, excluding: excludedLabels)
        return definitions.definitions(for: new, excluding: excludedLabels.union(labels)) == given ? .success(labels) : .failure(refusal)
    }

    /// Why the region (`old`, becoming `new`) cannot be re-parsed alone because of footnotes, or
    /// `nil` when it can.
    func footnoteRefusal(toReparse old: String, as new: String) -> Refusal? {
        // libcmark-gfm numbers footnotes by their first reference across the document and moves
        // the definitions to its end. A region without `[^` has no footnote reference or
        // definition, before or after the edit. One with references only is parsed with the
        // document's numbering given ahead of it (``footnotePreamble(for:atSourceStart:)``) and
        // kept only if its references are the ones it had (``footnoteReferenceLabels(in:)``);
        // so is one whose definitions keep their labels (an edit in a definition's text puts the
        // definition parsed anew at the end: ``footnoteDefinitionsReplaced(old:new:region:)``).
        // One that makes, relabels or removes a definition is parsed whole.
        if options.extensions.contains(.footnotes), old.utf8.containsFootnoteOpener || new.utf8.containsFootnoteOpener,
            !Self.footnoteDefinitionLabelsMatch(old, new)
        {
            return Refusal(
                reason: "the edit is in or makes a footnote reference or definition (footnotes are numbered across the document)")
        }
        return nil
    }

    /// Why the region — the tree's elements `region`, whose source `old` became `new`, parsed
    /// into `parsed` — cannot be put in the tree as it is because it makes, changes or removes a
    /// link reference definition (with the labels concerned, when they can be read), or `nil`.
    ///
    /// The lines that may hold definitions are compared before and after, as multisets, leaving
    /// out those inside top-level code and HTML blocks (a `]:` in a code sample is no
    /// definition; a definition a new fence takes in is one removed): before, by the tree's
    /// elements; after, by the region's parse.
    func definitionRefusal(old: String, new: String, region: Range<Int>, parsed: ParsedBlocks) -> Refusal? {
        // Every definition has a `]:`: text without one, before and after, has none.
        var (oldText, newText) = (old, new)
        guard oldText.withUTF8(SourceBlock.containsLabelColon) || newText.withUTF8(SourceBlock.containsLabelColon) else { return nil }
        let footnotes = options.extensions.contains(.footnotes)
        func chunks(_ bytes: [UInt8], code: [ClosedRange<Int>]) -> DefinitionChunks {
            let lineStarts = LineEndings.lineStarts(of: bytes)
            // Footnote definitions, whose labels are as they were, are left to the footnote checks.
            let keep = { (chunk: ArraySlice<UInt8>) in
                !(footnotes && Self.isFootnoteDefinitionOnly(chunk)) && !Self.lies(chunk, inLines: code, lineStarts: lineStarts)
            }
            return (Self.definitionLikeLines(in: bytes).filter(keep), Self.linesWithLabelColons(in: bytes).filter(keep))
        }
        // The labels of definitions inside a list item, a block quote or a paragraph: refreshed
        // on any edit of the region (``labelsInsideBlocks(new:region:parsed:)``), with those
        // the text comparisons below find. `nil`: a label cannot be read.
        let inside = old != new ? labelsInsideBlocks(new: new, region: region, parsed: parsed) : []
        let before = chunks(Array(old.utf8), code: codeLines(ofElements: region))
        let after = chunks(Array(new.utf8), code: Self.codeLines(of: parsed))
        guard before.stretches != after.stretches || before.lines != after.lines else {
            // The same lines, each perhaps somewhere else in the blocks.
            let moved = definitionLinesMoved(new: new, region: region, parsed: parsed)
            guard let labels = moved.flatMap({ moved in inside.map { moved.union($0) } }) else {
                return Refusal(reason: "the edit is in or moves a link reference definition inside a block")
            }
            return labels.isEmpty
                ? nil : Refusal(reason: "the edit is in or moves a link reference definition inside a block", definitionLabels: labels)
        }
        let changed = Self.changedDefinitionLabels(old: before, new: after)
        return Refusal(
            reason: "the edit makes, changes or removes a link reference definition",
            definitionLabels: changed.flatMap { changed in inside.map { changed.union($0) } })
    }

    /// The lines (1-based, in order) of the tree's elements `region` that lie in top-level code
    /// or HTML blocks: the block lines of the elements of one block that holds no definition.
    func codeLines(ofElements region: Range<Int>) -> [ClosedRange<Int>] {
        var code: [ClosedRange<Int>] = []
        var line = 0
        tree.forEachElement(in: region) { element in
            if !element.isPrefix, element.holding == .none, element.identities.count == 1, element.blockLines > 0 {
                code.append((line + 1)...(line + element.blockLines))
            }
            line += LineEndings.count(in: element.source.utf8)
        }
        return code
    }

    /// The lines (1-based, in order) of a re-parsed region's top-level code and HTML blocks.
    static func codeLines(of parsed: ParsedBlocks) -> [ClosedRange<Int>] {
        let holding = LinkDefinitions.holding(parsed.document)
        guard holding.count == parsed.lines.count else { return [] }
        return zip(parsed.lines, holding).compactMap { lines, holds in holds == .none && lines.lowerBound >= 1 ? lines : nil }
    }

    /// Whether every line of `chunk` (a slice of the bytes whose line starts are `lineStarts`)
    /// lies in one of `lines` (1-based, in order).
    static func lies(_ chunk: ArraySlice<UInt8>, inLines lines: [ClosedRange<Int>], lineStarts: [Int]) -> Bool {
        guard !lines.isEmpty, !chunk.isEmpty else { return false }
        var last = chunk.endIndex - 1
        while last > chunk.startIndex, LineEndings.isEnding(chunk[last]) { last -= 1 }
        // The 1-based line of a byte offset: the number of line starts at or before it.
        func line(of offset: Int) -> Int {
            var (low, high) = (0, lineStarts.count)
            while low < high {
                let middle = (low + high) / 2
                if lineStarts[middle] <= offset { low = middle + 1 } else { high = middle }
            }
            return low
        }
        let (first, end) = (line(of: chunk.startIndex), line(of: last))
        return lines.contains { $0.contains(first) && $0.contains(end) }
    }
}
