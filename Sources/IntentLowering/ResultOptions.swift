/// What a target can show, as a text view declares it to Apple's Writing Tools.
///
/// Mirrors `UIWritingToolsResultOptions` / `NSWritingToolsResultOptions` (raw values 1, 2, 4, 8,
/// 16). `.list` and `.table` imply `.richText`; `.presentationIntent` implies `.richText`, `.list`
/// and `.table` — ``implied`` applies those rules.
public struct ResultOptions: OptionSet, Sendable, Hashable, Codable {
    /// The bits.
    public var rawValue: UInt

    /// Creates options from raw bits.
    /// - Parameter rawValue: The bits.
    public init(rawValue: UInt) { self.rawValue = rawValue }

    /// Characters only, no attributes (raw 1).
    public static let plainText = ResultOptions(rawValue: 1 << 0)
    /// Display attributes consistent with RTF (raw 2).
    public static let richText = ResultOptions(rawValue: 1 << 1)
    /// Lists kept as list structure; implies `.richText` (raw 4).
    public static let list = ResultOptions(rawValue: 1 << 2)
    /// Tables kept as table structure; implies `.richText` (raw 8).
    public static let table = ResultOptions(rawValue: 1 << 3)
    /// Presentation intents kept; implies `.richText`, `.list`, `.table` (raw 16).
    public static let presentationIntent = ResultOptions(rawValue: 1 << 4)

    /// The options with their implications added.
    public var implied: ResultOptions {
        var result = self
        if contains(.presentationIntent) { result.formUnion([.richText, .list, .table]) }
        if contains(.list) || contains(.table) { result.insert(.richText) }
        return result
    }

    /// The named options, as the command line spells them.
    public static let named: [(name: String, option: ResultOptions)] = [
        ("plainText", .plainText), ("richText", .richText), ("list", .list), ("table", .table),
        ("presentationIntent", .presentationIntent),
    ]

    /// Parses a comma-separated list of names (`"richText,list"`).
    /// - Parameter list: Names from ``named``.
    /// - Returns: `nil` when a name is unknown or the list is empty.
    public init?(list: String) {
        var result = ResultOptions()
        for part in list.split(separator: ",") {
            let name = String(part.filter { $0 != " " })
            guard let option = Self.named.first(where: { $0.name == name })?.option else { return nil }
            result.insert(option)
        }
        guard !result.isEmpty else { return nil }
        self = result
    }
}
