/// IntentMark's JSON form of a ``PresentationIntent``: an array of components, innermost first.
struct IntentJSON: Codable {
    var value: PresentationIntent

    init(_ value: PresentationIntent) { self.value = value }

    func encode(to encoder: any Encoder) throws {
        var container = encoder.unkeyedContainer()
        for component in value.components { try container.encode(IntentTypeJSON(component)) }
    }

    init(from decoder: any Decoder) throws {
        var container = try decoder.unkeyedContainer()
        var components: [PresentationIntent.IntentType] = []
        while !container.isAtEnd { components.append(try container.decode(IntentTypeJSON.self).value) }
        value = PresentationIntent(types: components)
    }
}
