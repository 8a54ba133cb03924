/// Bounds on parser input that real documents never reach, so hostile input fails fast with a
/// typed error instead of running for minutes.
///
/// The system libcmark-gfm (0.29.0.gfm.6) is super-linear on a few hostile shapes (fixed upstream
/// only in later releases; see `shared/corpus/PATHOLOGICAL.md`): very deep nesting of block quotes
/// and lists, deep nesting kept open across many lines, and long runs of link or image openers.
/// A linear pre-scan measures those shapes before libcmark-gfm runs; when one exceeds its limit the
/// parser throws ``IntentModel/IntentMarkError/limitExceeded(limit:maximum:found:)`` naming it.
/// The defaults are far above real documents: the real-world corpus ×10 (10 MB) stays below 2% of
/// each (a test checks it). The command line's `--unlimited` lifts them.
public struct ParsingLimits: Sendable, Hashable, Codable {
    /// The largest input accepted, in UTF-8 bytes. Default 1 GiB.
    public var maximumInputBytes: Int
    /// The most block-container markers (`>`, `-`, `+`, `*`, `1.`, `1)`) that open one line. Default
    /// 10 000, so 10 000-deep nesting parses.
    public var maximumNestingDepth: Int
    /// The sum over all lines of the nesting depth that stays open across them (blank and lazy lines
    /// included): what libcmark-gfm's cost grows with on deeply nested lists followed by many lines.
    /// Default 30 000 000.
    public var maximumNestingWork: Int
    /// The most `[` in one chunk of text between blank lines: libcmark-gfm's bracket matching is
    /// quadratic on long runs of openers such as `![[]()`. Default 50 000 (a list of 50 000 links
    /// with no blank line between them is the largest block accepted).
    public var maximumBracketsPerBlock: Int

    /// Creates limits; each defaults as documented on its property.
    public init(
        maximumInputBytes: Int = 1 << 30, maximumNestingDepth: Int = 10_000, maximumNestingWork: Int = 30_000_000,
        maximumBracketsPerBlock: Int = 50_000
    ) {
        self.maximumInputBytes = maximumInputBytes
        self.maximumNestingDepth = maximumNestingDepth
        self.maximumNestingWork = maximumNestingWork
        self.maximumBracketsPerBlock = maximumBracketsPerBlock
    }

    /// The defaults.
    public static let `default` = ParsingLimits()

    /// No limits but the input size (for trusted input; libcmark-gfm may then run for minutes on
    /// hostile shapes).
    public static let unlimited = ParsingLimits(
        maximumNestingDepth: .max, maximumNestingWork: .max, maximumBracketsPerBlock: .max)

    enum CodingKeys: String, CodingKey {
        case maximumInputBytes, maximumNestingDepth, maximumNestingWork, maximumBracketsPerBlock
    }

    /// Decodes limits; absent keys take their defaults.
    /// - Parameter decoder: The decoder.
    /// - Throws: `DecodingError` for a value of the wrong type.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let defaults = ParsingLimits()
        self.init(
            maximumInputBytes: try container.decodeIfPresent(Int.self, forKey: .maximumInputBytes) ?? defaults.maximumInputBytes,
            maximumNestingDepth: try container.decodeIfPresent(Int.self, forKey: .maximumNestingDepth)
                ?? defaults.maximumNestingDepth,
            maximumNestingWork: try container.decodeIfPresent(Int.self, forKey: .maximumNestingWork)
                ?? defaults.maximumNestingWork,
            maximumBracketsPerBlock: try container.decodeIfPresent(Int.self, forKey: .maximumBracketsPerBlock)
                ?? defaults.maximumBracketsPerBlock)
    }
}
