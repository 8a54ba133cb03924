/// The value of one Apple extended attribute, `^[text](name: value)`: any JSON5 value.
///
/// Apple's parser decodes such values into typed `MarkdownDecodableAttributedStringKey`
/// attributes; this library keeps them as data, so no attribute is ignored for lack of a type.
/// Integers that fit in `Int` stay integers; other numbers are `Double`.
public enum ExtendedAttributeValue: Sendable, Hashable, Codable {
    /// `null`.
    case null
    /// `true` or `false`.
    case bool(Bool)
    /// An integer number.
    case integer(Int)
    /// A non-integer number (or one outside `Int`'s range).
    case number(Double)
    /// A string.
    case string(String)
    /// An array.
    case array([ExtendedAttributeValue])
    /// An object; key order is not kept.
    case object([String: ExtendedAttributeValue])

    /// Encodes the value as plain JSON.
    /// - Parameter encoder: The encoder.
    /// - Throws: Whatever the encoder throws (for example for a non-finite number).
    public func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .null: try container.encodeNil()
        case .bool(let value): try container.encode(value)
        case .integer(let value): try container.encode(value)
        case .number(let value): try container.encode(value)
        case .string(let value): try container.encode(value)
        case .array(let value): try container.encode(value)
        case .object(let value): try container.encode(value)
        }
    }

    /// Decodes any JSON (or, with `JSONDecoder.allowsJSON5`, JSON5) value.
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError.dataCorrupted` when the value is none of the JSON types.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            self = .null
        } else if let value = try? container.decode(Bool.self) {
            self = .bool(value)
        } else if let value = try? container.decode(Int.self) {
            self = .integer(value)
        } else if let value = try? container.decode(Double.self) {
            self = .number(value)
        } else if let value = try? container.decode(String.self) {
            self = .string(value)
        } else if let value = try? container.decode([ExtendedAttributeValue].self) {
            self = .array(value)
        } else if let value = try? container.decode([String: ExtendedAttributeValue].self) {
            self = .object(value)
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a JSON value")
        }
    }
}

extension ExtendedAttributeValue {
    /// Whether every number in the value is finite (JSON has no `Infinity` or `NaN`; JSON5 does).
    public var isFinite: Bool {
        switch self {
        case .null, .bool, .integer, .string: return true
        case .number(let value): return value.isFinite
        case .array(let values): return values.allSatisfy(\.isFinite)
        case .object(let values): return values.values.allSatisfy(\.isFinite)
        }
    }
}

extension ExtendedAttributeValue: CustomStringConvertible {
    /// Compact JSON-like text (`true`, `3`, `"x"`, `[1, 2]`, `{a: 1}` with keys sorted).
    public var description: String {
        switch self {
        case .null: return "null"
        case .bool(let value): return String(value)
        case .integer(let value): return String(value)
        case .number(let value): return String(value)
        case .string(let value): return "\"" + value + "\""
        case .array(let values): return "[" + values.map(\.description).joined(separator: ", ") + "]"
        case .object(let values):
            return "{" + values.sorted { $0.key < $1.key }.map { "\($0.key): \($0.value)" }.joined(separator: ", ") + "}"
        }
    }
}
