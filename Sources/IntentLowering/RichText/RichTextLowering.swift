import IntentModel

/// `.richText` lowering (optionally with `.list` and `.table`): the document's text with display
/// attributes from a style sheet instead of intents.
///
/// - Blocks are separated by `"\n"` whatever the source layout; a thematic break is
///   ``PlainTextOptions/thematicBreak`` (`───`); list items start with their marker
///   text (`• `, `1. ` — or, with `.list`, AppKit's `\t•\t` form and a `paragraphStyle.textLists`
///   entry per enclosing list, outermost first, starting at the list's first ordinal); table cells
///   are separated by `"\t"`, rows by `"\n"` — or, with `.table`, every cell is its own paragraph
///   with a `paragraphStyle.textBlocks` entry (table identity, row — header row 0 —, column, header
///   flag, alignment).
/// - Every run's display attributes are the style sheet's for its block context and inline intents
///   (``StyleSheet/displayAttributes(for:inline:isLink:isImage:)``), with the run's own display
///   attributes (underline, colors, …) on top; links keep Foundation's `link`. No presentation or
///   inline intents remain.
///
/// Works on the run table directly and caches the styles of each leaf block and of each (leaf,
/// inline intents, attributes) combination, so the cost per run is a few table lookups.
struct RichTextLowering {
    // MARK: Stored layout

    private let document: IntentDocument
    private let options: ResultOptions
    private let styleSheet: StyleSheet
    private let plainTextOptions: PlainTextOptions
    private var builder: IntentDocumentBuilder
    /// List items whose marker has been written, by block index.
    private var itemsWithMarker = Set<Int32>()
    /// Each list's starting number (the ordinal of its first item), by block index.
    private var listStarts: [Int32: Int] = [:]
    /// Display attributes inside each block (its own slot on top of its parent's, lists and cells
    /// included), by block index: computed once per block, from the parent's.
    private var blockStyles: [DisplayAttributes?]
    /// The attributes outside every block.
    private let rootStyle: DisplayAttributes
    /// Interned output attributes of the separator after each block and of the text (markers) at
    /// its start, by block index; made once per block.
    private var separatorAttributes: [Int32]
    private var blockTextAttributes: [Int32]
    /// Output attribute index for (leaf, inline bits, source attributes).
    private var runStyles: [RunKey: Int32] = [:]

    private struct RunKey: Hashable {
        var block: Int32
        var inline: UInt
        var attributes: Int32
    }

    init(document: IntentDocument, options: ResultOptions, styleSheet: StyleSheet, plainTextOptions: PlainTextOptions) {
        self.document = document
        self.options = options.implied
        self.styleSheet = styleSheet
        self.plainTextOptions = plainTextOptions
        builder = IntentDocumentBuilder(expectedBytes: document.text.utf8.count + document.text.utf8.count / 8)
        rootStyle = styleSheet.body.applied(to: DisplayAttributes())
        blockStyles = [DisplayAttributes?](repeating: nil, count: document.blocks.count)
        separatorAttributes = [Int32](repeating: -1, count: document.blocks.count)
        blockTextAttributes = [Int32](repeating: -1, count: document.blocks.count)
    }

    /// The interned attributes of a separator after `leaf` (isBlockSeparator) or of text at its
    /// start, cached per block.
    private mutating func attributesIndex(forBlock leaf: Int32, separator: Bool) -> Int32 {
        if leaf >= 0 {
            let cached = separator ? separatorAttributes[Int(leaf)] : blockTextAttributes[Int(leaf)]
            if cached >= 0 { return cached }
        }
        let index = builder.attributesIndex(RunAttributes(isBlockSeparator: separator, display: leafStyle(leaf)))
        if leaf >= 0 {
            if separator { separatorAttributes[Int(leaf)] = index } else { blockTextAttributes[Int(leaf)] = index }
        }
        return index
    }

    // MARK: Lowering

    mutating func lower() -> IntentDocument {
        var text = document.text
        let records = document.runRecords
        var isSeparator = [Bool](repeating: false, count: document.attributeTable.count)
        for index in document.attributeTable.indices { isSeparator[index] = document.attributeTable[index].isBlockSeparator }
        // The output attributes of the previous run, reused while the run key stays the same.
        var lastKey: RunKey? = nil
        var lastIndex: Int32 = 0
        text.withUTF8 { bytes in
            var start = 0
            var previousLeaf: Int32? = nil
            for record in records {
                let end = record.end
                defer { start = end }
                if let previous = previousLeaf, previous != record.block {
                    writeSeparator(after: previous, before: record.block)
                }
                if previousLeaf != record.block { writeMarker(for: record.block) }
                previousLeaf = record.block
                // The source's own separators are replaced by ours at leaf changes.
                if isSeparator[Int(record.attributes)] { continue }
                let key = RunKey(block: record.block, inline: record.inline, attributes: record.attributes)
                let index: Int32
                if key == lastKey {
                    index = lastIndex
                } else {
                    index = outputAttributes(for: record)
                    lastKey = key
                    lastIndex = index
                }
                builder.append(UnsafeBufferPointer(rebasing: bytes[start..<end]), block: -1, inline: 0, attributes: index, span: -1)
            }
            if let last = previousLeaf { writeSeparator(after: last, before: nil) }
        }
        return builder.finish()
    }

    // MARK: Styles

    private func kind(_ block: Int32) -> PresentationIntent.Kind { document.blocks[Int(block)].kind }
    private func parent(_ block: Int32) -> Int32 { document.blocks[Int(block)].parent }

    /// The style inside `leaf` (its blocks through the style sheet, plus lists and cells).
    private mutating func leafStyle(_ leaf: Int32) -> DisplayAttributes {
        guard leaf >= 0 else { return rootStyle }
        if let cached = blockStyles[Int(leaf)] { return cached }
        var uncached: [Int32] = []
        var index = leaf
        var style = rootStyle
        while index >= 0 {
            if let cached = blockStyles[Int(index)] {
                style = cached
                break
            }
            uncached.append(index)
            index = parent(index)
        }
        for block in uncached.reversed() {
            style = styleSheet.style(of: kind(block)).applied(to: style)
            style.paragraphStyle = structure(style.paragraphStyle, adding: block)
            blockStyles[Int(block)] = style
        }
        return style
    }

    private mutating func outputAttributes(for record: IntentDocument.RunRecord) -> Int32 {
        let key = RunKey(block: record.block, inline: record.inline, attributes: record.attributes)
        if let cached = runStyles[key] { return cached }
        let source = document.attributeTable[Int(record.attributes)]
        var display = leafStyle(record.block)
        let inline = InlinePresentationIntent(rawValue: record.inline)
        let isLink = source.linkDestination != nil || source.link != nil
        let isImage = source.imageSource != nil || source.imageURL != nil
        if !inline.isEmpty || isLink || isImage {
            display = styleSheet.displayAttributes(inside: display, inline: inline, isLink: isLink, isImage: isImage)
        }
        if let own = source.display { display = Self.overlay(own, on: display) }
        let index = builder.attributesIndex(
            RunAttributes(link: source.link, linkDestination: source.linkDestination, isPlaceholder: source.isPlaceholder, display: display))
        runStyles[key] = index
        return index
    }

    // MARK: Structure

    /// `"\t"` between two cells of one row when tables are flattened; `"\n"` otherwise.
    private mutating func writeSeparator(after leaf: Int32, before next: Int32?) {
        var separator = "\n"
        if !options.contains(.table), let next, leaf >= 0, next >= 0, case .tableCell = kind(leaf), case .tableCell = kind(next),
            parent(leaf) == parent(next)
        {
            separator = "\t"
        }
        builder.append(separator, block: -1, inline: 0, attributes: attributesIndex(forBlock: leaf, separator: true), span: -1)
    }

    /// At the first leaf of a list item: the item's marker text (`• `, `1. `, or AppKit's `\t•\t`
    /// with `.list`), task marker included.
    private mutating func writeMarker(for leaf: Int32) {
        // A thematic break has no text of its own: it becomes the plain-text rule, styled.
        if leaf >= 0, case .thematicBreak = kind(leaf) {
            builder.append(
                plainTextOptions.thematicBreak, block: -1, inline: 0, attributes: attributesIndex(forBlock: leaf, separator: false),
                span: -1)
        }
        var index = leaf
        while index >= 0 {
            defer { index = parent(index) }
            guard case .listItem(let ordinal) = kind(index) else { continue }
            guard itemsWithMarker.insert(index).inserted else { return }
            let list = parent(index)
            if list >= 0, listStarts[list] == nil { listStarts[list] = ordinal }
            let item = ListMarker(item: index, ordinal: ordinal, in: document, options: plainTextOptions)
            let marker = item.marker
            let task = item.task
            let taskText = task.map { $0 + " " } ?? ""
            let text = options.contains(.list) ? "\t" + marker + "\t" + taskText : marker + " " + taskText
            builder.append(text, block: -1, inline: 0, attributes: attributesIndex(forBlock: leaf, separator: false), span: -1)
            return
        }
    }

    /// `base` with what `block` adds to the structure: a `textLists` entry for a list (with
    /// `.list`), the `textBlocks` entry and alignment for a table cell (with `.table`).
    private func structure(_ base: ParagraphStyle?, adding block: Int32) -> ParagraphStyle? {
        switch kind(block) {
        case .orderedList, .unorderedList:
            guard options.contains(.list) else { return base }
            var style = base ?? ParagraphStyle()
            var depth = 0
            var ancestor = parent(block)
            let ordered: Bool
            if case .orderedList = kind(block) { ordered = true } else { ordered = false }
            while ancestor >= 0 {
                switch kind(ancestor) {
                case .orderedList: if ordered { depth += 1 }
                case .unorderedList: if !ordered { depth += 1 }
                case .paragraph, .header, .listItem, .codeBlock, .blockQuote, .thematicBreak, .table, .tableHeaderRow,
                    .tableRow, .tableCell:
                    break
                }
                ancestor = parent(ancestor)
            }
            let identity = document.blocks[Int(block)].identity
            if ordered {
                let formats: [TextList.MarkerFormat] = [.decimal, .lowerAlpha, .lowerRoman]
                style.textLists.append(TextList(markerFormat: formats[depth % 3], startingItemNumber: listStarts[block] ?? 1, identity: identity))
            } else {
                let formats: [TextList.MarkerFormat] = [.disc, .circle, .square]
                style.textLists.append(TextList(markerFormat: formats[depth % 3], identity: identity))
            }
            return style
        case .tableCell(let column):
            guard options.contains(.table) else { return base }
            var style = base ?? ParagraphStyle()
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
                }
            }
            var columns: [PresentationIntent.TableColumn] = []
            if table >= 0, case .table(let tableColumns) = kind(table) { columns = tableColumns }
            let alignment: TextAlignment
            switch column < columns.count ? columns[column].alignment : .left {
            case .left: alignment = .left
            case .center: alignment = .center
            case .right: alignment = .right
            }
            style.textBlocks = [TextTableBlock(
                table: table >= 0 ? document.blocks[Int(table)].identity : 0, numberOfColumns: columns.count, row: rowIndex,
                column: column, isHeader: isHeader, alignment: alignment)]
            style.alignment = alignment
            return style
        case .paragraph, .header, .listItem, .codeBlock, .blockQuote, .thematicBreak, .table, .tableHeaderRow, .tableRow:
            return base
        }
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
