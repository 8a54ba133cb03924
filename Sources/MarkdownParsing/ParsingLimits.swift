/// Bounds on parser input that real documents never reach, so hostile input fails fast with a
/// typed error instead of running for minutes.
///
/// When a limit is exceeded the parser throws ``IntentModel/IntentMarkError/limitExceeded(limit:maximum:found:)``
/// before libcmark-gfm runs.
public struct ParsingLimits: Sendable, Hashable, Codable {
    /// The largest input accepted, in UTF-8 bytes. Default 1 GiB.
    public var maximumInputBytes: Int

    /// Creates limits.
    /// - Parameter maximumInputBytes: Largest input in UTF-8 bytes.
    public init(maximumInputBytes: Int = 1 << 30) {
        self.maximumInputBytes = maximumInputBytes
    }

    /// The defaults.
    public static let `default` = ParsingLimits()

    enum CodingKeys: String, CodingKey { case maximumInputBytes }

    /// Decodes limits; absent keys take their defaults.
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` for a value of the wrong type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(maximumInputBytes: try container.decodeIfPresent(Int.self, forKey: .maximumInputBytes) ?? (1 << 30))
    }
}
