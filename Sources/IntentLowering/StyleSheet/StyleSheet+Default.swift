import IntentModel

extension StyleSheet {
    /// The default sheet: a 17 pt body (Apple's body size), headers from 28 pt (h1) down to 13 pt
    /// (h6) in bold or semibold, monospaced code at 0.88× with a light background, block quotes
    /// indented 16 pt in the secondary label color, list item text indented 20 pt per level with the
    /// marker hanging in that indent (level n: marker at 20·(n−1) pt, text at 20·n pt), links in the
    /// link color. Colors carry semantic names (`label`, `secondaryLabel`, `link`, …) a platform can
    /// map.
    public static let `default` = StyleSheet(
        body: TextStyle(
            fontDesign: .default, fontSize: 17, fontWeight: .regular, isItalic: false,
            foregroundColor: DisplayColor(rgb: 0x000000, name: "label")),
        header1: TextStyle(fontSize: 28, fontWeight: .bold, paragraphSpacingBefore: 12, paragraphSpacing: 8),
        header2: TextStyle(fontSize: 22, fontWeight: .bold, paragraphSpacingBefore: 10, paragraphSpacing: 6),
        header3: TextStyle(fontSize: 20, fontWeight: .semibold, paragraphSpacingBefore: 8, paragraphSpacing: 4),
        header4: TextStyle(fontSize: 17, fontWeight: .semibold, paragraphSpacingBefore: 6, paragraphSpacing: 4),
        header5: TextStyle(fontSize: 15, fontWeight: .semibold, paragraphSpacingBefore: 6, paragraphSpacing: 2),
        header6: TextStyle(fontSize: 13, fontWeight: .semibold, paragraphSpacingBefore: 6, paragraphSpacing: 2),
        paragraph: TextStyle(paragraphSpacing: 8),
        blockQuote: TextStyle(
            foregroundColor: DisplayColor(rgb: 0x3C3C43, alpha: 0.6, name: "secondaryLabel"),
            headIndent: 16, firstLineHeadIndent: 16),
        codeBlock: TextStyle(
            fontDesign: .monospaced, fontSizeScale: 0.88,
            backgroundColor: DisplayColor(rgb: 0xF2F2F7, name: "secondarySystemBackground"),
            paragraphSpacing: 8),
        list: TextStyle(),
        listItem: TextStyle(headIndent: 20, firstLineHeadIndent: 0, paragraphSpacing: 2),
        table: TextStyle(paragraphSpacing: 0),
        tableHeaderRow: TextStyle(fontWeight: .semibold),
        tableCell: TextStyle(),
        thematicBreak: TextStyle(foregroundColor: DisplayColor(rgb: 0xC6C6C8, name: "separator"), alignment: .center),
        emphasized: TextStyle(isItalic: true),
        stronglyEmphasized: TextStyle(fontWeight: .bold),
        code: TextStyle(
            fontDesign: .monospaced, fontSizeScale: 0.88,
            backgroundColor: DisplayColor(rgb: 0xF2F2F7, name: "secondarySystemBackground")),
        strikethrough: TextStyle(strikethroughStyle: .single),
        link: TextStyle(foregroundColor: DisplayColor(rgb: 0x007AFF, name: "link")),
        image: TextStyle(isItalic: true, foregroundColor: DisplayColor(rgb: 0x3C3C43, alpha: 0.6, name: "secondaryLabel")))
}
