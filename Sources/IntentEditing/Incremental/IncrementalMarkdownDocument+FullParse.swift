import Foundation
import IntentModel
import MarkdownParsing

extension IncrementalMarkdownDocument {
    /// Parses all of `source` and rebuilds the tree, recording a change with `reason` (`edited`:
    /// where the edit's new text is).
    mutating func parseEverything(_ source: String, reason: String, edited: Range<Int>) throws {
        let (parsed, lines) = try MarkdownParser(options: options).parseReportingTopLevelLines(source)
        identityHighWater = max(identityHighWater, parsed.largestIdentity)
        let lineStarts = SourceBlock.lineStarts(of: source.utf8)
        let blocks = Self.topLevelBlocks(of: parsed)
        frontMatter = parsed.frontMatter
        footnoteLabels = []
        definitions = DefinitionIndex()
        probedDefinitions = ""
        fullParseReason = fullParseReason(of: parsed, source: source, lines: lines, blockCount: blocks.count)
        if fullParseReason == nil {
            let gathered = try LinkDefinitions.gather(
                in: source, lineStarts: lineStarts, of: parsed, lines: lines, parser: MarkdownParser(options: options))
            probedDefinitions = gathered.probed
            (definitions, fullParseReason) = (DefinitionIndex(gathered.probed + gathered.between), gathered.fullParseReason)
        }
        let shared = ParsedRegion(parsed)
        var elements: [SourceBlock] = []
        if fullParseReason == nil,
            let placed = placedElements(of: source, parsed: shared, lines: lines, blocks: blocks, lineStarts: lineStarts)
        {
            elements = placed
        } else {
            // One element for everything: every edit parses it all again.
            fullParseReason = fullParseReason ?? "a top-level block's source lines are not known"
            elements.append(
                SourceBlock(
                    source: source, region: shared, textRange: 0..<parsed.text.utf8.count, identities: blocks.compactMap(\.identity)))
        }
        let removed = topLevelIdentities()
        let old = tree.summary
        tree = SummarizedTree(elements)
        let new = tree.summary
        lastUpdate = .full(reason: reason)
        lastChange = IncrementalChange(
            editedSourceRange: edited, reparsedSourceRange: 0..<new.sourceUTF8, reparsedBlocks: 0..<new.blocks,
            replacedTextUTF8: 0..<old.textUTF8, insertedTextUTF8: 0..<new.textUTF8,
            replacedTextUTF16: NSRange(location: 0, length: old.textUTF16), insertedTextUTF16: NSRange(location: 0, length: new.textUTF16),
            removedIdentities: removed, addedIdentities: blocks.compactMap(\.identity), fullParseReason: reason)
    }

    /// The tree's elements for a whole parse: the prefix, one element per group of top-level
    /// blocks placed by their source lines, and one per footnote definition libcmark-gfm moved to
    /// the end (with no source: theirs is in the elements before; their labels are kept in
    /// ``footnoteLabels``, in order). `nil` when a block cannot be placed.
    private mutating func placedElements(
        of source: String, parsed shared: ParsedRegion, lines: [ClosedRange<Int>], blocks: [(range: Range<Int>, identity: Int?)],
        lineStarts: [Int]
    ) -> [SourceBlock]? {
        let parsed = shared.document
        let body = Self.footnoteSectionStart(of: parsed, blocks: blocks) ?? blocks.count
        let textCount = parsed.text.utf8.count
        guard
            let placed = SourceBlock.elements(
                of: source, lines: Array(lines[..<body]), blocks: Array(blocks[..<body]), region: shared,
                textEnd: body < blocks.count ? blocks[body].range.lowerBound : textCount, lineStarts: lineStarts)
        else { return nil }
        var elements = [SourceBlock(source: placed.leading, region: shared, textRange: placed.leadingText, identities: [], isPrefix: true)]
        elements += placed.elements
        let labels = Self.footnoteLabelsByIdentity(of: parsed)
        footnoteLabels = blocks[body...].map { $0.identity.flatMap { labels[$0] } ?? "" }
        for index in body..<blocks.count {
            let end = index + 1 < blocks.count ? blocks[index + 1].range.lowerBound : textCount
            elements.append(
                SourceBlock(
                    source: "", region: shared, textRange: blocks[index].range.lowerBound..<end,
                    identities: blocks[index].identity.map { [$0] } ?? [], isFootnoteDefinition: true))
        }
        return elements
    }

    /// The label of every footnote definition block of `document`, by identity.
    static func footnoteLabelsByIdentity(of document: IntentDocument) -> [Int: String] {
        var labels: [Int: String] = [:]
        for block in document.blockIDs {
            if let label = document.markup(of: block)?.footnoteLabel { labels[document.identity(of: block)] = label }
        }
        return labels
    }

    /// Why every edit of `parsed` must parse everything, or `nil`.
    private func fullParseReason(of parsed: IntentDocument, source: String, lines: [ClosedRange<Int>], blockCount: Int) -> String? {
        if options.appliesSourcePositionAttributes { return "source positions move with every edit" }
        if options.interpretedSyntax != .full { return "inline-only syntax is parsed as a whole" }
        if blockCount != lines.count { return "the document's blocks do not match the source's top-level blocks" }
        if options.extensions.contains(.footnotes),
            Self.footnoteSectionStart(of: parsed, blocks: Self.topLevelBlocks(of: parsed)) == nil,
            parsed.blockIDs.contains(where: { parsed.markup(of: $0)?.footnoteLabel != nil })
        {
            return "a footnote definition is not among the top-level blocks at the document's end"
        }
        return nil
    }

    /// The index in `blocks` (`parsed`'s top-level blocks, in order) of the first footnote
    /// definition when the definitions are the last blocks and no block before them is one —
    /// libcmark-gfm moves every referenced definition to the document's end, in the order of
    /// first reference — or `nil` when there is none or they are not all there.
    static func footnoteSectionStart(of parsed: IntentDocument, blocks: [(range: Range<Int>, identity: Int?)]) -> Int? {
        var isDefinition = Set<Int>()
        for block in parsed.blockIDs where parsed.markup(of: block)?.footnoteLabel != nil {
            isDefinition.insert(parsed.identity(of: block))
        }
        guard !isDefinition.isEmpty else { return nil }
        let flags = blocks.map { $0.identity.map(isDefinition.contains) ?? false }
        guard let first = flags.firstIndex(of: true), flags[first...].allSatisfy({ $0 }) else { return nil }
        return first
    }

    /// The identities of every top-level block, in order.
    func topLevelIdentities() -> [Int] {
        var identities: [Int] = []
        tree.forEachElement { identities += $0.identities }
        return identities
    }

    /// The document: the blocks' runs copied in order (a parse no update split is returned as it
    /// is).
    func snapshot() -> IntentDocument {
        var pieces: [(region: ParsedRegion, range: Range<Int>)] = []
        tree.forEachElement { element in
            if let last = pieces.last, last.region === element.region, last.range.upperBound == element.textRange.lowerBound {
                pieces[pieces.count - 1].range = last.range.lowerBound..<element.textRange.upperBound
            } else if !element.textRange.isEmpty || pieces.isEmpty {
                pieces.append((element.region, element.textRange))
            }
        }
        // One parse holding all the text, every element still its, and the source it was parsed
        // from as long as the source: the document as parsed. (A region's parse holds all the
        // text when the other blocks hold none — a definition edited alone — and was parsed from
        // the region's source with definitions before and after it, which its own map would write.)
        var isOneParse =
            pieces.count == 1 && pieces[0].range == 0..<pieces[0].region.document.text.utf8.count
            && pieces[0].region.document.markdownSource?.source.count == tree.summary.sourceUTF8
        if isOneParse { tree.forEachElement { isOneParse = isOneParse && $0.region === pieces[0].region } }
        if isOneParse {
            var document = pieces[0].region.document
            document.frontMatter = frontMatter
            return document
        }
        var splicer = IntentDocumentSplicer(expectedBytes: tree.summary.textUTF8, firstFreeIdentity: identityHighWater + 1)
        var sourceIDs: [ObjectIdentifier: Int] = [:]
        for piece in pieces {
            let id = sourceIDs[ObjectIdentifier(piece.region)] ?? sourceIDs.count
            sourceIDs[ObjectIdentifier(piece.region)] = id
            splicer.copy(piece.region.document, sourceID: id, utf8Range: piece.range)
        }
        var document = splicer.finish()
        document.frontMatter = frontMatter
        var source: [UInt8] = []
        source.reserveCapacity(tree.summary.sourceUTF8)
        tree.forEachElement { source.append(contentsOf: $0.source.utf8) }
        // The spliced parts' own maps name the sources they were parsed from: the whole source
        // stands for them, so that the document's Markdown gives it back byte for byte until
        // the document itself is edited (before, it was written anew after any update).
        // The front matter as the source has it (the blank lines after it are the body's); where
        // the source does not start with it (never, as parsed), the document is written anew.
        // (After a byte order mark, which is kept as a gap before it.)
        let frontMatterStart = frontMatter != nil && source.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        if let frontMatter, !source[frontMatterStart...].starts(with: frontMatter.rawText.utf8) { return document }
        let frontMatterRange = frontMatterStart..<(frontMatterStart + (frontMatter?.rawText.utf8.count ?? 0))
        // Each element's blocks' lines, so that an edited block is written anew alone and the
        // definitions between blocks stay; footnote definitions (moved to the end, their source
        // inside other elements) keep the whole source one group.
        guard !hasFootnoteSection else {
            document.markdownSource = .wholeSource(source, of: document, frontMatter: frontMatterRange)
            return document
        }
        document.markdownSource = .assembled(source, blocks: blockLineRanges(), of: document, frontMatter: frontMatterRange)
        return document
    }

    /// Each element's top-level blocks with the UTF-8 range of their lines in the source (the
    /// element's first `blockLines` lines; the blank lines and definitions after them are not
    /// the blocks'), in order; elements without blocks left out.
    private func blockLineRanges() -> [(identities: [Int], range: Range<Int>)] {
        var blocks: [(identities: [Int], range: Range<Int>)] = []
        var offset = 0
        tree.forEachElement { element in
            let utf8 = element.source.utf8
            if !element.identities.isEmpty {
                let lineStarts = LineEndings.lineStarts(of: utf8)
                let end = element.blockLines < lineStarts.count ? lineStarts[element.blockLines] : utf8.count
                blocks.append((element.identities, offset..<(offset + end)))
            }
            offset += utf8.count
        }
        return blocks
    }
}
