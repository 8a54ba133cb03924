/// IntentMark's JSON form of inline intents: an array of option names (a raw integer is read too).
struct InlineJSON: Codable {
    var value: InlinePresentationIntent

    init(_ value: InlinePresentationIntent) { self.value = value }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(value.names)
    }

    init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let raw = try? container.decode(UInt.self) {
            value = InlinePresentationIntent(rawValue: raw)
            return
        }
        var value = InlinePresentationIntent()
        for name in try container.decode([String].self) {
            if let option = InlinePresentationIntent.named.first(where: { $0.name == name })?.option {
                value.insert(option)
            } else if name.hasPrefix("bit "), let bit = UInt(name.dropFirst(4)), bit < 64 {
                value.insert(InlinePresentationIntent(rawValue: 1 << bit))
            } else {
                throw DecodingError.dataCorruptedError(
                    in: container, debugDescription: "unknown inline presentation intent '\(name)'")
            }
        }
        self.value = value
    }
}
