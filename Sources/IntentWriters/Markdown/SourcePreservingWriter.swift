import IntentModel
import MarkdownParsing

/// Writes a document that remembers its Markdown source (``IntentModel/MarkdownSourceMap``):
/// the source's segments in source order, each gap and front matter as it was, each group of
/// top-level blocks from source when none of its blocks changed, else written anew by the
/// ``MarkdownWriter`` where it stood; blocks the source did not have come after the block they
/// follow in the document.
///
/// A block written anew is set off from its neighbours by a blank line when they do not already
/// leave one (so that it cannot run into them), and takes the source's line endings (CRLF when
/// the source's first line ends so).
struct SourcePreservingWriter {
    let document: IntentDocument
    let map: MarkdownSourceMap
    let options: MarkdownWritingOptions
    private var output: [UInt8] = []
    /// Whether the last thing written was a block written anew (a blank line must follow it).
    private var needsBlankLine = false
    /// Whether the last block segment's blocks are all gone from the document (its gaps on both
    /// sides then meet: a second blank one is left out).
    private var lastBlocksDeleted = false
    /// Where in ``output`` the last blank gap was written: left out when nothing has been written
    /// since and the blocks after it turn out to be gone (its blank line then separates nothing).
    private var lastBlankGap: Range<Int>? = nil
    /// The list style of the last block written, when it is a list and only blank lines follow
    /// it: a list written anew next to it must not take the same marker (it would join it).
    private var previousListStyle: ListStyle? = nil
    /// ``options`` with the source's conventions, once a block is written anew.
    private var learnedOptions: MarkdownWritingOptions? = nil
    /// The source's link reference definitions, once a block is written anew.
    private var references: LinkReferences? = nil
    /// Every top-level block, by identity.
    private var topBlockIndex: [Int: BlockID] = [:]
    /// What a block written anew stands with, for its escapes: the document's footnote
    /// definitions (stubs) and the source's text between blocks (its link reference definitions).
    private var definitionContext = ""

    /// A list's kind and marker character.
    private struct ListStyle: Equatable {
        var isOrdered: Bool
        var delimiter: ListItemDelimiter
    }

    init(document: IntentDocument, map: MarkdownSourceMap, options: MarkdownWritingOptions) {
        self.document = document
        self.map = map
        var fresh = options
        fresh.preservesSource = false
        self.options = fresh
    }

    mutating func write() -> String {
        for block in document.blockIDs where document.parent(of: block) == nil {
            topBlockIndex[document.identity(of: block)] = block
        }
        let units = document.topLevelUnits()
        let placement = placeUnits(units)
        definitionContext = EscapeMinimizer.footnoteContext(of: document)
        map.source.withUnsafeBufferPointer { bytes in
            for segment in map.segments {
                guard case .gap = segment.content, !Self.isBlank(bytes[segment.range]) else { continue }
                definitionContext += String(decoding: bytes[segment.range], as: UTF8.self) + "\n\n"
            }
            output.reserveCapacity(bytes.count + 64)
            var leadingWritten = false
            for (index, segment) in map.segments.enumerated() {
                switch segment.content {
                case .gap:
                    writeGap(bytes, segment.range)
                case .frontMatter:
                    writeFrontMatter(bytes, segment.range)
                case .blocks(let identities):
                    if !leadingWritten {
                        leadingWritten = true
                        renderUnits(placement.leading, of: units)
                    }
                    writeBlocks(identities, segment: index, bytes, units: units, placement: placement)
                }
            }
            if !leadingWritten { renderUnits(placement.leading, of: units) }
            // The document ends with gone blocks: the blank line before them separates nothing.
            if lastBlocksDeleted, let gap = lastBlankGap, gap.upperBound == output.count, gap.lowerBound > 0 {
                output.removeSubrange(gap)
            }
        }
        restoreRewrittenDefinitions()
        if document.frontMatter != nil, !map.segments.contains(where: { if case .frontMatter = $0.content { true } else { false } }) {
            // Front matter the source did not have goes first.
            return MarkdownWriter.frontMatterText(document.frontMatter) + String(decoding: output, as: UTF8.self)
        }
        return String(decoding: output, as: UTF8.self)
    }

    /// Writes a gap as it was; a blank one right after blocks that are gone is left out when a
    /// blank line is already there.
    private mutating func writeGap(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
        let isBlank = Self.isBlank(bytes[range])
        if !isBlank { previousListStyle = nil }
        defer { lastBlocksDeleted = false }
        if lastBlocksDeleted, isBlank, output.isEmpty || Self.endsWithBlankLine(output) { return }
        // Text between gone blocks' gaps (a definition) that starts with its own blank line: the
        // blank gap before the gone blocks would double it.
        if lastBlocksDeleted, !isBlank, Self.startsWithBlankLine(bytes[range]), let gap = lastBlankGap, gap.upperBound == output.count {
            output.removeSubrange(gap)
        }
        let start = output.count
        writeSource(bytes, range)
        lastBlankGap = isBlank ? start..<output.count : nil
    }

    /// Writes the front matter as it was, or as the document has it now (none when removed).
    private mutating func writeFrontMatter(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
        guard let frontMatter = document.frontMatter else { return }
        if frontMatter.rawText.utf8.elementsEqual(bytes[range]) {
            writeSource(bytes, range)
        } else {
            writeFresh(MarkdownWriter.frontMatterText(frontMatter))
            needsBlankLine = false
        }
    }

    /// Writes a group of top-level blocks from source when unchanged (then the blocks the source
    /// did not have that follow it), else all of them anew, in document order.
    private mutating func writeBlocks(
        _ identities: [Int], segment index: Int, _ bytes: UnsafeBufferPointer<UInt8>, units: [IntentDocument.TopLevelUnit],
        placement: Placement
    ) {
        let present = placement.grouped[index] ?? []
        let following = placement.following[index] ?? []
        lastBlocksDeleted = present.isEmpty && following.isEmpty
        let next = nextListStyle(after: index, units: units, placement: placement)
        if isUnchanged(identities, placement.current) {
            writeSource(bytes, map.segments[index].range)
            previousListStyle = identities.last.flatMap { listStyle(of: $0) }
            renderUnits(following, of: units, next: next)
        } else if present.count == 1, identities.count == 1, units[present[0]].identity == identities[0],
            // A list with the marker of a list it now touches is written anew with another.
            listStyle(of: identities[0]).map({ $0 != previousListStyle && $0 != next }) ?? true,
            let spliced = splicedContainer(identities[0], unit: units[present[0]], bytes, segment: map.segments[index].range)
        {
            // A list or block quote whose untouched children keep their lines.
            writeSource(spliced.bytes)
            needsBlankLine = spliced.endsWritten && !Self.endsWithBlankLine(output)
            previousListStyle = listStyle(of: identities[0])
            renderUnits(following, of: units, next: next)
        } else {
            renderUnits((present + following).sorted(), of: units, next: next)
        }
    }

    /// Top-level block `identity` (a list or block quote the source map has the children of),
    /// from its unit of the document: the blocks inside it no edit touched from source, the
    /// others written anew (``ChildSplice``). Tried looking into every touched container; when
    /// that reads otherwise, with one of them written whole (outermost first); then with all of
    /// them written whole. `nil` when nothing is kept or libcmark-gfm reads every try otherwise
    /// than both the block in the document and the block written anew. `endsWritten` tells
    /// whether its last child was not kept.
    private mutating func splicedContainer(
        _ identity: Int, unit: IntentDocument.TopLevelUnit, _ bytes: UnsafeBufferPointer<UInt8>, segment: Range<Int>
    ) -> (bytes: [UInt8], endsWritten: Bool)? {
        let options = anewOptions()
        let reading = EscapeMinimizer.readingOptions(options)
        guard map.innerRanges[identity] != nil,
            let children = ChildBlockLines.childBlocks(of: identity, in: map, segment: segment, options: reading)
        else { return nil }
        let part = self.part(of: [unit.utf8Range])
        var currentChildren: [Int: [Int]] = [:]
        var ordinals: [Int: Int] = [:]
        for block in part.blockIDs {
            guard let parent = part.parent(of: block) else { continue }
            currentChildren[part.identity(of: parent), default: []].append(part.identity(of: block))
            if case .listItem(let ordinal) = part.kind(of: block), case .orderedList = part.kind(of: parent) {
                ordinals[part.identity(of: block)] = ordinal
            }
        }
        let references = sourceReferences()
        let written = Array(MarkdownWriter(options: options).writeAnew(part, context: definitionContext, references: references).utf8)
        guard let writtenChildren = ChildBlockLines.childLines(inMarkdown: written, options: reading) else { return nil }
        // Accepted only when, with what it stands with, it reads as the block in the document
        // (with no footnotes about, the usual case: one parse) or as the block written anew.
        let parser = MarkdownParser(options: reading)
        let context = definitionContext.isEmpty ? "" : "\n\n" + definitionContext
        var expected: IntentDocument? = nil
        func attempt(_ writesWhole: Set<Int>) -> [UInt8]? {
            let splice = ChildSplice(
                source: bytes, written: written, currentChildren: currentChildren, edited: map.editedChildren,
                ordinals: ordinals, lineEnding: lineEnding, writesWhole: writesWhole)
            guard let spliced = splice.splice(identity, range: segment, children: children, writtenChildren: writtenChildren),
                let reading = try? parser.parse(String(decoding: spliced, as: UTF8.self) + context)
            else { return nil }
            if reading.isEquivalent(to: part) { return spliced }
            if expected == nil { expected = try? parser.parse(String(decoding: written, as: UTF8.self) + context) }
            return expected.map { reading.isEquivalent(to: $0) } == true ? spliced : nil
        }
        // Every touched container looked into; else all but one (an item whose first line is
        // gone, say), outermost first, within a few tries (each is a parse of the block); else
        // none.
        let touched = Self.touchedContainers(children, edited: map.editedChildren)
        var best = attempt([])
        for candidate in touched.prefix(Self.maximumSpliceTries) where best == nil { best = attempt([candidate]) }
        if best == nil, touched.count > 1 { best = attempt(Set(touched)) }
        guard let best else { return nil }
        let last = currentChildren[identity]?.last
        let endsKept =
            last.map { identity in children.contains { $0.identity == identity } && !map.editedChildren.contains(identity) } ?? false
        return (best, !endsKept)
    }

    /// How many containers are tried one at a time (written whole) when looking into all of them
    /// reads otherwise.
    static let maximumSpliceTries = 6

    /// The touched blocks with children among `children` and below, outermost first.
    private static func touchedContainers(_ children: [MarkdownSourceMap.ChildBlock], edited: Set<Int>) -> [Int] {
        var result: [Int] = []
        var level = children
        while !level.isEmpty {
            let touched = level.filter { edited.contains($0.identity) && !$0.children.isEmpty }
            result += touched.map(\.identity)
            level = touched.flatMap(\.children)
        }
        return result
    }

    // MARK: Placement

    private struct Placement {
        /// Units of each block segment (by segment index), in document order.
        var grouped: [Int: [Int]] = [:]
        /// Units the source did not have, after the segment of the recorded unit before them.
        var following: [Int: [Int]] = [:]
        /// Units the source did not have, before every recorded unit.
        var leading: [Int] = []
        /// The text length and run count of every top-level block now.
        var current: [Int: (textBytes: Int, runCount: Int)] = [:]
    }

    private func placeUnits(_ units: [IntentDocument.TopLevelUnit]) -> Placement {
        var segmentOf: [Int: Int] = [:]
        for (index, segment) in map.segments.enumerated() {
            if case .blocks(let identities) = segment.content { for identity in identities { segmentOf[identity] = index } }
        }
        var placement = Placement()
        var lastSegment: Int? = nil
        for (position, unit) in units.enumerated() {
            if let identity = unit.identity {
                let now = placement.current[identity] ?? (0, 0)
                placement.current[identity] = (now.textBytes + unit.utf8Range.count, now.runCount + unit.runCount)
            }
            if let identity = unit.identity, let segment = segmentOf[identity] {
                placement.grouped[segment, default: []].append(position)
                lastSegment = segment
            } else if let lastSegment {
                placement.following[lastSegment, default: []].append(position)
            } else {
                placement.leading.append(position)
            }
        }
        return placement
    }

    /// Whether every block of a group is in the document as it was parsed: not marked edited, and
    /// with the text length and run count it had.
    private func isUnchanged(_ identities: [Int], _ current: [Int: (textBytes: Int, runCount: Int)]) -> Bool {
        identities.allSatisfy { identity in
            guard let fingerprint = map.fingerprints[identity], !fingerprint.isEdited, let now = current[identity] else {
                return false
            }
            return now.textBytes == fingerprint.textBytes && now.runCount == fingerprint.runCount
        }
    }

    // MARK: Output

    private mutating func writeSource(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) {
        writeSource(bytes[range])
    }

    /// Writes text in the source's form, after the blank line a block written anew wants.
    private mutating func writeSource<Bytes: Collection<UInt8>>(_ bytes: Bytes) {
        guard !bytes.isEmpty else { return }
        if needsBlankLine {
            needsBlankLine = false
            if !Self.startsWithBlankLine(bytes) { output += lineEnding }
        }
        output.append(contentsOf: bytes)
    }

    /// The list style of the block that follows block segment `index` across blank lines and
    /// deleted blocks only, when it is a list.
    private func nextListStyle(after index: Int, units: [IntentDocument.TopLevelUnit], placement: Placement) -> ListStyle? {
        var next = index + 1
        while next < map.segments.count {
            switch map.segments[next].content {
            case .gap:
                let blank = map.source.withUnsafeBufferPointer { Self.isBlank($0[map.segments[next].range]) }
                guard blank else { return nil }
            case .frontMatter:
                return nil
            case .blocks:
                // Blocks gone from the document are skipped: what follows them comes next.
                let present = (placement.grouped[next] ?? []) + (placement.following[next] ?? [])
                if let first = present.min() { return units[first].identity.flatMap { listStyle(of: $0) } }
            }
            next += 1
        }
        return nil
    }

    /// The style of top-level block `identity` when it is a list (its marker as the writer would
    /// choose it from the source's).
    private func listStyle(of identity: Int) -> ListStyle? {
        guard let index = topBlockIndex[identity] else { return nil }
        return Self.style(of: index, in: document)
    }

    /// Writes the units anew, as one document, set off by blank lines; a list at either end
    /// takes another marker than a list of the same kind it touches.
    private mutating func renderUnits(
        _ positions: [Int], of units: [IntentDocument.TopLevelUnit], next: ListStyle? = nil
    ) {
        guard !positions.isEmpty else { return }
        var part = self.part(of: positions.map { units[$0].utf8Range })
        let topBlocks = part.blockIDs.filter { part.parent(of: $0) == nil }
        if let first = topBlocks.first { avoidJoining(&part, list: first, neighbours: [previousListStyle, next]) }
        if let last = topBlocks.last, last != topBlocks.first { avoidJoining(&part, list: last, neighbours: [next]) }
        previousListStyle = topBlocks.last.flatMap { Self.style(of: $0, in: part) }
        let references = sourceReferences()
        let written = MarkdownWriter(options: anewOptions()).writeAnew(part, context: definitionContext, references: references)
        guard !written.isEmpty else { return }
        if !output.isEmpty {
            if !Self.endsWithLineEnding(output) { output += lineEnding }
            if !Self.endsWithBlankLine(output) { output += lineEnding }
        }
        writeFresh(written)
        needsBlankLine = true
    }

    /// The document's text in `ranges` (whole top-level units), as a document of its own with the
    /// same identities and no front matter.
    private func part(of ranges: [Range<Int>]) -> IntentDocument {
        var splicer = IntentDocumentSplicer(expectedBytes: 0, firstFreeIdentity: document.largestIdentity + 1)
        for range in ranges { splicer.copy(document, sourceID: 0, utf8Range: range) }
        var part = splicer.finish()
        part.frontMatter = nil
        return part
    }

    /// The options blocks are written anew with: ``options`` with the source's conventions
    /// (``MarkdownConventions``) when they are learned, found on the first block written anew.
    private mutating func anewOptions() -> MarkdownWritingOptions {
        if let learnedOptions { return learnedOptions }
        let chosen = options.learnsConventions ? MarkdownConventions.learned(options, from: document, map: map) : options
        learnedOptions = chosen
        return chosen
    }

    /// Writes at the end the link reference definitions that blocks written anew took with them
    /// (a definition inside a paragraph, a list item or a quote is no text of the document, so
    /// the block's new lines lack it — and a table under a paragraph line makes the whole source
    /// one group) while a link or image of the document still points at their target: each as
    /// `[label]: destination "title"`, after a blank line. Nothing when no block was written
    /// anew, or when every such definition is still in the output.
    private mutating func restoreRewrittenDefinitions() {
        guard let references, !references.labels.isEmpty else { return }
        let kept = Set(LinkReferences.labels(inDefinitions: output[...]).map { $0.lowercased() })
        var linked = Set<LinkReferences.Target>()
        for run in document.runs {
            let attributes = run.attributes
            if let destination = attributes.linkDestination ?? attributes.link?.absoluteString {
                linked.insert(
                    LinkReferences.Target(destination: destination, title: attributes.linkTitle.flatMap { $0.isEmpty ? nil : $0 }))
            }
            if let source = attributes.imageSource ?? attributes.imageURL?.absoluteString {
                linked.insert(LinkReferences.Target(destination: source, title: attributes.imageTitle.flatMap { $0.isEmpty ? nil : $0 }))
            }
        }
        var missing = LinkReferences()
        for (target, label) in references.labels where linked.contains(target) && !kept.contains(label.lowercased()) {
            missing.labels[target] = label
        }
        guard !missing.labels.isEmpty else { return }
        if !output.isEmpty, output.last != UInt8(ascii: "\n") { output.append(UInt8(ascii: "\n")) }
        if !output.isEmpty, !Self.endsWithBlankLine(output) { output.append(UInt8(ascii: "\n")) }
        var definitions = Array(missing.definitions.utf8)
        // One blank line between definitions is what `definitions` writes; none after the last.
        while definitions.count >= 2, definitions.suffix(2) == [0x0A, 0x0A] { definitions.removeLast() }
        output += definitions
    }

    /// The definitions links written anew refer to (``LinkReferences``), read on the first call,
    /// which also puts them first in ``definitionContext``.
    private mutating func sourceReferences() -> LinkReferences {
        if let references { return references }
        let found = LinkReferences(
            source: MarkdownConventions.frontMatterBlanked(document, map: map), reading: EscapeMinimizer.readingOptions(anewOptions()))
        references = found
        // Their definitions first: a label resolves to its first definition, as in the document.
        definitionContext = found.definitions + definitionContext
        return found
    }

    /// Gives list `list` of `part` a marker no neighbour of the same kind has, when one has its.
    private func avoidJoining(_ part: inout IntentDocument, list: BlockID, neighbours: [ListStyle?]) {
        guard let style = Self.style(of: list, in: part), neighbours.contains(style) else { return }
        let candidates: [ListItemDelimiter] = style.isOrdered ? [.period, .parenthesis] : [.hyphen, .asterisk, .plus]
        guard
            let free = candidates.first(where: { candidate in
                !neighbours.contains(ListStyle(isOrdered: style.isOrdered, delimiter: candidate))
            })
        else { return }
        var markup = part.markup(of: list) ?? BlockMarkup()
        markup.listItemDelimiter = free
        part.setMarkup(markup, of: list)
    }

    private static func style(of block: BlockID, in document: IntentDocument) -> ListStyle? {
        let delimiter = document.markup(of: block)?.listItemDelimiter
        if case .orderedList = document.kind(of: block) { return ListStyle(isOrdered: true, delimiter: delimiter ?? .period) }
        if case .unorderedList = document.kind(of: block) { return ListStyle(isOrdered: false, delimiter: delimiter ?? .hyphen) }
        return nil
    }

    private mutating func writeFresh(_ text: String) {
        if map.usesCRLF {
            for byte in text.utf8 {
                if byte == UInt8(ascii: "\n") { output += [0x0D, 0x0A] } else { output.append(byte) }
            }
        } else {
            output.append(contentsOf: text.utf8)
        }
    }

    private var lineEnding: [UInt8] { map.usesCRLF ? [0x0D, 0x0A] : [0x0A] }

    private static func endsWithLineEnding(_ bytes: [UInt8]) -> Bool {
        bytes.last == 0x0A || bytes.last == 0x0D
    }

    /// Whether the text ends with a line of spaces and tabs only (after a line ending).
    private static func endsWithBlankLine(_ bytes: [UInt8]) -> Bool {
        var index = bytes.count - 1
        // The final line ending.
        guard index >= 0, bytes[index] == 0x0A || bytes[index] == 0x0D else { return false }
        if bytes[index] == 0x0A, index > 0, bytes[index - 1] == 0x0D { index -= 1 }
        index -= 1
        while index >= 0, bytes[index] == 0x20 || bytes[index] == 0x09 { index -= 1 }
        return index < 0 || bytes[index] == 0x0A || bytes[index] == 0x0D
    }

    /// Whether the text holds only spaces, tabs and line endings.
    private static func isBlank(_ bytes: Slice<UnsafeBufferPointer<UInt8>>) -> Bool {
        bytes.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    }

    /// Whether the text's first line holds only spaces and tabs.
    private static func startsWithBlankLine(_ bytes: some Collection<UInt8>) -> Bool {
        for byte in bytes {
            if byte == 0x0A || byte == 0x0D { return true }
            if byte != 0x20, byte != 0x09 { return false }
        }
        return true
    }
}
