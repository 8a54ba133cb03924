import IntentModel

/// `.richText` lowering (optionally with `.list` and `.table`): the document's text with display
/// attributes from a style sheet instead of intents.
///
/// - Blocks are separated by `"\n"` whatever the source layout; list items start with their marker
///   text (`• `, `1. ` — or, with `.list`, AppKit's `\t•\t` form and a `paragraphStyle.textLists`
///   entry per enclosing list, outermost first); table cells are separated by `"\t"`, rows by
///   `"\n"` — or, with `.table`, every cell is its own paragraph with a `paragraphStyle.textBlocks`
///   entry (table identity, row — header row 0 —, column, header flag, alignment).
/// - Every run's display attributes are the style sheet's for its block context and inline intents
///   (``StyleSheet/displayAttributes(for:inline:isLink:isImage:)``), with the run's own display
///   attributes (underline, colors, …) on top; links keep Foundation's `link`. No presentation or
///   inline intents remain.
struct RichTextLowering {
    // MARK: Stored layout

    private let document: IntentDocument
    private let options: ResultOptions
    private let styleSheet: StyleSheet
    private let plainTextOptions: PlainTextOptions
    private var output = IntentDocument()
    /// List items whose marker has been written.
    private var itemsWithMarker = Set<Int>()
    /// Each list's starting number: the ordinal of its first item (met first in document order).
    private var listStarts: [Int: Int] = [:]
    /// The last run of the previous leaf block (separators included), if any.
    private var previous: IntentDocument.Run? = nil

    init(document: IntentDocument, options: ResultOptions, styleSheet: StyleSheet, plainTextOptions: PlainTextOptions) {
        self.document = document
        self.options = options.implied
        self.styleSheet = styleSheet
        self.plainTextOptions = plainTextOptions
    }

    // MARK: Lowering

    mutating func lower() -> IntentDocument {
        for run in document.runs {
            if let last = previous, Self.leaf(of: last) != Self.leaf(of: run) {
                writeSeparator(between: last, and: run)
                writeMarker(for: run)
            } else if previous == nil {
                writeMarker(for: run)
            }
            previous = run
            // The source's own separators are replaced by ours at leaf changes.
            if run.isBlockSeparator { continue }
            var display = styleSheet.displayAttributes(
                for: run.presentationIntent, inline: run.inlinePresentationIntent,
                isLink: run.linkDestination != nil || run.link != nil, isImage: run.imageSource != nil || run.imageURL != nil)
            if let own = run.display { display = Self.overlay(own, on: display) }
            display.paragraphStyle = paragraphStyle(display.paragraphStyle, for: run)
            output.append(
                String(run.text),
                attributes: RunAttributes(link: run.link, linkDestination: run.linkDestination, isPlaceholder: run.isPlaceholder, display: display))
        }
        if let last = previous { writeSeparator(between: last, and: nil) }
        return output
    }

    // MARK: Structure

    /// The identity of the run's leaf block, or -1.
    private static func leaf(of run: IntentDocument.Run) -> Int {
        run.presentationIntent?.components.first?.identity ?? -1
    }

    /// `"\t"` between two cells of one row when tables are flattened; `"\n"` otherwise.
    private mutating func writeSeparator(between last: IntentDocument.Run, and next: IntentDocument.Run?) {
        var separator = "\n"
        if !options.contains(.table), let next, case .tableCell? = last.presentationIntent?.components.first?.kind,
            case .tableCell? = next.presentationIntent?.components.first?.kind,
            last.presentationIntent?.components.dropFirst().first?.identity
                == next.presentationIntent?.components.dropFirst().first?.identity
        {
            separator = "\t"
        }
        var display = styleSheet.displayAttributes(for: last.presentationIntent)
        display.paragraphStyle = paragraphStyle(display.paragraphStyle, for: last)
        output.append(separator, attributes: RunAttributes(isBlockSeparator: true, display: display))
    }

    /// At the first leaf of a list item: the item's marker text (`• `, `1. `, or AppKit's
    /// `\t•\t` with `.list`), task marker included.
    private mutating func writeMarker(for run: IntentDocument.Run) {
        guard let components = run.presentationIntent?.components else { return }
        for (offset, component) in components.enumerated() {
            guard case .listItem(let ordinal) = component.kind else { continue }
            guard itemsWithMarker.insert(component.identity).inserted else { return }
            let outer = components.dropFirst(offset + 1)
            let list = outer.first
            if let list, listStarts[list.identity] == nil { listStarts[list.identity] = ordinal }
            let task = run.blockMarkup[component.identity]?.isTaskChecked.map {
                $0 ? plainTextOptions.checkedTaskMarker : plainTextOptions.uncheckedTaskMarker
            }
            let marker: String
            if list?.kind == .orderedList {
                let orderedDepth = outer.dropFirst().filter { $0.kind == .orderedList }.count
                let styles = plainTextOptions.orderedStyles.isEmpty ? [.decimal] : plainTextOptions.orderedStyles
                let delimiter = run.blockMarkup[list?.identity ?? -1]?.listItemDelimiter == .parenthesis ? ")" : "."
                marker = PlainTextRenderer.format(ordinal, styles[orderedDepth % styles.count]) + delimiter
            } else {
                let depth = outer.dropFirst().filter { $0.kind == .orderedList || $0.kind == .unorderedList }.count
                let bullets = plainTextOptions.bulletMarkers.isEmpty ? ["•"] : plainTextOptions.bulletMarkers
                marker = bullets[depth % bullets.count]
            }
            let taskText = task.map { $0 + " " } ?? ""
            let text = options.contains(.list) ? "\t" + marker + "\t" + taskText : marker + " " + taskText
            var display = styleSheet.displayAttributes(for: run.presentationIntent)
            display.paragraphStyle = paragraphStyle(display.paragraphStyle, for: run)
            output.append(text, attributes: RunAttributes(display: display))
            return
        }
    }

    /// The paragraph style with `textLists` (with `.list`) and `textBlocks` (with `.table`) for the
    /// run's blocks.
    private func paragraphStyle(_ base: ParagraphStyle?, for run: IntentDocument.Run) -> ParagraphStyle? {
        guard let components = run.presentationIntent?.components else { return base }
        var style = base ?? ParagraphStyle()
        var changed = base != nil
        if options.contains(.list) {
            var lists: [TextList] = []
            var orderedDepth = 0
            var bulletDepth = 0
            for component in components.reversed() {
                switch component.kind {
                case .orderedList:
                    let start = listStarts[component.identity] ?? 1
                    let formats: [TextList.MarkerFormat] = [.decimal, .lowerAlpha, .lowerRoman]
                    lists.append(TextList(markerFormat: formats[orderedDepth % 3], startingItemNumber: start, identity: component.identity))
                    orderedDepth += 1
                case .unorderedList:
                    let formats: [TextList.MarkerFormat] = [.disc, .circle, .square]
                    lists.append(TextList(markerFormat: formats[bulletDepth % 3], identity: component.identity))
                    bulletDepth += 1
                case .paragraph, .header, .listItem, .codeBlock, .blockQuote, .thematicBreak, .table, .tableHeaderRow,
                    .tableRow, .tableCell:
                    break
                }
            }
            if !lists.isEmpty {
                style.textLists = lists
                changed = true
            }
        }
        if options.contains(.table), case .tableCell(let column)? = components.first?.kind {
            var row = 0
            var isHeader = false
            var tableIdentity = 0
            var columns: [PresentationIntent.TableColumn] = []
            for component in components {
                switch component.kind {
                case .tableHeaderRow: isHeader = true
                case .tableRow(let index): row = index
                case .table(let tableColumns):
                    tableIdentity = component.identity
                    columns = tableColumns
                case .paragraph, .header, .orderedList, .unorderedList, .listItem, .codeBlock, .blockQuote,
                    .thematicBreak, .tableCell:
                    break
                }
            }
            let alignment: TextAlignment
            switch column < columns.count ? columns[column].alignment : .left {
            case .left: alignment = .left
            case .center: alignment = .center
            case .right: alignment = .right
            }
            style.textBlocks = [TextTableBlock(
                table: tableIdentity, numberOfColumns: columns.count, row: row, column: column, isHeader: isHeader,
                alignment: alignment)]
            style.alignment = alignment
            changed = true
        }
        return changed ? style : nil
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

