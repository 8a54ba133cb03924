import Foundation
import IntentModel
import MarkdownParsing

/// An intent document kept in step with Markdown source that an editor changes, by re-parsing
/// only the top-level blocks an edit can affect.
///
/// After an edit, the blocks around it are parsed again — from the nearest top-level block before
/// the edit that starts fresh (after a blank line, at column 0, not a list marker) to the nearest
/// such block after it — and spliced in; every other block keeps its identity. The splice is
/// checked: the block after the re-parsed region must still start a block of its own when
/// parsed after the new region (an opened fence or HTML block would swallow it). The whole source
/// is parsed again where Markdown's global rules demand it — link reference definitions and
/// footnotes (they act across the document), source positions (every later position moves),
/// the inline-only syntaxes — and whenever the check fails; ``lastUpdate`` says which happened.
/// Link reference definitions standing on their own lines are appended to every re-parsed region
/// so references resolve as in the whole; an edit that makes, changes or removes one, a
/// definition inside a block, and footnotes re-parse everything.
/// The result is always what a full parse gives (equivalent, identities aside; property-tested).
///
/// ```swift
/// var source = try IncrementalMarkdownDocument(source: "# Title\n\nFirst.\n\nSecond.\n")
/// try source.replace(NSRange(location: 9, length: 5), with: "Changed")
/// source.lastUpdate    // .partial(…): only "Changed." was parsed again
/// ```
public struct IncrementalMarkdownDocument: Sendable {
    /// The Markdown source.
    public private(set) var source: String
    /// The intent document of ``source``.
    public private(set) var document: IntentDocument
    /// The parsing options.
    public let options: MarkdownParsingOptions
    /// How the last edit was taken (`.full` after the initial parse).
    public private(set) var lastUpdate: IncrementalUpdate

    /// One top-level block: its source lines (1-based) and its text in ``document`` (UTF-8).
    private struct TopLevelBlock: Sendable {
        var lines: ClosedRange<Int>
        var documentRange: Range<Int>
    }

    private var blocks: [TopLevelBlock] = []
    /// UTF-8 offset of the start of each line of ``source`` (line n at index n − 1).
    private var lineStarts: [Int] = []
    /// Why edits must re-parse everything, when they must.
    private var fullParseReason: String? = nil
    /// The link reference definitions of the source (the non-blank lines no top-level block
    /// covers), appended to every re-parsed region so its references resolve as in the whole.
    private var definitions = ""

    /// Parses `source`.
    /// - Parameters:
    ///   - source: Markdown.
    ///   - options: Parsing options (as for ``MarkdownParsing/MarkdownParser``).
    /// - Throws: The parser's errors (`limitExceeded`, …).
    public init(source: String, options: MarkdownParsingOptions = .default) throws {
        self.source = source
        self.options = options
        document = IntentDocument()
        lastUpdate = .full(reason: "initial parse")
        try parseEverything(reason: "initial parse")
    }

    /// Replaces a range of the source (UTF-16 units, `NSRange` semantics) and updates the document.
    /// - Parameters:
    ///   - range: The range of ``source`` to replace.
    ///   - text: The new text.
    /// - Throws: `IntentMarkError.invalidRange` for a range outside the source or splitting a
    ///   surrogate pair; the parser's errors.
    public mutating func replace(_ range: NSRange, with text: String) throws {
        let utf8Range = try EditingLayout.utf8Range(of: range, in: source)
        try replace(utf8Range: utf8Range, with: text)
    }

    /// Replaces a range of the source (indices of ``source``) and updates the document.
    /// - Parameters:
    ///   - range: The range of ``source`` to replace.
    ///   - text: The new text.
    /// - Throws: `IntentMarkError.invalidRange` when the indices are not scalar boundaries; the
    ///   parser's errors.
    public mutating func replace(_ range: Range<String.Index>, with text: String) throws {
        guard range.lowerBound.samePosition(in: source.unicodeScalars) != nil,
            range.upperBound.samePosition(in: source.unicodeScalars) != nil
        else { throw IntentMarkError.invalidRange("indices are not on scalar boundaries of the source") }
        let lower = source.utf8.distance(from: source.startIndex, to: range.lowerBound)
        let upper = source.utf8.distance(from: source.startIndex, to: range.upperBound)
        try replace(utf8Range: lower..<upper, with: text)
    }

    // MARK: Updating

    private mutating func replace(utf8Range: Range<Int>, with text: String) throws {
        let old = Array(source.utf8)
        var new = Array(old[..<utf8Range.lowerBound])
        new.append(contentsOf: text.utf8)
        new.append(contentsOf: old[utf8Range.upperBound...])
        let newSource = String(decoding: new, as: UTF8.self)
        if let reason = fullParseReason {
            source = newSource
            try parseEverything(reason: reason)
            return
        }
        switch try partialUpdate(old: old, new: new, edit: utf8Range, insertedCount: text.utf8.count) {
        case .success(let update):
            source = newSource
            lastUpdate = update
        case .failure(let refusal):
            source = newSource
            try parseEverything(reason: refusal.reason)
        }
    }

    /// Why a partial update was not possible.
    private struct Refusal: Error {
        var reason: String
    }

    /// The top-level blocks an edit re-parses: block indices `first..<end`, and the bytes of the
    /// old source they span.
    private struct ReparsedRegion {
        var first: Int
        var end: Int
        var bytes: Range<Int>
    }

    /// Re-parses the region around the edit and splices it in; a refusal (nothing changed then)
    /// when a partial update cannot be proven right.
    private mutating func partialUpdate(
        old: [UInt8], new: [UInt8], edit: Range<Int>, insertedCount: Int
    ) throws
        -> Result<IncrementalUpdate, Refusal>
    {
        let region = reparsedRegion(around: edit, in: old)
        guard region.bytes.lowerBound <= edit.lowerBound, edit.upperBound <= region.bytes.upperBound else {
            return .failure(Refusal(reason: "no block boundary around the edit"))
        }
        let delta = insertedCount - edit.count
        if let refusal = refusal(toReparse: region.bytes, old: old, new: new, delta: delta) { return .failure(refusal) }
        let regionSource = String(decoding: new[region.bytes.lowerBound..<(region.bytes.upperBound + delta)], as: UTF8.self)
        var regionOptions = options
        regionOptions.recognizesFrontMatter = false
        let parser = MarkdownParser(options: regionOptions)
        let parsed: (document: IntentDocument, lines: [ClosedRange<Int>], blocks: [Range<Int>])
        switch try parseRegion(regionSource, with: parser) {
        case .success(let result): parsed = result
        case .failure(let refusal): return .failure(refusal)
        }
        // The block after the region must still start a block of its own after the new region.
        if region.end < blocks.count,
            try !nextBlockStartsFresh(after: regionSource, at: region.bytes.upperBound, in: old, regionLines: parsed.lines, parser: parser)
        {
            return .failure(Refusal(reason: "the edit changes how the text after it is read"))
        }
        splice(parsed, replacing: region, new: new)
        return .success(.partial(reparsedBytes: regionSource.utf8.count, reparsedBlocks: parsed.lines.count))
    }

    /// From one block before the first block within a line of the edit (text typed after a block
    /// may continue it) back to a block that starts fresh, to the first block after the edit's
    /// lines that starts fresh.
    private func reparsedRegion(around edit: Range<Int>, in old: [UInt8]) -> ReparsedRegion {
        let firstLine = line(containing: edit.lowerBound)
        let lastLine = line(containing: edit.upperBound)
        // Blocks the edit can touch: any within a line of it.
        let touched = blocks.indices.filter { blocks[$0].lines.upperBound >= firstLine - 1 && blocks[$0].lines.lowerBound <= lastLine + 1 }
        var start = touched.first ?? (blocks.firstIndex { $0.lines.lowerBound > lastLine } ?? blocks.count)
        start = max(0, min(start, blocks.count) - 1)
        while start > 0, !isFreshStart(blocks[start].lines.lowerBound, in: old) { start -= 1 }
        var end = max(start, (touched.last.map { $0 + 1 }) ?? start)
        while end < blocks.count,
            blocks[end].lines.lowerBound <= lastLine + 1 || !isFreshStart(blocks[end].lines.lowerBound, in: old)
        {
            end += 1
        }
        let regionStart = start == 0 ? 0 : lineStarts[blocks[start].lines.lowerBound - 1]
        let regionEnd = end < blocks.count ? lineStarts[blocks[end].lines.lowerBound - 1] : old.count
        return ReparsedRegion(first: start, end: end, bytes: regionStart..<max(regionStart, regionEnd))
    }

    /// Why the region (old bytes `region`, `delta` bytes longer in `new`) cannot be re-parsed
    /// alone, or `nil` when it can: a lone carriage return, a definition made, changed or
    /// removed, or front matter in or next to it.
    private func refusal(toReparse region: Range<Int>, old: [UInt8], new: [UInt8], delta: Int) -> Refusal? {
        // Line numbers count line feeds; a carriage return alone (made by the edit, or left by
        // removing the line feed after one) ends a line too.
        if Self.containsBareCarriageReturn(new[max(0, region.lowerBound - 1)..<min(new.count, region.upperBound + delta + 1)]) {
            return Refusal(reason: "a carriage return alone ends a line")
        }
        // A definition made, changed or removed acts across the document.
        let regionSource = String(decoding: new[region.lowerBound..<(region.upperBound + delta)], as: UTF8.self)
        let oldRegion = String(decoding: old[region], as: UTF8.self)
        if Self.definitionLikeLines(in: regionSource) != Self.definitionLikeLines(in: oldRegion)
            || Self.linesWithLabelColons(in: regionSource) != Self.linesWithLabelColons(in: oldRegion)
        {
            return Refusal(reason: "the edit makes, changes or removes a link reference definition")
        }
        // Front matter is only read at the very start of the whole source: a region that holds
        // it, or an edit that may make or end it, is parsed with the rest of the document.
        if options.recognizesFrontMatter, options.interpretedSyntax == .full {
            let frontMatterEnd = document.frontMatter?.sourceRange?.upperBound ?? 0
            if region.lowerBound < frontMatterEnd || (region.lowerBound == 0 && Self.mayStartFrontMatter(new)) {
                return Refusal(reason: "the edit is in or next to the front matter")
            }
        }
        return nil
    }

    /// The region parsed with the document's definitions after it: its document, the lines of
    /// its top-level blocks (1-based, in the region) and their ranges in its text; a refusal
    /// when the parse does not read as whole blocks of the region.
    private func parseRegion(
        _ regionSource: String, with parser: MarkdownParser
    ) throws -> Result<(document: IntentDocument, lines: [ClosedRange<Int>], blocks: [Range<Int>]), Refusal> {
        let regionLineCount = regionSource.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        // The region's lines, its last one counted when it has no line end.
        let regionLastLine = regionLineCount + (regionSource.isEmpty || regionSource.hasSuffix("\n") ? 0 : 1)
        // The definitions follow a blank line, so that no paragraph of the region takes them in as
        // lazy continuation lines.
        let withDefinitions = definitions.isEmpty ? regionSource : regionSource + "\n\n" + definitions
        let (regionDocument, regionLines) = try parser.parseReportingTopLevelLines(withDefinitions)
        let regionBlocks = Self.topLevelRanges(of: regionDocument)
        // The appended definitions must stay definitions: no block of their own, and no block of
        // the region running on into them (an unclosed fence would).
        guard regionBlocks.count == regionLines.count, regionLines.allSatisfy({ $0.upperBound <= max(regionLastLine, 1) }),
            !Self.linesOverlap(regionLines)
        else {
            return .failure(Refusal(reason: "the re-parsed region does not read as whole blocks"))
        }
        return .success((regionDocument, regionLines, regionBlocks))
    }

    /// Whether the old block starting at byte `nextStart` of `old` still starts a block of its
    /// own when its first line is parsed after the new region.
    private func nextBlockStartsFresh(
        after regionSource: String, at nextStart: Int, in old: [UInt8], regionLines: [ClosedRange<Int>], parser: MarkdownParser
    ) throws -> Bool {
        let regionLineCount = regionSource.utf8.reduce(0) { $0 + ($1 == UInt8(ascii: "\n") ? 1 : 0) }
        var lineEnd = nextStart
        while lineEnd < old.count, old[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
        let sentinel = regionSource + String(decoding: old[nextStart..<lineEnd], as: UTF8.self) + "\n"
        let (_, sentinelLines) = try parser.parseReportingTopLevelLines(sentinel)
        return sentinelLines.count == regionLines.count + 1 && sentinelLines.last?.lowerBound == regionLineCount + 1
    }

    /// Splices the re-parsed region in: untouched blocks before, the region's new blocks,
    /// untouched blocks after; then shifts the block table and recomputes the line starts of
    /// `new`.
    private mutating func splice(
        _ parsed: (document: IntentDocument, lines: [ClosedRange<Int>], blocks: [Range<Int>]), replacing region: ReparsedRegion,
        new: [UInt8]
    ) {
        let (start, end) = (region.first, region.end)
        let regionDocument = parsed.document
        let documentStart = start < blocks.count ? blocks[start].documentRange.lowerBound : document.text.utf8.count
        let documentEnd = end < blocks.count ? blocks[end].documentRange.lowerBound : document.text.utf8.count
        var splicer = IntentDocumentSplicer(
            expectedBytes: document.text.utf8.count + regionDocument.text.utf8.count, firstFreeIdentity: document.largestIdentity + 1)
        splicer.copy(document, sourceID: 0, utf8Range: 0..<documentStart)
        splicer.copy(regionDocument, sourceID: 1, utf8Range: 0..<regionDocument.text.utf8.count, renumber: true)
        splicer.copy(document, sourceID: 0, utf8Range: documentEnd..<document.text.utf8.count)
        var spliced = splicer.finish()
        spliced.frontMatter = document.frontMatter
        // The block table, shifted.
        let regionFirstLine = start < blocks.count ? blocks[start].lines.lowerBound : (lineStarts.count)
        let lineOffset = (start == 0 ? 1 : regionFirstLine) - 1
        let documentDelta = regionDocument.text.utf8.count - (documentEnd - documentStart)
        var newLineStarts: [Int] = [0]
        for (offset, byte) in new.enumerated() where byte == UInt8(ascii: "\n") { newLineStarts.append(offset + 1) }
        let lineDelta = newLineStarts.count - lineStarts.count
        var newBlocks = Array(blocks[..<start])
        for (lines, range) in zip(parsed.lines, parsed.blocks) {
            newBlocks.append(
                TopLevelBlock(
                    lines: (lines.lowerBound + lineOffset)...(lines.upperBound + lineOffset),
                    documentRange: (range.lowerBound + documentStart)..<(range.upperBound + documentStart)))
        }
        for block in blocks[end...] {
            newBlocks.append(
                TopLevelBlock(
                    lines: (block.lines.lowerBound + lineDelta)...(block.lines.upperBound + lineDelta),
                    documentRange: (block.documentRange.lowerBound + documentDelta)..<(block.documentRange.upperBound + documentDelta)))
        }
        document = spliced
        blocks = newBlocks
        lineStarts = newLineStarts
    }

    private mutating func parseEverything(reason: String) throws {
        let (parsed, lines) = try MarkdownParser(options: options).parseReportingTopLevelLines(source)
        document = parsed
        lastUpdate = .full(reason: reason)
        lineStarts = [0]
        for (offset, byte) in source.utf8.enumerated() where byte == UInt8(ascii: "\n") { lineStarts.append(offset + 1) }
        let ranges = Self.topLevelRanges(of: parsed)
        fullParseReason = nil
        definitions = ""
        if options.appliesSourcePositionAttributes {
            fullParseReason = "source positions move with every edit"
        } else if options.interpretedSyntax != .full {
            fullParseReason = "inline-only syntax is parsed as a whole"
        } else if ranges.count != lines.count {
            fullParseReason = "the document's blocks do not match the source's top-level blocks"
        } else if Self.containsBareCarriageReturn(Array(source.utf8)[...]) {
            fullParseReason = "a carriage return alone ends a line (line numbers count line feeds)"
        } else if Self.linesOverlap(lines) {
            fullParseReason = "top-level blocks share source lines (a table made of a paragraph's last line)"
        } else if options.extensions.contains(.footnotes), parsed.blockIDs.contains(where: { parsed.markup(of: $0)?.footnoteLabel != nil })
        {
            fullParseReason = "footnotes are numbered across the document"
        } else {
            (definitions, fullParseReason) = gatherDefinitions(of: parsed, lines: lines)
        }
        blocks = fullParseReason == nil ? zip(lines, ranges).map { TopLevelBlock(lines: $0, documentRange: $1) } : []
    }

    /// The link reference definitions of the source (lines no block covers that read as
    /// definitions, with the lines that continue them), or a reason to re-parse everything when a
    /// definition-like line lies inside a block that may hold one (it cannot be lifted out).
    /// Lines in code and HTML blocks cannot hold definitions; lines in other blocks can.
    private func gatherDefinitions(of parsed: IntentDocument, lines: [ClosedRange<Int>]) -> (definitions: String, fullParseReason: String?)
    {
        var covered = [Bool](repeating: false, count: lineStarts.count + 1)
        var mayHold = [Bool](repeating: false, count: lineStarts.count + 1)
        for (range, holds) in zip(lines, Self.topLevelMayHoldDefinitions(parsed)) {
            for line in range where line <= lineStarts.count {
                covered[line] = true
                mayHold[line] = holds
            }
        }
        var definitions = ""
        var reason: String? = nil
        var text = source
        var inDefinition = false
        let frontMatterEnd = parsed.frontMatter?.sourceRange?.upperBound ?? 0
        text.withUTF8 { bytes in
            for line in 1...lineStarts.count {
                let start = lineStarts[line - 1]
                let end = line < lineStarts.count ? lineStarts[line] : bytes.count
                let lineText = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
                let isDefinitionLike = Self.globalRule(in: lineText) != nil
                if start < frontMatterEnd {
                    // Front matter is not Markdown: no definition there.
                    continue
                } else if covered[line] {
                    inDefinition = false
                    // Inside a block a definition can also follow a list marker or a quote's
                    // `>` (`> [x]: /u`): any `]:` there may be one.
                    if isDefinitionLike || lineText.contains("]:"), mayHold[line], reason == nil {
                        reason = "a link reference definition lies inside a block"
                    }
                } else if lineText.allSatisfy({ $0.isWhitespace }) {
                    inDefinition = false
                } else if isDefinitionLike || inDefinition {
                    // A definition, and the lines that continue it (a title on the next line).
                    inDefinition = true
                    definitions += lineText
                    if !lineText.hasSuffix("\n") { definitions += "\n" }
                }
            }
        }
        return (definitions, reason)
    }

    // MARK: Helpers

    /// Whether `bytes` start (after a byte order mark) with `---` or `+++`, as front matter does.
    static func mayStartFrontMatter(_ bytes: [UInt8]) -> Bool {
        let start = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
        return bytes[start...].starts(with: Array("---".utf8)) || bytes[start...].starts(with: Array("+++".utf8))
    }

    /// Whether `bytes` hold a carriage return not followed by a line feed (a line ending of its
    /// own for CommonMark, which the line starts here, counted by line feeds, would miss).
    static func containsBareCarriageReturn(_ bytes: ArraySlice<UInt8>) -> Bool {
        var index = bytes.startIndex
        while let found = bytes[index...].firstIndex(of: UInt8(ascii: "\r")) {
            let next = bytes.index(after: found)
            if next == bytes.endIndex || bytes[next] != UInt8(ascii: "\n") { return true }
            index = next
        }
        return false
    }

    /// Whether two top-level blocks share a source line, or one starts at line 0: libcmark-gfm
    /// gives a table made of a paragraph's last line (`Hi!` then `| a | b |` and a delimiter row,
    /// no blank line) the lines the paragraph had, or leaves the paragraph at line 0, so the
    /// blocks cannot be told apart by line and are re-parsed whole.
    static func linesOverlap(_ lines: [ClosedRange<Int>]) -> Bool {
        // It can also leave the paragraph starting at line 0 (lines count from 1).
        lines.contains { $0.lowerBound < 1 } || zip(lines, lines.dropFirst()).contains { $0.upperBound >= $1.lowerBound }
    }

    /// A rule of Markdown that acts across the whole document and is present in `source`: a line
    /// that may be a link reference or footnote definition (`[label]:` after up to three spaces).
    static func globalRule(in source: String) -> String? {
        var atLineStart = true
        var spaces = 0
        var bytes = source.utf8.makeIterator()
        var inBracket = false
        var previous: UInt8 = 0
        while let byte = bytes.next() {
            defer { previous = byte }
            if byte == UInt8(ascii: "\n") {
                atLineStart = true
                spaces = 0
                inBracket = false
                continue
            }
            if atLineStart {
                if byte == UInt8(ascii: " "), spaces < 3 {
                    spaces += 1
                    continue
                }
                atLineStart = false
                inBracket = byte == UInt8(ascii: "[")
                continue
            }
            if inBracket, byte == UInt8(ascii: ":"), previous == UInt8(ascii: "]") {
                return "link reference or footnote definitions act across the document"
            }
        }
        return nil
    }

    /// The stretches of `text` that may hold link reference or footnote definitions, in order:
    /// each run of non-blank lines that has a line starting with `[` (after up to three spaces)
    /// and a `]:` somewhere — a definition's label, destination and title may each be on lines of
    /// their own, and it ends only at a blank line or at a line that cannot continue it, so the
    /// whole stretch is compared, not one line.
    /// The lines of `text` holding `]:` anywhere: a definition can also start after a list
    /// marker or a quote's `>` (`2) [^1]: n` defines `^1` inside a list item), so an edit that
    /// changes any such line may make or remove one.
    static func linesWithLabelColons(in text: String) -> [Substring] {
        text.split(separator: "\n", omittingEmptySubsequences: false).filter { $0.contains("]:") }
    }

    static func definitionLikeLines(in text: String) -> [Substring] {
        var stretches: [Substring] = []
        var stretchStart: String.Index? = nil
        var startsWithBracket = false
        var index = text.startIndex
        func close(at end: String.Index) {
            if let start = stretchStart, startsWithBracket, text[start..<end].contains("]:") { stretches.append(text[start..<end]) }
            stretchStart = nil
            startsWithBracket = false
        }
        while index < text.endIndex {
            let lineEnd = text[index...].firstIndex(of: "\n") ?? text.endIndex
            let line = text[index..<lineEnd]
            if line.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) {
                close(at: index)
            } else {
                if stretchStart == nil { stretchStart = index }
                let trimmed = line.drop { $0 == " " }
                if line.count - trimmed.count <= 3, trimmed.first == "[" { startsWithBracket = true }
            }
            index = lineEnd < text.endIndex ? text.index(after: lineEnd) : text.endIndex
        }
        close(at: text.endIndex)
        return stretches
    }

    /// The 1-based line holding UTF-8 offset `offset` of the current source.
    private func line(containing offset: Int) -> Int {
        var low = 0
        var high = lineStarts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if lineStarts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low + 1
    }

    /// Whether a top-level block starting on `line` starts fresh: the line before is blank and
    /// the block's first character is at column 0 and is not a list marker — no earlier
    /// container can take it in.
    private func isFreshStart(_ line: Int, in bytes: [UInt8]) -> Bool {
        guard line > 1, line - 1 < lineStarts.count else { return line == 1 }
        let previousStart = lineStarts[line - 2]
        let start = lineStarts[line - 1]
        guard
            bytes[previousStart..<start].allSatisfy({
                $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: "\r")
            })
        else { return false }
        guard start < bytes.count else { return false }
        let first = bytes[start]
        if first == UInt8(ascii: " ") || first == UInt8(ascii: "\t") || first == UInt8(ascii: "\n") { return false }
        func isMarkerEnd(_ index: Int) -> Bool {
            index >= bytes.count || bytes[index] == UInt8(ascii: " ") || bytes[index] == UInt8(ascii: "\t")
                || bytes[index] == UInt8(ascii: "\n") || bytes[index] == UInt8(ascii: "\r")
        }
        if first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || first == UInt8(ascii: "*") { return !isMarkerEnd(start + 1) }
        var index = start
        while index < bytes.count, index - start < 10, (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(bytes[index]) { index += 1 }
        if index > start, index < bytes.count, bytes[index] == UInt8(ascii: ".") || bytes[index] == UInt8(ascii: ")") {
            return !isMarkerEnd(index + 1)
        }
        return true
    }

    /// For each top-level block of `document`, in order: whether a link reference definition can
    /// live in it (not in a code block or an HTML block).
    private static func topLevelMayHoldDefinitions(_ document: IntentDocument) -> [Bool] {
        var result: [Bool] = []
        var currentRoot: BlockID?? = .none
        for run in document.storedRuns {
            let root = run.block.map { document.topLevelBlock(of: $0) }
            guard root != currentRoot else { continue }
            currentRoot = root
            var holds = true
            if let root {
                switch document.kind(of: root) {
                case .codeBlock: holds = false
                case .paragraph: holds = !run.inlinePresentationIntent.contains(.blockHTML)
                default: holds = true
                }
            }
            result.append(holds)
        }
        return result
    }

    /// The UTF-8 range of each top-level block of `document`, in order.
    private static func topLevelRanges(of document: IntentDocument) -> [Range<Int>] {
        var ranges: [Range<Int>] = []
        var currentRoot: BlockID?? = .none
        for run in document.storedRuns {
            let root = run.block.map { document.topLevelBlock(of: $0) }
            if root == currentRoot, let last = ranges.last {
                ranges[ranges.count - 1] = last.lowerBound..<run.utf8Range.upperBound
            } else {
                ranges.append(run.utf8Range)
                currentRoot = root
            }
        }
        return ranges
    }
}
