import IntentLowering
import IntentModel

/// Options of the RTF writer: the style sheet the document is lowered with, and how display
/// attributes become RTF (font families, colors of semantic names, table width, outline levels).
///
/// Lengths are in points here; the writer converts them to twips (1/20 pt) and font sizes to
/// half-points, as RTF 1.9.1 measures them.
public struct RTFWritingOptions: Sendable, Hashable, Codable {
    // MARK: Stored layout

    /// The style sheet the document is lowered with (`lowered(to: [.richText, .list, .table])`).
    /// Default ``IntentLowering/StyleSheet/default``.
    public var styleSheet: StyleSheet
    /// Markers and separators used by the lowering (bullets, ordered styles, thematic break).
    /// Default ``IntentLowering/PlainTextOptions/default``.
    public var plainTextOptions: PlainTextOptions
    /// The font family written for each ``IntentModel/FontDescriptor/Design``. Default
    /// ``FontNames/default-type.property`` (Helvetica, Times, Courier, Arial Rounded MT Bold).
    public var fontNames: FontNames
    /// Colors written for semantic color names (``IntentModel/DisplayColor/name``), replacing the
    /// color's own components. Default ``defaultNamedColors`` (iOS light-appearance values).
    /// Colors without a name, or with a name not in the map, keep their components. Translucent
    /// colors are composited over white, since RTF colors are opaque.
    public var namedColors: [String: DisplayColor]
    /// The width of a table, in points, shared equally by its columns (`\cellx`). Default 468
    /// (a US Letter page less 1-inch margins).
    public var tableWidth: Double
    /// Whether headers get `\outlinelevelN` (level − 1), so that word processors and readers
    /// such as pandoc see them as headings. Default `true`.
    public var writesOutlineLevels: Bool
    /// Whether lists are written as RTF lists (`\listtable`, `\ls`, `\ilvl`, with the marker in
    /// `{\listtext …}` for readers without list support). When `false`, markers are plain text
    /// followed by a tab. Default `true`.
    public var writesListTable: Bool

    // MARK: Initialisers

    /// Creates options; each defaults as documented on its property.
    /// - Parameters:
    ///   - styleSheet: The style sheet to lower with.
    ///   - plainTextOptions: Markers and separators for the lowering.
    ///   - fontNames: Font families per design.
    ///   - namedColors: Colors of semantic names.
    ///   - tableWidth: Table width in points.
    ///   - writesOutlineLevels: Write `\outlinelevel` on headers.
    ///   - writesListTable: Write RTF lists.
    public init(
        styleSheet: StyleSheet = .default, plainTextOptions: PlainTextOptions = .default, fontNames: FontNames = .default,
        namedColors: [String: DisplayColor] = RTFWritingOptions.defaultNamedColors, tableWidth: Double = 468,
        writesOutlineLevels: Bool = true, writesListTable: Bool = true
    ) {
        self.styleSheet = styleSheet
        self.plainTextOptions = plainTextOptions
        self.fontNames = fontNames
        self.namedColors = namedColors
        self.tableWidth = tableWidth
        self.writesOutlineLevels = writesOutlineLevels
        self.writesListTable = writesListTable
    }

    /// The defaults.
    public static let `default` = RTFWritingOptions()

    /// Apple's semantic colors in the light appearance, as opaque sRGB (translucent label colors
    /// already composited over white): `label` black, `secondaryLabel` #8A8A8E, `tertiaryLabel`
    /// #C4C4C6, `quaternaryLabel` #DCDCDD, `placeholderText` #C4C4C6, `link` #007AFF, `separator`
    /// #C6C6C8, `systemBackground` white, `secondarySystemBackground` #F2F2F7,
    /// `tertiarySystemBackground` white. Source: UIKit's `UIColor` standard colors.
    public static let defaultNamedColors: [String: DisplayColor] = [
        "label": DisplayColor(rgb: 0x000000, name: "label"),
        "secondaryLabel": DisplayColor(rgb: 0x8A8A8E, name: "secondaryLabel"),
        "tertiaryLabel": DisplayColor(rgb: 0xC4C4C6, name: "tertiaryLabel"),
        "quaternaryLabel": DisplayColor(rgb: 0xDCDCDD, name: "quaternaryLabel"),
        "placeholderText": DisplayColor(rgb: 0xC4C4C6, name: "placeholderText"),
        "link": DisplayColor(rgb: 0x007AFF, name: "link"),
        "separator": DisplayColor(rgb: 0xC6C6C8, name: "separator"),
        "systemBackground": DisplayColor(rgb: 0xFFFFFF, name: "systemBackground"),
        "secondarySystemBackground": DisplayColor(rgb: 0xF2F2F7, name: "secondarySystemBackground"),
        "tertiarySystemBackground": DisplayColor(rgb: 0xFFFFFF, name: "tertiarySystemBackground"),
    ]
}
