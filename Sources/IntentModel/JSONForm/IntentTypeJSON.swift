/// IntentMark's JSON form of one component: `{"kind": …, <kind's fields>, "identity": N}`.
struct IntentTypeJSON: Codable {
    var value: PresentationIntent.IntentType

    init(_ value: PresentationIntent.IntentType) { self.value = value }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: IntentCodingKeys.self)
        try value.kind.encodeFields(into: &container)
        try container.encode(value.identity, forKey: .identity)
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: IntentCodingKeys.self)
        value = .component(
            try PresentationIntent.Kind(fieldsFrom: container), identity: try container.decode(Int.self, forKey: .identity))
    }
}
