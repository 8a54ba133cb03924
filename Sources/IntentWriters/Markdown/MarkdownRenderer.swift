import Foundation
import IntentModel

/// The state of one Markdown write: a visitor of ``IntentModel/IntentDocument/walk(_:)``, opening
/// and closing blocks as the walk enters and leaves them (no recursion, so deep nesting costs
/// linear time), writing container
/// syntax (`> `, list markers, footnote labels) as prefixes of every line and each leaf block's
/// content when the walk leaves it.
struct MarkdownRenderer {
    // MARK: Stored layout

    private let document: IntentDocument
    private let options: MarkdownWritingOptions
    /// Definitions a link or image may be written as a reference to.
    private let references: LinkReferences
    private var output = ""
    /// Where each top-level block's Markdown starts in the output (UTF-8 offsets), in order.
    private(set) var topLevelStarts: [Int] = []
    /// The code blocks and HTML blocks of the output (UTF-8 offsets, in order): text written as it
    /// is, whose backslashes and `&` are not escapes.
    private(set) var verbatimRanges: [Range<Int>] = []
    /// Where each top-level block's Markdown goes as soon as it is written, to have its escapes
    /// minimized on other threads while the rendering goes on; `nil` when nothing is.
    var ahead: MinimizationAhead? = nil
    /// The verbatim ranges handed over with pieces so far.
    private var verbatimHandedOver = 0

    /// The prefix of continuation lines: the open containers' `> `, indentation and so on.
    private var linePrefix = ""
    private var prefixLengths: [Int] = []
    /// Whether the next character written starts a line (the prefix goes first).
    private var atLineStart = true
    /// Whether the current line holds content (not only prefixes and markers, which are trimmed
    /// of trailing spaces when the line ends empty).
    private var lineHasContent = false
    /// The bullet of the list item whose marker ends the current line so far, if any.
    private var markerOnLine: Character? = nil

    /// Per container (the root at index `blockCount`): its last child opened.
    private var lastChild: [BlockID?]
    /// Per list block: the marker character chosen (`-`, `*`, `+`, `.`, `)`).
    private var listMarker: [Character?]
    /// Per list block: whether its next sibling is an HTML block whose text starts with a space
    /// or tab.
    private let listIsFollowedByIndentedHTML: [Bool]
    /// Header cells counted in the header row, for tables that state no columns.
    private var headerCellCount = 0

    // Leaf content.
    private var currentLeaf: BlockID? = nil
    /// Whether a leaf (or a stretch of text outside blocks) has begun and is not written yet.
    private var hasPendingLeaf = false
    /// Whether the run about to be visited begins a leaf.
    private var runEntersLeaf = false
    /// Whether the leaf written last would take a following line in (a paragraph or HTML block
    /// continues, a table gets a row).
    private var lastLeafTakesLines = false
    /// The leaf written last when it is an HTML block of start conditions 1–5 (`<!--`, `<?`,
    /// `<!X`, `<![CDATA[`, `<script`/`<pre`/`<style`/`<textarea`) without its end condition, or
    /// `nil`: such a block takes every following line its containers take until they end
    /// (CommonMark §4.6) — in a list item, blank lines too.
    private var lastOpenHTMLLeaf: BlockID? = nil
    /// Whether the leaf the walk is entering is an HTML block that may interrupt a paragraph
    /// (start conditions 1–6), so that no lazy continuation can take its first line.
    private var nextLeafInterruptsParagraph = false
    /// Whether the leaf the walk is entering is an HTML block (any start condition).
    private var nextLeafIsHTMLBlock = false
    private var inline: MarkdownInlineBuilder
    private var rawContent = ""
    private var leafIsHTML = false

    // Inline markup open in the current leaf, outermost first.
    private var openMarkup: [OpenMarkup] = []
    /// The markup a run wants beyond the open spans it shares with the markup open now
    /// (``sharedDepth`` entries of ``openMarkup``), outermost first.
    private var wantedScratch: [Markup] = []
    /// How many entries of ``openMarkup`` (all spans) the run being written shares.
    private var sharedDepth = 0
    /// For each span, its position in ``openMarkup`` while it is written open, else -1.
    private var openSpanPosition: [Int]
    /// When rendering a piece (``renderPiece(runs:startBlock:isLast:)``): its first top-level
    /// block, and once the walk reaches it, the state there, where its bytes start and how many
    /// top-level starts came before.
    private var pieceStartBlock: BlockID? = nil
    private var pieceStartState: MarkdownBoundaryState? = nil
    private var pieceStart = 0
    private var pieceTopLevelStartsBefore = 0
    private var pieceVerbatimRangesBefore = 0
    /// Spans the walk has opened that no run has written into yet, outermost first: they are
    /// written open by the first run that writes inline content (none is for code, thematic
    /// breaks, HTML blocks and separators), on top of the spans open in ``openMarkup``.
    private var pendingSpans: [SpanID] = []
    /// Depth of open spans whose content is not written (footnote references).
    private var skippedDepth = 0

    /// One piece of inline markup: a span of the document, or flat markup that no span provides.
    private enum Markup: Equatable {
        case span(SpanID)
        case flatLink(String)
        case flatStrong
        case flatEmphasis
        case flatStrikethrough
        case display(DisplayTag)
    }

    /// Display attributes written as inline HTML tags (or extended attributes).
    private enum DisplayTag: Equatable {
        case underline, strikethrough, superscript, `subscript`
    }

    private struct OpenMarkup {
        var markup: Markup
        /// The piece index of the opener in the inline builder (delimiters, links).
        var opener: Int
        var destination: String = ""
        var title: String? = nil
        var trailer: String = ""
        /// For a span: the inline bits (``InlinePresentationIntent``) the spans from the
        /// outermost down to this one provide, and whether one of them is a link or an image.
        var pathCoveredBits: UInt = 0
        var pathCoversLink = false
    }

    // MARK: Initialisers

    init(document: IntentDocument, options: MarkdownWritingOptions, references: LinkReferences = LinkReferences()) {
        let repaired = document.repairedForWriting()
        self.init(
            repaired: repaired, options: options, references: references,
            listsFollowedByIndentedHTML: Self.listsFollowedByIndentedHTML(repaired))
    }

    /// A renderer of `repaired` (``IntentModel/IntentDocument/repairedForWriting()`` already
    /// applied), given ``listsFollowedByIndentedHTML(_:)`` of it: what the renderers of a document
    /// rendered in pieces share.
    init(
        repaired document: IntentDocument, options: MarkdownWritingOptions, references: LinkReferences,
        listsFollowedByIndentedHTML: [Bool]
    ) {
        self.document = document
        self.options = options
        self.references = references
        openSpanPosition = [Int](repeating: -1, count: self.document.spanCount)
        lastChild = [BlockID?](repeating: nil, count: self.document.blockCount + 1)
        listMarker = [Character?](repeating: nil, count: self.document.blockCount)
        listIsFollowedByIndentedHTML = listsFollowedByIndentedHTML
        inline = MarkdownInlineBuilder(isInTableCell: false, escapesTrailingHash: false, isInBlock: false, options: options)
        output.reserveCapacity(document.text.utf8.count + document.text.utf8.count / 4 + 16)
    }

    // MARK: Rendering

    mutating func render() -> String {
        let document = self.document
        document.walk(&self)
        if hasPendingLeaf { flushLeaf() }
        if !output.isEmpty { endLine() }
        handOverPiece()
        return output
    }

    /// Renders the runs `runs` of the document as a piece of its rendering: the runs start at a
    /// top-level block, and the piece's bytes start on the line where `startBlock` (a later
    /// top-level block; `nil` for the document's start) opens — the blocks before it only bring
    /// the renderer to the state a whole rendering has there. A piece that is not the last ends
    /// before its last line (which the next block's opening ends).
    mutating func renderPiece(runs: Range<Int>, startBlock: BlockID?, isLast: Bool) -> MarkdownRenderedPiece {
        pieceStartBlock = startBlock
        let document = self.document
        document.walk(&self, runs: runs, peeksAtNextRun: !isLast)
        var endState: MarkdownBoundaryState? = nil
        let end: Int
        if isLast {
            if hasPendingLeaf { flushLeaf() }
            if !output.isEmpty { endLine() }
            end = output.utf8.count
        } else {
            endState = boundaryState()
            end = currentLineStart
        }
        // (All 0 when the piece starts the document, or its start block was never reached.)
        let start = min(pieceStart, end)
        let utf8 = output.utf8
        let text = String(Substring(utf8[utf8.index(utf8.startIndex, offsetBy: start)..<utf8.index(utf8.startIndex, offsetBy: end)]))
        let starts = topLevelStarts.dropFirst(pieceTopLevelStartsBefore).map { $0 - start }
        let ranges = verbatimRanges.dropFirst(pieceVerbatimRangesBefore)
        let verbatim = ranges.map { ($0.lowerBound - start)..<($0.upperBound - start) }
        // Verbatim text that would straddle a join: no end state, so the pieces are not joined.
        if ranges.contains(where: { $0.lowerBound < start || $0.upperBound > end }) { endState = nil }
        return MarkdownRenderedPiece(
            text: text, topLevelStarts: starts, verbatimRanges: verbatim, startState: pieceStartState, endState: endState)
    }

    /// The UTF-8 offset where the line being written starts.
    private var currentLineStart: Int {
        let utf8 = output.utf8
        return utf8.lastIndex(of: UInt8(ascii: "\n")).map { utf8.distance(from: utf8.startIndex, to: $0) + 1 } ?? 0
    }

    /// The state carried into the next top-level block (``MarkdownBoundaryState``).
    private func boundaryState() -> MarkdownBoundaryState {
        let last = lastChild[document.blockCount]
        return MarkdownBoundaryState(
            currentLine: Array(output.utf8.suffix(output.utf8.count - currentLineStart)), linePrefix: linePrefix,
            prefixLengths: prefixLengths, atLineStart: atLineStart, lineHasContent: lineHasContent, markerOnLine: markerOnLine,
            lastTopLevelBlock: last, lastTopLevelListMarker: last.flatMap { listMarker[$0.index] },
            currentLeaf: currentLeaf, hasPendingLeaf: hasPendingLeaf,
            runEntersLeaf: runEntersLeaf, lastLeafTakesLines: lastLeafTakesLines, lastOpenHTMLLeaf: lastOpenHTMLLeaf,
            nextLeafInterruptsParagraph: nextLeafInterruptsParagraph, nextLeafIsHTMLBlock: nextLeafIsHTMLBlock,
            openMarkupCount: openMarkup.count, sharedDepth: sharedDepth, pendingSpans: pendingSpans, skippedDepth: skippedDepth)
    }

    /// Hands the piece from the last top-level block's start to the end of the output so far to
    /// ``ahead``, with the verbatim ranges inside it.
    private mutating func handOverPiece() {
        let end = output.utf8.count
        guard let ahead, let start = topLevelStarts.last, start < end else { return }
        var verbatim: [Range<Int>] = []
        while verbatimHandedOver < verbatimRanges.count, verbatimRanges[verbatimHandedOver].lowerBound < end {
            let range = verbatimRanges[verbatimHandedOver]
            if range.lowerBound >= start { verbatim.append((range.lowerBound - start)..<(min(range.upperBound, end) - start)) }
            verbatimHandedOver += 1
        }
        let bytes = output.withUTF8 { Array($0[start..<end]) }
        ahead.add(start: start, bytes: bytes, verbatim: verbatim)
    }

    // MARK: Lines

    private mutating func startLineIfNeeded() {
        if atLineStart {
            output += linePrefix
            atLineStart = false
        }
    }

    /// Writes block syntax (markers, fences): not content, so trailing spaces of an otherwise
    /// empty line are trimmed.
    private mutating func writeMarker(_ marker: String) {
        startLineIfNeeded()
        output += marker
    }

    /// Writes `text` (which holds no line break) as content of the current line.
    private mutating func writeContent(_ text: Substring) {
        startLineIfNeeded()
        if !text.isEmpty {
            output += text
            lineHasContent = true
        }
    }

    /// Writes `text`, starting a new prefixed line at every `"\n"`.
    private mutating func writeContentLines(_ text: String) {
        let utf8 = text.utf8
        var lineStart = utf8.startIndex
        var index = utf8.startIndex
        while index < utf8.endIndex {
            if utf8[index] == UInt8(ascii: "\n") {
                writeContent(text[lineStart..<index])
                endLine()
                lineStart = utf8.index(after: index)
            }
            index = utf8.index(after: index)
        }
        writeContent(text[lineStart..<utf8.endIndex])
    }

    /// Ends the current line (an empty one: just the prefix, trimmed).
    private mutating func endLine() {
        if atLineStart {
            var prefix = Substring(linePrefix)
            while prefix.last == " " { prefix.removeLast() }
            output += prefix
        } else if !lineHasContent {
            while output.utf8.last == UInt8(ascii: " ") { output.removeLast() }
        }
        output += "\n"
        atLineStart = true
        lineHasContent = false
        markerOnLine = nil
    }

    private mutating func pushPrefix(_ prefix: String) {
        prefixLengths.append(linePrefix.utf8.count)
        linePrefix += prefix
    }

    private mutating func popPrefix() {
        guard let length = prefixLengths.popLast() else { return }
        // In place: copying the kept prefix made closing d nested containers cost O(d²).
        linePrefix.removeSubrange(linePrefix.utf8.index(linePrefix.startIndex, offsetBy: length)..<linePrefix.endIndex)
    }

    // MARK: Blocks

    private func kind(_ block: BlockID) -> PresentationIntent.Kind { document.kind(of: block) }
    private func parent(_ block: BlockID) -> BlockID? { document.parent(of: block) }
    private func markup(_ block: BlockID) -> BlockMarkup? { document.markup(of: block) }

    private mutating func open(block: BlockID) {
        if parent(block) == nil {
            handOverPiece()
            topLevelStarts.append(output.utf8.count)
        }
        let container = parent(block)?.index ?? document.blockCount
        let previous = lastChild[container]
        lastChild[container] = block
        separate(block, from: previous, in: container)
        let blockKind = kind(block)
        switch blockKind {
        case .paragraph, .header, .codeBlock:
            break
        case .orderedList, .unorderedList:
            var character = chooseListMarker(block, previousSibling: previous)
            if case .unorderedList = blockKind, let onLine = markerOnLine, onLine == character, !lineHasContent {
                // A list starting on its parent item's marker line: the same bullet three times
                // on a line (`- - -`) would be a thematic break.
                character = character == "-" ? "*" : "-"
            }
            listMarker[block.index] = character
            pushPrefix("")
        case .listItem(let ordinal):
            openListItem(block, ordinal: ordinal)
        case .blockQuote:
            if let label = markup(block)?.footnoteLabel {
                writeMarker("[^" + label + "]: ")
                pushPrefix("    ")
            } else {
                writeMarker("> ")
                pushPrefix("> ")
                if let alert = markup(block)?.alert { writeAlertMarker(alert) }
            }
        case .thematicBreak:
            writeMarker(markerOnLine == "*" ? "---" : "***")
            lineHasContent = true
        case .table:
            headerCellCount = 0
        case .tableHeaderRow, .tableRow:
            writeMarker("|")
            lineHasContent = true
        case .tableCell:
            writeMarker(" ")
            if isInHeaderRow(block) { headerCellCount += 1 }
        @unknown default:
            break
        }
    }

    /// Ends the line of `previous`, the sibling before `block` in `container` (an index in the
    /// blocks, or `blockCount` for the document), and leaves a blank line between them where one
    /// must be; a table's rows are on lines of their own and its cells share one.
    private mutating func separate(_ block: BlockID, from previous: BlockID?, in container: Int) {
        guard let previous else { return }
        switch kind(block) {
        case .tableCell:
            return
        case .tableHeaderRow, .tableRow:
            endLine()
            return
        case .paragraph, .header, .orderedList, .unorderedList, .listItem, .codeBlock, .blockQuote, .thematicBreak, .table:
            break
        @unknown default:
            break
        }
        endLine()
        // After an open HTML block in a list item, the line ending alone ends the item (the next
        // line is less indented, and only paragraphs take lazy lines); a blank line would become
        // part of the HTML block.
        if needsBlankLine(container: container, previous: previous, next: block), !blankLineWouldJoinOpenHTML(container: container) {
            endLine()
        }
    }

    /// A list item's marker (its list's character, its ordinal in an ordered list, its task box)
    /// and the indentation of its continuation lines.
    private mutating func openListItem(_ block: BlockID, ordinal: Int) {
        let list = parent(block)
        let character = list.flatMap { listMarker[$0.index] } ?? "-"
        var marker: String
        if let list, case .orderedList = kind(list) {
            marker = String(max(0, min(ordinal, 999_999_999))) + String(character)
        } else {
            marker = String(character)
        }
        // Content one column after the marker — or at column 4 when the options ask, or when an
        // HTML block indented by up to three spaces follows the list, which would otherwise
        // continue the last item.
        let atTabStop = options.listItemIndent == .tabStop || list.map { listIsFollowedByIndentedHTML[$0.index] } ?? false
        let spaces = atTabStop ? max(1, 4 - marker.count) : 1
        let width = marker.count + spaces
        marker += String(repeating: " ", count: spaces)
        if markup(block)?.isTaskChecked != nil, markerOnLine != nil, !atLineStart {
            // libcmark-gfm reads no task box in an item that starts on its parent item's
            // marker line (`- * [x] a`): the task item goes on a line of its own.
            endLine()
        }
        writeMarker(marker)
        if let checked = markup(block)?.isTaskChecked {
            // Content: the space after the box must stay, or an empty task item is no task.
            writeContent(checked ? "[x] " : "[ ] ")
        }
        markerOnLine = character
        pushPrefix(String(repeating: " ", count: width))
    }

    /// A GitHub alert's marker on the quote's first line, then what followed it: a line ending, a
    /// backslash hard break, or an empty quote line.
    private mutating func writeAlertMarker(_ alert: GitHubAlert) {
        writeContent(Substring(alert.marker))
        if alert.markerEnding == .lineBreak { writeContent("\\") }
        endLine()
        if alert.markerEnding == .paragraphEnd { endLine() }
    }

    private mutating func close(block: BlockID) {
        switch kind(block) {
        case .paragraph, .header, .codeBlock, .thematicBreak, .table, .tableRow:
            break
        case .orderedList, .unorderedList, .listItem, .blockQuote:
            popPrefix()
        case .tableHeaderRow:
            endLine()
            writeMarker(delimiterRow(table: parent(block)))
            lineHasContent = true
        case .tableCell:
            writeMarker(" |")
            lineHasContent = true
        @unknown default:
            break
        }
    }

    /// For every list: whether the block after it (its next sibling) is an HTML block whose text
    /// starts with whitespace. One pass over the blocks (in document pre-order) and the runs.
    static func listsFollowedByIndentedHTML(_ document: IntentDocument) -> [Bool] {
        let count = document.blockCount
        var result = [Bool](repeating: false, count: count)
        guard count > 0 else { return result }
        // The first run of each block that is a leaf: is it block HTML starting with whitespace?
        var startsIndentedHTML = [Bool](repeating: false, count: count)
        var seen = [Bool](repeating: false, count: count)
        var text = document.text
        text.withUTF8 { bytes in
            for position in 0..<document.runCount {
                let run = document.storedRun(at: RunIndex(position))
                guard let block = run.block, !seen[block.index] else { continue }
                seen[block.index] = true
                let start = run.utf8Range.lowerBound
                if run.inlinePresentationIntent.contains(.blockHTML), !run.utf8Range.isEmpty,
                    bytes[start] == UInt8(ascii: " ") || bytes[start] == UInt8(ascii: "\t")
                {
                    startsIndentedHTML[block.index] = true
                }
            }
        }
        // Next siblings: in pre-order, a block's next sibling is the next block with its parent.
        // Slot 0 is the document's top level, slot `p + 1` block `p`; -1 means no child yet.
        var lastChildOfParent = [Int32](repeating: -1, count: count + 1)
        for block in document.blockIDs {
            let slot = document.parent(of: block).map { $0.index + 1 } ?? 0
            let previous = lastChildOfParent[slot]
            if previous >= 0, startsIndentedHTML[block.index] {
                switch document.kind(of: BlockID(index: Int(previous))) {
                case .orderedList, .unorderedList: result[Int(previous)] = true
                default: break
                }
            }
            lastChildOfParent[slot] = Int32(block.index)
        }
        return result
    }

    private func isInHeaderRow(_ cell: BlockID) -> Bool {
        guard let row = parent(cell), case .tableHeaderRow = kind(row) else { return false }
        return true
    }

    /// Whether a blank line must separate two sibling blocks of `container`.
    private func needsBlankLine(container: Int, previous: BlockID, next: BlockID) -> Bool {
        guard container < document.blockCount else { return true }
        let containerBlock = BlockID(index: container)
        switch kind(containerBlock) {
        case .orderedList, .unorderedList:
            return !(markup(containerBlock)?.isTight ?? true)
        case .listItem:
            let isTight = parent(containerBlock).map { markup($0)?.isTight ?? true } ?? true
            if !isTight { return true }
            // In a tight item a paragraph after a paragraph, quote, list or table would be read
            // as their continuation; only there does a blank line go in — not before an HTML
            // block that starts there anyway.
            guard case .paragraph = kind(next) else { return false }
            switch kind(previous) {
            // In the item's own paragraph or table, only conditions 1–6 interrupt.
            case .paragraph, .table: return !nextLeafInterruptsParagraph
            // A quote or list takes the paragraph in only through its own last leaf (a lazy
            // continuation line, an HTML block's next line, a table's next row); there the item
            // is the innermost matched container, so any HTML block start (condition 7 too)
            // begins a block rather than a lazy line.
            case .blockQuote, .orderedList, .unorderedList: return lastLeafTakesLines && !nextLeafIsHTMLBlock
            case .header, .listItem, .codeBlock, .thematicBreak, .tableHeaderRow, .tableRow, .tableCell: return false
            @unknown default:
                return !nextLeafInterruptsParagraph
            // A quote or list takes the paragraph in only through its own last leaf (a lazy
            // continuation line, an HTML block's next line, a table's next row); there the item
            // is the innermost matched container, so any HTML block start (condition 7 too)
            // begins a block rather than a lazy line.
            }
        case .paragraph, .header, .codeBlock, .blockQuote, .thematicBreak, .table, .tableHeaderRow, .tableRow,
            .tableCell:
            return true
        @unknown default:
            return true
        }
    }

    /// The list's marker character: the source's (if kept) or the option's, switched to the other
    /// one when the previous sibling is a list of the same kind with the same character (two
    /// lists touching with one character would read as one list, CommonMark §5.3).
    private func chooseListMarker(_ list: BlockID, previousSibling: BlockID?) -> Character {
        let isOrdered: Bool
        if case .orderedList = kind(list) { isOrdered = true } else { isOrdered = false }
        var character: Character
        if isOrdered {
            character = options.orderedListDelimiter == .period ? "." : ")"
            if options.keepsSourceDelimiters, let source = markup(list)?.listItemDelimiter,
                source == .period || source == .parenthesis
            {
                character = source.character
            }
        } else {
            switch options.bulletMarker {
            case .hyphen: character = "-"
            case .asterisk: character = "*"
            case .plus: character = "+"
            }
            if options.keepsSourceDelimiters, let source = markup(list)?.listItemDelimiter,
                source == .hyphen || source == .asterisk || source == .plus
            {
                character = source.character
            }
        }
        if let previousSibling, listMarker[previousSibling.index] == character {
            switch character {
            case ".": character = ")"
            case ")": character = "."
            case "-": character = "*"
            default: character = "-"
            }
        }
        return character
    }

    /// `| --- | :-- | :-: | --: |` for the table's columns (explicit alignments only).
    private func delimiterRow(table: BlockID?) -> String {
        var row = "|"
        guard let table, case .table(let columns) = kind(table) else { return "| --- |" }
        let count = max(columns.count, headerCellCount, 1)
        let explicit = markup(table)?.columnAlignmentIsExplicit
        for column in 0..<count {
            let alignment = column < columns.count ? columns[column].alignment : .left
            let isExplicit = explicit.flatMap { column < $0.count ? $0[column] : nil } ?? (alignment != .left)
            if !isExplicit {
                row += " --- |"
                continue
            }
            switch alignment {
            case .left: row += " :-- |"
            case .center: row += " :-: |"
            case .right: row += " --: |"
            @unknown default:
                row += " :-- |"
            }
        }
        return row
    }

    // MARK: Leaf content

    private mutating func beginLeaf(_ block: BlockID?) {
        currentLeaf = block
        hasPendingLeaf = true
        rawContent = ""
        leafIsHTML = false
        skippedDepth = 0
        let isCell: Bool
        if let block, case .tableCell = kind(block) { isCell = true } else { isCell = false }
        var escapesHash = false
        if let block, case .header = kind(block) { escapesHash = true }
        inline = MarkdownInlineBuilder(
            isInTableCell: isCell, escapesTrailingHash: escapesHash, isInBlock: block != nil, options: options)
    }

    private mutating func addRun(_ run: IntentDocument.StoredRun, attributes: RunAttributes, content: Substring) {
        let bits = run.inlinePresentationIntent.rawValue
        if let leaf = currentLeaf {
            switch kind(leaf) {
            case .codeBlock:
                rawContent += content
                return
            case .thematicBreak:
                return
            case .paragraph:
                if leafIsHTML || (inline.isEmpty && bits & InlinePresentationIntent.blockHTML.rawValue != 0) {
                    leafIsHTML = true
                    rawContent += content
                    return
                }
            case .header, .orderedList, .unorderedList, .listItem, .blockQuote, .table, .tableHeaderRow, .tableRow,
                .tableCell:
                break
            @unknown default:
                if leafIsHTML || (inline.isEmpty && bits & InlinePresentationIntent.blockHTML.rawValue != 0) {
                    leafIsHTML = true
                    rawContent += content
                    return
                }
            }
        }
        transitionMarkup(run, attributes: attributes)
        if skippedDepth > 0 || attributes.isPlaceholder { return }
        if bits & InlinePresentationIntent.lineBreak.rawValue != 0 {
            // One hard break per line-break character: breaks in a row can share a run.
            let indentations = Self.lineBreakIndentations(content)
            if indentations.isEmpty { inline.appendLineBreak(hard: true) }
            for indentation in indentations { inline.appendLineBreak(hard: true, indentation: indentation) }
        } else if bits & InlinePresentationIntent.softBreak.rawValue != 0 {
            inline.appendLineBreak(hard: false, indentation: Self.lineBreakIndentations(content).first ?? "")
        } else if bits & (InlinePresentationIntent.inlineHTML.rawValue | InlinePresentationIntent.blockHTML.rawValue) != 0 {
            inline.appendRaw(content)
        } else if bits & InlinePresentationIntent.code.rawValue != 0 {
            inline.appendCode(content)
        } else {
            inline.appendText(content)
        }
    }

    /// For each line-break character of a break's run (`"\n"`, `"\r"`, U+2028; CRLF counts once),
    /// the spaces and tabs that follow it: the next line's indentation, which
    /// whitespace-preserving inline-only syntax keeps in the break's run.
    private static func lineBreakIndentations(_ content: Substring) -> [Substring] {
        var indentations: [Substring] = []
        let scalars = content.unicodeScalars
        var index = scalars.startIndex
        while index < scalars.endIndex {
            let scalar = scalars[index]
            index = scalars.index(after: index)
            guard scalar == "\n" || scalar == "\r" || scalar == "\u{2028}" else { continue }
            if scalar == "\r", index < scalars.endIndex, scalars[index] == "\n" { index = scalars.index(after: index) }
            let start = index
            while index < scalars.endIndex, scalars[index] == " " || scalars[index] == "\t" { index = scalars.index(after: index) }
            indentations.append(Substring(scalars[start..<index]))
        }
        return indentations
    }

    /// Writes the content of the leaf the walk is leaving.
    private mutating func flushLeaf() {
        hasPendingLeaf = false
        guard let leaf = currentLeaf else {
            // Text outside any block (inline-only documents, documents built without intents):
            // its inline content, as a paragraph's would be written.
            closeMarkup(downTo: 0)
            if !inline.isEmpty { writeContentLines(inline.finish(wrapWidth: wrapWidth)) }
            return
        }
        closeMarkup(downTo: 0)
        lastOpenHTMLLeaf = leafIsHTML && HTMLBlockStart.staysOpen(rawContent) ? leaf : nil
        switch kind(leaf) {
        case .paragraph, .tableCell: lastLeafTakesLines = true
        case .header, .orderedList, .unorderedList, .listItem, .codeBlock, .blockQuote, .thematicBreak, .table,
            .tableHeaderRow, .tableRow:
            lastLeafTakesLines = false
        @unknown default:
            lastLeafTakesLines = true
        }
        switch kind(leaf) {
        case .codeBlock(let languageHint):
            let start = output.utf8.count
            writeCodeBlock(leaf, languageHint: languageHint)
            verbatimRanges.append(start..<output.utf8.count)
        case .thematicBreak:
            break
        case .header(let level):
            writeHeader(level: level, content: inline.finish())
        case .paragraph where leafIsHTML:
            var html = rawContent
            if html.hasSuffix("\n") { html.removeLast() }
            let start = output.utf8.count
            writeContentLines(html)
            verbatimRanges.append(start..<output.utf8.count)
        case .paragraph:
            guard !inline.isEmpty else { break }
            let content = inline.finish(wrapWidth: wrapWidth)
            // After a task box on the line, the content does not start the line: nothing to do.
            if inline.firstLineStartsHTMLBlock, !lineHasContent { writeEmptyDefinition() }
            writeContentLines(content)
        case .orderedList, .unorderedList, .listItem, .blockQuote, .table, .tableHeaderRow, .tableRow, .tableCell:
            if !inline.isEmpty { writeContentLines(inline.finish()) }
        @unknown default:
            var html = rawContent
            if html.hasSuffix("\n") { html.removeLast() }
            writeContentLines(html)
        }
        currentLeaf = nil
    }

    /// Whether a blank line written between two children of `container` (an index in `blocks`,
    /// or `blocks.count` for the document) would become part of the open HTML block written last
    /// (``lastOpenHTMLLeaf``): when it lies in a list item below `container` with no block quote
    /// in between — list items continue over a blank line, block quotes end at one.
    private func blankLineWouldJoinOpenHTML(container: Int) -> Bool {
        guard let lastOpenHTMLLeaf else { return false }
        var inListItem = false
        var current = parent(lastOpenHTMLLeaf)
        while let block = current, block.index != container {
            switch kind(block) {
            case .listItem: inListItem = true
            case .blockQuote: return false
            case .paragraph, .header, .orderedList, .unorderedList, .codeBlock, .thematicBreak, .table, .tableHeaderRow,
                .tableRow, .tableCell:
                break
            @unknown default:
                break
            }
            current = parent(block)
        }
        return inListItem
    }

    /// Writes the line `[//]: #`, a link reference definition nothing refers to (the writer
    /// writes links inline and escapes brackets in text), before paragraph or setext heading
    /// content whose first line would otherwise start an HTML block (inline HTML such as `<b>`
    /// alone on the line, as after a definition in the source). The definition is read as part
    /// of the paragraph, so the next line continues it, and an HTML block of condition 7 cannot
    /// interrupt a paragraph; the reader then removes the definition, leaving the paragraph as
    /// it was. (Conditions 1–6 do interrupt one; no parsed document has such a paragraph.)
    private mutating func writeEmptyDefinition() {
        writeContent("[//]: #")
        endLine()
    }

    /// The width left for a paragraph's content after the line prefix, when wrapping (at least
    /// 20 so that deep nesting still gets words on a line).
    private var wrapWidth: Int? {
        guard let width = options.lineWidth, width > 0 else { return nil }
        return max(20, width - linePrefix.unicodeScalars.count)
    }

    private mutating func writeHeader(level: Int, content: String) {
        let clamped = min(max(level, 1), 6)
        let multiline = content.contains("\n")
        if clamped <= 2, !content.isEmpty, multiline || options.headingStyle == .setext {
            // As for paragraphs: only when the content starts its line.
            if inline.firstLineStartsHTMLBlock, !lineHasContent { writeEmptyDefinition() }
            writeContentLines(content)
            endLine()
            writeMarker(clamped == 1 ? "===" : "---")
            lineHasContent = true
            return
        }
        writeMarker(String(repeating: "#", count: clamped))
        lineHasContent = true
        if !content.isEmpty {
            writeMarker(" ")
            writeContentLines(content)
        }
    }

    private mutating func writeCodeBlock(_ block: BlockID, languageHint: String?) {
        let blockMarkup = markup(block)
        let info = blockMarkup?.infoString ?? languageHint ?? ""
        var fenceCharacter: Character = options.codeFenceCharacter == .backtick ? "`" : "~"
        var minimumLength = 3
        if options.keepsSourceDelimiters, let fence = blockMarkup?.codeFence, let character = fence.character.first,
            character == "`" || character == "~"
        {
            fenceCharacter = character
            minimumLength = max(3, fence.length)
        }
        if fenceCharacter == "`" && info.contains("`") { fenceCharacter = "~" }
        // Longer than any run of the fence character at the start of a content line.
        var longest = 0
        let fenceByte = fenceCharacter == "`" ? UInt8(ascii: "`") : UInt8(ascii: "~")
        for line in Self.codeLines(rawContent) {
            let utf8 = line.utf8
            var index = utf8.startIndex
            while index < utf8.endIndex, utf8[index] == UInt8(ascii: " ") { index = utf8.index(after: index) }
            var run = 0
            while index < utf8.endIndex, utf8[index] == fenceByte {
                run += 1
                index = utf8.index(after: index)
            }
            longest = max(longest, run)
        }
        let fence = String(repeating: fenceCharacter, count: max(minimumLength, longest + 1))
        writeMarker(fence)
        lineHasContent = true
        if !info.isEmpty {
            // An info string starting with the fence character would lengthen the fence.
            let separator = info.first == fenceCharacter ? " " : ""
            writeContent(Substring(separator + MarkdownEscaping.infoString(info)))
        }
        if !rawContent.isEmpty {
            var lines = Self.codeLines(rawContent)
            // A final line end ends the last line; it starts no empty one.
            if lines.count > 1, lines[lines.count - 1].isEmpty { lines.removeLast() }
            for line in lines {
                endLine()
                writeContent(line)
            }
        }
        endLine()
        writeMarker(fence)
        lineHasContent = true
    }

    /// `text` split at each line feed that is a character of its own — not the second half of
    /// a CR LF, which is one character and stays inside its line — as `split(separator: "\n",
    /// omittingEmptySubsequences: false)` splits a `String`, but on the UTF-8 bytes.
    static func codeLines(_ text: String) -> [Substring] {
        var lines: [Substring] = []
        let utf8 = text.utf8
        var lineStart = utf8.startIndex
        var previous: UInt8 = 0
        var index = utf8.startIndex
        while index < utf8.endIndex {
            let byte = utf8[index]
            let next = utf8.index(after: index)
            if byte == UInt8(ascii: "\n"), previous != UInt8(ascii: "\r") {
                lines.append(text[lineStart..<index])
                lineStart = next
            }
            previous = byte
            index = next
        }
        lines.append(text[lineStart..<utf8.endIndex])
        return lines
    }

    // MARK: Inline markup

    /// The markup `run` wants, outermost first: the spans the walk opened that are not written
    /// open yet (``pendingSpans``), then flat markup no span provides (strong, emphasis,
    /// strikethrough, a link), then display tags. The spans written open already are not listed:
    /// they are the first ``sharedDepth`` entries of ``openMarkup``.
    private mutating func wantedMarkup(_ run: IntentDocument.StoredRun, attributes: RunAttributes) {
        wantedScratch.removeAll(keepingCapacity: true)
        // Spans come before flat markup in ``openMarkup``: the topmost span ends the shared part.
        sharedDepth = 0
        var position = openMarkup.count - 1
        while position >= 0 {
            if case .span = openMarkup[position].markup {
                sharedDepth = position + 1
                break
            }
            position -= 1
        }
        var coveredBits: UInt = sharedDepth > 0 ? openMarkup[sharedDepth - 1].pathCoveredBits : 0
        var linkCovered = sharedDepth > 0 && openMarkup[sharedDepth - 1].pathCoversLink
        for span in pendingSpans {
            wantedScratch.append(.span(span))
            switch document.kind(of: span) {
            case .emphasis: coveredBits |= InlinePresentationIntent.emphasized.rawValue
            case .strongEmphasis: coveredBits |= InlinePresentationIntent.stronglyEmphasized.rawValue
            case .strikethrough: coveredBits |= InlinePresentationIntent.strikethrough.rawValue
            case .link, .image: linkCovered = true
            case .footnoteReference, .extendedAttributes, .inlineHTML, .htmlFormatting: break
            }
        }
        if !linkCovered, let destination = attributes.linkDestination ?? attributes.link?.absoluteString {
            wantedScratch.append(.flatLink(destination))
        }
        let flat = run.inlinePresentationIntent.rawValue & ~coveredBits
        if flat & InlinePresentationIntent.stronglyEmphasized.rawValue != 0 { wantedScratch.append(.flatStrong) }
        if flat & InlinePresentationIntent.emphasized.rawValue != 0 { wantedScratch.append(.flatEmphasis) }
        if flat & InlinePresentationIntent.strikethrough.rawValue != 0 { wantedScratch.append(.flatStrikethrough) }
        if options.displayAttributeSyntax != .none, let display = attributes.display {
            // What formatting tags and extended attributes already say is written by them.
            let said = document.syntaxDisplay(
                span: run.span, extendedAttributes: attributes.extendedAttributes, on: DisplayAttributes())
            if let underline = display.underlineStyle, !underline.isEmpty, underline != said?.underlineStyle {
                wantedScratch.append(.display(.underline))
            }
            if let strike = display.strikethroughStyle, !strike.isEmpty, strike != said?.strikethroughStyle,
                flat & InlinePresentationIntent.strikethrough.rawValue == 0,
                coveredBits & InlinePresentationIntent.strikethrough.rawValue == 0
            {
                wantedScratch.append(.display(.strikethrough))
            }
            if let superscript = display.superscript, superscript != 0, superscript != said?.superscript {
                wantedScratch.append(.display(superscript > 0 ? .superscript : .subscript))
            }
        }
    }

    private mutating func transitionMarkup(_ run: IntentDocument.StoredRun, attributes: RunAttributes) {
        wantedMarkup(run, attributes: attributes)
        pendingSpans.removeAll(keepingCapacity: true)
        // Wanted: openMarkup[0..<sharedDepth] followed by wantedScratch.
        var common = sharedDepth
        while common < openMarkup.count, common - sharedDepth < wantedScratch.count,
            openMarkup[common].markup == wantedScratch[common - sharedDepth]
        {
            common += 1
        }
        if common == openMarkup.count && common - sharedDepth == wantedScratch.count { return }
        closeMarkup(downTo: common)
        for position in (common - sharedDepth)..<wantedScratch.count {
            open(markup: wantedScratch[position], attributes: attributes)
        }
    }

    private mutating func closeMarkup(downTo depth: Int) {
        while openMarkup.count > depth, let last = openMarkup.popLast() {
            if case .span(let span) = last.markup { openSpanPosition[span.index] = -1 }
            close(last)
        }
    }

    private var emphasisCharacter: Unicode.Scalar { options.emphasisMarker == .asterisk ? "*" : "_" }
    private var strongCharacter: Unicode.Scalar { options.strongMarker == .asterisk ? "*" : "_" }

    private mutating func open(markup: Markup, attributes: RunAttributes) {
        var entry = OpenMarkup(markup: markup, opener: -1)
        if case .span(let span) = markup {
            // Spans are only ever opened on top of spans (a run's spans come before its flat
            // markup), so the entry below, if any, carries the path's bits so far.
            let below = openMarkup.last
            entry.pathCoveredBits = below?.pathCoveredBits ?? 0
            entry.pathCoversLink = below?.pathCoversLink ?? false
            switch document.kind(of: span) {
            case .emphasis: entry.pathCoveredBits |= InlinePresentationIntent.emphasized.rawValue
            case .strongEmphasis: entry.pathCoveredBits |= InlinePresentationIntent.stronglyEmphasized.rawValue
            case .strikethrough: entry.pathCoveredBits |= InlinePresentationIntent.strikethrough.rawValue
            case .link, .image: entry.pathCoversLink = true
            case .footnoteReference, .extendedAttributes, .inlineHTML, .htmlFormatting: break
            }
            openSpanPosition[span.index] = openMarkup.count
        }
        if skippedDepth > 0 {
            if case .span = markup { skippedDepth += 1 }
            openMarkup.append(entry)
            return
        }
        switch markup {
        case .span(let span):
            openSpan(span, attributes: attributes, entry: &entry)
        case .flatLink(let destination):
            entry.opener = inline.openLink(isImage: false)
            entry.destination = destination
        case .flatStrong:
            entry.opener = inline.openDelimiter(.strong, preferred: strongCharacter)
        case .flatEmphasis:
            entry.opener = inline.openDelimiter(.emphasis, preferred: emphasisCharacter)
        case .flatStrikethrough:
            entry.opener = inline.openDelimiter(.strikethrough, preferred: "~")
        case .display(let tag):
            switch options.displayAttributeSyntax {
            case .htmlTags:
                inline.appendLiteral("<" + Self.tagName(tag) + ">")
                entry.trailer = "</" + Self.tagName(tag) + ">"
            case .extendedAttributes:
                inline.appendLiteral("^[")
                entry.trailer = "](" + Self.extendedAttributeText(tag) + ")"
            case .none:
                break
            }
        }
        openMarkup.append(entry)
    }

    /// Writes the opening of span `span` (its delimiter, link bracket, footnote reference, `^[`
    /// or HTML tag) and records in `entry` what closes it.
    private mutating func openSpan(_ span: SpanID, attributes: RunAttributes, entry: inout OpenMarkup) {
        switch document.kind(of: span) {
        case .emphasis: entry.opener = inline.openDelimiter(.emphasis, preferred: emphasisCharacter)
        case .strongEmphasis: entry.opener = inline.openDelimiter(.strong, preferred: strongCharacter)
        case .strikethrough: entry.opener = inline.openDelimiter(.strikethrough, preferred: "~")
        case .link:
            entry.opener = inline.openLink(isImage: false)
            entry.destination = attributes.linkDestination ?? attributes.link?.absoluteString ?? ""
            entry.title = attributes.linkTitle.flatMap { $0.isEmpty ? nil : $0 }
        case .image:
            entry.opener = inline.openLink(isImage: true)
            entry.destination = attributes.imageSource ?? attributes.imageURL?.absoluteString ?? ""
            entry.title = attributes.imageTitle.flatMap { $0.isEmpty ? nil : $0 }
        case .footnoteReference:
            inline.appendLiteral("[^" + (attributes.footnoteReference ?? "") + "]")
            skippedDepth = 1
        case .extendedAttributes:
            inline.appendLiteral("^[")
            entry.trailer = "](" + Self.extendedAttributesText(attributes.extendedAttributes ?? [:]) + ")"
        case .htmlFormatting:
            if let tag = document.htmlTag(of: span) { inline.appendLiteral(tag.opening) }
        case .inlineHTML:
            break
        }
    }

    private mutating func close(_ entry: OpenMarkup) {
        if skippedDepth > 0 {
            if case .span = entry.markup { skippedDepth -= 1 }
            if skippedDepth > 0 { return }
            // The footnote reference itself closes: its literal is already written.
            if case .span(let span) = entry.markup, document.kind(of: span) == .footnoteReference { return }
        }
        switch entry.markup {
        case .span(let span):
            switch document.kind(of: span) {
            case .emphasis, .strongEmphasis, .strikethrough:
                inline.closeDelimiter(opener: entry.opener)
            case .link, .image:
                let label = references.labels.isEmpty ? nil : references.labels[.init(destination: entry.destination, title: entry.title)]
                inline.closeLink(
                    opener: entry.opener, destination: entry.destination, title: entry.title, isImage: document.kind(of: span) == .image,
                    referenceLabel: label)
            case .footnoteReference, .inlineHTML:
                break
            case .htmlFormatting:
                if let tag = document.htmlTag(of: span) { inline.appendLiteral(tag.closing) }
            case .extendedAttributes:
                inline.appendLiteral(entry.trailer)
            }
        case .flatLink:
            inline.closeLink(opener: entry.opener, destination: entry.destination, title: nil, isImage: false)
        case .flatStrong, .flatEmphasis, .flatStrikethrough:
            inline.closeDelimiter(opener: entry.opener)
        case .display:
            if !entry.trailer.isEmpty { inline.appendLiteral(entry.trailer) }
        }
    }

    private static func tagName(_ tag: DisplayTag) -> String {
        switch tag {
        case .underline: return "u"
        case .strikethrough: return "s"
        case .superscript: return "sup"
        case .subscript: return "sub"
        }
    }

    private static func extendedAttributeText(_ tag: DisplayTag) -> String {
        switch tag {
        case .underline: return "underline: true"
        case .strikethrough: return "strikethrough: true"
        case .superscript: return "superscript: 1"
        case .subscript: return "superscript: -1"
        }
    }

    /// Extended attributes as the JSON5 members Apple's syntax takes (`key: value, …`, keys
    /// sorted), from their JSON encoding.
    private static func extendedAttributesText(_ attributes: [String: ExtendedAttributeValue]) -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        guard let data = try? encoder.encode(attributes), var json = String(data: data, encoding: .utf8) else { return "" }
        // `{…}` → the members: Apple's form has no braces.
        if json.hasPrefix("{") && json.hasSuffix("}") { json = String(json.dropFirst().dropLast()) }
        return json
    }
}

// MARK: - Walk

extension MarkdownRenderer: IntentVisitor {
    mutating func willVisit(_ run: IntentDocument.StoredRun, entersLeaf: Bool) {
        runEntersLeaf = entersLeaf
        guard entersLeaf else { return }
        // The leaf left is written before the blocks around it close.
        if hasPendingLeaf { flushLeaf() }
        nextLeafIsHTMLBlock = run.inlinePresentationIntent.contains(.blockHTML)
        nextLeafInterruptsParagraph =
            nextLeafIsHTMLBlock && HTMLBlockStart.interruptsParagraph(document.text(inUTF8Range: run.utf8Range))
    }

    mutating func enterBlock(_ block: BlockID, child: BlockID?) {
        if block == pieceStartBlock, pieceStartState == nil {
            pieceStartState = boundaryState()
            pieceStart = currentLineStart
            pieceTopLevelStartsBefore = topLevelStarts.count
            pieceVerbatimRangesBefore = verbatimRanges.count
        }
        open(block: block)
    }

    mutating func exitBlock(_ block: BlockID) {
        // The document's last leaf is written when the walk closes its blocks.
        if hasPendingLeaf { flushLeaf() }
        close(block: block)
    }

    mutating func enterSpan(_ span: SpanID) {
        pendingSpans.append(span)
    }

    mutating func exitSpan(_ span: SpanID) {
        if pendingSpans.last == span {
            pendingSpans.removeLast()
            return
        }
        let position = openSpanPosition[span.index]
        if position >= 0 { closeMarkup(downTo: position) }
    }

    mutating func visitRun(_ run: IntentDocument.StoredRun, text: UnsafeBufferPointer<UInt8>, isLastInLeaf: Bool) {
        if runEntersLeaf { beginLeaf(run.block) }
        let attributes = document.attributes(of: run.attributes)
        // A block's separator is syntax (blank lines); outside blocks (a lowered document,
        // whose runs lost their intents) it is the only line break left: written as text.
        if attributes.isBlockSeparator, run.block != nil { return }
        addRun(run, attributes: attributes, content: document.text(inUTF8Range: run.utf8Range))
    }
}
