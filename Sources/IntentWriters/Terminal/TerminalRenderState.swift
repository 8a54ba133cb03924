import IntentLowering
import IntentModel

/// The state of one terminal render: a visitor of ``IntentModel/IntentDocument/walk(_:)`` that
/// opens and closes a frame per block as the walk enters and leaves it (an explicit stack — no
/// recursion, so nesting depth costs only memory),
/// gathers each leaf block's text as styled glyphs, then wraps it and writes it with the prefixes
/// of the containers it is in (list markers, quote bars).
struct TerminalRenderState {
    // MARK: Stored layout

    private let document: IntentDocument
    private let options: TerminalRenderingOptions
    private let theme: TerminalTheme
    private let width: Int
    private var output: TerminalOutput

    /// Interned styles; index 0 is unstyled.
    private var styles: [TerminalTextStyle] = [.plain]
    private var styleLookup: [TerminalTextStyle: Int32] = [.plain: 0]
    private var runStyles: [RunStyleKey: Int32] = [:]

    /// Open blocks, outermost first.
    private var frames: [Frame] = []
    private var isBlockOpen: [Bool]
    /// Open lists, for the bullet of each depth.
    private var listDepth = 0
    /// Block indices (-1: none): the leaf being written, and the one being entered until its
    /// first run.
    private var currentLeaf: Int32 = -1
    private var enteringLeaf: Int32 = -1
    /// Whether the leaf being entered has still to settle the blank line before it (done once
    /// the blocks it leaves have closed, before any of its own opens).
    private var leafNeedsBlankLineCheck = false
    /// Whether the run being visited is the first of its leaf.
    private var runEntersLeaf = false
    private var leafBase = LeafBase.body
    /// The current leaf's text.
    private var inline: [TerminalGlyph] = []
    /// The superscript or subscript being written: where it starts in ``inline``, its level and
    /// style. It is raised or lowered as a whole when it ends (``closeScript()``), so that a soft
    /// break inside `<sup>` does not split it (`2^(n − 1)`, not `2^(n −) ¹`).
    private var scriptStretch: (start: Int, level: Int, style: Int32)?
    /// The link being written when the output cannot carry its target (no escape sequences, or
    /// hyperlinks off): its key (its link span, or -2 for a destination without spans), its
    /// destination, and where its text starts in ``inline``. ` (URL)` follows its text when it
    /// ends, as plain text writes it, so that a piped page keeps every target.
    private var openLink: (key: Int32, destination: String, start: Int)?
    /// Link targets that ended inside ``scriptStretch``, written after it.
    private var pendingTargets: [(String, Int32)] = []
    /// Where links end, to write their targets after them (`nil` with hyperlinks, which carry them).
    private let linkBoundaries: LinkBoundaries?
    /// Set after a dropped inline HTML tag: a space that then follows a space is not shown twice.
    private var collapsesNextSpace = false
    /// A blank line is owed before the next written line, with the prefixes of this many frames
    /// (the containers common to the blocks it separates).
    private var pendingBlankLineDepth: Int? = nil
    private var hasWritten = false
    private var table: TerminalTableLayout? = nil
    private var currentRow: [[TerminalGlyph]] = []
    private var footnoteCount = 0

    private struct Frame {
        var block: Int32
        /// Written before the first line of the container's content (a list marker), once.
        var marker: [TerminalGlyph]?
        /// Written before every other line.
        var continuation: [TerminalGlyph]
        /// The width of all prefixes up to and including this frame's, in cells.
        var prefixWidth: Int
    }

    /// The block style a leaf's text starts from.
    private enum LeafBase: Hashable {
        case body
        case header(level: Int)
        case codeBlock
        case tableHeaderCell
    }

    private struct RunStyleKey: Hashable {
        var base: LeafBase
        var inline: UInt
        var attributes: RunAttributesID
    }

    /// ``IntentModel/InlinePresentationIntent`` raw bits.
    private enum Bits {
        static let emphasized: UInt = 1 << 0
        static let stronglyEmphasized: UInt = 1 << 1
        static let code: UInt = 1 << 2
        static let strikethrough: UInt = 1 << 5
        static let softBreak: UInt = 1 << 6
        static let lineBreak: UInt = 1 << 7
        static let inlineHTML: UInt = 1 << 8
        static let blockHTML: UInt = 1 << 9
        static let styling: UInt = emphasized | stronglyEmphasized | code | strikethrough
    }

    private static let bullets = ["•", "◦", "▪"]
    private static let codeIndent = 4

    // MARK: Initialisers

    init(document: IntentDocument, options: TerminalRenderingOptions) {
        self.document = document.repairedForWriting()
        self.options = options
        theme = options.theme
        width = max(options.width, 1)
        output = TerminalOutput(usesEscapeSequences: options.usesEscapeSequences, hyperlinks: options.hyperlinks)
        isBlockOpen = [Bool](repeating: false, count: self.document.blockCount)
        linkBoundaries = options.usesEscapeSequences && options.hyperlinks ? nil : LinkBoundaries(self.document)
    }

    // MARK: Rendering

    mutating func render() -> String {
        let document = self.document
        document.walk(&self)
        closeLeaf()
        return output.text
    }

    // MARK: Blocks

    private func kind(_ block: Int32) -> PresentationIntent.Kind { document.kind(of: BlockID(index: Int(block))) }
    private func parent(_ block: Int32) -> Int32 { document.parent(of: BlockID(index: Int(block))).map { Int32($0.index) } ?? -1 }
    private func markup(_ block: Int32) -> BlockMarkup? { document.markup(of: BlockID(index: Int(block))) }

    private func base(of leaf: Int32) -> LeafBase {
        guard leaf >= 0 else { return .body }
        switch kind(leaf) {
        case .header(let level): return .header(level: level)
        case .codeBlock: return .codeBlock
        case .tableCell:
            let row = parent(leaf)
            if row >= 0, case .tableHeaderRow = kind(row) { return .tableHeaderCell }
            return .body
        case .paragraph, .orderedList, .unorderedList, .listItem, .blockQuote, .thematicBreak, .table, .tableHeaderRow,
            .tableRow:
            return .body
        @unknown default:
            return .body
        }
    }

    /// Owes a blank line before the leaf being entered (with the prefixes of the containers it
    /// shares with the previous one) when one separates them.
    private mutating func settleBlankLineBeforeLeaf() {
        leafNeedsBlankLineCheck = false
        let commonAncestor = frames.last?.block ?? -1
        if hasWritten, enteringLeaf < 0 || isBlankLineBetween(commonAncestor: commonAncestor) {
            pendingBlankLineDepth = min(pendingBlankLineDepth ?? .max, frames.count)
        }
    }

    /// Blocks are separated by a blank line, except items of a tight list and rows of a table.
    private func isBlankLineBetween(commonAncestor: Int32) -> Bool {
        var index = commonAncestor
        while index >= 0 {
            switch kind(index) {
            case .orderedList, .unorderedList:
                return !(markup(index)?.isTight ?? true)
            case .table, .tableHeaderRow, .tableRow:
                return false
            case .listItem, .paragraph, .header, .codeBlock, .blockQuote, .thematicBreak, .tableCell:
                index = parent(index)
            @unknown default:
                index = parent(index)
            }
        }
        return true
    }

    private mutating func push(_ block: Int32, marker: [TerminalGlyph]? = nil, continuation: [TerminalGlyph] = []) {
        let outer = frames.last?.prefixWidth ?? 0
        frames.append(
            Frame(
                block: block, marker: marker, continuation: continuation,
                prefixWidth: outer + TerminalLineWrapper.width(of: continuation)))
        isBlockOpen[Int(block)] = true
    }

    private mutating func open(_ block: Int32) {
        switch kind(block) {
        case .orderedList, .unorderedList:
            listDepth += 1
            push(block)
        case .listItem(let ordinal):
            let marker = listMarker(item: block, ordinal: ordinal)
            let markerWidth = TerminalLineWrapper.width(of: marker)
            push(block, marker: marker, continuation: spaces(markerWidth))
        case .blockQuote:
            if markup(block)?.footnoteLabel != nil {
                footnoteCount += 1
                let marker = TerminalGlyph.glyphs("[\(footnoteCount)]", style: style(theme.footnote)) + spaces(1)
                push(block, marker: marker, continuation: spaces(TerminalLineWrapper.width(of: marker)))
            } else {
                push(block, continuation: TerminalGlyph.glyphs("│", style: style(theme.blockQuoteBar)) + spaces(1))
                // A GitHub alert shows its title (`Note`, `Warning`, …) in bold on its first line.
                if let alert = markup(block)?.alert { writeLine(TerminalGlyph.glyphs(alert.kind.title, style: style(theme.strong))) }
            }
        case .table(let columns):
            table = TerminalTableLayout(alignments: columns.map(\.alignment))
            currentRow = []
            push(block)
        case .tableHeaderRow, .tableRow:
            currentRow = []
            push(block)
        case .thematicBreak:
            push(block)
            let rule = TerminalGlyph(character: "─", width: 1, style: style(theme.thematicBreak))
            writeLine(Array(repeating: rule, count: textWidth()))
        case .paragraph, .header, .codeBlock, .tableCell:
            push(block)
        @unknown default:
            push(block)
        }
    }

    private mutating func close(_ block: Int32) {
        switch kind(block) {
        case .orderedList, .unorderedList:
            listDepth -= 1
        case .listItem:
            // An empty item still shows its marker.
            if frames.last?.marker != nil { writeLine([]) }
        case .tableHeaderRow, .tableRow:
            if table != nil {
                table?.rows.append(currentRow)
                if case .tableHeaderRow = kind(block) { table?.headerRowCount += 1 }
            }
            currentRow = []
        case .table:
            if let finished = table {
                table = nil
                for line in finished.lines(width: textWidth(), borderStyle: style(theme.tableBorder)) { writeLine(line) }
            }
        case .paragraph, .header, .codeBlock, .blockQuote, .thematicBreak, .tableCell:
            break
        @unknown default:
            break
        }
    }

    /// The first-line prefix of a list item: `•`/`◦`/`▪` by depth or the number with its
    /// delimiter, or for a bullet task item the task marker alone; then a space.
    private mutating func listMarker(item: Int32, ordinal: Int) -> [TerminalGlyph] {
        let list = parent(item)
        let task = markup(item)?.isTaskChecked.map { $0 ? "☑" : "☐" }
        var text: String
        if list >= 0, case .orderedList = kind(list) {
            let delimiter = markup(list)?.listItemDelimiter == .parenthesis ? ")" : "."
            text = "\(ordinal)\(delimiter)"
            if let task { text += " " + task }
        } else {
            text = task ?? Self.bullets[max(listDepth - 1, 0) % Self.bullets.count]
        }
        return TerminalGlyph.glyphs(text, style: style(theme.listMarker)) + spaces(1)
    }

    // MARK: Leaves

    /// Writes the leaf being left; afterwards (and again) it does nothing until the next leaf.
    private mutating func closeLeaf() {
        finishLink()
        closeScript()
        let glyphs = inline
        inline = []
        let currentLeaf = self.currentLeaf
        self.currentLeaf = -1
        guard currentLeaf >= 0 else {
            // Text outside any block (inline-only documents, hand-made strings).
            writeParagraph(glyphs)
            return
        }
        switch kind(currentLeaf) {
        case .paragraph, .listItem, .blockQuote, .orderedList, .unorderedList, .table, .tableHeaderRow, .tableRow:
            writeParagraph(glyphs)
        case .header(let level):
            guard glyphs.contains(where: { !$0.isSpace && !$0.isLineBreak }) else { return }
            let marker = String(repeating: "#", count: min(max(level, 1), 6)) + " "
            writeParagraph(
                TerminalGlyph.glyphs(marker, style: runStyle(base: leafBase, inline: 0, attributes: RunAttributesID(index: 0))) + glyphs)
        case .codeBlock:
            writeCode(glyphs)
        case .tableCell(let column):
            guard table != nil else { return writeParagraph(glyphs) }
            var cell = glyphs.map { $0.isLineBreak ? TerminalGlyph(character: " ", width: 1, style: 0) : $0 }
            while cell.first?.isSpace == true { cell.removeFirst() }
            while cell.last?.isSpace == true { cell.removeLast() }
            if column >= currentRow.count, column <= currentRow.count + 64 {
                currentRow.append(contentsOf: repeatElement([], count: column + 1 - currentRow.count))
                currentRow[column] = cell
            } else if column >= 0, column < currentRow.count, currentRow[column].isEmpty {
                currentRow[column] = cell
            } else {
                currentRow.append(cell)
            }
        case .thematicBreak:
            break
        @unknown default:
            writeParagraph(glyphs)
        }
    }

    /// Wraps text to the width left by the prefixes and writes it.
    private mutating func writeParagraph(_ glyphs: [TerminalGlyph]) {
        var start = 0
        var end = glyphs.count
        while start < end, glyphs[start].isSpace || glyphs[start].isLineBreak { start += 1 }
        while end > start, glyphs[end - 1].isSpace || glyphs[end - 1].isLineBreak { end -= 1 }
        guard start < end else { return }
        for line in TerminalLineWrapper.wrap(Array(glyphs[start..<end]), width: textWidth()) { writeLine(line) }
    }

    /// Writes code lines as they are (not wrapped), indented, with tabs expanded to stops of 4.
    private mutating func writeCode(_ glyphs: [TerminalGlyph]) {
        var glyphs = glyphs
        if glyphs.last?.isLineBreak == true { glyphs.removeLast() }
        guard !glyphs.isEmpty else { return }
        var line = spaces(Self.codeIndent)
        var column = 0
        for glyph in glyphs {
            if glyph.isLineBreak {
                writeLine(line)
                line = spaces(Self.codeIndent)
                column = 0
            } else if glyph.character == "\t" {
                let count = 4 - column % 4
                line.append(contentsOf: repeatElement(TerminalGlyph(character: " ", width: 1, style: glyph.style), count: count))
                column += count
            } else {
                line.append(glyph)
                column += glyph.width
            }
        }
        writeLine(line)
    }

    /// The cells text may take: the width less the prefixes, but never less than a quarter of
    /// the width or 10 (or the width, if smaller), however deep the nesting.
    private func textWidth() -> Int {
        max(width - (frames.last?.prefixWidth ?? 0), min(width, max(10, width / 4)))
    }

    // MARK: Inline content

    private mutating func emit(_ run: IntentDocument.StoredRun, _ text: String) {
        let attributes = document.attributes(of: run.attributes)
        if attributes.isBlockSeparator { return }
        followLink(run, attributes)
        if attributes.isPlaceholder {
            // An image without a description shows nothing: the spaces around it make one.
            collapsesNextSpace = true
            return
        }
        let bits = run.inlinePresentationIntent.rawValue
        let style = runStyle(base: leafBase, inline: bits, attributes: run.attributes)
        // A hard break ends a superscript stretch; a soft break in one is part of it.
        let level = bits & Bits.lineBreak == 0 ? attributes.display?.superscript ?? 0 : 0
        if level != scriptStretch?.level ?? 0 {
            closeScript()
            if level != 0 { scriptStretch = (inline.count, level, style) }
        }
        if bits & Bits.softBreak != 0 {
            // A soft break is a space, unless its text holds a line break (inline-only syntax
            // preserving whitespace); after a space and a dropped tag it is none.
            if text.contains("\n") {
                inline.append(.lineBreak)
            } else if !(collapsesNextSpace && inline.last?.character == " ") {
                inline.append(TerminalGlyph(character: " ", width: 1, style: style))
            }
        } else if bits & Bits.lineBreak != 0 {
            let breaks = max(1, text.unicodeScalars.filter { $0 == "\u{2028}" || $0 == "\n" }.count)
            inline.append(contentsOf: repeatElement(TerminalGlyph.lineBreak, count: breaks))
        } else if bits & Bits.inlineHTML != 0 {
            // As plain text: <br> breaks the line, <img> is its alt text, other tags go, and a
            // dropped tag between two spaces leaves one.
            switch InlineHTMLMeaning(html: text) {
            case .lineBreak where run.block.map { document.kind(of: $0).isTableCell } ?? false:
                append(" ", style: style)
            case .lineBreak: inline.append(.lineBreak)
            case .text(let alternative): append(alternative, style: style)
            case .dropped:
                collapsesNextSpace = true
                return
            }
        } else if bits & Bits.blockHTML != 0 {
            append(HTMLBlockText.text(of: text), style: style)
        } else if attributes.footnoteReference != nil {
            append("[" + text + "]", style: style)
        } else if level != 0 {
            append(text, style: style)
        } else {
            var text = Substring(text)
            if collapsesNextSpace, text.first == " ", inline.last?.character == " " { text = text.dropFirst() }
            append(String(text), style: style)
        }
        collapsesNextSpace = false
    }

    /// Link boundaries, for targets written after link text: a link span, or (documents without
    /// spans) a change of destination, ends the open link; a run of a link opens one.
    private mutating func followLink(_ run: IntentDocument.StoredRun, _ attributes: RunAttributes) {
        guard let linkBoundaries else { return }
        let link = linkBoundaries.link(of: run, attributes)
        if let open = openLink, LinkBoundaries.ends(key: open.key, destination: open.destination, at: link) { finishLink() }
        if openLink == nil, link.key != -1, let destination = link.destination { openLink = (link.key, destination, inline.count) }
    }

    /// Writes the open link's target after its text, as plain text does: the target alone for a
    /// link without text, nothing when the text is the target (an autolink).
    private mutating func finishLink() {
        guard let link = openLink else { return }
        openLink = nil
        let start = min(link.start, inline.count)
        // The text as written (a superscript not yet raised): an autolink's is its target.
        let text = String(inline[start...].map(\.character)).trimmingCharacters(in: .whitespaces)
        guard let target = LinkBoundaries.target(afterText: text, destination: link.destination) else { return }
        let style = start < inline.count ? inline[start].style : style(theme.link)
        // Inside a superscript or subscript, the target follows the whole stretch.
        if scriptStretch != nil { pendingTargets.append((target, style)) } else { append(target, style: style) }
    }

    /// Raises or lowers the superscript or subscript stretch written last (``scriptStretch``):
    /// each character in its own style when all have a raised or lowered form, else the
    /// stretch as written between `^(`/`_(` and `)`.
    private mutating func closeScript() {
        guard let stretch = scriptStretch else { return }
        scriptStretch = nil
        defer {
            for (target, style) in pendingTargets { append(target, style: style) }
            pendingTargets = []
        }
        guard stretch.start < inline.count else { return }
        let glyphs = Array(inline[stretch.start...])
        let written = String(glyphs.map(\.character))
        let converted = ScriptText.text(written, superscript: stretch.level)
        inline.removeSubrange(stretch.start...)
        if converted.count == glyphs.count {
            for (glyph, character) in zip(glyphs, converted) { append(String(character), style: glyph.style) }
        } else {
            append(stretch.level > 0 ? "^(" : "_(", style: glyphs.first?.style ?? stretch.style)
            inline += glyphs
            append(")", style: glyphs.last?.style ?? stretch.style)
        }
    }

    /// Appends text as glyphs: line breaks become forced breaks, tabs spaces (outside code),
    /// control characters (which could start escape sequences) are dropped.
    private mutating func append(_ text: String, style: Int32) {
        let keepsTabs = leafBase == .codeBlock
        for character in text {
            switch character {
            case "\n", "\r\n", "\u{2028}":
                inline.append(.lineBreak)
            case "\t":
                inline.append(TerminalGlyph(character: keepsTabs ? "\t" : " ", width: 1, style: style))
            default:
                guard let first = character.unicodeScalars.first else { continue }
                if first.value < 0x20 || (first.value >= 0x7F && first.value < 0xA0) { continue }
                inline.append(TerminalGlyph(character: character, width: TerminalCellWidth.of(character), style: style))
            }
        }
    }

    // MARK: Styles

    private func spaces(_ count: Int) -> [TerminalGlyph] {
        Array(repeating: TerminalGlyph(character: " ", width: 1, style: 0), count: max(count, 0))
    }

    /// The interned style with SGR `parameters` and no hyperlink.
    private mutating func style(_ parameters: String) -> Int32 {
        intern(TerminalTextStyle(parameters: TerminalTextStyle.joining([parameters]), hyperlink: nil))
    }

    private mutating func intern(_ style: TerminalTextStyle) -> Int32 {
        guard options.usesEscapeSequences else { return 0 }
        if let known = styleLookup[style] { return known }
        styles.append(style)
        let index = Int32(styles.count - 1)
        styleLookup[style] = index
        return index
    }

    /// The style of a run: the leaf's block style, then strong, emphasis, strikethrough, code,
    /// link (with its OSC 8 target), image and footnote styles, then display attributes
    /// (underline, strikethrough, highlight, monospaced font), in that order.
    private mutating func runStyle(base: LeafBase, inline: UInt, attributes attributeIndex: RunAttributesID) -> Int32 {
        guard options.usesEscapeSequences else { return 0 }
        let key = RunStyleKey(base: base, inline: inline & Bits.styling, attributes: attributeIndex)
        if let known = runStyles[key] { return known }
        var parameters: [String] = []
        switch base {
        case .body: break
        case .header(let level): parameters.append(theme.header(level: level))
        case .codeBlock: parameters.append(theme.codeBlock)
        case .tableHeaderCell: parameters.append(theme.tableHeader)
        }
        if inline & Bits.stronglyEmphasized != 0 { parameters.append(theme.strong) }
        if inline & Bits.emphasized != 0 { parameters.append(theme.emphasis) }
        if inline & Bits.strikethrough != 0 { parameters.append(theme.strikethrough) }
        if inline & Bits.code != 0, base != .codeBlock { parameters.append(theme.code) }
        let attributes = document.attributes(of: attributeIndex)
        var hyperlink: String? = nil
        if let destination = attributes.link?.absoluteString ?? attributes.linkDestination {
            parameters.append(theme.link)
            hyperlink = TerminalTextStyle.hyperlinkTarget(destination)
        }
        if let source = attributes.imageURL?.absoluteString ?? attributes.imageSource {
            parameters.append(theme.image)
            if hyperlink == nil { hyperlink = TerminalTextStyle.hyperlinkTarget(source) }
        }
        if attributes.footnoteReference != nil { parameters.append(theme.footnote) }
        if let display = attributes.display {
            if let underline = display.underlineStyle, !underline.isEmpty { parameters.append("4") }
            if let strikethrough = display.strikethroughStyle, !strikethrough.isEmpty, inline & Bits.strikethrough == 0 {
                parameters.append(theme.strikethrough)
            }
            if display.backgroundColor == .highlight { parameters.append("7") }
            if display.font?.design == .monospaced, inline & Bits.code == 0, base != .codeBlock { parameters.append(theme.code) }
        }
        let index = intern(
            TerminalTextStyle(
                parameters: TerminalTextStyle.joining(parameters), hyperlink: options.hyperlinks ? hyperlink : nil))
        runStyles[key] = index
        return index
    }

    // MARK: Lines

    /// Writes one line of content after the owed blank line (if any) and the containers'
    /// prefixes, using up pending list markers; trailing spaces are dropped.
    private mutating func writeLine(_ content: [TerminalGlyph]) {
        if let depth = pendingBlankLineDepth {
            pendingBlankLineDepth = nil
            var blank: [TerminalGlyph] = []
            for frame in frames.prefix(depth) { blank.append(contentsOf: frame.continuation) }
            while blank.last?.isSpace == true { blank.removeLast() }
            output.writeLine(blank, styles: styles)
        }
        var line: [TerminalGlyph] = []
        for index in frames.indices {
            if let marker = frames[index].marker {
                line.append(contentsOf: marker)
                frames[index].marker = nil
            } else {
                line.append(contentsOf: frames[index].continuation)
            }
        }
        line.append(contentsOf: content)
        while line.last?.isSpace == true { line.removeLast() }
        output.writeLine(line, styles: styles)
        hasWritten = true
    }
}

// MARK: - Walk

extension TerminalRenderState: IntentVisitor {
    mutating func willVisit(_ run: IntentDocument.StoredRun, entersLeaf: Bool) {
        guard entersLeaf else { return }
        closeLeaf()
        enteringLeaf = run.block.map { Int32($0.index) } ?? -1
        leafNeedsBlankLineCheck = true
        runEntersLeaf = true
    }

    mutating func enterBlock(_ block: BlockID, child: BlockID?) {
        if leafNeedsBlankLineCheck { settleBlankLineBeforeLeaf() }
        open(Int32(block.index))
    }

    mutating func exitBlock(_ block: BlockID) {
        // The document's last leaf is written when the walk closes its blocks (earlier leaves
        // were written when the next one began: then this does nothing).
        closeLeaf()
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
        if leafNeedsBlankLineCheck { settleBlankLineBeforeLeaf() }
        if runEntersLeaf {
            runEntersLeaf = false
            currentLeaf = enteringLeaf
            leafBase = base(of: currentLeaf)
        }
        emit(run, String(decoding: text, as: UTF8.self))
    }
}
