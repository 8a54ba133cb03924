// Range and chain checks of block intents (see ModelRanges). Paths are relative to the intent,
// as the JSON form spells them: "[0].level" is the innermost component's level.

extension PresentationIntent.Kind {
    /// Whether a block of this kind holds inline content only (it can be no other block's parent).
    var isLeaf: Bool { !isContainer }

    /// The first value outside ``ModelRanges``: the field's JSON key and why, or `nil`.
    func rangeFailure() -> (field: String, reason: String)? {
        switch self {
        case .paragraph, .orderedList, .unorderedList, .codeBlock, .blockQuote, .thematicBreak, .table,
            .tableHeaderRow:
            return nil
        case .header(let level):
            return ModelRanges.headerLevel.contains(level) ? nil : ("level", "header level \(level) is not 1 through 6")
        case .listItem(let ordinal):
            return ModelRanges.ordinal.contains(ordinal)
                ? nil : ("ordinal", "list item ordinal \(ordinal) is outside \(ModelRanges.ordinal)")
        case .tableRow(let rowIndex):
            return ModelRanges.ordinal.contains(rowIndex)
                ? nil : ("rowIndex", "row index \(rowIndex) is outside \(ModelRanges.ordinal)")
        case .tableCell(let columnIndex):
            return ModelRanges.index.contains(columnIndex)
                ? nil : ("columnIndex", "column index \(columnIndex) is outside \(ModelRanges.index)")
        @unknown default:
            return nil
        }
    }

    /// The kind with every value clamped into ``ModelRanges`` (`columns` the enclosing table's
    /// column count, when known).
    func clamped(columns: Int?) -> PresentationIntent.Kind {
        switch self {
        case .paragraph, .orderedList, .unorderedList, .codeBlock, .blockQuote, .thematicBreak, .table,
            .tableHeaderRow:
            return self
        case .header(let level): return .header(level: level.clamped(to: ModelRanges.headerLevel))
        case .listItem(let ordinal): return .listItem(ordinal: ordinal.clamped(to: ModelRanges.ordinal))
        case .tableRow(let rowIndex): return .tableRow(rowIndex: rowIndex.clamped(to: ModelRanges.ordinal))
        case .tableCell(let columnIndex):
            let upper = columns.map { max(0, $0 - 1) } ?? ModelRanges.index.upperBound
            return .tableCell(columnIndex: columnIndex.clamped(to: 0...upper))
        @unknown default:
            return self
        }
    }
}

extension PresentationIntent {
    /// The first component that breaks the model's rules: its path (`[j].field`) and why, or `nil`.
    ///
    /// Rules: identities in ``ModelRanges/identity`` and distinct within the chain; every value in
    /// its range; leaf kinds (paragraph, header, code block, thematic break, table cell) innermost
    /// only; a list item directly inside a list, and only there; a row directly inside a table and a
    /// cell directly inside a row; a cell's column among its table's columns.
    package func validationFailure() -> (path: String, reason: String)? {
        var seen = Set<Int>()
        for (position, component) in components.enumerated() {
            let path = "[\(position)]"
            guard ModelRanges.identity.contains(component.identity) else {
                return (path + ".identity", "identity \(component.identity) is outside ±2^53")
            }
            guard seen.insert(component.identity).inserted else {
                return (path + ".identity", "identity \(component.identity) appears twice in one intent")
            }
            if let failure = component.kind.rangeFailure() { return (path + "." + failure.field, failure.reason) }
            if position > 0, component.kind.isLeaf {
                return (path + ".kind", "a \(component.kind.name) cannot contain another block")
            }
            let parent = position + 1 < components.count ? components[position + 1].kind : nil
            let child = position > 0 ? components[position - 1].kind : nil
            switch component.kind {
            case .listItem:
                switch parent {
                case .orderedList?, .unorderedList?: break
                default: return (path + ".kind", "a list item must lie directly inside a list")
                }
            case .orderedList, .unorderedList:
                if let child, !child.isListItem {
                    return ("[\(position - 1)].kind", "a list holds only list items, not a \(child.name)")
                }
            case .tableHeaderRow, .tableRow:
                guard case .table? = parent else { return (path + ".kind", "a table row must lie directly inside a table") }
                if let child, !child.isTableCell {
                    return ("[\(position - 1)].kind", "a table row holds only cells, not a \(child.name)")
                }
            case .table:
                if let child, !child.isTableRow {
                    return ("[\(position - 1)].kind", "a table holds only rows, not a \(child.name)")
                }
            case .tableCell(let columnIndex):
                switch parent {
                case .tableHeaderRow?, .tableRow?: break
                default: return (path + ".kind", "a table cell must lie directly inside a table row")
                }
                if position + 2 < components.count, case .table(let columns) = components[position + 2].kind,
                    columnIndex >= columns.count
                {
                    return (path + ".columnIndex", "column \(columnIndex) is not among the table's \(columns.count) columns")
                }
            case .paragraph, .header, .codeBlock, .blockQuote, .thematicBreak:
                break
            @unknown default:
                break
            }
        }
        return nil
    }
}

extension PresentationIntent.Kind {
    fileprivate var isListItem: Bool {
        if case .listItem = self { return true }
        return false
    }

    fileprivate var isTableRow: Bool {
        switch self {
        case .tableRow, .tableHeaderRow: return true
        case .paragraph, .header, .orderedList, .unorderedList, .listItem, .codeBlock, .blockQuote, .thematicBreak,
            .table, .tableCell:
            return false
        @unknown default:
            return false
        }
    }
}

extension Comparable {
    /// The value, or the nearest bound of `range` outside it.
    func clamped(to range: ClosedRange<Self>) -> Self { min(max(self, range.lowerBound), range.upperBound) }
}
