/// IntentMark's JSON form of a table column: its alignment's name.
struct TableColumnJSON: Codable {
    var value: PresentationIntent.TableColumn

    init(_ value: PresentationIntent.TableColumn) { self.value = value }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value.alignment.name)
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let name = try container.decode(String.self)
        guard let alignment = PresentationIntent.TableColumn.Alignment.every.first(where: { $0.name == name }) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "unknown column alignment '\(name)'")
        }
        value = PresentationIntent.TableColumn(alignment: alignment)
    }
}
