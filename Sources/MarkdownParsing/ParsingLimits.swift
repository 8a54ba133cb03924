/// Bounds on parser input that real documents never reach, so hostile input fails fast with a
/// typed error instead of running for minutes.
///
/// The system libcmark-gfm (0.29.0.gfm.6) is super-linear on a few hostile shapes (fixed upstream
/// only in later releases; cmark's own pathological tests, `test/pathological_tests.py`, list them): very deep nesting of block quotes
/// and lists, deep nesting kept open across many lines, long runs of link or image openers, and
/// table rows of very many cells.
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
    /// with no blank line between them is the largest block accepted). Each row of a table at the
    /// top level counts as a chunk of its own (libcmark-gfm parses each cell apart), when the
    /// pre-scan can tell it is one: a row with a `|`, as many cells as the header and delimiter
    /// row, no `>` and no `\|`; from any other line the table's rest counts as one chunk.
    public var maximumBracketsPerBlock: Int
    /// The sum over chunks of text between blank lines of the square of their `[` count: bracket
    /// matching's quadratic cost across the whole document, so that many blocks just under
    /// ``maximumBracketsPerBlock`` cannot add up. Default 2 500 000 000 (one block at the per-block
    /// limit, about 2.6 s of libcmark-gfm on `![[]()` runs in a release build here).
    public var maximumBracketWork: Int
    /// The most emphasis delimiter characters (`*`, `_`, `~`) in one chunk of text between blank
    /// lines (a table's rows counted as ``maximumBracketsPerBlock`` says): libcmark-gfm 0.29's delimiter processing is quadratic on some runs of them (cmark
    /// issue #389, `*a ` … `_a*_ ` …: 80 000 delimiters took 1.2 s, 160 000 up to 31 s). Default
    /// 100 000 (about 2 s of that shape).
    public var maximumEmphasisDelimitersPerBlock: Int
    /// The sum over chunks of the square of their emphasis delimiter count (the quadratic cost
    /// across the document). Default 10 000 000 000 (one block at the per-block limit).
    public var maximumEmphasisWork: Int
    /// The sum over lines of the nesting depth open at the line times the inline markup characters
    /// on it (`*`, `_`, `~`, backtick, `[`, `]`, `!`, `<`, `&`, `\`): libcmark-gfm's inline cost in a
    /// deeply nested block grows with both (`>` × 10 000 then `a*` × 160 000 took 10 s). Default
    /// 200 000 000 (about 1.3 s of that shape).
    public var maximumNestedInlineWork: Int
    /// The sum over lines of the square of their `|` count: libcmark-gfm's table extension adds
    /// each cell of a row by walking the row's cells so far, so a row costs the square of its
    /// cells (one row of 21 845 cells, with its header and delimiter rows, took 6.3 s). Default
    /// 300 000 000 (about 1.3 s of that shape; a table of 100 columns and 30 000 rows).
    public var maximumTableCellWork: Int

    /// Creates limits; each defaults as documented on its property.
    public init(
        maximumInputBytes: Int = 1 << 30, maximumNestingDepth: Int = 10_000, maximumNestingWork: Int = 30_000_000,
        maximumBracketsPerBlock: Int = 50_000, maximumBracketWork: Int = 2_500_000_000,
        maximumEmphasisDelimitersPerBlock: Int = 100_000, maximumEmphasisWork: Int = 10_000_000_000,
        maximumNestedInlineWork: Int = 200_000_000, maximumTableCellWork: Int = 300_000_000
    ) {
        self.maximumInputBytes = maximumInputBytes
        self.maximumNestingDepth = maximumNestingDepth
        self.maximumNestingWork = maximumNestingWork
        self.maximumBracketsPerBlock = maximumBracketsPerBlock
        self.maximumBracketWork = maximumBracketWork
        self.maximumEmphasisDelimitersPerBlock = maximumEmphasisDelimitersPerBlock
        self.maximumEmphasisWork = maximumEmphasisWork
        self.maximumNestedInlineWork = maximumNestedInlineWork
        self.maximumTableCellWork = maximumTableCellWork
    }

    /// The defaults.
    public static let `default` = ParsingLimits()

    /// No limits but the input size (for trusted input; libcmark-gfm may then run for minutes on
    /// hostile shapes).
    public static let unlimited = ParsingLimits(
        maximumNestingDepth: .max, maximumNestingWork: .max, maximumBracketsPerBlock: .max, maximumBracketWork: .max,
        maximumEmphasisDelimitersPerBlock: .max, maximumEmphasisWork: .max, maximumNestedInlineWork: .max,
        maximumTableCellWork: .max)

    enum CodingKeys: String, CodingKey {
        case maximumInputBytes, maximumNestingDepth, maximumNestingWork, maximumBracketsPerBlock, maximumBracketWork,
            maximumEmphasisDelimitersPerBlock, maximumEmphasisWork, maximumNestedInlineWork, maximumTableCellWork
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
                ?? defaults.maximumBracketsPerBlock,
            maximumBracketWork: try container.decodeIfPresent(Int.self, forKey: .maximumBracketWork) ?? defaults.maximumBracketWork,
            maximumEmphasisDelimitersPerBlock: try container.decodeIfPresent(Int.self, forKey: .maximumEmphasisDelimitersPerBlock)
                ?? defaults.maximumEmphasisDelimitersPerBlock,
            maximumEmphasisWork: try container.decodeIfPresent(Int.self, forKey: .maximumEmphasisWork)
                ?? defaults.maximumEmphasisWork,
            maximumNestedInlineWork: try container.decodeIfPresent(Int.self, forKey: .maximumNestedInlineWork)
                ?? defaults.maximumNestedInlineWork,
            maximumTableCellWork: try container.decodeIfPresent(Int.self, forKey: .maximumTableCellWork)
                ?? defaults.maximumTableCellWork)
    }
}
