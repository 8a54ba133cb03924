import Foundation

extension IntentDocument {
    /// Whether the document needs JSON version 4: it has front matter or a GitHub alert.
    var needsVersion4: Bool { frontMatter != nil || blocks.contains { $0.markup?.alert != nil } }

    /// The JSON form, version 3 (see ``IntentDocument/init(from:)`` for every version): each
    /// block once, in a `blocks` table, and runs that refer to it — so the size is linear in the
    /// text, the runs and the blocks, however deep or wide the document (a table's columns are
    /// written once, not once per run).
    ///
    /// ```json
    /// {"format": "intentmark-document", "version": 3,
    /// "blocks": [
    /// {"kind": "header", "level": 1, "identity": 1},
    /// {"kind": "paragraph", "identity": 2}
    /// ],
    /// "spans": [],
    /// "attributes": [{},{"isBlockSeparator":true}],
    /// "runs": [
    /// {"text": "Title", "block": 0},
    /// {"text": "\n", "block": 0, "attributes": 1},
    /// {"text": "bold", "block": 1, "inline": ["stronglyEmphasized"]},
    /// {"text": "\n", "block": 1, "attributes": 1}
    /// ]}
    /// ```
    ///
    /// - `blocks`: `kind` and the kind's fields (as in an intent component), `identity`, `parent`
    ///   (the index of the enclosing block, always an earlier entry; absent at the top) and
    ///   `markup` (``BlockMarkup``, when the block has any).
    /// - `spans`: as in version 2 (`kind`, `identity`, `parent`, `htmlTag`).
    /// - `attributes`: the distinct ``RunAttributes`` (the fields of a version-2 run besides
    ///   `text`, `intent`, `inline`, `blockMarkup` and `span`); entry 0 is the empty set.
    /// - `runs`: `text`, and only when present `block` (the run's leaf block), `inline` (option
    ///   names), `attributes` (an index, absent for 0) and `span` (its innermost span).
    ///
    /// A document with front matter or a GitHub alert is written as version 4: the same tables,
    /// with a `frontMatter` object after `version` and `alert` in the markup of alert quotes.
    ///
    /// Keys come in this order and every block and run on a line of its own, so the output is
    /// stable byte for byte and diffs well. Written by a streaming writer: one pass over the
    /// tables, time and memory linear in the output.
    /// - Returns: UTF-8 JSON.
    /// - Throws: `EncodingError` only for a non-finite number in an extended attribute.
    public func jsonData() throws -> Data {
        var output = ByteOutput(capacity: text.utf8.count * 2 + runRecords.count * 32 + blocks.count * 48 + 256)
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        output.append("{\"format\": \"intentmark-document\", \"version\": ")
        output.appendJSONInteger(needsVersion4 ? 4 : 3)
        if let frontMatter {
            output.append(",\n\"frontMatter\": ")
            output.append(Array(try encoder.encode(frontMatter)))
        }
        output.append(",\n\"blocks\": [")
        let (order, newIndex) = jsonBlockOrder()
        try writeJSONBlocks(order, newIndex: newIndex, encoder: encoder, into: &output)
        output.append("\n],\n\"spans\": [")
        try writeJSONSpans(encoder: encoder, into: &output)
        output.append(spans.isEmpty ? "]" : "\n]")
        output.append(",\n\"attributes\": ")
        output.append(Array(try encoder.encode(attributeTable)))
        output.append(",\n\"runs\": [")
        var runs = JSONRunsWriter(output: output, blockIndex: newIndex)
        walk(&runs)
        output = runs.takeOutput()
        output.append(runRecords.isEmpty ? "]}\n" : "\n]}\n")
        return output.data()
    }

    /// The blocks in the JSON form's order — parents before children (the tables are in pre-order
    /// already; this only guards the rule) — and each block's index in it.
    private func jsonBlockOrder() -> (order: [Int32], newIndex: [Int32]) {
        // Parents before children (the tables are in pre-order already; this only guards the rule).
        var newIndex = [Int32](repeating: -1, count: blocks.count)
        var order: [Int32] = []
        order.reserveCapacity(blocks.count)
        for index in blocks.indices where newIndex[index] < 0 {
            var chain: [Int32] = []
            var current = Int32(index)
            while current >= 0, newIndex[Int(current)] < 0 {
                chain.append(current)
                current = blocks[Int(current)].parent
            }
            for block in chain.reversed() {
                newIndex[Int(block)] = Int32(order.count)
                order.append(block)
            }
        }
        return (order, newIndex)
    }

    /// Writes the `"blocks"` entries, one line each, in `order`, parents by their new index.
    private func writeJSONBlocks(
        _ order: [Int32], newIndex: [Int32], encoder: JSONEncoder, into output: inout ByteOutput
    ) throws {
        var markupCache: [BlockMarkup: [UInt8]] = [:]
        for (position, old) in order.enumerated() {
            output.append(position == 0 ? "\n" : ",\n")
            let block = blocks[Int(old)]
            output.append("{\"kind\": ")
            output.appendJSONString(block.kind.name)
            switch block.kind {
            case .paragraph, .orderedList, .unorderedList, .blockQuote, .thematicBreak, .tableHeaderRow:
                break
            case .header(let level):
                output.append(", \"level\": ")
                output.appendJSONInteger(level)
            case .listItem(let ordinal):
                output.append(", \"ordinal\": ")
                output.appendJSONInteger(ordinal)
            case .codeBlock(let hint):
                if let hint {
                    output.append(", \"languageHint\": ")
                    output.appendJSONString(hint)
                }
            case .table(let columns):
                output.append(", \"columns\": [")
                for (column, value) in columns.enumerated() {
                    if column > 0 { output.append(", ") }
                    output.appendJSONString(value.alignment.name)
                }
                output.append("]")
            case .tableRow(let rowIndex):
                output.append(", \"rowIndex\": ")
                output.appendJSONInteger(rowIndex)
            case .tableCell(let columnIndex):
                output.append(", \"columnIndex\": ")
                output.appendJSONInteger(columnIndex)
            @unknown default:
                break
            }
            output.append(", \"identity\": ")
            output.appendJSONInteger(block.identity)
            if block.parent >= 0 {
                output.append(", \"parent\": ")
                output.appendJSONInteger(Int(newIndex[Int(block.parent)]))
            }
            if let markup = block.markup, !markup.isEmpty {
                if markupCache[markup] == nil { markupCache[markup] = Array(try encoder.encode(markup)) }
                output.append(", \"markup\": ")
                output.append(markupCache[markup] ?? [])
            }
            output.append("}")
        }
    }

    /// Writes the `"spans"` entries, one line each.
    private func writeJSONSpans(encoder: JSONEncoder, into output: inout ByteOutput) throws {
        for (index, span) in spans.enumerated() {
            output.append(index == 0 ? "\n{\"kind\": " : ",\n{\"kind\": ")
            output.appendJSONString(span.kind.rawValue)
            output.append(", \"identity\": ")
            output.appendJSONInteger(span.identity)
            if span.parent >= 0 {
                output.append(", \"parent\": ")
                output.appendJSONInteger(Int(span.parent))
            }
            if span.kind == .htmlFormatting, let tag = span.htmlTag {
                output.append(", \"htmlTag\": ")
                output.append(Array(try encoder.encode(tag)))
            }
            output.append("}")
        }
    }
}
