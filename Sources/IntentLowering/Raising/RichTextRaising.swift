import IntentModel

/// The state of one raising (``IntentModel/IntentDocument/raised(styleSheet:plainTextOptions:)``):
/// cuts the rich text into paragraphs, classifies each (leaf kind, enclosing quotes, lists and
/// table), then builds the intent document with identities in document pre-order.
struct RichTextRaising {
    // MARK: Stored layout

    private let document: IntentDocument
    private let styleSheet: StyleSheet
    private let plainTextOptions: PlainTextOptions
    private let bodySize: Double
    private let quoteIndent: Double
    private let itemIndent: Double
    /// How far lowering hangs a list marker left of the item's text (``StyleSheet/listItem``'s
    /// `headIndent` − `firstLineHeadIndent`).
    private let markerHang: Double
    /// Per header level 1…6 (index 0…5): the font size, weight and spacing before the sheet gives it.
    private let headerStyles: [(size: Double, weight: FontDescriptor.Weight, spacingBefore: Double)]

    private var output = IntentDocument()
    private var nextIdentity = 1
    /// The containers open after the previous paragraph, outermost first.
    private var open: [OpenContainer] = []
    /// Item counters of flattened lists, by container key.
    private var itemCounts: [ContainerKey: Int] = [:]
    private var nextItemKey = 0

    /// One piece of a paragraph: its text and attributes.
    private struct Piece {
        var text: Substring
        var attributes: RunAttributes
    }

    private struct Paragraph {
        var pieces: [Piece]
        var text: String { pieces.map(\.text).joined() }
    }

    /// What identifies a container across paragraphs.
    private enum ContainerKey: Hashable {
        case quote(level: Int)
        case list(key: String, ordered: Bool)
        case item(key: Int)
        case table(Int)
        case row(table: Int, row: Int)
    }

    private struct OpenContainer {
        var key: ContainerKey
        var type: PresentationIntent.IntentType
    }

    /// What a paragraph is.
    private enum Leaf {
        case paragraph
        case header(Int)
        case codeLine
        case thematicBreak
        case cell(TextTableBlock)
        /// An empty list item: the item itself is the leaf.
        case emptyItem
    }

    // MARK: Initialisers

    init(document: IntentDocument, styleSheet: StyleSheet, plainTextOptions: PlainTextOptions) {
        let styleSheet = styleSheet.clamped()
        self.document = document.repairedForWriting()
        self.styleSheet = styleSheet
        self.plainTextOptions = plainTextOptions
        let body = styleSheet.displayAttributes(for: nil)
        bodySize = body.font?.size ?? 17
        let quote = styleSheet.displayAttributes(for: PresentationIntent(.blockQuote, identity: 1))
        quoteIndent = (quote.paragraphStyle?.headIndent ?? 0) - (body.paragraphStyle?.headIndent ?? 0)
        let item = styleSheet.displayAttributes(
            for: PresentationIntent(.listItem(ordinal: 1), identity: 2, parent: PresentationIntent(.unorderedList, identity: 1)))
        itemIndent = (item.paragraphStyle?.headIndent ?? 0) - (body.paragraphStyle?.headIndent ?? 0)
        markerHang = (styleSheet.listItem.headIndent ?? 0) - (styleSheet.listItem.firstLineHeadIndent ?? 0)
        headerStyles = (1...6).map { level in
            let attributes = styleSheet.displayAttributes(for: PresentationIntent(.header(level: level), identity: 1))
            return (
                attributes.font?.size ?? 17, attributes.font?.weight ?? .regular,
                attributes.paragraphStyle?.paragraphSpacingBefore ?? 0
            )
        }
    }

    // MARK: Raising

    mutating func raise() -> IntentDocument {
        let paragraphs = cutParagraphs()
        var codeLines: [Paragraph] = []
        var codeAncestors: [PresentationIntent.IntentType] = []
        for (position, paragraph) in paragraphs.enumerated() {
            var (leaf, containers, content, taskChecked) = classify(paragraph)
            if case .codeLine = leaf {
                if !codeLines.isEmpty, containers.map(\.key) == open.map(\.key) {
                    codeLines.append(content)
                    continue
                }
                flushCode(&codeLines, ancestors: codeAncestors)
                // The containers open now, so that the next paragraph sees them.
                codeAncestors = openContainers(containers)
                codeLines = [content]
                continue
            }
            flushCode(&codeLines, ancestors: codeAncestors)
            if case .emptyItem = leaf, let item = containers.popLast() {
                // The item is the leaf.
                let types = openContainers(containers)
                let itemType = type(for: item, parent: types.last)
                emit(
                    Paragraph(pieces: []), leafType: itemType, ancestors: types, inline: .paragraph, separator: "\n",
                    taskChecked: taskChecked, taskItem: itemType.identity)
                open.append(OpenContainer(key: item.key, type: itemType))
                continue
            }
            let ancestors = openContainers(containers)
            let identity = newIdentity()
            let kind: PresentationIntent.Kind
            var separator = "\n"
            switch leaf {
            case .paragraph, .codeLine, .emptyItem: kind = .paragraph
            case .header(let level): kind = .header(level: level)
            case .thematicBreak:
                kind = .thematicBreak
                content = Paragraph(pieces: [])
            case .cell(let block):
                kind = .tableCell(columnIndex: block.column)
                if position + 1 < paragraphs.count,
                    let next = paragraphs[position + 1].pieces.first?.attributes.display?
                        .paragraphStyle?.textBlocks.first, next.table == block.table, next.row == block.row, next.isHeader == block.isHeader
                {
                    separator = "\t"
                }
            }
            emit(
                content, leafType: PresentationIntent.IntentType.component(kind, identity: identity), ancestors: ancestors,
                inline: leaf, separator: separator, taskChecked: taskChecked, taskItem: ancestors.last?.identity)
        }
        flushCode(&codeLines, ancestors: codeAncestors)
        return output
    }

    /// The text cut at `"\n"` into paragraphs of pieces (the newlines dropped).
    private func cutParagraphs() -> [Paragraph] {
        var paragraphs: [Paragraph] = []
        var current: [Piece] = []
        for run in document.runs {
            var rest = run.text
            while let newline = rest.firstIndex(of: "\n") {
                if newline > rest.startIndex { current.append(Piece(text: rest[rest.startIndex..<newline], attributes: run.attributes)) }
                if current.isEmpty {
                    // An empty paragraph keeps the newline's attributes (its paragraph style).
                    current.append(Piece(text: rest[newline..<newline], attributes: run.attributes))
                }
                paragraphs.append(Paragraph(pieces: current))
                current = []
                rest = rest[rest.index(after: newline)...]
            }
            if !rest.isEmpty { current.append(Piece(text: rest, attributes: run.attributes)) }
        }
        if !current.isEmpty { paragraphs.append(Paragraph(pieces: current)) }
        return paragraphs
    }

    // MARK: Classifying

    /// One list level a paragraph is in: its container key, whether it is ordered, its first
    /// number, and its marker format when the paragraph style's text lists give it.
    private typealias ListLevel = (key: String, ordered: Bool, start: Int, format: TextList.MarkerFormat?)
    /// An item marker stripped from a paragraph: its text and, for an ordered item, its number.
    private typealias ItemMarker = (text: String, ordinal: Int?)

    /// The paragraph's leaf kind, its containers (outermost first; new items have fresh keys), its
    /// content without marker text, and its task state.
    private mutating func classify(_ paragraph: Paragraph) -> (Leaf, [OpenContainer], Paragraph, Bool?) {
        let style = paragraph.pieces.lazy.compactMap { $0.attributes.display?.paragraphStyle }.first
        var content = paragraph
        let (listLevels, marker, outerMarkers) = self.listLevels(of: &content, style: style)
        let taskChecked = marker.map { _ in stripTask(&content) } ?? nil
        let indent = (style?.headIndent ?? 0) - Double(listLevels.count) * itemIndent
        let quotes = quoteIndent > 0 ? max(0, Int((indent / quoteIndent).rounded(.down))) : 0
        var containers = (0..<quotes).map { OpenContainer(key: .quote(level: $0), type: .component(.blockQuote, identity: 0)) }
        containers += listContainers(listLevels, marker: marker, outerMarkers: outerMarkers)
        if let block = style?.textBlocks.first {
            containers.append(OpenContainer(key: .table(block.table), type: .component(.table(columns: []), identity: 0)))
            let rowKind: PresentationIntent.Kind = block.isHeader ? .tableHeaderRow : .tableRow(rowIndex: block.row)
            containers.append(
                OpenContainer(key: .row(table: block.table, row: block.isHeader ? -1 : block.row), type: .component(rowKind, identity: 0)))
            return (.cell(block), containers, content, taskChecked)
        }
        return (leaf(of: content, style: style, isItem: marker != nil), containers, content, taskChecked)
    }

    /// The leaf a paragraph outside tables is: an empty item, a thematic break, a code line (all
    /// visible text monospaced), a header, or a paragraph.
    private func leaf(of content: Paragraph, style: ParagraphStyle?, isItem: Bool) -> Leaf {
        let text = content.text
        if isItem, text.isEmpty { return .emptyItem }
        if text == plainTextOptions.thematicBreak { return .thematicBreak }
        let visible = content.pieces.filter { !$0.text.allSatisfy(\.isWhitespace) }
        if !visible.isEmpty, visible.allSatisfy({ $0.attributes.display?.font?.design == .monospaced }) { return .codeLine }
        if let level = headerLevel(content, style: style) { return .header(level) }
        return .paragraph
    }

    /// The lists a paragraph is in, outermost first — from the paragraph style's text lists, or
    /// from flattened marker text and the indent — with the item marker stripped from `content`
    /// (`nil` when the paragraph continues an item) and the markers of outer items that begin on
    /// the same line, outermost first.
    private func listLevels(
        of content: inout Paragraph, style: ParagraphStyle?
    ) -> (levels: [ListLevel], marker: ItemMarker?, outerMarkers: [ItemMarker]) {
        let indent = style?.headIndent ?? 0
        if let lists = style?.textLists, !lists.isEmpty {
            let levels: [ListLevel] = lists.enumerated().map { depth, list in
                let key = list.identity.map { "id \($0)" } ?? "depth \(depth) \(list.markerFormat.rawValue)"
                return (key, list.markerFormat.isOrdered, list.startingItemNumber, list.markerFormat)
            }
            return (levels, stripMarker(&content, tabbed: true), [])
        }
        guard itemIndent > 0, indent >= itemIndent else { return ([], nil, []) }
        let openLists: [(key: String, ordered: Bool)] = open.compactMap {
            if case .list(let key, let ordered) = $0.key { return (key, ordered) } else { return nil }
        }
        guard let flat = stripMarker(&content, tabbed: false) else {
            // A continuation paragraph of a flattened item: the open lists, as deep as its indent.
            guard let last = open.last, case .item = last.key else { return ([], nil, []) }
            let levels: [ListLevel] = openLists.prefix(split(indent).items).map { ($0.key, $0.ordered, 1, nil) }
            return (levels, nil, [])
        }
        let depthCount = max(split(indent).items, 1)
        // Items that begin with a nested list share their first line, outermost marker first
        // (`2. a. nested`), and the line hangs at the outermost new item's marker position.
        var markers = [flat]
        let firstLine = style?.firstLineHeadIndent ?? indent
        let extra = Int(((indent - firstLine - markerHang) / itemIndent + 0.001).rounded(.down))
        while markers.count <= min(extra, depthCount - 1), let next = stripMarker(&content, tabbed: false) { markers.append(next) }
        let firstNew = depthCount - markers.count
        let levels: [ListLevel] = (0..<depthCount).map { depth in
            if depth < firstNew, depth < openLists.count { return (openLists[depth].key, openLists[depth].ordered, 1, nil) }
            let ordered = depth >= firstNew ? markers[depth - firstNew].ordinal != nil : false
            return ("flat \(depth) \(ordered)", ordered, 1, nil)
        }
        return (levels, markers.last, Array(markers.dropLast()))
    }

    /// The list and item containers of `levels`: each level's list, then its item — a new one
    /// where a marker starts it (numbered from the marker or the list's count), else the open
    /// item, else a new unmarked one.
    private mutating func listContainers(_ levels: [ListLevel], marker: ItemMarker?, outerMarkers: [ItemMarker]) -> [OpenContainer] {
        var containers: [OpenContainer] = []
        for (depth, list) in levels.enumerated() {
            let listKey = ContainerKey.list(key: list.key, ordered: list.ordered)
            containers.append(OpenContainer(key: listKey, type: .component(list.ordered ? .orderedList : .unorderedList, identity: 0)))
            let isInnermost = depth == levels.count - 1
            if !open.contains(where: { $0.key == listKey }) { itemCounts[listKey] = nil }
            // An item continues unless this paragraph starts a new one at this depth.
            let openItem = open.indices.first { index in
                index > 0 && open[index - 1].key == listKey && { if case .item = open[index].key { return true } else { return false } }()
            }
            let firstOuter = levels.count - 1 - outerMarkers.count
            let newMarker = isInnermost ? marker : (depth >= firstOuter ? outerMarkers[depth - firstOuter] : nil)
            if let newMarker {
                let count = (itemCounts[listKey] ?? list.start - 1) + 1
                let ordinal = newMarker.ordinal ?? count
                itemCounts[listKey] = ordinal
                nextItemKey += 1
                containers.append(OpenContainer(key: .item(key: nextItemKey), type: .component(.listItem(ordinal: ordinal), identity: 0)))
            } else if let openItem {
                containers.append(open[openItem])
            } else {
                nextItemKey += 1
                let count = (itemCounts[listKey] ?? list.start - 1) + 1
                itemCounts[listKey] = count
                containers.append(OpenContainer(key: .item(key: nextItemKey), type: .component(.listItem(ordinal: count), identity: 0)))
            }
        }
        return containers
    }

    /// An indent split into list-item levels and what is left (for quotes): as many item levels as
    /// leave a whole number of quote indents.
    private func split(_ indent: Double) -> (items: Int, rest: Double) {
        guard itemIndent > 0 else { return (0, indent) }
        var items = Int((indent / itemIndent).rounded(.down))
        while items > 0 {
            let rest = indent - Double(items) * itemIndent
            if quoteIndent <= 0 || (rest / quoteIndent).rounded() * quoteIndent == rest { return (items, rest) }
            items -= 1
        }
        return (0, indent)
    }

    /// Removes lowering's marker text from the paragraph's start: `\t•\t` / `\t1.\t` (tabbed) or
    /// `• ` / `1. ` / `a) ` (flattened). Returns the marker and the ordinal it says, if any.
    private func stripMarker(_ paragraph: inout Paragraph, tabbed: Bool) -> (text: String, ordinal: Int?)? {
        let text = paragraph.text
        var scalars = Substring(text)
        if tabbed {
            guard scalars.first == "\t" else { return nil }
            scalars = scalars.dropFirst()
        }
        let end = tabbed ? "\t" : " "
        guard let stop = scalars.firstIndex(of: Character(end)), stop > scalars.startIndex else { return nil }
        let marker = String(scalars[scalars.startIndex..<stop])
        var ordinal: Int? = nil
        if plainTextOptions.bulletMarkers.contains(marker) || (tabbed && !marker.hasSuffix(".") && !marker.hasSuffix(")")) {
            ordinal = nil
        } else if marker.hasSuffix(".") || marker.hasSuffix(")") {
            let body = marker.dropLast()
            guard !body.isEmpty, body.allSatisfy({ $0.isLetter || $0.isNumber }) else { return nil }
            ordinal = Int(body) ?? Self.ordinal(ofLetters: String(body))
            guard ordinal != nil else { return nil }
        } else {
            return nil
        }
        let length = (tabbed ? 1 : 0) + marker.utf8.count + 1
        drop(utf8Count: length, from: &paragraph)
        return (marker, ordinal)
    }

    /// Removes a task marker (`☐ `, `☑ `) from the start; its state, or `nil`.
    private func stripTask(_ paragraph: inout Paragraph) -> Bool? {
        let text = paragraph.text
        for (marker, checked) in [(plainTextOptions.uncheckedTaskMarker, false), (plainTextOptions.checkedTaskMarker, true)]
        where text.hasPrefix(marker + " ") {
            drop(utf8Count: marker.utf8.count + 1, from: &paragraph)
            return checked
        }
        return nil
    }

    private func drop(utf8Count: Int, from paragraph: inout Paragraph) {
        var remaining = utf8Count
        var pieces: [Piece] = []
        for piece in paragraph.pieces {
            if remaining == 0 {
                pieces.append(piece)
                continue
            }
            let count = piece.text.utf8.count
            if count <= remaining {
                remaining -= count
                continue
            }
            let start = piece.text.utf8.index(piece.text.startIndex, offsetBy: remaining)
            remaining = 0
            pieces.append(Piece(text: piece.text[start...], attributes: piece.attributes))
        }
        paragraph.pieces = pieces
    }

    /// `a`→1 … `z`→26, `aa`→27 (lowering's alphabetic markers), or a Roman numeral.
    private static func ordinal(ofLetters letters: String) -> Int? {
        let lower = letters.lowercased()
        if lower.allSatisfy({ "ivxlcdm".contains($0) }), let roman = romanValue(lower) { return roman }
        var value = 0
        for scalar in lower.unicodeScalars {
            guard scalar.value >= 97, scalar.value <= 122 else { return nil }
            value = value * 26 + Int(scalar.value - 96)
        }
        return value
    }

    private static func romanValue(_ text: String) -> Int? {
        let values: [Character: Int] = ["i": 1, "v": 5, "x": 10, "l": 50, "c": 100, "d": 500, "m": 1000]
        var total = 0
        let digits = text.compactMap { values[$0] }
        guard digits.count == text.count else { return nil }
        for (index, value) in digits.enumerated() {
            if index + 1 < digits.count, digits[index + 1] > value { total -= value } else { total += value }
        }
        return total
    }

    /// The main font: that of the longest piece not in a monospaced font (or of the first piece).
    private func mainFont(_ paragraph: Paragraph) -> FontDescriptor? {
        var best: (length: Int, font: FontDescriptor?)? = nil
        for piece in paragraph.pieces where piece.attributes.display?.font?.design != .monospaced {
            let length = piece.text.utf8.count
            if length > best?.length ?? -1 { best = (length, piece.attributes.display?.font) }
        }
        return best?.font ?? paragraph.pieces.first?.attributes.display?.font
    }

    private func headerLevel(_ paragraph: Paragraph, style: ParagraphStyle?) -> Int? {
        guard let font = mainFont(paragraph), !paragraph.text.isEmpty else { return nil }
        let spacingBefore = style?.paragraphSpacingBefore ?? 0
        for (index, header) in headerStyles.enumerated()
        where header.size == font.size && header.weight == font.weight && header.spacingBefore == spacingBefore {
            return index + 1
        }
        guard font.weight >= .semibold, font.size >= bodySize * 1.15 else { return nil }
        var best = 1
        for (index, header) in headerStyles.enumerated()
        where abs(header.size - font.size) < abs(headerStyles[best - 1].size - font.size) {
            best = index + 1
        }
        return best
    }

    // MARK: Building

    private mutating func newIdentity() -> Int {
        defer { nextIdentity += 1 }
        return nextIdentity
    }

    /// Opens `containers` (keeping those already open with the same keys) and returns their
    /// intent types, outermost first.
    private mutating func openContainers(_ containers: [OpenContainer]) -> [PresentationIntent.IntentType] {
        var common = 0
        while common < containers.count, common < open.count, containers[common].key == open[common].key { common += 1 }
        open.removeLast(open.count - common)
        var types = open.map(\.type)
        for container in containers[common...] {
            let type = type(for: container, parent: types.last)
            types.append(type)
            open.append(OpenContainer(key: container.key, type: type))
        }
        return types
    }

    private mutating func type(for container: OpenContainer, parent: PresentationIntent.IntentType?) -> PresentationIntent.IntentType {
        var kind = container.type.kind
        if case .table = kind, case .table(let table) = container.key { kind = .table(columns: columns(ofTable: table)) }
        return PresentationIntent.IntentType.component(kind, identity: newIdentity())
    }

    /// The columns of table `table`: as many as its cells say, aligned as its first cells are.
    private func columns(ofTable table: Int) -> [PresentationIntent.TableColumn] {
        var alignments: [Int: PresentationIntent.TableColumn.Alignment] = [:]
        var count = 0
        for run in document.runs {
            guard let block = run.attributes.display?.paragraphStyle?.textBlocks.first, block.table == table else { continue }
            count = max(count, block.numberOfColumns, block.column + 1)
            if alignments[block.column] == nil {
                switch block.alignment {
                case .center: alignments[block.column] = .center
                case .right: alignments[block.column] = .right
                case .left, .natural, .justified: alignments[block.column] = .left
                }
            }
        }
        return (0..<count).map { PresentationIntent.TableColumn(alignment: alignments[$0] ?? .left) }
    }

    /// Appends a paragraph's content with its leaf's intent, then the separator.
    private mutating func emit(
        _ content: Paragraph, leafType: PresentationIntent.IntentType, ancestors: [PresentationIntent.IntentType],
        inline leaf: Leaf, separator: String, taskChecked: Bool?, taskItem: Int?
    ) {
        var intent: PresentationIntent? = nil
        for type in ancestors { intent = PresentationIntent(type.kind, identity: type.identity, parent: intent) }
        intent = PresentationIntent(leafType.kind, identity: leafType.identity, parent: intent)
        var markup: [Int: BlockMarkup] = [:]
        if let taskChecked, let taskItem { markup[taskItem] = BlockMarkup(isTaskChecked: taskChecked) }
        // Inline intents are what differs from the font lowering gives the leaf's context.
        let base = styleSheet.displayAttributes(for: intent).font
        for piece in content.pieces where !piece.text.isEmpty {
            var inline = Self.inlineIntents(piece.attributes.display, base: base)
            if piece.text.allSatisfy({ $0 == "\u{2028}" }) { inline.insert(.lineBreak) }
            output.append(
                String(piece.text), presentationIntent: intent, inlinePresentationIntent: inline,
                attributes: Self.keptAttributes(piece.attributes), blockMarkup: markup)
        }
        output.append(
            separator, presentationIntent: intent, attributes: RunAttributes(isBlockSeparator: true), blockMarkup: markup)
    }

    private mutating func flushCode(_ lines: inout [Paragraph], ancestors: [PresentationIntent.IntentType]) {
        guard !lines.isEmpty else { return }
        var intent: PresentationIntent? = nil
        for type in ancestors { intent = PresentationIntent(type.kind, identity: type.identity, parent: intent) }
        intent = PresentationIntent(.codeBlock(languageHint: nil), identity: newIdentity(), parent: intent)
        for line in lines {
            for piece in line.pieces where !piece.text.isEmpty {
                output.append(String(piece.text), presentationIntent: intent, attributes: Self.keptAttributes(piece.attributes))
            }
            output.append("\n", presentationIntent: intent)
        }
        lines = []
    }

    /// Inline intents of a piece relative to the font of its leaf's context.
    private static func inlineIntents(_ display: DisplayAttributes?, base: FontDescriptor?) -> InlinePresentationIntent {
        var inline: InlinePresentationIntent = []
        guard let display else { return inline }
        if let font = display.font {
            if font.isItalic, base?.isItalic != true { inline.insert(.emphasized) }
            if font.weight > (base?.weight ?? .regular) { inline.insert(.stronglyEmphasized) }
            if font.design == .monospaced, base?.design != .monospaced { inline.insert(.code) }
        }
        if let strikethrough = display.strikethroughStyle, !strikethrough.isEmpty { inline.insert(.strikethrough) }
        return inline
    }

    /// What a raised run keeps: links, and the display attributes intents cannot say.
    private static func keptAttributes(_ attributes: RunAttributes) -> RunAttributes {
        var display = DisplayAttributes()
        if let source = attributes.display {
            display.underlineStyle = source.underlineStyle
            display.superscript = source.superscript
            display.baselineOffset = source.baselineOffset
            if source.backgroundColor == .highlight { display.backgroundColor = source.backgroundColor }
        }
        return RunAttributes(
            link: attributes.link, linkDestination: attributes.linkDestination, isPlaceholder: attributes.isPlaceholder,
            display: display)
    }
}
