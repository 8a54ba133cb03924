/// A GitHub alert: a block quote that GitHub shows as a note, tip, important, warning or caution
/// box, written with a marker line such as `> [!NOTE]`.
///
/// The rule, as GitHub reads it (GitHub Docs, "Basic writing and formatting syntax", section
/// "Alerts"): a block quote at the top level of the document (alerts cannot be nested in lists,
/// other quotes or footnotes) whose first paragraph starts with `[!NOTE]`, `[!TIP]`,
/// `[!IMPORTANT]`, `[!WARNING]` or `[!CAUTION]` in any letter case, alone on its line (spaces or
/// tabs may follow), and which has content after the marker. The marker is not part of the
/// document's text: it is kept here, on the quote's ``BlockMarkup/alert``, so that HTML can be
/// written exactly as libcmark-gfm writes the quote and Markdown can write the marker back.
///
/// ```swift
/// let document = try IntentDocument(markdown: "> [!TIP]\n> Run `swift test` first.\n")
/// let alert = document.runs.first?.blockMarkup.values.compactMap(\.alert).first
/// // alert?.kind == .tip, alert?.kind.title == "Tip"
/// ```
public struct GitHubAlert: Sendable, Hashable, Codable {
    /// The five kinds GitHub knows.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// `[!NOTE]`: information users should know even when skimming.
        case note
        /// `[!TIP]`: advice for doing things better.
        case tip
        /// `[!IMPORTANT]`: information users need to reach their goal.
        case important
        /// `[!WARNING]`: urgent information that needs immediate attention.
        case warning
        /// `[!CAUTION]`: risks or negative outcomes of an action.
        case caution

        /// The title GitHub shows: `Note`, `Tip`, `Important`, `Warning` or `Caution`.
        public var title: String {
            switch self {
            case .note: "Note"
            case .tip: "Tip"
            case .important: "Important"
            case .warning: "Warning"
            case .caution: "Caution"
            }
        }

        /// The marker in GitHub's documented spelling: `[!NOTE]`, `[!TIP]`, ….
        public var marker: String { "[!" + rawValue.uppercased() + "]" }
    }

    /// What follows the marker in the source.
    public enum MarkerEnding: String, Sendable, Hashable, Codable, CaseIterable {
        /// A line ending: the quote's first paragraph goes on on the next line (`> [!NOTE]\n> Text`).
        case softBreak
        /// A hard line break: two or more spaces or a backslash before the line ending.
        case lineBreak
        /// The end of a paragraph: the marker is a paragraph of its own (`> [!NOTE]\n>\n> Text`).
        case paragraphEnd
    }

    /// The alert's kind.
    public var kind: Kind
    /// The marker as written, brackets included (`[!note]` keeps its lowercase): it must name
    /// ``kind`` in some letter case.
    public var marker: String
    /// What followed the marker.
    public var markerEnding: MarkerEnding

    /// Creates an alert.
    /// - Parameters:
    ///   - kind: The kind.
    ///   - marker: The marker as written; `nil` for GitHub's spelling (``Kind/marker``).
    ///   - markerEnding: What follows the marker; a line ending by default.
    public init(kind: Kind, marker: String? = nil, markerEnding: MarkerEnding = .softBreak) {
        self.kind = kind
        self.marker = marker ?? kind.marker
        self.markerEnding = markerEnding
    }

    /// The kind a marker names (`[!Note]` → ``Kind/note``), or `nil` when `marker` is not one of
    /// the five markers in some letter case.
    /// - Parameter marker: The marker, brackets included, without surrounding whitespace.
    public static func kind(ofMarker marker: some StringProtocol) -> Kind? {
        guard marker.hasPrefix("[!"), marker.hasSuffix("]"), marker.utf8.count > 3 else { return nil }
        let name = marker.dropFirst(2).dropLast()
        guard name.utf8.allSatisfy({ $0 < 0x80 }) else { return nil }
        return Kind(rawValue: name.lowercased())
    }
}
