// The stable JSON form of intents (see the documentation's "Outputs" article, "JSON form").
//
//   PresentationIntent  → [component, …]   innermost first
//   IntentType          → {"kind": "listItem", "ordinal": 3, "identity": 2}
//   Kind                → {"kind": "header", "level": 1}   (fields flat beside "kind")
//   TableColumn         → "left" | "center" | "right"

enum IntentCodingKeys: String, CodingKey {
    case kind, identity, level, ordinal, languageHint, columns, rowIndex, columnIndex
}

#if !canImport(Darwin) && !INTENTMARK_DARWIN_STANDIN
    // On Apple platforms Foundation's types are `Codable` in Foundation's own way. IntentMark's JSON
    // form relies on neither conformance: it codes intents through `IntentJSON`, `IntentTypeJSON`,
    // `KindJSON`, `TableColumnJSON` and `InlineJSON` (below), the same on every platform.

    extension PresentationIntent {
        /// Encodes the intent as a JSON array of its components, innermost first.
        /// - Parameter encoder: The encoder.
        /// - Throws: Whatever the encoder throws.
        public func encode(to encoder: any Encoder) throws { try IntentJSON(self).encode(to: encoder) }

        /// Decodes the array form written by ``encode(to:)``.
        /// - Parameter decoder: The decoder.
        /// - Throws: `DecodingError` when the value is not an array of components.
        public init(from decoder: any Decoder) throws { self = try IntentJSON(from: decoder).value }
    }

    extension PresentationIntent.IntentType {
        /// Encodes `{"kind": …, <kind's fields>, "identity": N}`.
        /// - Parameter encoder: The encoder.
        /// - Throws: Whatever the encoder throws.
        public func encode(to encoder: any Encoder) throws { try IntentTypeJSON(self).encode(to: encoder) }

        /// Decodes the form written by ``encode(to:)``.
        /// - Parameter decoder: The decoder.
        /// - Throws: `DecodingError` for an unknown kind name or a missing field.
        public init(from decoder: any Decoder) throws { self = try IntentTypeJSON(from: decoder).value }
    }

    extension PresentationIntent.Kind {
        /// Encodes `{"kind": name, <fields>}`.
        /// - Parameter encoder: The encoder.
        /// - Throws: Whatever the encoder throws.
        public func encode(to encoder: any Encoder) throws { try KindJSON(self).encode(to: encoder) }

        /// Decodes the form written by ``encode(to:)``.
        /// - Parameter decoder: The decoder.
        /// - Throws: `DecodingError` for an unknown kind name or a missing field.
        public init(from decoder: any Decoder) throws { self = try KindJSON(from: decoder).value }
    }

    extension PresentationIntent.TableColumn {
        /// Encodes the alignment name (`"left"`, `"center"`, `"right"`).
        /// - Parameter encoder: The encoder.
        /// - Throws: Whatever the encoder throws.
        public func encode(to encoder: any Encoder) throws { try TableColumnJSON(self).encode(to: encoder) }

        /// Decodes an alignment name.
        /// - Parameter decoder: The decoder.
        /// - Throws: `DecodingError` for a name other than `left`, `center`, `right`.
        public init(from decoder: any Decoder) throws { self = try TableColumnJSON(from: decoder).value }
    }

    extension InlinePresentationIntent {
        /// Encodes the option names as a JSON array (`["emphasized", "code"]`).
        /// - Parameter encoder: The encoder.
        /// - Throws: Whatever the encoder throws.
        public func encode(to encoder: any Encoder) throws { try InlineJSON(self).encode(to: encoder) }

        /// Decodes an array of option names, or a raw integer.
        /// - Parameter decoder: The decoder.
        /// - Throws: `DecodingError` for an unknown name.
        public init(from decoder: any Decoder) throws { self = try InlineJSON(from: decoder).value }
    }
#endif

extension PresentationIntent.Kind {
    /// The kind's name as the JSON form spells it (`"header"`, `"tableCell"`, …).
    public var name: String {
        switch self {
        case .paragraph: return "paragraph"
        case .header: return "header"
        case .orderedList: return "orderedList"
        case .unorderedList: return "unorderedList"
        case .listItem: return "listItem"
        case .codeBlock: return "codeBlock"
        case .blockQuote: return "blockQuote"
        case .thematicBreak: return "thematicBreak"
        case .table: return "table"
        case .tableHeaderRow: return "tableHeaderRow"
        case .tableRow: return "tableRow"
        case .tableCell: return "tableCell"
        @unknown default:
            return "paragraph"
        }
    }

    func encodeFields(into container: inout KeyedEncodingContainer<IntentCodingKeys>) throws {
        try container.encode(name, forKey: .kind)
        switch self {
        case .paragraph, .orderedList, .unorderedList, .blockQuote, .thematicBreak, .tableHeaderRow:
            break
        case .header(let level): try container.encode(level, forKey: .level)
        case .listItem(let ordinal): try container.encode(ordinal, forKey: .ordinal)
        case .codeBlock(let hint): try container.encodeIfPresent(hint, forKey: .languageHint)
        case .table(let columns): try container.encode(columns.map(\.alignment.name), forKey: .columns)
        case .tableRow(let rowIndex): try container.encode(rowIndex, forKey: .rowIndex)
        case .tableCell(let columnIndex): try container.encode(columnIndex, forKey: .columnIndex)
        @unknown default:
            break
        }
    }

    init(fieldsFrom container: KeyedDecodingContainer<IntentCodingKeys>) throws {
        let name = try container.decode(String.self, forKey: .kind)
        switch name {
        case "paragraph": self = .paragraph
        case "header": self = .header(level: try container.decode(Int.self, forKey: .level))
        case "orderedList": self = .orderedList
        case "unorderedList": self = .unorderedList
        case "listItem": self = .listItem(ordinal: try container.decode(Int.self, forKey: .ordinal))
        case "codeBlock":
            self = .codeBlock(languageHint: try container.decodeIfPresent(String.self, forKey: .languageHint))
        case "blockQuote": self = .blockQuote
        case "thematicBreak": self = .thematicBreak
        case "table":
            let names = try container.decode([String].self, forKey: .columns)
            var columns: [PresentationIntent.TableColumn] = []
            for columnName in names {
                guard let alignment = PresentationIntent.TableColumn.Alignment.every.first(where: { $0.name == columnName })
                else {
                    throw DecodingError.dataCorruptedError(
                        forKey: .columns, in: container,
                        debugDescription: "unknown column alignment '\(columnName)' (expected left, center or right)")
                }
                columns.append(PresentationIntent.TableColumn(alignment: alignment))
            }
            self = .table(columns: columns)
        case "tableHeaderRow": self = .tableHeaderRow
        case "tableRow": self = .tableRow(rowIndex: try container.decode(Int.self, forKey: .rowIndex))
        case "tableCell": self = .tableCell(columnIndex: try container.decode(Int.self, forKey: .columnIndex))
        default:
            throw DecodingError.dataCorruptedError(
                forKey: .kind, in: container, debugDescription: "unknown block kind '\(name)'")
        }
    }
}
