import IntentModel

/// One plain-text lowering: a visitor of ``IntentModel/IntentDocument/walk(_:)`` that opens and
/// closes container frames as the walk enters and leaves blocks, and writes lines with the
/// prefixes of the containers they are in (list markers, quote bars).
struct PlainTextRenderer {
    // MARK: Stored layout

    private let document: IntentDocument
    /// How deep each block sits in lists (for list markers).
    private let listNesting: ListNesting
    private let options: PlainTextOptions
    /// The text written so far, as UTF-8 (so that taking back a separator is a cheap truncation).
    private var output: [UInt8] = []
    private var atLineStart = true

    /// Open containers, outermost first.
    private var frames: [Frame] = []
    private var isBlockOpen: [Bool]
    /// Where links end, to write their targets after them.
    private let linkBoundaries: LinkBoundaries
    private let spanKinds: [InlineSpan.Kind]

    /// Block indices (-1: none).
    private var currentLeaf: Int32 = -1
    /// The leaf being entered (its blocks opening), until its first run makes it ``currentLeaf``.
    private var enteringLeaf: Int32 = -1
    /// Whether the leaf being entered still needs its separator (written before its first block
    /// opens, or before its first run when it opens none).
    private var leafNeedsSeparator = false
    /// Whether the run being visited is the first of its leaf.
    private var runEntersLeaf = false
    /// Whether the leaf being entered is not shown (a footnote definition's, without footnotes).
    private var leafIsHidden = false
    /// The current leaf's text, UTF-8.
    private var inlineText: [UInt8] = []
    /// The superscript or subscript being written: where it starts in ``inlineText`` and its
    /// level. It is raised or lowered as a whole when it ends (``closeScript()``), so that a soft
    /// break inside `<sup>` does not split it (`2^(n − 1)`, not `2^(n −) ¹`).
    private var scriptStretch: (start: Int, level: Int)?
    /// Link targets that ended inside ``scriptStretch``, written after it.
    private var pendingTargets: [String] = []
    /// Set after a dropped inline HTML tag: a space that then follows a space is not written twice.
    private var collapsesNextSpace = false
    /// Set after a `<br>` tag's line break: spaces that start the next line are not written.
    private var dropsLeadingSpaces = false
    private var table: TableState? = nil
    private var openLink: (key: Int32, destination: String, text: [UInt8])? = nil
    private var footnoteCount = 0
    /// Where the separator before the current leaf began (output length, line state, frames), to
    /// take it back when the leaf turns out to have no text (an HTML comment, an empty header).
    private var separatorStart: (length: Int, atLineStart: Bool, frames: [Frame])? = nil

    private struct Frame {
        var block: Int32
        /// Written before the first line of the container's content (a list marker), once.
        var marker: String?
        /// Written before every other line.
        var continuation: String
    }

    private struct TableState {
        var rows: [[String]] = []
        var headerRows = 0
        var alignments: [PresentationIntent.TableColumn.Alignment] = []
        var currentRow: [String] = []
    }

    // MARK: Initialisers

    init(document: IntentDocument, options: PlainTextOptions) {
        self.document = document.repairedForWriting()
        listNesting = ListNesting(self.document)
        self.options = options
        let repaired = self.document
        isBlockOpen = [Bool](repeating: false, count: repaired.blockCount)
        spanKinds = repaired.spanIDs.map { repaired.kind(of: $0) }
        linkBoundaries = LinkBoundaries(repaired)
        output.reserveCapacity(document.text.utf8.count + document.text.utf8.count / 4)
    }

    // MARK: Rendering

    mutating func render() -> String {
        let document = self.document
        document.walk(&self)
        finishLink()
        closeLeaf()
        // No trailing blank lines or spaces.
        while let last = output.last, last == UInt8(ascii: "\n") || last == UInt8(ascii: " ") { output.removeLast() }
        return String(decoding: output, as: UTF8.self)
    }

    // MARK: Blocks

    private func kind(_ block: Int32) -> PresentationIntent.Kind { document.kind(of: BlockID(index: Int(block))) }
    private func parent(_ block: Int32) -> Int32 { document.parent(of: BlockID(index: Int(block))).map { Int32($0.index) } ?? -1 }
    private func markup(_ block: Int32) -> BlockMarkup? { document.markup(of: BlockID(index: Int(block))) }

    private func isFootnoteDefinition(_ block: Int32) -> Bool {
        if case .blockQuote = kind(block), markup(block)?.footnoteLabel != nil { return true }
        return false
    }

    /// Writes the separator before the leaf being entered, with the prefixes of the containers it
    /// shares with the previous leaf (its blocks not open yet), unless the leaf is hidden.
    private mutating func writeSeparatorBeforeLeaf() {
        leafNeedsSeparator = false
        let leaf = enteringLeaf
        guard leaf >= 0, !leafIsHidden else { return }
        // The blocks about to open: from the leaf up to the innermost open container.
        var opensTable = false
        var index = leaf
        while index >= 0, !isBlockOpen[Int(index)] {
            if case .table = kind(index) { opensTable = true }
            index = parent(index)
        }
        separatorStart = (output.count, atLineStart, frames)
        // Nothing before it shown (leaves of HTML tags or comments only): no separator.
        if !output.isEmpty, table == nil || opensTable {
            write(separator(commonAncestor: index))
        }
    }

    /// A line separator inside a tight list, a block separator elsewhere.
    private func separator(commonAncestor: Int32) -> String {
        var index = commonAncestor
        while index >= 0 {
            switch kind(index) {
            case .orderedList, .unorderedList:
                return markup(index)?.isTight ?? true ? options.lineSeparator : options.blockSeparator
            case .table, .tableHeaderRow, .tableRow:
                return options.lineSeparator
            case .listItem, .paragraph, .header, .codeBlock, .blockQuote, .thematicBreak, .tableCell:
                index = parent(index)
            @unknown default:
                index = parent(index)
            }
        }
        return options.blockSeparator
    }

    private mutating func open(_ block: Int32) {
        isBlockOpen[Int(block)] = true
        switch kind(block) {
        case .orderedList, .unorderedList:
            frames.append(Frame(block: block, marker: nil, continuation: ""))
        case .listItem(let ordinal):
            let marker = listMarker(item: block, ordinal: ordinal)
            let continuation = options.indentation ?? String(repeating: " ", count: TerminalCellWidth.of(marker))
            frames.append(Frame(block: block, marker: marker, continuation: continuation))
        case .blockQuote:
            if isFootnoteDefinition(block) {
                footnoteCount += 1
                let marker = "[\(footnoteCount)] "
                frames.append(Frame(block: block, marker: marker, continuation: String(repeating: " ", count: marker.count)))
            } else {
                frames.append(Frame(block: block, marker: nil, continuation: options.blockQuotePrefix))
                // A GitHub alert shows its title (`Note`, `Warning`, …) on a line of its own.
                if let alert = markup(block)?.alert {
                    write(alert.kind.title)
                    write(options.lineSeparator)
                }
            }
        case .table(let columns):
            table = TableState(alignments: columns.map(\.alignment))
            frames.append(Frame(block: block, marker: nil, continuation: ""))
        case .tableHeaderRow, .tableRow:
            frames.append(Frame(block: block, marker: nil, continuation: ""))
        case .thematicBreak:
            frames.append(Frame(block: block, marker: nil, continuation: ""))
            write(options.thematicBreak)
        case .paragraph, .header, .codeBlock, .tableCell:
            frames.append(Frame(block: block, marker: nil, continuation: ""))
        @unknown default:
            frames.append(Frame(block: block, marker: nil, continuation: ""))
        }
    }

    private mutating func close(_ block: Int32) {
        switch kind(block) {
        case .tableHeaderRow, .tableRow:
            // In place (optional chaining): copying the state out and back would copy every row
            // kept so far on each row, quadratic in the table's length.
            if case .tableHeaderRow = kind(block) { table?.headerRows += 1 }
            if let row = table?.currentRow {
                table?.rows.append(row)
                table?.currentRow = []
            }
        case .table:
            if let finished = table {
                table = nil
                write(formatTable(finished))
            }
        case .listItem:
            // An empty item still shows its marker.
            if let frame = frames.last(where: { $0.block == block }), frame.marker != nil {
                write("")
            }
        case .paragraph, .header, .orderedList, .unorderedList, .codeBlock, .blockQuote, .thematicBreak, .tableCell:
            break
        @unknown default:
            break
        }
    }

    /// The first-line prefix of a list item: its marker, or for a bullet task item the task
    /// marker alone, then a space.
    private func listMarker(item: Int32, ordinal: Int) -> String {
        let marker = ListMarker(item: BlockID(index: Int(item)), ordinal: ordinal, in: document, nesting: listNesting, options: options)
        if marker.isBullet, let task = marker.task { return task + " " }
        return marker.marker + " " + (marker.task.map { $0 + " " } ?? "")
    }

    static func format(_ number: Int, _ style: PlainTextOptions.OrderedMarkerStyle) -> String {
        switch style {
        case .decimal: return String(number)
        case .lowerAlpha, .upperAlpha:
            guard number > 0 else { return String(number) }
            var value = number
            var letters: [Character] = []
            while value > 0 {
                value -= 1
                letters.append(Character(UnicodeScalar(UInt8(97 + value % 26))))
                value /= 26
            }
            let text = String(letters.reversed())
            return style == .upperAlpha ? text.uppercased() : text
        case .lowerRoman, .upperRoman:
            guard number > 0, number < 4000 else { return String(number) }
            let table: [(Int, String)] = [
                (1000, "m"), (900, "cm"), (500, "d"), (400, "cd"), (100, "c"), (90, "xc"), (50, "l"), (40, "xl"),
                (10, "x"), (9, "ix"), (5, "v"), (4, "iv"), (1, "i"),
            ]
            var value = number
            var text = ""
            for (amount, letters) in table {
                while value >= amount {
                    text += letters
                    value -= amount
                }
            }
            return style == .upperRoman ? text.uppercased() : text
        }
    }

    // MARK: Leaves and inline content

    /// Writes a paragraph's or header's text; one with nothing to show (an HTML block of tags
    /// only, an empty header) takes back the separator written for it.
    private mutating func writeParagraphText(_ text: [UInt8]) {
        let isBlank = text.allSatisfy { $0 == UInt8(ascii: "\n") || $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") }
        if isBlank, let start = separatorStart, start.length <= output.count {
            output.removeLast(output.count - start.length)
            atLineStart = start.atLineStart
            let markers = Dictionary(start.frames.map { ($0.block, $0.marker) }, uniquingKeysWith: { first, _ in first })
            for index in frames.indices where markers[frames[index].block] != nil {
                frames[index].marker = markers[frames[index].block] ?? nil
            }
        } else {
            write(text)
        }
    }

    /// Raises or lowers the superscript or subscript stretch written last (``scriptStretch``).
    private mutating func closeScript() {
        guard let stretch = scriptStretch else { return }
        scriptStretch = nil
        defer {
            for target in pendingTargets { inlineText.append(contentsOf: target.utf8) }
            pendingTargets = []
        }
        guard stretch.start < inlineText.count else { return }
        let written = String(decoding: inlineText[stretch.start...], as: UTF8.self)
        inlineText.replaceSubrange(stretch.start..., with: ScriptText.text(written, superscript: stretch.level).utf8)
    }

    private mutating func closeLeaf() {
        closeScript()
        dropsLeadingSpaces = false
        guard currentLeaf >= 0 else {
            // Text outside any block (inline-only documents, hand-made strings).
            if !inlineText.isEmpty { write(inlineText) }
            inlineText = []
            return
        }
        if !options.footnotes, isInsideFootnoteDefinition(currentLeaf) {
            inlineText = []
            currentLeaf = -1
            return
        }
        var text = inlineText
        inlineText = []
        switch kind(currentLeaf) {
        case .tableCell:
            table?.currentRow.append(String(decoding: text.map { $0 == UInt8(ascii: "\n") ? UInt8(ascii: " ") : $0 }, as: UTF8.self))
        case .codeBlock:
            if text.last == UInt8(ascii: "\n") { text.removeLast() }
            write(text)
        case .paragraph, .header:
            writeParagraphText(text)
        case .thematicBreak, .orderedList, .unorderedList, .listItem, .blockQuote, .table, .tableHeaderRow, .tableRow:
            break
        @unknown default:
            // A kind a later SDK adds (on Apple platforms) is written as a paragraph.
            writeParagraphText(text)
        }
        currentLeaf = -1
    }

    private mutating func emit(_ run: IntentDocument.StoredRun, _ text: Substring) {
        let attributes = document.attributes(of: run.attributes)
        if attributes.isBlockSeparator { return }
        if run.block != nil, leafIsHidden { return }
        followLink(run, attributes)
        if attributes.isPlaceholder {
            // An image without a description shows nothing: the spaces around it make one.
            collapsesNextSpace = true
            return
        }
        let inline = run.inlinePresentationIntent.rawValue
        // A hard break ends a superscript stretch; a soft break in one is part of it.
        let level = inline & Bits.lineBreak == 0 ? attributes.display?.superscript ?? 0 : 0
        if level != scriptStretch?.level ?? 0 {
            closeScript()
            if level != 0 { scriptStretch = (inlineText.count, level) }
        }
        let before = inlineText.count
        if inline & Bits.softBreak != 0 {
            // A soft break whose text holds a line break (inline-only syntax preserving whitespace)
            // keeps it; others are spaces unless the options keep soft breaks.
            if options.keepsSoftBreaks {
                inlineText.append(UInt8(ascii: "\n"))
            } else if text.utf8.contains(UInt8(ascii: "\n")) {
                inlineText.append(contentsOf: text.utf8)
            } else {
                inlineText.append(UInt8(ascii: " "))
            }
        } else if inline & Bits.lineBreak != 0 {
            // Adjacent hard breaks share one run: one line break per break character.
            let breaks = max(1, text.unicodeScalars.filter { $0 == "\u{2028}" || $0 == "\n" }.count)
            inlineText.append(contentsOf: repeatElement(UInt8(ascii: "\n"), count: breaks))
        } else if inline & Bits.inlineHTML != 0 {
            guard appendInlineHTML(text, of: run, after: before) else { return }
        } else if inline & Bits.blockHTML != 0 {
            inlineText.append(contentsOf: options.keepsRawHTML ? String(text).utf8 : HTMLBlockText.text(of: text).utf8)
        } else if attributes.footnoteReference != nil {
            if options.footnotes {
                inlineText.append(UInt8(ascii: "["))
                inlineText.append(contentsOf: text.utf8)
                inlineText.append(UInt8(ascii: "]"))
            }
        } else {
            inlineText.append(contentsOf: text.utf8)
        }
        settleSpaces(after: before)
        if openLink != nil { openLink?.text.append(contentsOf: inlineText[before...]) }
    }

    /// Link boundaries: a link span, or (documents without spans) a change of destination, ends
    /// the open link; a run of a link opens one.
    private mutating func followLink(_ run: IntentDocument.StoredRun, _ attributes: RunAttributes) {
        let link = linkBoundaries.link(of: run, attributes)
        if let open = openLink, LinkBoundaries.ends(key: open.key, destination: open.destination, at: link) { finishLink() }
        if openLink == nil, link.key != -1, let destination = link.destination { openLink = (link.key, destination, []) }
    }

    /// Appends inline HTML as the options say: raw, as the text it stands for, or a line break
    /// for `<br>`. Returns `false` when the run is finished here (a break or a dropped tag: no
    /// spaces to settle), with the open link's text updated.
    private mutating func appendInlineHTML(_ text: Substring, of run: IntentDocument.StoredRun, after before: Int) -> Bool {
        if options.keepsRawHTML {
            inlineText.append(contentsOf: text.utf8)
            return true
        }
        switch InlineHTMLMeaning(html: text) {
        case .lineBreak:
            // A table cell stays on its row's line: there a break is a space.
            let inCell = run.block.map { document.kind(of: $0).isTableCell } ?? false
            if inCell {
                inlineText.append(UInt8(ascii: " "))
                collapsesNextSpace = true
            } else {
                // No spaces at the end of the line or the start of the next (`a <br /> b`).
                if openLink == nil { while inlineText.last == UInt8(ascii: " ") { inlineText.removeLast() } }
                inlineText.append(UInt8(ascii: "\n"))
                dropsLeadingSpaces = true
            }
            if openLink != nil { openLink?.text.append(contentsOf: inlineText[min(before, inlineText.count)...]) }
            return false
        case .text(let alternative):
            inlineText.append(contentsOf: alternative.utf8)
            return true
        case .dropped:
            // A dropped tag between two spaces leaves one space, not two.
            collapsesNextSpace = true
            if openLink != nil { openLink?.text.append(contentsOf: inlineText[before...]) }
            return false
        }
    }

    /// After a run's text went in at `before`: leading spaces dropped after a line break, and a
    /// space collapsed where a dropped tag or image left two.
    private mutating func settleSpaces(after before: Int) {
        if inlineText.count > before, dropsLeadingSpaces {
            let spaces = inlineText[before...].prefix { $0 == UInt8(ascii: " ") }.count
            inlineText.removeSubrange(before..<(before + spaces))
            dropsLeadingSpaces = inlineText.count == before
        }
        if inlineText.count > before {
            if collapsesNextSpace, before > 0, inlineText[before] == UInt8(ascii: " "), inlineText[before - 1] == UInt8(ascii: " ") {
                inlineText.remove(at: before)
            }
            collapsesNextSpace = false
        }
    }

    /// ``IntentModel/InlinePresentationIntent`` raw bits as literals (static members of the option
    /// set go through `swift_once` on every access).
    private enum Bits {
        static let softBreak: UInt = 1 << 6
        static let lineBreak: UInt = 1 << 7
        static let inlineHTML: UInt = 1 << 8
        static let blockHTML: UInt = 1 << 9
    }

    private func isInsideFootnoteDefinition(_ block: Int32) -> Bool {
        var index = block
        while index >= 0 {
            if isFootnoteDefinition(index) { return true }
            index = parent(index)
        }
        return false
    }

    private mutating func finishLink() {
        guard let link = openLink else { return }
        openLink = nil
        guard options.links == .textAndURL,
            let target = LinkBoundaries.target(
                afterText: String(decoding: link.text, as: UTF8.self).trimmingSpaces, destination: link.destination)
        else { return }
        // Inside a superscript or subscript, the target follows the whole stretch.
        if scriptStretch != nil { pendingTargets.append(target) } else { inlineText.append(contentsOf: target.utf8) }
    }

    // MARK: Tables

    private func formatTable(_ table: TableState) -> String {
        switch options.tables {
        case .tabSeparated:
            return table.rows.map { $0.joined(separator: "\t") }.joined(separator: options.lineSeparator)
        case .alignedColumns:
            let columnCount = table.rows.map(\.count).max() ?? 0
            var widths = [Int](repeating: 0, count: columnCount)
            for row in table.rows {
                for (column, cell) in row.enumerated() { widths[column] = max(widths[column], TerminalCellWidth.of(cell)) }
            }
            var lines: [String] = []
            for (rowIndex, row) in table.rows.enumerated() {
                var cells: [String] = []
                for column in 0..<columnCount {
                    let cell = column < row.count ? row[column] : ""
                    let padding = widths[column] - TerminalCellWidth.of(cell)
                    let alignment = column < table.alignments.count ? table.alignments[column] : .left
                    switch alignment {
                    case .left: cells.append(cell + String(repeating: " ", count: padding))
                    case .right: cells.append(String(repeating: " ", count: padding) + cell)
                    case .center:
                        let before = padding / 2
                        cells.append(String(repeating: " ", count: before) + cell + String(repeating: " ", count: padding - before))
                    @unknown default:
                        cells.append(cell + String(repeating: " ", count: padding))
                    }
                }
                lines.append(cells.joined(separator: "  ").trimmingTrailingSpaces)
                if rowIndex + 1 == table.headerRows {
                    lines.append(widths.map { String(repeating: "─", count: max($0, 1)) }.joined(separator: "  "))
                }
            }
            return lines.joined(separator: options.lineSeparator)
        }
    }

    // MARK: Lines

    /// Writes text, putting the container prefixes at the start of every line.
    private mutating func write(_ text: String) {
        write(Array(text.utf8))
    }

    /// Writes UTF-8 text, putting the container prefixes at the start of every line.
    private mutating func write(_ text: [UInt8]) {
        if text.isEmpty {
            if atLineStart { writePrefix(trimmed: false) }
            return
        }
        var lineStart = 0
        let count = text.count
        while lineStart <= count {
            var lineEnd = lineStart
            while lineEnd < count, text[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            if lineEnd > lineStart {
                if atLineStart { writePrefix(trimmed: false) }
                output.append(contentsOf: text[lineStart..<lineEnd])
                atLineStart = false
            }
            guard lineEnd < count else { break }
            if atLineStart { writePrefix(trimmed: true) }
            output.append(UInt8(ascii: "\n"))
            atLineStart = true
            lineStart = lineEnd + 1
        }
    }

    private mutating func writePrefix(trimmed: Bool) {
        var prefix = ""
        for index in frames.indices {
            if let marker = frames[index].marker {
                prefix += marker
                if !trimmed { frames[index].marker = nil }
            } else {
                prefix += frames[index].continuation
            }
        }
        if trimmed {
            while prefix.last == " " { prefix.removeLast() }
        }
        output.append(contentsOf: prefix.utf8)
        atLineStart = trimmed
    }
}

extension StringProtocol {
    fileprivate var trimmingSpaces: String {
        var slice = self[...]
        while let first = slice.first, first == " " || first == "\t" { slice = slice.dropFirst() }
        while let last = slice.last, last == " " || last == "\t" { slice = slice.dropLast() }
        return String(slice)
    }

    fileprivate var trimmingTrailingSpaces: String {
        var slice = self[...]
        while let last = slice.last, last == " " { slice = slice.dropLast() }
        return String(slice)
    }

}

// MARK: - Walk

extension PlainTextRenderer: IntentVisitor {
    mutating func willVisit(_ run: IntentDocument.StoredRun, entersLeaf: Bool) {
        guard entersLeaf else { return }
        finishLink()
        closeLeaf()
        enteringLeaf = run.block.map { Int32($0.index) } ?? -1
        leafIsHidden = enteringLeaf >= 0 && !options.footnotes && isInsideFootnoteDefinition(enteringLeaf)
        leafNeedsSeparator = true
        runEntersLeaf = true
    }

    mutating func enterBlock(_ block: BlockID, child: BlockID?) {
        if leafNeedsSeparator { writeSeparatorBeforeLeaf() }
        // A hidden footnote definition's blocks are not opened.
        if !leafIsHidden { open(Int32(block.index)) }
    }

    mutating func exitBlock(_ block: BlockID) {
        // The document's last leaf is written when the walk closes its blocks (earlier leaves
        // were written when the next one began: then this does nothing).
        finishLink()
        closeLeaf()
        // Closed while its frame is still open: an empty item writes its marker.
        guard let frame = frames.last, frame.block == Int32(block.index) else { return }
        close(frame.block)
        frames.removeLast()
        isBlockOpen[block.index] = false
    }

    // Links and styles are read per run (its span and attributes): no span events.
    static var followsSpans: Bool { false }

    mutating func enterSpan(_ span: SpanID) {}

    mutating func exitSpan(_ span: SpanID) {}

    mutating func visitRun(_ run: IntentDocument.StoredRun, text: UnsafeBufferPointer<UInt8>, isLastInLeaf: Bool) {
        if leafNeedsSeparator { writeSeparatorBeforeLeaf() }
        if runEntersLeaf {
            runEntersLeaf = false
            currentLeaf = enteringLeaf
        }
        emit(run, document.text(inUTF8Range: run.utf8Range))
    }
}
