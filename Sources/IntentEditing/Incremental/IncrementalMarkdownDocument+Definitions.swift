import Foundation
import IntentModel
import MarkdownParsing

extension IncrementalMarkdownDocument {
    /// The lines of a region's source that may hold link reference definitions: the stretches
    /// that may (``definitionLikeLines(in:)``) and the lines with `]:`
    /// (``linesWithLabelColons(in:)``).
    typealias DefinitionChunks = (stretches: [ArraySlice<UInt8>], lines: [ArraySlice<UInt8>])

    /// The normalized labels of the definitions that differ between `old` and `new` (their
    /// stretches and lines compared as multisets), or `nil` when one cannot be read: a `]:` with
    /// no `[` before it in its stretch, a label that folds outside ASCII, or a footnote label
    /// (`^…`).
    static func changedDefinitionLabels(old: DefinitionChunks, new: DefinitionChunks) -> Set<String>? {
        func difference(_ left: [ArraySlice<UInt8>], _ right: [ArraySlice<UInt8>]) -> [ArraySlice<UInt8>] {
            var counts: [[UInt8]: Int] = [:]
            for chunk in left { counts[Array(chunk), default: 0] += 1 }
            for chunk in right { counts[Array(chunk), default: 0] -= 1 }
            return (left + right).filter { counts[Array($0), default: 0] != 0 }
        }
        return definitionKeys(in: (difference(old.stretches, new.stretches) + difference(old.lines, new.lines)).map { Array($0) })
    }

    /// The normalized label before every `]:` of each of `texts` (read across its lines), or
    /// `nil` when one cannot be read: a `]:` with no `[` before it in its text, a label that
    /// folds outside ASCII, or a footnote label (`^…`).
    static func definitionKeys(in texts: [[UInt8]]) -> Set<String>? {
        var keys = Set<String>()
        for bytes in texts {
            let colons = zip(bytes, bytes.dropFirst()).filter { $0 == (UInt8(ascii: "]"), UInt8(ascii: ":")) }.count
            guard let labels = LinkDefinitions.labelsBeforeColons(in: bytes, from: 0, acrossLines: true), labels.count == colons
            else { return nil }
            for label in labels {
                // A footnote definition (`[^label]:`) is a block libcmark-gfm moves to the
                // document's end and numbers across it: only a full parse places it.
                guard !label.hasPrefix("^"), let key = DefinitionIndex.key(label) else { return nil }
                keys.insert(key)
            }
        }
        return keys
    }

    /// After a partial update that made, changed or removed the definitions of `labels`: the
    /// definitions gathered again from the blocks' sources (no parse) — those of `labels` that a
    /// block may hold inside it (in a list item, a block quote) resolved by parsing the blocks
    /// that may hold one, in order, until each label has its first — and every block that may
    /// refer to one of `labels` parsed again with them; the change covers them all. Where that
    /// cannot be done (a block holding a definition cannot be probed, or too many blocks refer
    /// to the labels) the source is parsed whole.
    ///
    /// The blocks the region parse just put in the tree need no second parse for a label the
    /// document defined nowhere before the edit: the region was given no definition of it, so
    /// its parse resolved the label to the region's first definition — the document's first
    /// now, since the region holds every definition of it.
    mutating func refreshDefinitions(_ labels: Set<String>) throws {
        let (regionElements, definedBefore) = (lastParsedElements, labels.filter(definitions.defines))
        let (between, insideBlocks) = betweenBlockDefinitions(changing: labels)
        // Definitions read inside blocks stay, but those of the labels that changed.
        var probed = DefinitionIndex(probedDefinitions).text(excluding: labels)
        if insideBlocks {
            guard let resolved = try firstDefinitions(of: labels) else {
                try parseEverything(
                    after: lastChange, reason: "a block that may hold a changed link reference definition could not be probed")
                return
            }
            probed += resolved
        }
        probedDefinitions = probed
        definitions = DefinitionIndex(probedDefinitions + between)
        let referring = elements(referringTo: labels)
        // A footnote definition that may use one of the labels is a block of the footnote
        // section, which a re-parse of the element holding its lines does not put anew.
        // (The prefix, the source before the first block, may hold one too.)
        let prefix = tree.count > 0 && tree.element(at: 0).isPrefix ? [tree.element(at: 0)] : []
        let prefixRefers = prefix.contains {
            !DefinitionIndex.forEachBracketContent(of: $0.source) { !DefinitionIndex.mayBeOne(of: labels, utf8: $0) }
        }
        if options.extensions.contains(.footnotes),
            (prefixRefers && prefix.contains { Self.mayHoldFootnoteDefinition($0.source) })
                || referring.contains(where: { Self.mayHoldFootnoteDefinition(tree.element(at: $0).source) })
        {
            try parseEverything(after: lastChange, reason: "a footnote definition may refer to a changed link reference definition")
            return
        }
        let outside = referring.filter { !regionElements.contains($0) }
        let inside = definedBefore.isEmpty ? [] : elements(referringTo: definedBefore).filter(regionElements.contains)
        let dependents = (outside + inside).sorted()
        guard dependents.count <= 64 else {
            try parseEverything(after: lastChange, reason: "many blocks refer to a changed link reference definition")
            return
        }
        var change = lastChange
        var reparsedBytes = change.reparsedSourceRange.count
        // From the last to the first, so earlier indices stay valid.
        for index in dependents.reversed() where index < tree.count {
            let blocks = freshBlocks(around: index)
            let (first, end) = (blocks.lowerBound, blocks.upperBound)
            let start = tree.summary(before: first).sourceUTF8
            let region = ReparsedRegion(first: first, end: end, bytes: start..<tree.summary(before: end).sourceUTF8)
            if case .failure(let refusal) = try partialUpdate(edit: start..<start, text: "", widening: region, allowing: []) {
                try parseEverything(
                    after: change, reason: "a block that refers to a changed definition could not be parsed alone (\(refusal.reason))")
                return
            }
            change = change.followed(by: lastChange)
            reparsedBytes += lastChange.reparsedSourceRange.count
        }
        lastChange = change
        lastUpdate = .partial(reparsedBytes: reparsedBytes, reparsedBlocks: change.reparsedBlocks.count)
    }

    /// Whether `source` may hold a footnote definition: a `[^…]:` line, or one that cannot be read.
    static func mayHoldFootnoteDefinition(_ source: String) -> Bool {
        guard source.utf8.containsFootnoteOpener else { return false }
        return footnoteDefinitions(in: source).map { !$0.labels.isEmpty } ?? true
    }

    /// Parses the current source whole, after the partial update `change` (already in the tree):
    /// the change recorded is `change` followed by the full parse, from the text before both.
    private mutating func parseEverything(after change: IncrementalChange, reason: String) throws {
        try parseEverything(source, reason: reason, edited: change.editedSourceRange)
        lastChange = change.followed(by: lastChange)
        lastChange.reparsedSourceRange = 0..<sourceUTF8Count
    }

    /// The definitions between blocks, gathered from the elements' sources (the lines after
    /// their blocks' lines), in source order, and whether a line inside a block that may hold a
    /// definition has a `]:` whose label is one of `labels` or cannot be read (only a parse can
    /// tell what it is). Only the subtrees with an element whose source holds `]:` are visited:
    /// every definition's stretch has one, and a stretch ends at its element's end (the next
    /// element starts with a block's line).
    func betweenBlockDefinitions(changing labels: Set<String>) -> (text: String, insideBlocks: Bool) {
        var definitions = DefinitionStretches()
        var insideBlocks = false
        let frontMatterEnd = frontMatter?.sourceRange?.upperBound ?? 0
        let gather: (Int, SourceBlock) -> Void = { index, element in
            // A skipped element starts with a block's line, which ends any open stretch.
            definitions.endStretch()
            let offset = frontMatterEnd > 0 ? tree.summary(before: index).sourceUTF8 : 0
            if gatherDefinitions(of: element, at: offset, frontMatterEnd: frontMatterEnd, changing: labels, into: &definitions) {
                insideBlocks = true
            }
        }
        tree.forEachElement(whereSummary: { $0.labelColonElements > 0 }, gather)
        return (definitions.text, insideBlocks)
    }

    /// The first definition of each of `labels` (normalized) in the document, written anew
    /// (``LinkDefinitions/resolve(_:in:parser:)``): the blocks whose source has a `]:` that may
    /// end one of the labels are parsed, each from a block that starts fresh to the next, in
    /// order, with a probe for each label not yet resolved. `nil` when a probe cannot be read
    /// (the blocks end in an open fence or HTML block).
    func firstDefinitions(of labels: Set<String>) throws -> String? {
        var candidates: [Int] = []
        let consider: (Int, SourceBlock) -> Void = { index, element in
            let found = LinkDefinitions.labelsBeforeColons(in: Array(element.source.utf8), from: 0, acrossLines: true)
            if found.map({ $0.contains { DefinitionIndex.mayBeOne(of: labels, $0) } }) ?? true { candidates.append(index) }
        }
        tree.forEachElement(whereSummary: { $0.labelColonElements > 0 }, consider)
        var remaining = labels.sorted()
        var resolved = ""
        var probedEnd = 0
        for index in candidates where index >= probedEnd && !remaining.isEmpty {
            let blocks = freshBlocks(around: index)
            let (first, end) = (blocks.lowerBound, blocks.upperBound)
            probedEnd = end
            var source = ""
            tree.forEachElement(in: first..<end) { source += $0.source }
            var regionOptions = options
            regionOptions.recognizesFrontMatter = options.recognizesFrontMatter && first == 0
            guard let found = try LinkDefinitions.resolve(remaining, in: source, parser: MarkdownParser(options: regionOptions)) else {
                return nil
            }
            for label in remaining { resolved += found[label] ?? "" }
            remaining.removeAll { found[$0] != nil }
        }
        return resolved
    }

    /// The elements from the one at or before `index` that starts fresh to the first that
    /// starts fresh after it: the blocks that parse alone as they do in the whole.
    private func freshBlocks(around index: Int) -> Range<Int> {
        var first = index
        while first >= 1, !startsFresh(first) { first -= 1 }
        var end = index + 1
        while end < editableCount, !startsFresh(end) { end += 1 }
        return first..<end
    }

    /// Adds the lines of `element` (whose source starts at byte `offset`) that no block covers
    /// to `definitions` — but a footnote definition's stretch, whose block libcmark-gfm moves to
    /// the document's end; `true` when one of its block lines that may hold a definition has a
    /// `]:` whose label is one of `labels` or cannot be read.
    private func gatherDefinitions(
        of element: SourceBlock, at offset: Int, frontMatterEnd: Int, changing labels: Set<String>,
        into definitions: inout DefinitionStretches
    ) -> Bool {
        let bytes = Array(element.source.utf8)
        var lineStart = 0
        var line = 0
        var insideBlock = false
        // The element's label colons, read once (on the first block line that has one).
        var colons: LabelColons? = nil
        // Whether the stretch being read is a footnote definition's (`[^label]:`), which defines
        // no link: its lines are left out, as the full parse's gathering leaves them.
        var inFootnoteDefinition = false
        let footnotes = options.extensions.contains(.footnotes)
        while lineStart < bytes.count {
            let next = LineEndings.line(in: bytes, from: lineStart).next
            let lineBytes = Array(bytes[lineStart..<next])
            let isBlockLine = !element.isPrefix && line < element.blockLines
            if offset + lineStart < frontMatterEnd {
                // Front matter is not Markdown.
            } else if isBlockLine {
                definitions.endStretch()
                inFootnoteDefinition = false
                // A `]:` there was resolved by the last full parse, unless its label is
                // changing (or cannot be read). In a paragraph a label may start on an earlier
                // line (libcmark-gfm gives a paragraph that began with definitions their lines),
                // so it is read from the element's start; in a container, on its line only.
                if element.holding != .none, zip(lineBytes, lineBytes.dropFirst()).contains(where: { $0 == (93, 58) }) {
                    if colons == nil { colons = LabelColons(bytes) }
                    let found = colons?.labels(in: bytes, endingIn: lineStart..<next, acrossLines: element.holding == .paragraph)
                    if found.map({ $0.contains { DefinitionIndex.mayBeOne(of: labels, $0) } }) ?? true { insideBlock = true }
                }
            } else if DefinitionStretches.isBlank(lineBytes) {
                definitions.endStretch()
                inFootnoteDefinition = false
            } else {
                if footnotes, Self.definitionLabel(lineBytes[...]) != nil { inFootnoteDefinition = true }
                if !inFootnoteDefinition { definitions.add(String(decoding: lineBytes, as: UTF8.self)) }
            }
            lineStart = next
            line += 1
        }
        return insideBlock
    }

    /// The tree indices of the blocks whose brackets may refer to one of `labels` (normalized),
    /// in order (``DefinitionIndex/mayBeOne(of:_:)``: a bracket whose text folds outside ASCII is
    /// none of them).
    /// Only subtrees whose label bits hold one of the labels' are visited.
    func elements(referringTo labels: Set<String>) -> [Int] {
        let wanted = labels.reduce(UInt64(0)) { $0 | DefinitionIndex.labelBit($1) }
        var result: [Int] = []
        let visit: (Int, SourceBlock) -> Void = { index, element in
            guard !element.isPrefix else { return }
            let refers = !DefinitionIndex.forEachBracketContent(of: element.source) { !DefinitionIndex.mayBeOne(of: labels, utf8: $0) }
            if refers { result.append(index) }
        }
        tree.forEachElement(whereSummary: { $0.bracketLabels & wanted != 0 }, visit)
        return result
    }
}
