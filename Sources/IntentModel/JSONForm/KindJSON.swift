/// IntentMark's JSON form of a block kind: `{"kind": name, <fields>}`.
struct KindJSON: Codable {
    var value: PresentationIntent.Kind

    init(_ value: PresentationIntent.Kind) { self.value = value }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: IntentCodingKeys.self)
        try value.encodeFields(into: &container)
    }

    init(from decoder: any Decoder) throws {
        value = try PresentationIntent.Kind(fieldsFrom: try decoder.container(keyedBy: IntentCodingKeys.self))
    }
}
