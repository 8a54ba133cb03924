import Foundation
import IntentModel
import MarkdownParsing

extension IncrementalMarkdownDocument {
    /// The normalized labels of the definitions that differ between `old` and `new` (the lines
    /// holding `]:`, and the stretches that may hold definitions, as multisets), or `nil` when
    /// one cannot be read: a `]:` with no `[` before it in its stretch, a label outside ASCII, or
    /// a footnote label (`^…`).
    static func changedDefinitionLabels(old: [UInt8], new: [UInt8]) -> Set<String>? {
        func difference(_ left: [ArraySlice<UInt8>], _ right: [ArraySlice<UInt8>]) -> [ArraySlice<UInt8>] {
            var counts: [[UInt8]: Int] = [:]
            for chunk in left { counts[Array(chunk), default: 0] += 1 }
            for chunk in right { counts[Array(chunk), default: 0] -= 1 }
            return (left + right).filter { counts[Array($0), default: 0] != 0 }
        }
        let changed =
            difference(definitionLikeLines(in: old), definitionLikeLines(in: new))
            + difference(linesWithLabelColons(in: old), linesWithLabelColons(in: new))
        var keys = Set<String>()
        for chunk in changed {
            let bytes = Array(chunk)
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
    /// definitions gathered again from the blocks' sources (no parse), and every block that may
    /// refer to one of `labels` parsed again with them; the change covers them all. Where that
    /// cannot be done (a definition inside a block changed, or too many blocks refer to the
    /// labels) the source is parsed whole.
    mutating func refreshDefinitions(_ labels: Set<String>) throws {
        guard let between = betweenBlockDefinitions(changing: labels) else {
            try parseEverything(after: lastChange, reason: "a link reference definition inside a block changed")
            return
        }
        // Definitions read inside blocks at the last full parse stay, but those of the labels
        // that changed (a line inside a block that still defines one made this a full parse).
        probedDefinitions = DefinitionIndex(probedDefinitions).text(excluding: labels)
        definitions = DefinitionIndex(probedDefinitions + between)
        let dependents = elements(referringTo: labels)
        guard dependents.count <= 64 else {
            try parseEverything(after: lastChange, reason: "many blocks refer to a changed link reference definition")
            return
        }
        var change = lastChange
        var reparsedBytes = change.reparsedSourceRange.count
        // From the last to the first, so earlier indices stay valid.
        for index in dependents.reversed() where index < tree.count {
            var first = index
            while first >= 1, !startsFresh(first) { first -= 1 }
            var end = index + 1
            while end < tree.count, !startsFresh(end) { end += 1 }
            let start = tree.summary(before: first).sourceUTF8
            let region = ReparsedRegion(first: first, end: end, bytes: start..<tree.summary(before: end).sourceUTF8)
            if case .failure(let refusal) = try partialUpdate(edit: start..<start, text: "", region: region, allowing: []) {
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

    /// Parses the current source whole, after the partial update `change` (already in the tree):
    /// the change recorded is `change` followed by the full parse, from the text before both.
    private mutating func parseEverything(after change: IncrementalChange, reason: String) throws {
        try parseEverything(source, reason: reason, edited: change.editedSourceRange)
        lastChange = change.followed(by: lastChange)
        lastChange.reparsedSourceRange = 0..<sourceUTF8Count
    }

    /// The definitions between blocks, gathered from the elements' sources (the lines after
    /// their blocks' lines), in source order; `nil` when a line inside a block that may hold a
    /// definition has a `]:` whose label is one of `labels` (only a parse can tell what it is).
    func betweenBlockDefinitions(changing labels: Set<String>) -> String? {
        var definitions = DefinitionStretches()
        var unreadable = false
        let frontMatterEnd = frontMatter?.sourceRange?.upperBound ?? 0
        var offset = 0
        tree.forEachElement { element in
            let bytes = Array(element.source.utf8)
            var lineStart = 0
            var line = 0
            while lineStart < bytes.count, !unreadable {
                var lineEnd = lineStart
                while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
                let next = min(bytes.count, lineEnd + 1)
                let lineBytes = Array(bytes[lineStart..<next])
                let isBlockLine = !element.isPrefix && line < element.blockLines
                if offset + lineStart < frontMatterEnd {
                    // Front matter is not Markdown.
                } else if isBlockLine {
                    definitions.endStretch()
                    // A `]:` there was resolved by the last full parse, unless its label is
                    // changing (or cannot be read on its line).
                    if element.holding != .none, zip(lineBytes, lineBytes.dropFirst()).contains(where: { $0 == (93, 58) }) {
                        let found = LinkDefinitions.labelsBeforeColons(in: lineBytes, from: 0, acrossLines: false)
                        unreadable = found.map { $0.contains { DefinitionIndex.key($0).map(labels.contains) ?? true } } ?? true
                    }
                } else if DefinitionStretches.isBlank(lineBytes) {
                    definitions.endStretch()
                } else {
                    definitions.add(String(decoding: lineBytes, as: UTF8.self))
                }
                lineStart = next
                line += 1
            }
            offset += bytes.count
        }
        return unreadable ? nil : definitions.text
    }

    /// The tree indices of the blocks whose brackets may refer to one of `labels` (normalized),
    /// in order; a block with a bracket outside ASCII counts (Unicode case folding may match).
    /// Only subtrees whose label bits hold one of the labels' are visited.
    func elements(referringTo labels: Set<String>) -> [Int] {
        let wanted = labels.reduce(UInt64(0)) { $0 | DefinitionIndex.labelBit($1) }
        var result: [Int] = []
        let visit: (Int, SourceBlock) -> Void = { index, element in
            guard !element.isPrefix else { return }
            let refers = DefinitionIndex.bracketContents(of: element.source).contains { candidate in
                DefinitionIndex.key(candidate).map { labels.contains($0) } ?? true
            }
            if refers { result.append(index) }
        }
        tree.forEachElement(whereSummary: { $0.bracketLabels & wanted != 0 }, visit)
        return result
    }
}
