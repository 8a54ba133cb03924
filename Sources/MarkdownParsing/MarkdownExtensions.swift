/// The GitHub Flavored Markdown extensions of libcmark-gfm, each switchable.
public struct MarkdownExtensions: OptionSet, Sendable, Hashable, Codable {
    /// The bits.
    public var rawValue: UInt

    /// Creates a set from raw bits.
    /// - Parameter rawValue: The bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Tables (GFM §4.10).
    public static let table = MarkdownExtensions(rawValue: 1 << 0)
    /// Strikethrough with `~` or `~~` (GFM §6.5).
    public static let strikethrough = MarkdownExtensions(rawValue: 1 << 1)
    /// Extended autolinks: `www.`, `http(s)://` and e-mail addresses without `<>` (GFM §6.9).
    public static let autolink = MarkdownExtensions(rawValue: 1 << 2)
    /// The tag filter (GFM §6.11). It changes only HTML rendering (`<script>` etc. are escaped);
    /// the intent model keeps raw HTML as written.
    public static let tagfilter = MarkdownExtensions(rawValue: 1 << 3)
    /// Task-list items `- [ ]` / `- [x]` (GFM §5.3).
    public static let tasklist = MarkdownExtensions(rawValue: 1 << 4)
    /// Footnotes `[^label]` and `[^label]: text` (libcmark-gfm's `CMARK_OPT_FOOTNOTES`).
    public static let footnotes = MarkdownExtensions(rawValue: 1 << 5)

    /// All six, the default.
    public static let all: MarkdownExtensions = [.table, .strikethrough, .autolink, .tagfilter, .tasklist, .footnotes]

    /// The extensions with the names libcmark-gfm and the command line use, in this order.
    public static let named: [(name: String, option: MarkdownExtensions)] = [
        ("table", .table), ("strikethrough", .strikethrough), ("autolink", .autolink),
        ("tagfilter", .tagfilter), ("tasklist", .tasklist), ("footnotes", .footnotes),
    ]

    /// Parses a comma-separated list of names (`"table,footnotes"`); `""` is the empty set.
    /// - Parameter list: Names from ``named``, separated by commas; spaces around names are ignored.
    /// - Returns: The set, or `nil` when a name is unknown.
    public init?(list: String) {
        var result = MarkdownExtensions()
        for part in list.split(separator: ",", omittingEmptySubsequences: true) {
            let name = part.trimmingCharacters(in: " ")
            guard let option = Self.named.first(where: { $0.name == name })?.option else { return nil }
            result.insert(option)
        }
        self = result
    }

    /// The names of the extensions in the set, in ``named`` order.
    public var names: [String] { Self.named.filter { contains($0.option) }.map(\.name) }
}

extension Substring {
    fileprivate func trimmingCharacters(in character: Character) -> String {
        var slice = self[...]
        while slice.first == character { slice = slice.dropFirst() }
        while slice.last == character { slice = slice.dropLast() }
        return String(slice)
    }
}
