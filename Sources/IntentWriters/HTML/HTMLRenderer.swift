import Dispatch
import IntentModel

/// The state of one HTML write: a visitor of ``IntentModel/IntentDocument/walk(_:)``, writing the
/// tags of blocks and inline spans as the walk enters and leaves them (each once, so deep nesting
/// costs linear time and no recursion).
struct HTMLRenderer: ~Copyable {
    // MARK: Stored layout

    private let document: IntentDocument
    private let options: HTMLWritingOptions
    private var output: ByteOutput

    /// The open inline spans, outermost first (as the walk opened them).
    private var openSpans: [SpanID] = []
    /// Per span: the inline bits (emphasis, strong, strikethrough) and link/image kinds its path
    /// provides, so runs can tell which of their flat intents have no span (hand-made documents).
    private let spanCoverage: [UInt]
    /// Flat inline markup open for runs without spans: the bits, and the open link's destination.
    private var flatBits: UInt = 0
    private var flatLink: String? = nil
    /// The flat markup the run being written wants, worked out before its transitions.
    private var runUsesFlat = false
    private var wantedFlatBits: UInt = 0
    private var wantedFlatLink: String? = nil
    /// For each block: whether it is the last child of its parent (for footnote back-references).
    private var isLastChild: [Bool]
    /// Paragraph blocks that hold an HTML block.
    private var isHTMLBlock: [Bool]
    /// Per interned attribute set: whether its runs are separators or placeholders (not written).
    private let isSkippedAttributes: [Bool]
    /// Per block: whether a paragraph is written without `<p>` (tight list item).
    private var isTight: [Bool]
    /// Per span: its kind.
    private let spanKinds: [InlineSpan.Kind]
    /// Per block: whether it is a paragraph, header or cell (a trailing unmarked separator is dropped).
    private let isTextLeaf: [Bool]
    /// Per interned attribute set: whether it has a link (flat links need no span).
    private let hasLinkAttributes: [Bool]
    /// The inline bits of the run being processed (HTML blocks are told by their first run).
    private var currentInline: UInt = 0

    private var tableNeedsClosingBody = false
    private var inTableHeader = false
    private var imageDepth = 0
    private var imageTitles: [String?] = []
    private var footnoteDefinitionsOpened = 0
    /// Per interned attribute set: the slot of its footnote reference's label (-1: none, which a
    /// footnote reference span writes as the empty label's). Labels are told apart once per
    /// attribute set, so a reference costs an array access, not a hash of its label.
    private let footnoteSlotOfAttributes: [Int32]
    /// Per footnote label slot: the label, and how many references to it have been written.
    private let footnoteLabels: [String]
    private var footnoteReferenceCounts: [Int]
    /// The slot of each footnote label, the empty label's included.
    private let footnoteSlotOfLabel: [String: Int]
    private let emptyFootnoteLabelSlot: Int
    private var footnoteBackreferenceWritten = false
    /// An alert quote (as libcmark-gfm writes it) whose marker is still to be written before or
    /// at the start of its first child, and the alert whose marker opens the paragraph being opened.
    private var pendingAlert: (quote: BlockID, alert: GitHubAlert)? = nil
    private var alertMarkerInParagraph: GitHubAlert? = nil
    /// Heading anchors by block, with `options.headingIDs` (empty otherwise).
    private let headingAnchors: [BlockID: String]
    /// Whether any block is a footnote definition.
    private let hasFootnoteDefinition: Bool

    // MARK: Initialisers

    init(document: IntentDocument, options: HTMLWritingOptions) {
        self.document = document.repairedForWriting()
        self.options = options
        headingAnchors = options.headingIDs ? self.document.headingAnchors() : [:]
        (isLastChild, isTextLeaf, isTight, hasFootnoteDefinition) = Self.blockTables(of: self.document)

        // Per interned attribute set.
        var skipped: [Bool] = []
        var hasLink: [Bool] = []
        var footnoteSlots: [Int32] = []
        var labels: [String] = []
        var slotOfLabel: [String: Int] = [:]
        for set in self.document.attributeSetIDs {
            let attributes = self.document.attributes(of: set)
            skipped.append(attributes.isBlockSeparator || attributes.isPlaceholder)
            hasLink.append(attributes.linkDestination != nil || attributes.link != nil)
            guard let label = attributes.footnoteReference else {
                footnoteSlots.append(-1)
                continue
            }
            if slotOfLabel.isEmpty { slotOfLabel.reserveCapacity(self.document.attributeSetCount - footnoteSlots.count) }
            let slot = slotOfLabel[label, default: labels.count]
            if slot == labels.count {
                slotOfLabel[label] = slot
                labels.append(label)
            }
            footnoteSlots.append(Int32(slot))
        }
        isSkippedAttributes = skipped
        hasLinkAttributes = hasLink
        emptyFootnoteLabelSlot = slotOfLabel["", default: labels.count]
        if emptyFootnoteLabelSlot == labels.count {
            slotOfLabel[""] = emptyFootnoteLabelSlot
            labels.append("")
        }
        footnoteSlotOfAttributes = footnoteSlots
        footnoteLabels = labels
        footnoteSlotOfLabel = slotOfLabel
        footnoteReferenceCounts = [Int](repeating: 0, count: labels.count)
        (spanKinds, spanCoverage) = Self.spanTables(of: self.document)
        output = ByteOutput(capacity: Self.estimatedSize(of: self.document, footnoteLabels: labels.count))

        // HTML blocks are recognised when they open (their first run has `.blockHTML`), and flat
        // markup run by run (see `needsFlat`), so no pass over the runs happens here.
        isHTMLBlock = [Bool](repeating: false, count: self.document.blockCount)
    }

    /// A first capacity for the HTML, in bytes: the text and a half (escapes, line breaks), and
    /// room for each block's tags (32 bytes), each span's (40) and each footnote label's
    /// references and definition (300: `<sup class="footnote-ref"><a href="#fn-…" id="fnref-…"
    /// data-footnote-ref>…`, the `<li id="fn-…">` and its back-reference). A document of many
    /// small blocks then does not double its buffer again and again (each doubling copies the
    /// HTML so far into new pages: the 250 MB HTML of 900 000 footnotes touched twice its size).
    /// Too much costs little: a buffer of 8 MB or more is a mapping whose pages are touched only
    /// when written.
    private static func estimatedSize(of document: IntentDocument, footnoteLabels: Int) -> Int {
        let text = document.text.utf8.count
        return text + text / 2 + 32 * document.blockCount + 40 * document.spanCount + 300 * footnoteLabels + 64
    }

    /// Per block, in one pass over the blocks (in document pre-order, so a later sibling has a
    /// higher index and the last block seen under a parent is its last child): whether it is its
    /// parent's last child, whether it is a text leaf, and whether it is a tight paragraph; and
    /// whether any block is a footnote definition.
    private static func blockTables(
        of document: IntentDocument
    ) -> (lastChild: [Bool], textLeaf: [Bool], tight: [Bool], hasFootnoteDefinition: Bool) {
        let blockCount = document.blockCount
        var lastChildOf = [BlockID?](repeating: nil, count: blockCount + 1)
        var textLeaves = [Bool](repeating: false, count: blockCount)
        var tight = [Bool](repeating: false, count: blockCount)
        var hasFootnoteDefinition = false
        for block in document.blockIDs {
            let parent = document.parent(of: block)
            lastChildOf[parent?.index ?? blockCount] = block
            switch document.kind(of: block) {
            case .paragraph:
                textLeaves[block.index] = true
                tight[block.index] = isInTightList(parent, document)
            case .header, .tableCell:
                textLeaves[block.index] = true
            case .blockQuote:
                if !hasFootnoteDefinition { hasFootnoteDefinition = document.markup(of: block)?.footnoteLabel != nil }
            case .orderedList, .unorderedList, .listItem, .codeBlock, .thematicBreak, .table, .tableHeaderRow, .tableRow:
                break
            @unknown default:
                textLeaves[block.index] = true
                tight[block.index] = isInTightList(parent, document)
            }
        }
        var isLastChild = [Bool](repeating: false, count: blockCount)
        for child in lastChildOf { if let child { isLastChild[child.index] = true } }
        return (isLastChild, textLeaves, tight, hasFootnoteDefinition)
    }

    /// Whether a paragraph whose parent is `parent` is in an item of a list that is tight (or
    /// says nothing).
    private static func isInTightList(_ parent: BlockID?, _ document: IntentDocument) -> Bool {
        guard let parent, case .listItem = document.kind(of: parent), let list = document.parent(of: parent) else { return false }
        return document.markup(of: list)?.isTight ?? true
    }

    /// Per span: its kind, and the flat markup its path covers.
    private static func spanTables(of document: IntentDocument) -> (kinds: [InlineSpan.Kind], coverage: [UInt]) {
        var kinds: [InlineSpan.Kind] = []
        var coverage: [UInt] = []
        kinds.reserveCapacity(document.spanCount)
        coverage.reserveCapacity(document.spanCount)
        for span in document.spanIDs {
            let inherited = document.parent(of: span).map { coverage[$0.index] } ?? 0
            let kind = document.kind(of: span)
            let own: UInt
            switch kind {
            case .emphasis: own = Bits.emphasized
            case .strongEmphasis: own = Bits.stronglyEmphasized
            case .strikethrough: own = Bits.strikethrough
            case .link: own = Bits.linkCovered
            case .image: own = Bits.imageCovered
            case .footnoteReference, .extendedAttributes, .inlineHTML, .htmlFormatting: own = 0
            }
            kinds.append(kind)
            coverage.append(inherited | own)
        }
        return (kinds, coverage)
    }

    // MARK: Rendering

    mutating func render() {
        let document = self.document
        document.walk(&self)
        if footnoteDefinitionsOpened > 0 { append("</ol>\n</section>\n") }
    }

    /// The output, once ``render()`` or ``render(threads:)`` has run.
    consuming func takeOutput() -> ByteOutput {
        output
    }

    // MARK: Rendering in pieces

    /// Renders the document as ``render()`` does, in pieces on up to `threads` threads when it
    /// can be cut: about two pieces per thread, each from the first run of a top-level block
    /// (`IntentDocument.topLevelRunStarts(pieces:)`), rendered by a renderer of its own that shares this one's
    /// tables (``init(pieceOf:capacity:)``), and joined in order — the bytes one rendering
    /// writes. A document with footnotes is rendered in one piece (their references are numbered
    /// and their definitions gathered across the whole document), and so are pieces that would
    /// not join (one that follows output not ending in a line break, where a block's opening
    /// would have started a new line: documents built by hand).
    /// - Returns: The number of pieces it was rendered in (1: in one).
    @discardableResult
    mutating func render(threads: Int) -> Int {
        let starts = threads > 1 && !hasFootnotes ? document.topLevelRunStarts(pieces: threads * 2) : []
        guard !starts.isEmpty else {
            render()
            return 1
        }
        let bounds = [0] + starts + [document.runCount]
        let ranges = zip(bounds, bounds.dropFirst()).map { $0..<$1 }
        // Piece 0 writes into a buffer with room for the whole output (the others are appended
        // to it); each other piece into one for its share of the estimate.
        let whole = Self.estimatedSize(of: document, footnoteLabels: footnoteLabels.count)
        let pieces = UnsafeMutablePointer<HTMLRenderer>.allocate(capacity: ranges.count)
        defer { pieces.deallocate() }
        for (index, range) in ranges.enumerated() {
            let share = index == 0 ? whole : whole * range.count / max(document.runCount, 1) + 4096
            (pieces + index).initialize(to: HTMLRenderer(pieceOf: self, capacity: share))
        }
        let slots = PieceRenderers(base: pieces)
        DispatchQueue.concurrentPerform(iterations: ranges.count) { index in
            slots.base[index].renderPiece(runs: ranges[index], isLast: index == ranges.count - 1)
        }
        var joined = (pieces + 0).move().takeOutput()
        var joins = true
        for index in 1..<ranges.count {
            let piece = (pieces + index).move()
            // A piece starts as if the output before it ended in a line break (its first `cr()`
            // writes nothing); one that does not is rendered again in one piece below.
            if let last = joined.last, last != UInt8(ascii: "\n") { joins = false }
            if joins { joined.append(contentsOf: piece.output) }
        }
        guard joins else {
            render()
            return 1
        }
        output = joined
        return ranges.count
    }

    /// Whether the document has a footnote reference or definition.
    private var hasFootnotes: Bool {
        footnoteLabels.count > 1 || hasFootnoteDefinition || spanKinds.contains(.footnoteReference)
    }

    /// A renderer for a piece of the document `renderer` renders: its tables shared (copied
    /// on write, and only `isHTMLBlock` is written, at the piece's own blocks), its state fresh,
    /// and an output of its own of `capacity` bytes.
    private init(pieceOf renderer: borrowing HTMLRenderer, capacity: Int) {
        document = renderer.document
        options = renderer.options
        output = ByteOutput(capacity: capacity)
        spanCoverage = renderer.spanCoverage
        isLastChild = renderer.isLastChild
        isHTMLBlock = renderer.isHTMLBlock
        isSkippedAttributes = renderer.isSkippedAttributes
        isTight = renderer.isTight
        spanKinds = renderer.spanKinds
        isTextLeaf = renderer.isTextLeaf
        hasLinkAttributes = renderer.hasLinkAttributes
        footnoteSlotOfAttributes = renderer.footnoteSlotOfAttributes
        footnoteLabels = renderer.footnoteLabels
        footnoteReferenceCounts = renderer.footnoteReferenceCounts
        footnoteSlotOfLabel = renderer.footnoteSlotOfLabel
        emptyFootnoteLabelSlot = renderer.emptyFootnoteLabelSlot
        hasFootnoteDefinition = renderer.hasFootnoteDefinition
        headingAnchors = renderer.headingAnchors
    }

    /// Renders the runs `runs` (starting at a top-level block's first run) as a whole rendering
    /// writes them after a line break; the run after them, unless `isLast`, is announced before
    /// the blocks close, as the whole walk announces it there.
    private mutating func renderPiece(runs: Range<Int>, isLast: Bool) {
        let document = self.document
        document.walk(&self, runs: runs, peeksAtNextRun: !isLast)
    }

    /// The renderers of the pieces, each rendered by the one thread that takes its index and
    /// read after all are done.
    private struct PieceRenderers: @unchecked Sendable {
        let base: UnsafeMutablePointer<HTMLRenderer>
    }

    // MARK: Blocks

    private func markup(_ block: BlockID) -> BlockMarkup? { document.markup(of: block) }
    private func kind(_ block: BlockID) -> PresentationIntent.Kind { document.kind(of: block) }
    private func parent(_ block: BlockID) -> BlockID? { document.parent(of: block) }

    private func isFootnoteDefinition(_ block: BlockID?) -> Bool {
        guard let block, case .blockQuote = kind(block) else { return false }
        return markup(block)?.footnoteLabel != nil
    }

    private mutating func open(block: BlockID, nextOnPath: BlockID?) {
        if let pending = pendingAlert, parent(block) == pending.quote { placeAlertMarker(pending.alert, opening: block, nextOnPath) }
        switch kind(block) {
        case .paragraph:
            openParagraph(block: block, nextOnPath: nextOnPath)
        case .header(let level):
            openHeader(block, level: level)
        case .orderedList:
            cr()
            var start = 1
            if let item = nextOnPath, case .listItem(let ordinal) = kind(item) { start = ordinal }
            if start == 1 { append("<ol>\n") } else { appendString("<ol start=\"\(start)\">\n") }
        case .unorderedList:
            cr()
            append("<ul>\n")
        case .listItem:
            openListItem(block)
        case .codeBlock(let languageHint):
            openCodeBlock(block, languageHint: languageHint)
        case .blockQuote:
            openBlockQuote(block)
        case .thematicBreak:
            cr()
            append("<hr />\n")
        case .table:
            cr()
            append("<table>")
            tableNeedsClosingBody = false
        case .tableHeaderRow:
            cr()
            inTableHeader = true
            append("<thead>")
            cr()
            append("<tr>")
        case .tableRow:
            cr()
            if !tableNeedsClosingBody {
                append("<tbody>")
                cr()
                tableNeedsClosingBody = true
            }
            append("<tr>")
        case .tableCell(let column):
            openTableCell(block, column: column)
        @unknown default:
            // A kind a later SDK adds (on Apple platforms) is written as a paragraph.
            openParagraph(block: block, nextOnPath: nextOnPath)
        }
    }

    /// `<h1>`…`<h6>`, with its anchor as `id` when the options ask for heading ids (none for an
    /// empty anchor — a heading of punctuation alone —, as an `id` may not be empty in HTML).
    private mutating func openHeader(_ block: BlockID, level: Int) {
        cr()
        append("<h")
        output.append(UInt8(ascii: "0") + UInt8(clamping: level))
        if let anchor = headingAnchors[block], !anchor.isEmpty {
            append(" id=\"")
            HTMLEscaping.appendEscapedText(anchor.utf8, to: &output)
            append("\"")
        }
        append(">")
    }

    /// `<li>`, with a disabled checkbox for a task item.
    private mutating func openListItem(_ block: BlockID) {
        cr()
        append("<li>")
        if let checked = markup(block)?.isTaskChecked {
            if checked {
                append("<input type=\"checkbox\" checked=\"\" disabled=\"\" /> ")
            } else {
                append("<input type=\"checkbox\" disabled=\"\" /> ")
            }
        }
    }

    /// `<pre><code>`, with the language as a class (or GitHub's `lang`) and, with the full info
    /// string, the rest of it as `data-meta`.
    private mutating func openCodeBlock(_ block: BlockID, languageHint: String?) {
        cr()
        if let languageHint, !languageHint.isEmpty {
            var meta: Substring? = nil
            if options.fullInfoString, let info = markup(block)?.infoString, info.count > languageHint.count {
                meta = info.dropFirst(languageHint.count + 1)
            }
            // GitHub's `<pre lang="…">` or libcmark-gfm's `<code class="language-…">`.
            append(options.githubPreLang ? "<pre lang=\"" : "<pre><code class=\"language-")
            HTMLEscaping.appendEscapedText(languageHint.utf8, to: &output)
            if let meta {
                append("\" data-meta=\"")
                HTMLEscaping.appendEscapedText(meta.utf8, to: &output)
            }
            append(options.githubPreLang ? "\"><code>" : "\">")
        } else {
            append("<pre><code>")
        }
    }

    /// A block quote: a footnote definition's `<li>` (opening the footnotes section first), a
    /// GitHub alert's `<div>` when the options ask for them, else `<blockquote>` (an alert's
    /// marker then written as libcmark-gfm does, when its first child opens).
    private mutating func openBlockQuote(_ block: BlockID) {
        if let label = markup(block)?.footnoteLabel {
            if footnoteDefinitionsOpened == 0 { append("<section class=\"footnotes\" data-footnotes>\n<ol>\n") }
            footnoteDefinitionsOpened += 1
            footnoteBackreferenceWritten = false
            append("<li id=\"fn-")
            HTMLEscaping.appendEscapedURL(label.utf8, to: &output)
            append("\">\n")
        } else if let alert = markup(block)?.alert, options.gitHubAlerts {
            cr()
            append("<div class=\"markdown-alert markdown-alert-")
            appendString(alert.kind.rawValue)
            append("\">\n<p class=\"markdown-alert-title\">")
            appendString(alert.kind.title)
            append("</p>\n")
        } else {
            cr()
            append("<blockquote>\n")
            if let alert = markup(block)?.alert { pendingAlert = (block, alert) }
        }
    }

    /// `<th>` or `<td>`, with the column's alignment when it was written.
    private mutating func openTableCell(_ block: BlockID, column: Int) {
        cr()
        if inTableHeader { append("<th") } else { append("<td") }
        if let alignment = cellAlignment(block, column: column) {
            if options.tablePreferStyleAttributes {
                appendString(" style=\"text-align: \(alignment)\"")
            } else {
                appendString(" align=\"\(alignment)\"")
            }
        }
        append(">")
    }

    private func cellAlignment(_ cell: BlockID, column: Int) -> String? {
        var current = parent(cell)
        while let index = current {
            if case .table(let columns) = kind(index) {
                guard column < columns.count else { return nil }
                let alignment = columns[column].alignment
                let explicit =
                    markup(index)?.columnAlignmentIsExplicit.flatMap { column < $0.count ? $0[column] : nil }
                    ?? (alignment != .left)
                return explicit ? alignment.name : nil
            }
            current = parent(index)
        }
        return nil
    }

    private mutating func close(block: BlockID) {
        switch kind(block) {
        case .paragraph:
            closeParagraph(block: block)
        case .header(let level):
            append("</h")
            output.append(UInt8(ascii: "0") + UInt8(clamping: level))
            append(">\n")
        case .orderedList:
            append("</ol>\n")
        case .unorderedList:
            append("</ul>\n")
        case .listItem:
            append("</li>\n")
        case .codeBlock:
            append("</code></pre>\n")
        case .blockQuote:
            if isFootnoteDefinition(block) {
                if !footnoteBackreferenceWritten {
                    writeFootnoteBackreferences(block)
                    append("\n")
                }
                append("</li>\n")
            } else if markup(block)?.alert != nil, options.gitHubAlerts {
                cr()
                append("</div>\n")
            } else {
                if let pending = pendingAlert, pending.quote == block { writeAlertMarkerParagraph(pending.alert) }
                cr()
                append("</blockquote>\n")
            }
        case .thematicBreak:
            break
        case .table:
            if tableNeedsClosingBody {
                cr()
                append("</tbody>")
                cr()
            }
            tableNeedsClosingBody = false
            cr()
            append("</table>")
            cr()
        case .tableHeaderRow:
            cr()
            append("</tr>")
            cr()
            append("</thead>")
            inTableHeader = false
        case .tableRow:
            cr()
            append("</tr>")
        case .tableCell:
            if inTableHeader { append("</th>") } else { append("</td>") }
        @unknown default:
            closeParagraph(block: block)
        }
    }

    /// Opens a paragraph (or an HTML block, which is a paragraph whose runs carry `.blockHTML`).
    private mutating func openParagraph(block: BlockID, nextOnPath: BlockID?) {
        if nextOnPath == nil, currentInline & Bits.blockHTML != 0 { isHTMLBlock[block.index] = true }
        if isHTMLBlock[block.index] {
            cr()
            if !options.unsafe { append("<!-- raw HTML omitted -->") }
        } else if !isTight[block.index] {
            cr()
            append("<p>")
            if let alert = alertMarkerInParagraph {
                alertMarkerInParagraph = nil
                HTMLEscaping.appendEscapedText(alert.marker.utf8, to: &output)
                if alert.markerEnding == .lineBreak {
                    append("<br />\n")
                } else {
                    appendSoftBreak()
                }
            }
        }
    }

    /// Writes an alert's marker as libcmark-gfm would, now that the quote's first child opens:
    /// at the start of that paragraph when the marker was followed by a line break, else as a
    /// paragraph of its own before the child.
    private mutating func placeAlertMarker(_ alert: GitHubAlert, opening block: BlockID, _ nextOnPath: BlockID?) {
        pendingAlert = nil
        let opensParagraph = kind(block) == .paragraph && !(nextOnPath == nil && currentInline & Bits.blockHTML != 0)
        if alert.markerEnding != .paragraphEnd, opensParagraph, !isTight[block.index] {
            alertMarkerInParagraph = alert
        } else {
            writeAlertMarkerParagraph(alert)
        }
    }

    private mutating func writeAlertMarkerParagraph(_ alert: GitHubAlert) {
        pendingAlert = nil
        cr()
        append("<p>")
        HTMLEscaping.appendEscapedText(alert.marker.utf8, to: &output)
        append("</p>\n")
    }

    /// Closes a paragraph or HTML block; the last paragraph of a footnote definition gets its
    /// back-references.
    private mutating func closeParagraph(block: BlockID) {
        if isHTMLBlock[block.index] {
            cr()
        } else if !isTight[block.index] {
            let container = parent(block)
            if let container, isFootnoteDefinition(container), isLastChild[block.index], !footnoteBackreferenceWritten {
                append(" ")
                writeFootnoteBackreferences(container)
            }
            append("</p>\n")
        }
    }

    private mutating func writeFootnoteBackreferences(_ definition: BlockID) {
        footnoteBackreferenceWritten = true
        let label = markup(definition)?.footnoteLabel ?? ""
        let count = max(footnoteSlotOfLabel[label].map { footnoteReferenceCounts[$0] } ?? 0, 1)
        append("<a href=\"#fnref-")
        HTMLEscaping.appendEscapedURL(label.utf8, to: &output)
        append("\" class=\"footnote-backref\" data-footnote-backref aria-label=\"Back to content\">↩</a>")
        if count > 1 {
            for index in 2...count {
                append(" <a href=\"#fnref-")
                HTMLEscaping.appendEscapedURL(label.utf8, to: &output)
                appendString(
                    "-\(index)\" class=\"footnote-backref\" data-footnote-backref aria-label=\"Back to content\">↩<sup class=\"footnote-ref\">\(index)</sup></a>"
                )
            }
        }
    }

    // MARK: Flat inline markup

    /// The emphasis, strong, strikethrough and link a run asks for through its flat attributes but
    /// no span provides (documents built by hand or from other producers).
    private func flatMarkup(_ run: IntentDocument.StoredRun) -> (UInt, String?) {
        if isSkippedAttributes[run.attributes.index] { return (flatBits, flatLink) }
        let coverage = run.span.map { spanCoverage[$0.index] } ?? 0
        let bits = run.inlinePresentationIntent.rawValue & (Bits.emphasized | Bits.stronglyEmphasized | Bits.strikethrough) & ~coverage
        guard coverage & Bits.linkCovered == 0 else { return (bits, nil) }
        let attributes = document.attributes(of: run.attributes)
        return (bits, attributes.linkDestination ?? attributes.link?.absoluteString)
    }

    /// Whether this run needs the flat-markup path: it has emphasis, strong, strikethrough or a
    /// link that no span provides (documents not made by the parser), or flat markup is open.
    @inline(__always)
    private func needsFlat(_ run: IntentDocument.StoredRun) -> Bool {
        if flatBits != 0 || flatLink != nil { return true }
        let covered = run.span.map { spanCoverage[$0.index] } ?? 0
        if run.inlinePresentationIntent.rawValue & (Bits.emphasized | Bits.stronglyEmphasized | Bits.strikethrough) & ~covered != 0 {
            return true
        }
        return hasLinkAttributes[run.attributes.index] && covered & Bits.linkCovered == 0
    }

    /// The flat tags from outermost to innermost: strong, emphasis, strikethrough.
    private static let flatOrder: [(bit: UInt, open: String, close: String)] = [
        (1 << 1, "<strong>", "</strong>"), (1 << 0, "<em>", "</em>"), (1 << 5, "<del>", "</del>"),
    ]

    private mutating func openFlatMarkup(bits: UInt, link: String?) {
        if imageDepth > 0 { return }
        if link != nil, flatLink == nil, var destination = link {
            append("<a href=\"")
            destination.withUTF8 { url in
                if options.unsafe || !HTMLEscaping.isDangerousURL(url) { HTMLEscaping.appendEscapedURL(url, to: &output) }
            }
            append("\">")
            flatLink = link
        }
        for (bit, open, _) in Self.flatOrder where bits & bit != 0 && flatBits & bit == 0 {
            appendString(open)
            flatBits |= bit
        }
    }

    /// Closes flat tags so that only a prefix (in ``flatOrder``) of `keeping` stays open, and the
    /// flat link too unless `keepingLink`.
    private mutating func closeFlatMarkup(keeping: UInt = 0, keepingLink: Bool = false) {
        // The first tag, outermost first, that must close; everything inside it closes too.
        var firstToClose = Self.flatOrder.count
        for (position, entry) in Self.flatOrder.enumerated() where flatBits & entry.bit != 0 && keeping & entry.bit == 0 {
            firstToClose = position
            break
        }
        if !keepingLink { firstToClose = 0 }
        var position = Self.flatOrder.count - 1
        while position >= firstToClose {
            let entry = Self.flatOrder[position]
            if flatBits & entry.bit != 0 {
                appendString(entry.close)
                flatBits &= ~entry.bit
            }
            position -= 1
        }
        if !keepingLink, flatLink != nil {
            append("</a>")
            flatLink = nil
        }
    }

    // MARK: Inline spans

    /// The attributes of the run being written next (the first run inside spans opened now).
    private var pendingAttributes = RunAttributesID(index: 0)

    private mutating func open(span: SpanID) {
        let kind = spanKinds[span.index]
        if imageDepth > 0 {
            if kind == .image { imageDepth += 1 }
            // Inside alt text libcmark-gfm writes inline HTML as escaped text.
            if kind == .htmlFormatting, let tag = document.htmlTag(of: span) {
                HTMLEscaping.appendEscapedText(tag.opening.utf8, to: &output)
            }
            return
        }
        switch kind {
        case .emphasis: append("<em>")
        case .strongEmphasis: append("<strong>")
        case .strikethrough: append("<del>")
        case .link:
            let attributes = document.attributes(of: pendingAttributes)
            append("<a href=\"")
            var destination = attributes.linkDestination ?? attributes.link?.absoluteString ?? ""
            destination.withUTF8 { url in
                if options.unsafe || !HTMLEscaping.isDangerousURL(url) { HTMLEscaping.appendEscapedURL(url, to: &output) }
            }
            if let title = attributes.linkTitle, !title.isEmpty {
                append("\" title=\"")
                HTMLEscaping.appendEscapedText(title.utf8, to: &output)
            }
            append("\">")
        case .image:
            let attributes = document.attributes(of: pendingAttributes)
            append("<img src=\"")
            var source = attributes.imageSource ?? attributes.imageURL?.absoluteString ?? ""
            source.withUTF8 { url in
                if options.unsafe || !HTMLEscaping.isDangerousURL(url) { HTMLEscaping.appendEscapedURL(url, to: &output) }
            }
            append("\" alt=\"")
            imageTitles.append(attributes.imageTitle)
            imageDepth = 1
        case .footnoteReference:
            let labelled = Int(footnoteSlotOfAttributes[pendingAttributes.index])
            let slot = labelled >= 0 ? labelled : emptyFootnoteLabelSlot
            let label = footnoteLabels[slot]
            footnoteReferenceCounts[slot] += 1
            let occurrence = footnoteReferenceCounts[slot]
            append("<sup class=\"footnote-ref\"><a href=\"#fn-")
            HTMLEscaping.appendEscapedURL(label.utf8, to: &output)
            append("\" id=\"fnref-")
            HTMLEscaping.appendEscapedURL(label.utf8, to: &output)
            if occurrence > 1 { appendString("-\(occurrence)") }
            append("\" data-footnote-ref>")
        case .htmlFormatting:
            writeFormattingTag(document.htmlTag(of: span)?.opening)
        case .extendedAttributes, .inlineHTML:
            break
        }
    }

    /// A formatting tag as libcmark-gfm writes the inline HTML it was: as is (filtered like any raw
    /// HTML when the tag filter is on), or `<!-- raw HTML omitted -->` in safe mode.
    private mutating func writeFormattingTag(_ tag: String?) {
        guard var tag else { return }
        guard options.unsafe else {
            append("<!-- raw HTML omitted -->")
            return
        }
        tag.withUTF8 { bytes in
            if options.tagFilter, HTMLEscaping.isFilteredTag(bytes, at: 0) {
                append("&lt;")
                output.append(UnsafeBufferPointer(rebasing: bytes.dropFirst()))
            } else {
                output.append(bytes)
            }
        }
    }

    private mutating func close(span: SpanID) {
        let kind = spanKinds[span.index]
        if imageDepth > 0 {
            if kind == .htmlFormatting, let tag = document.htmlTag(of: span) {
                HTMLEscaping.appendEscapedText(tag.closing.utf8, to: &output)
            }
            guard kind == .image else { return }
            imageDepth -= 1
            guard imageDepth == 0 else { return }
            if let title = imageTitles.popLast() ?? nil, !title.isEmpty {
                append("\" title=\"")
                HTMLEscaping.appendEscapedText(title.utf8, to: &output)
            }
            append("\" />")
            return
        }
        switch kind {
        case .emphasis: append("</em>")
        case .strongEmphasis: append("</strong>")
        case .strikethrough: append("</del>")
        case .link: append("</a>")
        case .image: append("\" />")
        case .footnoteReference: append("</a></sup>")
        case .htmlFormatting: writeFormattingTag(document.htmlTag(of: span)?.closing)
        case .extendedAttributes, .inlineHTML: break
        }
    }

    // MARK: Content

    private mutating func emitContent(_ run: IntentDocument.StoredRun, _ bytes: UnsafeBufferPointer<UInt8>, isLastOfLeaf: Bool) {
        if isSkippedAttributes[run.attributes.index] { return }
        var bytes = bytes
        let inline = run.inlinePresentationIntent.rawValue
        // A hand-made document's unmarked separator at the end of a non-code leaf.
        if isLastOfLeaf, let leaf = run.block, isTextLeaf[leaf.index], inline & Bits.blockHTML == 0,
            let last = bytes.last, last == UInt8(ascii: "\n") || last == UInt8(ascii: "\t")
        {
            bytes = UnsafeBufferPointer(rebasing: bytes[0..<(bytes.count - 1)])
        }
        if inline == 0 && run.span == nil {
            HTMLEscaping.appendEscapedText(bytes, to: &output)
            return
        }
        if imageDepth > 0 {
            if inline & (Bits.softBreak | Bits.lineBreak) != 0 {
                append(" ")
            } else {
                HTMLEscaping.appendEscapedText(bytes, to: &output)
            }
            return
        }
        if inline & Bits.blockHTML != 0 {
            if options.unsafe {
                if options.tagFilter { HTMLEscaping.appendFiltered(bytes, to: &output) } else { output.append(bytes) }
            }
            return
        }
        if inline & Bits.inlineHTML != 0 {
            if !options.unsafe {
                append("<!-- raw HTML omitted -->")
            } else if options.tagFilter, HTMLEscaping.isFilteredTag(bytes, at: 0) {
                append("&lt;")
                output.append(UnsafeBufferPointer(rebasing: bytes.dropFirst()))
            } else {
                output.append(bytes)
            }
            return
        }
        if inline & Bits.code != 0 {
            append("<code>")
            HTMLEscaping.appendEscapedText(bytes, to: &output)
            append("</code>")
            return
        }
        if inline & Bits.lineBreak != 0 {
            // Adjacent hard breaks share one run: one <br /> per break character.
            for _ in 0..<Self.breakCount(bytes) { append("<br />\n") }
            return
        }
        if inline & Bits.softBreak != 0 {
            appendSoftBreak()
            return
        }
        if let span = run.span, spanKinds[span.index] == .footnoteReference {
            output.append(bytes)
            return
        }
        HTMLEscaping.appendEscapedText(bytes, to: &output)
    }

    /// ``IntentModel/InlinePresentationIntent`` raw bits as literals: reading the option set's
    /// static members goes through `swift_once` on every access, too slow per run.
    private enum Bits {
        static let emphasized: UInt = 1 << 0
        static let stronglyEmphasized: UInt = 1 << 1
        static let code: UInt = 1 << 2
        static let strikethrough: UInt = 1 << 5
        /// Not inline-intent bits: coverage markers for links and images in `spanCoverage`.
        static let linkCovered: UInt = 1 << 40
        static let imageCovered: UInt = 1 << 41
        static let softBreak: UInt = 1 << 6
        static let lineBreak: UInt = 1 << 7
        static let inlineHTML: UInt = 1 << 8
        static let blockHTML: UInt = 1 << 9
    }

    /// The number of line breaks a break run stands for: its U+2028 (E2 80 A8) and `\n`
    /// characters, at least 1.
    static func breakCount(_ bytes: UnsafeBufferPointer<UInt8>) -> Int {
        var count = 0
        var index = 0
        while index < bytes.count {
            if bytes[index] == 0x0A {
                count += 1
            } else if bytes[index] == 0xE2, index + 2 < bytes.count, bytes[index + 1] == 0x80, bytes[index + 2] == 0xA8 {
                count += 1
                index += 2
            }
            index += 1
        }
        return max(count, 1)
    }

    // MARK: Output

    private mutating func append(_ string: StaticString) {
        output.append(string)
    }

    private mutating func appendString(_ string: String) {
        output.append(string)
    }

    /// A newline unless the output is empty or already ends with one (libcmark-gfm's `cr`).
    /// A soft line break as ``HTMLWritingOptions/softBreak`` says.
    private mutating func appendSoftBreak() {
        switch options.softBreak {
        case .newline: append("\n")
        case .space: append(" ")
        case .lineBreak: append("<br />\n")
        }
    }

    private mutating func cr() {
        if let last = output.last, last != UInt8(ascii: "\n") { output.append(UInt8(ascii: "\n")) }
    }
}

// MARK: - Walk

extension HTMLRenderer: IntentVisitor {
    mutating func willVisit(_ run: IntentDocument.StoredRun, entersLeaf: Bool) {
        // Flat markup closes before the blocks and spans the run leaves (it lies inside them).
        runUsesFlat = needsFlat(run)
        if runUsesFlat {
            (wantedFlatBits, wantedFlatLink) = flatMarkup(run)
            if entersLeaf || run.span != openSpans.last || wantedFlatLink != flatLink {
                closeFlatMarkup()
            } else if wantedFlatBits != flatBits {
                closeFlatMarkup(keeping: wantedFlatBits, keepingLink: true)
            }
        }
        if entersLeaf { currentInline = run.inlinePresentationIntent.rawValue }
        pendingAttributes = run.attributes
    }

    mutating func enterBlock(_ block: BlockID, child: BlockID?) {
        open(block: block, nextOnPath: child)
    }

    mutating func exitBlock(_ block: BlockID) {
        if flatBits != 0 || flatLink != nil { closeFlatMarkup() }
        close(block: block)
    }

    mutating func enterSpan(_ span: SpanID) {
        open(span: span)
        openSpans.append(span)
    }

    mutating func exitSpan(_ span: SpanID) {
        if flatBits != 0 || flatLink != nil { closeFlatMarkup() }
        openSpans.removeLast()
        close(span: span)
    }

    mutating func visitRun(_ run: IntentDocument.StoredRun, text: UnsafeBufferPointer<UInt8>, isLastInLeaf: Bool) {
        if runUsesFlat { openFlatMarkup(bits: wantedFlatBits, link: wantedFlatLink) }
        emitContent(run, text, isLastOfLeaf: isLastInLeaf)
    }
}
