import Dispatch
import IntentModel

/// `.richText` lowering (optionally with `.list` and `.table`): the document's text with display
/// attributes from a style sheet instead of intents.
///
/// - Blocks are separated by `"\n"` whatever the source layout; a thematic break is
///   ``IntentLowering/PlainTextOptions/thematicBreak`` (`───`); list items start with their marker
///   text (`• `, `1. ` — or, with `.list`, AppKit's `\t•\t` form and a `paragraphStyle.textLists`
///   entry per enclosing list, outermost first, starting at the list's first ordinal); table cells
///   are separated by `"\t"`, rows by `"\n"` — or, with `.table`, every cell is its own paragraph
///   with a `paragraphStyle.textBlocks` entry (table identity, row — header row 0 —, column, header
///   flag, alignment).
/// - List indents (points): an item's text starts at the enclosing text's head indent plus the
///   style sheet's ``StyleSheet/list`` and ``StyleSheet/listItem`` head indents (20 per level in
///   ``StyleSheet/default``), and every line inside the item — wrapped lines, later paragraphs,
///   nested code blocks and quotes — starts there (`firstLineHeadIndent == headIndent`, quotes
///   adding their own indent). Only the item's first line differs: its `firstLineHeadIndent` is
///   the marker's position, the text indent less ``StyleSheet/listItem``'s `headIndent` −
///   `firstLineHeadIndent` (the *hang*: 20 in ``StyleSheet/default``, so level n's marker is at
///   20·(n−1) and its text at 20·n), and the marker hangs there, the text after it going to
///   `headIndent` (with `.list`, at the second tab of `\t•\t`). A code block that is an item's
///   first block hangs only its first line. Outside block quotes this is where the RTF writer puts
///   list paragraphs (`\li` the head indent, `\fi` one level's hang).
/// - Every run's display attributes are the style sheet's for its block context and inline intents
///   (``StyleSheet/displayAttributes(for:inline:isLink:isImage:)``, with the list indents above),
///   then what HTML formatting tags and display extended attributes around the run say (applied
///   to the style sheet's attributes, so `<kbd>` in a header is monospaced at the header's size
///   and `<u>` adds an underline to a link's), then the run's other display attributes on top;
///   links keep Foundation's `link`. No presentation or inline intents remain.
///
/// A run visitor of ``IntentModel/IntentDocument/walk(_:)`` (``IntentModel/IntentRunVisitor``): it
/// reads each run's leaf block through its handle rather than the walk's block events. Block
/// contexts are interned as *style ids*: a block's id is found from its parent's id and its
/// style-sheet slot (no hashing of display attributes), except
/// that a list (with `.list`) or a cell (with `.table`) adds structure of its own and gets a fresh
/// id; an item's first line gets the id of its hanging variant. The output attributes of each
/// (style id, inline intents, source attributes) combination are made once, so the cost per run is
/// one small table lookup and the copy of its bytes.
struct RichTextLowering {
    // MARK: Stored layout

    private let document: IntentDocument
    /// How deep each block sits in lists (for list markers).
    private let listNesting: ListNesting
    private let options: ResultOptions
    private let styleSheet: StyleSheet
    private let plainTextOptions: PlainTextOptions
    private var builder: IntentDocumentBuilder
    /// Whether each list item's marker has been written, by block index.
    private var itemsWithMarker: [Bool]
    /// Each list's starting number (the ordinal of its first item), by block index; `nil` until
    /// its first item is met.
    private var listStarts: [Int?]
    /// The style id of each block (-1 until computed), by block index.
    private var blockStyleIDs: [Int32]
    /// The display attributes of each style id; id 0 is the root (outside every block).
    private var styles: [DisplayAttributes]
    /// Style ids by (parent style id, slot) for blocks that add no structure of their own.
    private var styleSteps: [StyleStep: Int32] = [:]
    /// Style ids of an item's first line, by (leaf style id, item style id): see
    /// ``markerStyle(_:item:)``.
    private var markerStyles: [StyleStep: Int32] = [:]
    /// The right-to-left variant of each style id that a right-to-left paragraph has used.
    private var rightToLeftStyles: [Int32: Int32] = [:]
    /// The run key of the text appended last and its output attributes (reused while equal).
    private var lastKey: RunKey? = nil
    private var lastIndex: Int32 = 0
    /// Whether the text appended last ends with a space, and whether the next text's first space
    /// goes (after a dropped tag that followed a space, or a `<br>` line break).
    private var endsWithSpace = false
    private var collapsesSpace = false
    /// How far a list item's marker hangs left of the item's text, in points: the style sheet's
    /// ``StyleSheet/listItem`` `headIndent` less its `firstLineHeadIndent` (20 in
    /// ``StyleSheet/default``, 32 in ``StyleSheet/github``).
    private let markerHang: Double
    /// Interned output attributes of the separator after a block and of the text (markers) at its
    /// start, by style id (-1 until made).
    private var separatorAttributes: [Int32] = [-1]
    private var blockTextAttributes: [Int32] = [-1]
    /// Output attribute index for (style id, inline bits, source attributes, syntax effects).
    private var runStyles: [RunKey: Int32] = [:]
    /// Per span of the source: its *effect chain* — the formatting tags and extended-attribute
    /// spans on its path, interned (0: none) — so runs inside the same kinds of display syntax
    /// share output attributes.
    private var spanEffects: [Int32]
    /// Per effect chain: a span that has it (to compute the effects from).
    private var effectSpans: [SpanID?] = [nil]

    // The walk (``lower()``).
    /// Per source attribute set: whether it is a block separator.
    private var isSeparator: [Bool] = []
    /// Raw HTML as every output without HTML shows it (``HTMLBlockText``, ``InlineHTMLMeaning``),
    /// unless the options keep it as text: hidden HTML blocks left out, tags replaced.
    private var layout: RawHTMLLayout? = nil
    /// List items that a hidden HTML block left empty and that have been written.
    private var emptiedItems: Set<BlockID> = []
    /// The leaf of the run written last (after remapping hidden leaves), `nil` before the first.
    private var previousLeaf: Int32? = nil
    /// The style of the current paragraph: a list item's first line hangs its marker
    /// (``markerStyle(_:item:)``) until the first line feed of the leaf's own text.
    private var paragraphStyle: Int32 = 0
    private var isMarkerLine = false
    /// The whole source text while ``lower()`` walks it (for reading a leaf's direction ahead).
    private var sourceBytes = UnsafeBufferPointer<UInt8>(start: nil, count: 0)

    private struct RunKey: Hashable {
        var style: Int32
        var inline: UInt
        var attributes: Int32
        var effects: Int32
    }

    private struct EffectStep: Hashable {
        var parent: Int32
        var element: HTMLFormattingTag.Element?
    }

    private struct StyleStep: Hashable {
        var parent: Int32
        var slot: Int32
    }

    init(document: IntentDocument, options: ResultOptions, styleSheet: StyleSheet, plainTextOptions: PlainTextOptions) {
        let styleSheet = styleSheet.clamped()
        self.document = document.repairedForWriting()
        listNesting = ListNesting(self.document)
        self.options = options.implied
        self.styleSheet = styleSheet
        self.plainTextOptions = plainTextOptions
        markerHang = (styleSheet.listItem.headIndent ?? 0) - (styleSheet.listItem.firstLineHeadIndent ?? 0)
        builder = IntentDocumentBuilder(expectedBytes: document.text.utf8.count + document.text.utf8.count / 8)
        styles = [styleSheet.body.applied(to: DisplayAttributes())]
        let source = self.document
        let count = source.blockCount
        blockStyleIDs = [Int32](repeating: -1, count: count)
        itemsWithMarker = [Bool](repeating: false, count: count)
        listStarts = [Int?](repeating: nil, count: count)
        spanEffects = []
        spanEffects.reserveCapacity(source.spanCount)
        var steps: [EffectStep: Int32] = [:]
        for span in source.spanIDs {
            let parent = source.parent(of: span).map { spanEffects[$0.index] } ?? 0
            let step: EffectStep
            switch source.kind(of: span) {
            case .htmlFormatting:
                guard let tag = source.htmlTag(of: span) else {
                    spanEffects.append(parent)
                    continue
                }
                step = EffectStep(parent: parent, element: tag.element)
            case .extendedAttributes:
                step = EffectStep(parent: parent, element: nil)
            case .emphasis, .strongEmphasis, .strikethrough, .link, .image, .footnoteReference, .inlineHTML:
                spanEffects.append(parent)
                continue
            }
            if let known = steps[step] {
                spanEffects.append(known)
            } else {
                let chain = Int32(effectSpans.count)
                effectSpans.append(span)
                steps[step] = chain
                spanEffects.append(chain)
            }
        }
    }

    /// The interned attributes of a separator (isBlockSeparator) or of text written by the
    /// lowering (markers, the thematic break's rule) in style `style`, cached per style id.
    private mutating func attributesIndex(forStyle style: Int32, separator: Bool) -> Int32 {
        let cached = separator ? separatorAttributes[Int(style)] : blockTextAttributes[Int(style)]
        if cached >= 0 { return cached }
        let index = builder.attributesIndex(RunAttributes(isBlockSeparator: separator, display: styles[Int(style)]))
        if separator { separatorAttributes[Int(style)] = index } else { blockTextAttributes[Int(style)] = index }
        return index
    }

    // MARK: Lowering

    mutating func lower() -> IntentDocument {
        prepareWalk()
        lowerRuns(0..<document.runCount)
        return builder.finish()
    }

    /// The lowered document, as ``lower()`` makes it, made in pieces on up to `threads` threads
    /// when it can be cut: about two pieces per thread, each from the first run of a top-level
    /// block, lowered by a copy of this lowering (its tables made once, here) into a builder of its
    /// own, and joined in order — the attribute sets interned in the order of their first use, as
    /// one lowering interns them. No state of the lowering crosses a top-level block: a list's
    /// markers, numbering and styles lie inside it, and a leaf's separator (written when the next
    /// visible leaf starts, and by a piece after its last) is a line feed there (a tab only
    /// between flattened cells of one row).
    mutating func lower(threads: Int) -> IntentDocument {
        let starts = threads > 1 ? document.topLevelRunStarts(pieces: threads * 2) : []
        guard !starts.isEmpty else { return lower() }
        prepareWalk()
        let bounds = [0] + starts + [document.runCount]
        let ranges = zip(bounds, bounds.dropFirst()).map { $0..<$1 }
        let textBytes = document.text.utf8.count
        let pieces = UnsafeMutablePointer<RichTextLowering>.allocate(capacity: ranges.count)
        defer { pieces.deallocate() }
        for (index, range) in ranges.enumerated() {
            // The first piece's builder becomes the whole document's: it has room for all of it
            // (the pieces after it are appended to it, then freed, one at a time).
            let expected = textBytes + textBytes / 8
            var piece = self
            piece.builder = IntentDocumentBuilder(expectedBytes: index == 0 ? expected : expected * range.count / document.runCount + 64)
            (pieces + index).initialize(to: piece)
        }
        let slots = PieceLowerings(base: pieces)
        DispatchQueue.concurrentPerform(iterations: ranges.count) { index in
            slots.base[index].lowerRuns(ranges[index])
        }
        var joined = (pieces + 0).move().builder
        for index in 1..<ranges.count {
            joined.append(contentsOf: (pieces + index).move().builder, blockIdentityOffset: 0, spanIdentityOffset: 0)
        }
        return joined.finish()
    }

    /// The lowerings of the pieces, each run by the one thread that takes its index and read after
    /// all are done.
    private struct PieceLowerings: @unchecked Sendable {
        let base: UnsafeMutablePointer<RichTextLowering>
    }

    /// What every walk reads: which source attribute sets are separators, and the raw HTML's layout.
    private mutating func prepareWalk() {
        let document = self.document
        isSeparator = document.attributeSetIDs.map { document.attributes(of: $0).isBlockSeparator }
        layout = plainTextOptions.keepsRawHTML ? nil : document.rawHTMLLayout()
    }

    /// Lowers the runs `runs` (the whole document, or a piece starting at a top-level block), and
    /// the separator after the last leaf.
    private mutating func lowerRuns(_ runs: Range<Int>) {
        let document = self.document
        var text = document.text
        text.withUTF8 { bytes in
            sourceBytes = bytes
            document.walk(&self, runs: runs, peeksAtNextRun: false)
            sourceBytes = UnsafeBufferPointer(start: nil, count: 0)
        }
        if let last = previousLeaf { writeSeparator(after: last, before: nil, style: paragraphStyle) }
    }

    /// Lowers one run: the separator and the marker when its leaf begins, then its text in the
    /// paragraph's style.
    private mutating func lower(_ run: IntentDocument.StoredRun, _ bytes: UnsafeBufferPointer<UInt8>) {
        var leaf = run.block
        var showsText = true
        if let layout, let hidden = leaf, layout.isHidden(hidden) {
            // A hidden HTML block shows nothing; an item it leaves empty shows its marker.
            guard let item = layout.emptiedItem(of: hidden, in: document), emptiedItems.insert(item).inserted else { return }
            leaf = item
            showsText = false
        }
        let leafIndex = leaf.map { Int32($0.index) } ?? -1
        var endsParagraph = true
        if let previous = previousLeaf, previous != leafIndex {
            endsParagraph = writeSeparator(after: previous, before: leafIndex, style: paragraphStyle)
        }
        if previousLeaf != leafIndex {
            let started = startLeaf(leafIndex, isRightToLeft: showsText && isRightToLeft(leafFrom: run))
            // Flattened cells of one row share a line: the row's first line style goes on.
            if endsParagraph { (paragraphStyle, isMarkerLine) = started }
            endsWithSpace = false
            collapsesSpace = false
        }
        previousLeaf = leafIndex
        // The source's own separators are replaced by ours at leaf changes.
        if isSeparator[run.attributes.index] || !showsText { return }
        if layout != nil, run.inlinePresentationIntent.rawValue & HTMLBits.either != 0 {
            appendRawHTML(String(decoding: bytes, as: UTF8.self), run: run, leaf: leafIndex, style: paragraphStyle)
            return
        }
        if isMarkerLine, let lineFeed = bytes.firstIndex(of: UInt8(ascii: "\n")) {
            // A leaf of several lines (a code block): the lines after the first are
            // continuation paragraphs, aligned with the item's text.
            append(UnsafeBufferPointer(rebasing: bytes[...lineFeed]), run: run, style: paragraphStyle)
            paragraphStyle = styleID(run.block.map { Int32($0.index) } ?? -1)
            isMarkerLine = false
            append(UnsafeBufferPointer(rebasing: bytes[(lineFeed + 1)...]), run: run, style: paragraphStyle)
        } else {
            append(bytes, run: run, style: paragraphStyle)
        }
    }

    /// The output attributes of `run`'s text with `inline` intents in paragraph style `style`,
    /// reused while the run key stays the same.
    private mutating func attributes(_ run: IntentDocument.StoredRun, inline: UInt, style: Int32) -> Int32 {
        let key = RunKey(
            style: style, inline: inline, attributes: Int32(run.attributes.index), effects: run.span.map { spanEffects[$0.index] } ?? 0)
        if key == lastKey { return lastIndex }
        lastIndex = outputAttributes(for: key)
        lastKey = key
        return lastIndex
    }

    /// Appends `bytes` of `run`'s text (the first space dropped when ``collapsesSpace`` says so).
    private mutating func append(_ bytes: UnsafeBufferPointer<UInt8>, run: IntentDocument.StoredRun, style: Int32) {
        var range = bytes.indices
        if collapsesSpace, let first = range.first, bytes[first] == UInt8(ascii: " ") { range = range.dropFirst() }
        collapsesSpace = false
        guard let last = range.last else { return }
        let index = attributes(run, inline: run.inlinePresentationIntent.rawValue, style: style)
        builder.append(UnsafeBufferPointer(rebasing: bytes[range]), block: -1, inline: 0, attributes: index, span: -1)
        endsWithSpace = bytes[last] == UInt8(ascii: " ")
    }

    /// Appends `string` in the attributes of `run` without its raw-HTML intents.
    private mutating func append(_ string: String, run: IntentDocument.StoredRun, style: Int32) {
        guard let last = string.utf8.last else { return }
        let index = attributes(run, inline: run.inlinePresentationIntent.rawValue & ~HTMLBits.either, style: style)
        builder.append(string, block: -1, inline: 0, attributes: index, span: -1)
        endsWithSpace = last == UInt8(ascii: " ")
    }

    /// Raw HTML as outputs without HTML show it: an HTML block its text (``HTMLBlockText``); a
    /// `<br>` a hard line break (U+2028, a space in a flattened table row), `<img>` its alt text,
    /// other tags nothing — and no double space where a tag was dropped (``InlineHTMLMeaning``).
    private mutating func appendRawHTML(_ html: String, run: IntentDocument.StoredRun, leaf: Int32, style: Int32) {
        if run.inlinePresentationIntent.rawValue & HTMLBits.blockHTML != 0 {
            append(HTMLBlockText.text(of: html), run: run, style: style)
            return
        }
        switch InlineHTMLMeaning(html: html) {
        case .lineBreak where leaf >= 0 && kind(leaf).isTableCell:
            if !endsWithSpace { append(" ", run: run, style: style) }
            collapsesSpace = true
        case .lineBreak:
            append("\u{2028}", run: run, style: style)
            collapsesSpace = true
        case .text(let alternative):
            append(alternative, run: run, style: style)
        case .dropped:
            collapsesSpace = endsWithSpace
        }
    }

    // MARK: Writing direction

    /// Whether the leaf whose first run is `first` is a right-to-left paragraph: its first strong
    /// character is R or AL (``WritingDirection/firstStrong(in:)``). Code blocks and thematic
    /// breaks keep the natural direction. Reads the leaf's runs up to that character (from
    /// ``sourceBytes``): every leaf once.
    private func isRightToLeft(leafFrom first: IntentDocument.StoredRun) -> Bool {
        let leaf = first.block
        if let leaf {
            switch document.kind(of: leaf) {
            case .codeBlock, .thematicBreak: return false
            case .paragraph, .header, .orderedList, .unorderedList, .listItem, .blockQuote, .table, .tableHeaderRow, .tableRow,
                .tableCell:
                break
            @unknown default:
                break
            }
        }
        let runs = document.storedRuns
        var isolates = 0
        var position = first.index.position
        while position < runs.count, runs[position].block == leaf {
            let run = runs[position]
            position += 1
            if isSeparator[run.attributes.index] { continue }
            let bytes = UnsafeBufferPointer(rebasing: sourceBytes[run.utf8Range])
            if run.inlinePresentationIntent.rawValue & HTMLBits.either != 0 {
                // Tags decide nothing; an HTML block's text does.
                guard run.inlinePresentationIntent.rawValue & HTMLBits.blockHTML != 0, !plainTextOptions.keepsRawHTML else { continue }
                let direction = WritingDirection.firstStrong(in: HTMLBlockText.text(of: String(decoding: bytes, as: UTF8.self)))
                if direction != .natural { return direction == .rightToLeft }
                continue
            }
            if let direction = WritingDirection.firstStrong(utf8: bytes, isolates: &isolates) {
                return direction == .rightToLeft
            }
        }
        return false
    }

    /// `style` with a right-to-left base writing direction, interned per style id.
    private mutating func rightToLeftStyle(_ style: Int32) -> Int32 {
        if let known = rightToLeftStyles[style] { return known }
        var attributes = styles[Int(style)]
        var paragraph = attributes.paragraphStyle ?? ParagraphStyle()
        paragraph.baseWritingDirection = .rightToLeft
        attributes.paragraphStyle = paragraph
        let variant = newStyle(attributes)
        rightToLeftStyles[style] = variant
        return variant
    }

    // MARK: Styles

    private func kind(_ block: Int32) -> PresentationIntent.Kind { document.kind(of: BlockID(index: Int(block))) }
    private func parent(_ block: Int32) -> Int32 { document.parent(of: BlockID(index: Int(block))).map { Int32($0.index) } ?? -1 }

    /// The style id inside `leaf` (its blocks through the style sheet, plus lists and cells); 0
    /// outside every block.
    private mutating func styleID(_ leaf: Int32) -> Int32 {
        guard leaf >= 0 else { return 0 }
        let known = blockStyleIDs[Int(leaf)]
        if known >= 0 { return known }
        var uncached: [Int32] = []
        var index = leaf
        var style: Int32 = 0
        while index >= 0 {
            let cached = blockStyleIDs[Int(index)]
            if cached >= 0 {
                style = cached
                break
            }
            uncached.append(index)
            index = parent(index)
        }
        for block in uncached.reversed() {
            let kind = kind(block)
            if addsStructure(kind) {
                var attributes = styleSheet.style(of: kind).applied(to: styles[Int(style)])
                attributes.paragraphStyle = structure(attributes.paragraphStyle, adding: block)
                style = newStyle(attributes)
            } else {
                let step = StyleStep(parent: style, slot: Self.slot(of: kind))
                if let existing = styleSteps[step] {
                    style = existing
                } else {
                    var attributes = styleSheet.style(of: kind).applied(to: styles[Int(style)])
                    if case .listItem = kind, var paragraph = attributes.paragraphStyle {
                        // Every line inside an item starts at its text; only the marker hangs.
                        paragraph.firstLineHeadIndent = paragraph.headIndent
                        attributes.paragraphStyle = paragraph
                    }
                    style = newStyle(attributes)
                    styleSteps[step] = style
                }
            }
            blockStyleIDs[Int(block)] = style
        }
        return style
    }

    /// The style of the first line of a list item's first leaf: `leafStyle` with its first line
    /// at the item's marker position, the item's text indent less the style sheet's hang
    /// (``StyleSheet/listItem``'s `headIndent` − `firstLineHeadIndent`), in points — so the
    /// marker hangs in the indent and the text after it lines up with the item's other lines at
    /// `headIndent`. Interned per (leaf style, item style).
    private mutating func markerStyle(_ leafStyle: Int32, item: Int32) -> Int32 {
        let itemStyle = styleID(item)
        let step = StyleStep(parent: leafStyle, slot: itemStyle)
        if let existing = markerStyles[step] { return existing }
        var attributes = styles[Int(leafStyle)]
        let itemIndent = styles[Int(itemStyle)].paragraphStyle?.headIndent ?? 0
        var paragraph = attributes.paragraphStyle ?? ParagraphStyle()
        paragraph.firstLineHeadIndent = itemIndent - markerHang
        let style: Int32
        if paragraph == attributes.paragraphStyle ?? ParagraphStyle() {
            style = leafStyle
        } else {
            attributes.paragraphStyle = paragraph
            style = newStyle(attributes)
        }
        markerStyles[step] = style
        return style
    }

    private mutating func newStyle(_ attributes: DisplayAttributes) -> Int32 {
        styles.append(attributes)
        separatorAttributes.append(-1)
        blockTextAttributes.append(-1)
        return Int32(styles.count - 1)
    }

    /// Whether a block of `kind` adds structure of its own to the paragraph style (see
    /// ``structure(_:adding:)``), so that its style cannot be shared with other blocks.
    private func addsStructure(_ kind: PresentationIntent.Kind) -> Bool {
        switch kind {
        case .orderedList, .unorderedList: return options.contains(.list)
        case .tableCell: return options.contains(.table)
        case .paragraph, .header, .listItem, .codeBlock, .blockQuote, .thematicBreak, .table, .tableHeaderRow, .tableRow:
            return false
        @unknown default:
            return false
        }
    }

    /// The style-sheet slot of a block kind, as a small number (``StyleSheet/style(of:)``).
    private static func slot(of kind: PresentationIntent.Kind) -> Int32 {
        switch kind {
        case .paragraph: return 0
        case .header(let level): return Int32(min(max(level, 1), 6))
        case .orderedList, .unorderedList: return 10
        case .listItem: return 11
        case .codeBlock: return 12
        case .blockQuote: return 13
        case .thematicBreak: return 14
        case .table: return 15
        case .tableHeaderRow: return 16
        case .tableRow: return 17
        case .tableCell: return 18
        @unknown default:
            return 0
        }
    }

    private mutating func outputAttributes(for key: RunKey) -> Int32 {
        if let cached = runStyles[key] { return cached }
        let source = document.attributes(of: RunAttributesID(index: Int(key.attributes)))
        var display = styles[Int(key.style)]
        let inline = InlinePresentationIntent(rawValue: key.inline)
        let isLink = source.linkDestination != nil || source.link != nil
        let isImage = source.imageSource != nil || source.imageURL != nil
        if !inline.isEmpty || isLink || isImage {
            display = styleSheet.displayAttributes(inside: display, inline: inline, isLink: isLink, isImage: isImage)
        }
        if var own = source.display {
            if key.effects != 0,
                let said = document.syntaxDisplay(
                    span: effectSpans[Int(key.effects)], extendedAttributes: source.extendedAttributes, on: DisplayAttributes()
                ),
                let composed = document.syntaxDisplay(
                    span: effectSpans[Int(key.effects)], extendedAttributes: source.extendedAttributes, on: display)
            {
                display = composed
                own = Self.removing(said, from: own)
            }
            display = Self.overlay(own, on: display)
        }
        let index = builder.attributesIndex(
            RunAttributes(link: source.link, linkDestination: source.linkDestination, isPlaceholder: source.isPlaceholder, display: display)
        )
        runStyles[key] = index
        return index
    }

    // MARK: Structure

    /// `"\t"` between two cells of one row when tables are flattened; `"\n"` otherwise. Returns
    /// whether it ends the paragraph (`"\n"`).
    @discardableResult
    private mutating func writeSeparator(after leaf: Int32, before next: Int32?, style: Int32) -> Bool {
        var separator = "\n"
        if !options.contains(.table), let next, leaf >= 0, next >= 0, case .tableCell = kind(leaf), case .tableCell = kind(next),
            parent(leaf) == parent(next)
        {
            separator = "\t"
        }
        builder.append(separator, block: -1, inline: 0, attributes: attributesIndex(forStyle: style, separator: true), span: -1)
        return separator == "\n"
    }

    /// At the start of `leaf`: the marker text of the list items it is the first leaf of (`• `,
    /// `1. `, or AppKit's `\t•\t` with `.list`, task marker included), then a thematic break's
    /// rule. Returns the style of the leaf's first line and whether it is an item's first line
    /// (its marker hanging, ``markerStyle(_:item:)``).
    ///
    /// An item whose first block is a nested list (`2. 1. nested`) keeps its own marker: without
    /// `.list` the markers share the line, outermost first (`2. a. nested`, as plain text writes
    /// it); with `.list`, where a paragraph holds one list marker, each outer item's marker is a
    /// paragraph of its own at the item's level, before the nested item's.
    private mutating func startLeaf(_ leaf: Int32, isRightToLeft: Bool) -> (style: Int32, isMarkerLine: Bool) {
        // The items whose markers start here, innermost first: every enclosing item not yet marked.
        var items: [(index: Int32, ordinal: Int)] = []
        var index = leaf
        while index >= 0 {
            defer { index = parent(index) }
            guard case .listItem(let ordinal) = kind(index) else { continue }
            if itemsWithMarker[Int(index)] { break }
            items.append((index, ordinal))
        }
        let style: Int32
        if let innermost = items.first {
            var markers = ""
            for item in items.reversed() {
                itemsWithMarker[Int(item.index)] = true
                let list = parent(item.index)
                if list >= 0, listStarts[Int(list)] == nil { listStarts[Int(list)] = item.ordinal }
                let marker = ListMarker(
                    item: BlockID(index: Int(item.index)), ordinal: item.ordinal, in: document, nesting: listNesting,
                    options: plainTextOptions)
                let taskText = marker.task.map { $0 + " " } ?? ""
                if !options.contains(.list) {
                    markers += marker.marker + " " + taskText
                } else if item.index != innermost.index {
                    // A paragraph of the outer item's own, holding only its marker.
                    let itemStyle = markerStyle(styleID(item.index), item: item.index)
                    builder.append(
                        "\t" + marker.marker + "\t" + taskText, block: -1, inline: 0,
                        attributes: attributesIndex(forStyle: itemStyle, separator: false), span: -1)
                    builder.append("\n", block: -1, inline: 0, attributes: attributesIndex(forStyle: itemStyle, separator: true), span: -1)
                } else {
                    markers = "\t" + marker.marker + "\t" + taskText
                }
            }
            // Styles are made after the lists' starts are known (`.list`'s `textLists` entry says them).
            let hanging = markerStyle(styleID(leaf), item: items.last?.index ?? innermost.index)
            style = isRightToLeft ? rightToLeftStyle(hanging) : hanging
            builder.append(markers, block: -1, inline: 0, attributes: attributesIndex(forStyle: style, separator: false), span: -1)
        } else {
            style = isRightToLeft ? rightToLeftStyle(styleID(leaf)) : styleID(leaf)
        }
        // A thematic break has no text of its own: it becomes the plain-text rule, styled.
        if leaf >= 0, case .thematicBreak = kind(leaf) {
            builder.append(
                plainTextOptions.thematicBreak, block: -1, inline: 0, attributes: attributesIndex(forStyle: style, separator: false),
                span: -1)
        }
        return (style, !items.isEmpty)
    }

    /// How many enclosing lists a paragraph style's `textLists` holds at most (with `.list`):
    /// lists nested deeper share the deepest entry's level (their indents still grow).
    static let maximumListDepth = 64

    /// `base` with what `block` adds to the structure: a `textLists` entry for a list (with
    /// `.list`, up to ``maximumListDepth`` entries), the `textBlocks` entry and alignment for a
    /// table cell (with `.table`).
    private func structure(_ base: ParagraphStyle?, adding block: Int32) -> ParagraphStyle? {
        switch kind(block) {
        case .orderedList, .unorderedList:
            guard options.contains(.list) else { return base }
            // Lists nested deeper than the bound add no entry: every paragraph's style would
            // otherwise copy its whole chain, quadratic in the depth (a 20 KB `- - - … x` of
            // 10 000 levels took gigabytes).
            if let base, base.textLists.count >= Self.maximumListDepth { return base }
            var style = base ?? ParagraphStyle()
            style.textLists.append(textList(of: block))
            return style
        case .tableCell(let column):
            guard options.contains(.table) else { return base }
            var style = base ?? ParagraphStyle()
            let cell = textTableBlock(ofCell: block, column: column)
            style.textBlocks = [cell]
            style.alignment = cell.alignment
            return style
        case .paragraph, .header, .listItem, .codeBlock, .blockQuote, .thematicBreak, .table, .tableHeaderRow, .tableRow:
            return base
        @unknown default:
            return base
        }
    }

    /// The `textLists` entry of list `block`: its marker format cycles with the depth of lists of
    /// its kind (decimal, lower alpha, lower roman; disc, circle, square), numbered from its start.
    private func textList(of block: Int32) -> TextList {
        let ordered: Bool
        if case .orderedList = kind(block) { ordered = true } else { ordered = false }
        var depth = 0
        var ancestor = parent(block)
        while ancestor >= 0 {
            switch kind(ancestor) {
            case .orderedList: if ordered { depth += 1 }
            case .unorderedList: if !ordered { depth += 1 }
            case .paragraph, .header, .listItem, .codeBlock, .blockQuote, .thematicBreak, .table, .tableHeaderRow,
                .tableRow, .tableCell:
                break
            @unknown default:
                break
            }
            ancestor = parent(ancestor)
        }
        let identity = document.identity(of: BlockID(index: Int(block)))
        if ordered {
            let formats: [TextList.MarkerFormat] = [.decimal, .lowerAlpha, .lowerRoman]
            return TextList(markerFormat: formats[depth % 3], startingItemNumber: listStarts[Int(block)] ?? 1, identity: identity)
        }
        let formats: [TextList.MarkerFormat] = [.disc, .circle, .square]
        return TextList(markerFormat: formats[depth % 3], identity: identity)
    }

    /// The `textBlocks` entry of table cell `block` in column `column`: its table's identity and
    /// column count, its row (header or numbered) and the column's alignment.
    private func textTableBlock(ofCell block: Int32, column: Int) -> TextTableBlock {
        let row = parent(block)
        let table = row >= 0 ? parent(row) : -1
        var rowIndex = 0
        var isHeader = false
        if row >= 0 {
            switch kind(row) {
            case .tableHeaderRow: isHeader = true
            case .tableRow(let index): rowIndex = index
            case .paragraph, .header, .orderedList, .unorderedList, .listItem, .codeBlock, .blockQuote,
                .thematicBreak, .table, .tableCell:
                break
            @unknown default:
                break
            }
        }
        var columns: [PresentationIntent.TableColumn] = []
        if table >= 0, case .table(let tableColumns) = kind(table) { columns = tableColumns }
        let alignment: TextAlignment
        switch column < columns.count ? columns[column].alignment : .left {
        case .left: alignment = .left
        case .center: alignment = .center
        case .right: alignment = .right
        @unknown default:
            alignment = .left
        }
        return TextTableBlock(
            table: table >= 0 ? document.identity(of: BlockID(index: Int(table))) : 0, numberOfColumns: columns.count, row: rowIndex,
            column: column, isHeader: isHeader, alignment: alignment)
    }

    /// `own` without the fields whose value `said` gives too (they came from syntax, which has
    /// been applied to the style sheet's attributes already).
    static func removing(_ said: DisplayAttributes, from own: DisplayAttributes) -> DisplayAttributes {
        var result = own
        if result.font == said.font { result.font = nil }
        if result.foregroundColor == said.foregroundColor { result.foregroundColor = nil }
        if result.backgroundColor == said.backgroundColor { result.backgroundColor = nil }
        if result.underlineStyle == said.underlineStyle { result.underlineStyle = nil }
        if result.strikethroughStyle == said.strikethroughStyle { result.strikethroughStyle = nil }
        if result.baselineOffset == said.baselineOffset { result.baselineOffset = nil }
        if result.superscript == said.superscript { result.superscript = nil }
        if result.paragraphStyle == said.paragraphStyle { result.paragraphStyle = nil }
        return result
    }

    /// `own` on top of `base`: every field `own` sets wins.
    static func overlay(_ own: DisplayAttributes, on base: DisplayAttributes) -> DisplayAttributes {
        var result = base
        if let value = own.font { result.font = value }
        if let value = own.foregroundColor { result.foregroundColor = value }
        if let value = own.backgroundColor { result.backgroundColor = value }
        if let value = own.underlineStyle { result.underlineStyle = value }
        if let value = own.strikethroughStyle { result.strikethroughStyle = value }
        if let value = own.baselineOffset { result.baselineOffset = value }
        if let value = own.superscript { result.superscript = value }
        if let value = own.paragraphStyle { result.paragraphStyle = value }
        return result
    }
}

// MARK: - Walk

extension RichTextLowering: IntentRunVisitor {
    // Blocks become paragraph styles per leaf (``styleID(_:)``), and spans the effect chains of
    // the runs in them (``spanEffects``): the walk's block and span events carry nothing more.

    mutating func visitRun(_ run: IntentDocument.StoredRun, text: UnsafeBufferPointer<UInt8>, isLastInLeaf: Bool) {
        lower(run, text)
    }
}
