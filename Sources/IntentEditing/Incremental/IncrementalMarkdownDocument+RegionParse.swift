import Foundation
import IntentModel
import MarkdownParsing

extension IncrementalMarkdownDocument {
    /// The region parsed with the document's definitions before it, its identities moved above
    /// every identity handed out — with the footnote definitions of `replacingFootnotes` (labels
    /// the region defines) copied out of the parse's footnote section; a refusal when the parse
    /// does not read as whole blocks of the region.
    mutating func parseRegion(
        _ regionSource: String, atSourceStart: Bool, replacingFootnotes: Set<String> = [], with parser: MarkdownParser
    ) throws -> Result<ParsedBlocks, Refusal> {
        let lineEndings = LineEndings.count(in: regionSource.utf8)
        // The region's lines, its last one counted when it has no line end.
        let regionLastLine = lineEndings + (regionSource.isEmpty || LineEndings.endsWithEnding(regionSource.utf8) ? 0 : 1)
        // The definitions the region may refer to come first, in the order that resolves each label as the whole source
        // does (the first definition of a label wins), then a blank line.
        // A region at the source's start (where front matter may open it, and which comes before
        // every other definition) gets them after it instead, after a blank line so that no
        // paragraph takes them in as lazy continuation lines.
        // Footnote references get their numbers from a preamble before those definitions.
        let referred = definitions.definitions(for: regionSource, excluding: excludedLabels)
        let footnotes: (text: String, labels: [String])
        switch footnotePreamble(for: regionSource, atSourceStart: atSourceStart) {
        case .success(let preamble): footnotes = preamble
        case .failure(let refusal): return .failure(refusal)
        }
        let preamble = footnotes.text + (referred.isEmpty || atSourceStart ? "" : referred + "\n")
        let preambleLines = LineEndings.count(in: preamble.utf8)
        let parsedSource = preamble + regionSource + (atSourceStart && !referred.isEmpty ? "\n\n" + referred : "")
        let (parsed, allLines) = try parser.parseReportingTopLevelLines(parsedSource)
        // Without the footnote preamble's paragraph and the definitions moved to the end.
        guard let (kept, keptText) = Self.regionBlocks(of: parsed, lines: allLines, footnoteLabels: footnotes.labels) else {
            return .failure(
                Refusal(
                    reason: "the re-parsed region's footnotes do not read as the document's (footnotes are numbered across the document)"))
        }
        let linesAfterPreamble = Array(allLines[kept])
        // Lines counted in the region (libcmark-gfm reports a paragraph a table took the last line
        // of at line 0: it stays 0).
        let regionLines = linesAfterPreamble.map { lines in
            lines.lowerBound == 0
                ? 0...max(0, lines.upperBound - preambleLines) : (lines.lowerBound - preambleLines)...(lines.upperBound - preambleLines)
        }
        let document = freshlyNumbered(parsed, keeping: keptText)
        let blocks = Self.topLevelBlocks(of: document)
        // The definitions must stay definitions (no block of their own), and every block must lie
        // in the region.
        guard blocks.count == regionLines.count,
            zip(linesAfterPreamble, regionLines).allSatisfy({
                ($0.lowerBound == 0 || $1.lowerBound >= 1) && $1.upperBound <= max(regionLastLine, 1)
            })
        else {
            return .failure(Refusal(reason: "the re-parsed region does not read as whole blocks", widens: true))
        }
        var result = ParsedBlocks(document: document, lines: regionLines, blocks: blocks, frontMatter: parsed.frontMatter)
        if !replacingFootnotes.isEmpty { result.footnotes = copyFootnotes(replacingFootnotes, from: parsed, section: kept.upperBound) }
        return .success(result)
    }

    /// The text `kept` of a region's parse, with identities above every one handed out (so no
    /// block of the region takes the identity of a block elsewhere), which are then handed out.
    private mutating func freshlyNumbered(_ parsed: IntentDocument, keeping kept: Range<Int>) -> IntentDocument {
        if kept == 0..<parsed.text.utf8.count {
            // The whole parse is the region's: its identities shifted, its runs shared.
            let document = parsed.renumbered(above: identityHighWater)
            identityHighWater = max(identityHighWater, document.largestIdentity)
            return document
        }
        var splicer = IntentDocumentSplicer(expectedBytes: parsed.text.utf8.count, firstFreeIdentity: identityHighWater + 1)
        splicer.copy(parsed, sourceID: 0, utf8Range: kept, renumber: true)
        identityHighWater = max(identityHighWater, splicer.nextIdentity - 1)
        return splicer.finish()
    }

    /// The top-level blocks of a region's parse that belong to the region (indices into `lines`)
    /// and their text: all, or — after a footnote preamble numbering `footnoteLabels` — those
    /// between its paragraph (the first block) and the footnote definitions libcmark-gfm moved
    /// to the end, which must be those of `footnoteLabels`, in order; `nil` when they are not.
    private static func regionBlocks(
        of parsed: IntentDocument, lines: [ClosedRange<Int>], footnoteLabels: [String]
    ) -> (blocks: Range<Int>, text: Range<Int>)? {
        let textCount = parsed.text.utf8.count
        guard !footnoteLabels.isEmpty else { return (0..<lines.count, 0..<textCount) }
        let blocks = topLevelBlocks(of: parsed)
        guard blocks.count == lines.count, let section = footnoteSectionStart(of: parsed, blocks: blocks), section >= 1 else {
            return nil
        }
        let labels = footnoteLabelsByIdentity(of: parsed)
        guard blocks[section...].map({ $0.identity.flatMap { labels[$0] } }) == footnoteLabels.map({ Optional($0) }) else { return nil }
        return (1..<section, (blocks.count > 1 ? blocks[1].range.lowerBound : textCount)..<blocks[section].range.lowerBound)
    }

    /// The footnote definitions of `labels` in `parsed`'s footnote section (its top-level blocks
    /// from `section` on), copied in order into a document of their own with fresh identities.
    private mutating func copyFootnotes(
        _ labels: Set<String>, from parsed: IntentDocument, section: Int
    ) -> (document: IntentDocument, blocks: [(label: String, range: Range<Int>, identity: Int?)]) {
        let blocks = Self.topLevelBlocks(of: parsed)
        let labelOf = Self.footnoteLabelsByIdentity(of: parsed)
        let textCount = parsed.text.utf8.count
        var splicer = IntentDocumentSplicer(expectedBytes: 0, firstFreeIdentity: identityHighWater + 1)
        var copied: [String] = []
        for index in section..<blocks.count {
            guard let label = blocks[index].identity.flatMap({ labelOf[$0] }), labels.contains(label) else { continue }
            let end = index + 1 < blocks.count ? blocks[index + 1].range.lowerBound : textCount
            splicer.copy(parsed, sourceID: 0, utf8Range: blocks[index].range.lowerBound..<end, renumber: true)
            copied.append(label)
        }
        identityHighWater = max(identityHighWater, splicer.nextIdentity - 1)
        let document = splicer.finish()
        let placed = Self.topLevelBlocks(of: document)
        return (document, zip(copied, placed).map { ($0, $1.range, $1.identity) })
    }

    /// Whether the block whose source is `next` still starts a block of its own when its first
    /// line is parsed after `regionSource` (which parsed into `regionBlockCount` blocks).
    static func nextBlockStartsFresh(
        _ next: String, after regionSource: String, regionBlockCount: Int, parser: MarkdownParser
    ) throws -> Bool {
        let regionLineCount = LineEndings.count(in: regionSource.utf8)
        let firstLine = next.utf8.prefix { !LineEndings.isEnding($0) }
        let sentinel = regionSource + String(decoding: firstLine, as: UTF8.self) + "\n"
        let (_, sentinelLines) = try parser.parseReportingTopLevelLines(sentinel)
        return sentinelLines.count == regionBlockCount + 1 && sentinelLines.last?.lowerBound == regionLineCount + 1
    }

    /// Puts the re-parsed region's blocks in the tree in place of `region`'s, and records the
    /// change (all but the edited source range, which the caller knows).
    mutating func put(_ parsed: ParsedBlocks, source: String, in region: ReparsedRegion) -> Bool {
        let shared = ParsedRegion(parsed.document)
        guard let placed = SourceBlock.elements(of: source, lines: parsed.lines, blocks: parsed.blocks, region: shared) else {
            return false
        }
        var elements: [SourceBlock] = []
        var replaced = region.first..<region.end
        if region.first == 0 {
            elements.append(
                SourceBlock(source: placed.leading, region: shared, textRange: placed.leadingText, identities: [], isPrefix: true))
        } else if !placed.leading.isEmpty {
            // Lines before the region's first block (a block's first line made blank) go on
            // after the block before the region.
            replaced = (region.first - 1)..<region.end
            elements.append(tree.element(at: region.first - 1).appendingSource(placed.leading))
        }
        elements += placed.elements
        let placedStart = replaced.lowerBound + elements.count - placed.elements.count
        lastParsedElements = placedStart..<(placedStart + placed.elements.count)
        record(
            replacing: replaced, with: elements, reparsed: region.first..<region.end,
            reparsedSource: region.bytes.lowerBound..<(region.bytes.lowerBound + source.utf8.count))
        tree.replaceSubrange(replaced, with: elements)
        if let footnotes = parsed.footnotes { replaceFootnotes(footnotes) }
        return true
    }

    /// Puts footnote definitions parsed anew in place of the document's of the same labels (the
    /// last elements, in ``footnoteLabels``' order); the change recorded grows to cover them.
    private mutating func replaceFootnotes(
        _ footnotes: (document: IntentDocument, blocks: [(label: String, range: Range<Int>, identity: Int?)])
    ) {
        let shared = ParsedRegion(footnotes.document)
        var positions: [String: Int] = [:]
        for (position, label) in footnoteLabels.enumerated() where positions[label] == nil { positions[label] = position }
        var replacements: [Int: SourceBlock] = [:]
        for block in footnotes.blocks {
            guard let position = positions[block.label] else { continue }
            replacements[editableCount + position] = SourceBlock(
                source: "", region: shared, textRange: block.range, identities: block.identity.map { [$0] } ?? [],
                isFootnoteDefinition: true)
        }
        guard let first = replacements.keys.min(), let last = replacements.keys.max() else { return }
        // One replacement from the first definition replaced to the last, those between kept:
        // its cost is the stretch's, not the stretch's for each definition.
        var elements: [SourceBlock] = []
        var removed: [Int] = []
        var index = first
        tree.forEachElement(in: first..<(last + 1)) { element in
            defer { index += 1 }
            if let replacement = replacements[index] {
                removed += element.identities
                elements.append(replacement)
            } else {
                elements.append(element)
            }
        }
        let change = lastChange
        record(replacing: first..<(last + 1), with: elements, reparsed: first..<(last + 1), reparsedSource: change.reparsedSourceRange)
        // Only the definitions replaced lose and gain identities.
        lastChange.removedIdentities = removed
        lastChange.addedIdentities = replacements.keys.sorted().flatMap { replacements[$0]?.identities ?? [] }
        tree.replaceSubrange(first..<(last + 1), with: elements)
        lastChange = change.followed(by: lastChange)
    }

    /// Records in ``lastChange`` what replacing the tree's elements `replaced` with `elements`
    /// changes (before doing it); the blocks of `reparsed` (within `replaced`) are removed, those
    /// of `elements` that are not kept from before it added.
    mutating func record(replacing replaced: Range<Int>, with elements: [SourceBlock], reparsed: Range<Int>, reparsedSource: Range<Int>) {
        let before = tree.summary(before: replaced.lowerBound)
        let through = tree.summary(before: replaced.upperBound)
        let added = elements.reduce(SourceBlockSummary.zero) { $0 + $1.summary }
        var removedIdentities: [Int] = []
        tree.forEachElement(in: reparsed) { removedIdentities += $0.identities }
        // The element before the region, kept with lines appended, is not re-parsed.
        let kept = reparsed.lowerBound - replaced.lowerBound
        let keptBlocks = elements.prefix(kept).reduce(0) { $0 + $1.summary.blocks }
        lastChange = IncrementalChange(
            editedSourceRange: reparsedSource, reparsedSourceRange: reparsedSource,
            reparsedBlocks: (before.blocks + keptBlocks)..<(before.blocks + added.blocks),
            replacedTextUTF8: before.textUTF8..<through.textUTF8, insertedTextUTF8: before.textUTF8..<(before.textUTF8 + added.textUTF8),
            replacedTextUTF16: NSRange(location: before.textUTF16, length: through.textUTF16 - before.textUTF16),
            insertedTextUTF16: NSRange(location: before.textUTF16, length: added.textUTF16),
            removedIdentities: removedIdentities, addedIdentities: elements.dropFirst(kept).flatMap(\.identities), fullParseReason: nil)
    }
}
