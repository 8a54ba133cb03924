import Foundation

extension IntentDocument {
    /// A block of the version-3 `blocks` table: its kind with the kind's fields, identity, the
    /// index of its parent and its markup.
    struct BlockJSON: Decodable {
        var kind: PresentationIntent.Kind
        var identity: Int
        var parent: Int?
        var markup: BlockMarkup?

        private enum Keys: String, CodingKey { case identity, parent, markup }

        init(from decoder: any Decoder) throws {
            kind = try KindJSON(from: decoder).value
            let container = try decoder.container(keyedBy: Keys.self)
            identity = try container.decode(Int.self, forKey: .identity)
            parent = try container.decodeIfPresent(Int.self, forKey: .parent)
            markup = try container.decodeIfPresent(BlockMarkup.self, forKey: .markup)
        }
    }

    /// A run of version 3: its text and indices into the tables.
    struct RunJSONVersion3: Decodable {
        var text: String
        var block: Int?
        var inline: InlineJSON?
        var attributes: Int?
        var span: Int?
    }

    /// Reads the tables of version 3 (``jsonData()``) into this empty document, checking every
    /// rule the writers rely on; `spans` is the span table already read.
    /// - Throws: ``IntentMarkError/invalidDocumentJSON(reason:)`` naming the JSON path of the
    ///   first problem; `DecodingError` for malformed entries.
    mutating func readVersion3(_ container: KeyedDecodingContainer<DocumentKeys>, spans paths: [InlineSpanPath]) throws {
        try readBlocksVersion3(try container.decodeIfPresent([BlockJSON].self, forKey: .blocks) ?? [])
        let attributeEntries = try Self.checkedAttributes(try container.decodeIfPresent([RunAttributes].self, forKey: .attributes) ?? [])
        var isUsed = [Bool](repeating: false, count: blocks.count)
        var spanCache: [ObjectIdentifier: Int32] = [:]
        for (position, run) in try container.decode([RunJSONVersion3].self, forKey: .runs).enumerated() {
            func invalid(_ field: String, _ reason: String) -> IntentMarkError {
                .invalidDocumentJSON(reason: "at .runs[\(position)]\(field): \(reason)")
            }
            var blockIndex: Int32 = -1
            if let block = run.block {
                guard block >= 0, block < blocks.count else { throw invalid(".block", "block \(block) is not in the blocks table") }
                blockIndex = Int32(block)
                var current = blockIndex
                while current >= 0, !isUsed[Int(current)] {
                    isUsed[Int(current)] = true
                    current = blocks[Int(current)].parent
                }
            }
            var attributes = RunAttributes()
            if let index = run.attributes {
                guard index >= 0, index < max(attributeEntries.count, 1) else {
                    throw invalid(".attributes", "attributes \(index) is not in the attributes table")
                }
                if index < attributeEntries.count { attributes = attributeEntries[index] }
            }
            var path: InlineSpanPath? = nil
            if let spanIndex = run.span {
                guard spanIndex >= 0, spanIndex < paths.count else { throw invalid(".span", "span \(spanIndex) is not in the spans table") }
                path = paths[spanIndex]
            }
            append(
                run.text, block: blockIndex, inlinePresentationIntent: run.inline?.value ?? [], attributes: attributes, inlineSpans: path,
                spanCache: &spanCache)
        }
        if let unused = isUsed.firstIndex(of: false) {
            throw IntentMarkError.invalidDocumentJSON(reason: "at .blocks[\(unused)]: no run lies in this block")
        }
    }

    /// Reads version 3's block table into this empty document, checking identities (in range,
    /// unique), kinds and markup in range, parents before their children, and containment.
    /// - Throws: ``IntentMarkError/invalidDocumentJSON(reason:)`` naming the first bad entry.
    private mutating func readBlocksVersion3(_ blockTable: [BlockJSON]) throws {
        var identities = Set<Int>()
        for (index, entry) in blockTable.enumerated() {
            func invalid(_ field: String, _ reason: String) -> IntentMarkError {
                .invalidDocumentJSON(reason: "at .blocks[\(index)]\(field): \(reason)")
            }
            guard ModelRanges.identity.contains(entry.identity) else {
                throw invalid(".identity", "identity \(entry.identity) is outside ±2^53")
            }
            guard identities.insert(entry.identity).inserted else {
                throw invalid(".identity", "identity \(entry.identity) names two blocks")
            }
            if let failure = entry.kind.rangeFailure() { throw invalid("." + failure.field, failure.reason) }
            if let failure = entry.markup?.validationFailure() { throw invalid(".markup" + failure.path, failure.reason) }
            var parentKind: PresentationIntent.Kind? = nil
            var grandparentKind: PresentationIntent.Kind? = nil
            if let parent = entry.parent {
                guard parent >= 0, parent < index else {
                    throw invalid(".parent", "\(parent) is not an earlier entry (a parent comes before its children)")
                }
                parentKind = blockTable[parent].kind
                grandparentKind = blockTable[parent].parent.map { blockTable[$0].kind }
            }
            if let reason = Self.containmentFailure(entry.kind, in: parentKind, under: grandparentKind) {
                throw invalid(".kind", reason)
            }
            blocks.append(
                Block(
                    kind: entry.kind, identity: entry.identity, parent: Int32(entry.parent ?? -1),
                    markup: entry.markup.flatMap { $0.isEmpty ? nil : $0 }))
        }
    }

    /// Version 3's attribute table, each entry's display attributes and source position checked.
    /// - Throws: ``IntentMarkError/invalidDocumentJSON(reason:)`` naming the first bad entry.
    private static func checkedAttributes(_ entries: [RunAttributes]) throws -> [RunAttributes] {
        for (index, entry) in entries.enumerated() {
            if let failure = entry.display?.validationFailure() {
                throw IntentMarkError.invalidDocumentJSON(reason: "at .attributes[\(index)].display\(failure.path): \(failure.reason)")
            }
            if let failure = entry.sourcePosition?.validationFailure() {
                throw IntentMarkError.invalidDocumentJSON(
                    reason: "at .attributes[\(index)].sourcePosition\(failure.path): \(failure.reason)")
            }
        }
        return entries
    }

    /// Why a block of `kind` cannot lie directly in a block of `parent` (itself in `grandparent`),
    /// or `nil`: leaves hold no blocks, lists only items and items only lie in lists, tables only
    /// rows and rows only in tables, rows only cells and cells only in rows, within the table's
    /// columns.
    static func containmentFailure(
        _ kind: PresentationIntent.Kind, in parent: PresentationIntent.Kind?, under grandparent: PresentationIntent.Kind?
    ) -> String? {
        if let parent, parent.isLeaf { return "a \(parent.name) cannot contain another block" }
        switch kind {
        case .listItem:
            switch parent {
            case .orderedList?, .unorderedList?: break
            default: return "a list item must lie directly inside a list"
            }
        case .tableHeaderRow, .tableRow:
            guard case .table? = parent else { return "a table row must lie directly inside a table" }
        case .tableCell(let columnIndex):
            switch parent {
            case .tableHeaderRow?, .tableRow?: break
            default: return "a table cell must lie directly inside a table row"
            }
            if case .table(let columns)? = grandparent, columnIndex >= columns.count {
                return "column \(columnIndex) is not among the table's \(columns.count) columns"
            }
        case .paragraph, .header, .orderedList, .unorderedList, .blockQuote, .codeBlock, .thematicBreak, .table:
            break
        @unknown default:
            break
        }
        switch parent {
        case .orderedList?, .unorderedList?:
            if case .listItem = kind {} else { return "a list holds only list items, not a \(kind.name)" }
        case .table?:
            switch kind {
            case .tableHeaderRow, .tableRow: break
            default: return "a table holds only rows, not a \(kind.name)"
            }
        case .tableHeaderRow?, .tableRow?:
            if case .tableCell = kind {} else { return "a table row holds only cells, not a \(kind.name)" }
        default:
            break
        }
        return nil
    }
}
