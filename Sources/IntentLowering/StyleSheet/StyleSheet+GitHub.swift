import IntentModel

extension StyleSheet {
    /// A sheet after GitHub's Markdown rendering (Primer light theme): a 16 pt body, headers 32 /
    /// 24 / 20 / 16 / 14 / 13.6 pt semibold, code on `#F6F8FA` at 0.85×, block quotes in `#59636E`
    /// indented 16 pt, list item text indented 32 pt per level with the marker hanging in that
    /// indent (level n: marker at 32·(n−1) pt, text at 32·n pt), links `#0969DA`.
    public static let github = StyleSheet(
        body: TextStyle(
            fontDesign: .default, fontSize: 16, fontWeight: .regular, isItalic: false,
            foregroundColor: DisplayColor(rgb: 0x1F2328), lineHeightMultiple: 1.5),
        header1: TextStyle(fontSize: 32, fontWeight: .semibold, paragraphSpacingBefore: 24, paragraphSpacing: 16),
        header2: TextStyle(fontSize: 24, fontWeight: .semibold, paragraphSpacingBefore: 24, paragraphSpacing: 16),
        header3: TextStyle(fontSize: 20, fontWeight: .semibold, paragraphSpacingBefore: 24, paragraphSpacing: 16),
        header4: TextStyle(fontSize: 16, fontWeight: .semibold, paragraphSpacingBefore: 24, paragraphSpacing: 16),
        header5: TextStyle(fontSize: 14, fontWeight: .semibold, paragraphSpacingBefore: 24, paragraphSpacing: 16),
        header6: TextStyle(
            fontSize: 13.6, fontWeight: .semibold, foregroundColor: DisplayColor(rgb: 0x59636E),
            paragraphSpacingBefore: 24, paragraphSpacing: 16),
        paragraph: TextStyle(paragraphSpacing: 16),
        blockQuote: TextStyle(foregroundColor: DisplayColor(rgb: 0x59636E), headIndent: 16, firstLineHeadIndent: 16),
        codeBlock: TextStyle(
            fontDesign: .monospaced, fontSizeScale: 0.85, backgroundColor: DisplayColor(rgb: 0xF6F8FA),
            paragraphSpacing: 16, lineHeightMultiple: 1.45),
        list: TextStyle(paragraphSpacing: 16),
        listItem: TextStyle(headIndent: 32, firstLineHeadIndent: 0, paragraphSpacing: 4),
        table: TextStyle(paragraphSpacing: 16),
        tableHeaderRow: TextStyle(fontWeight: .semibold),
        tableCell: TextStyle(),
        thematicBreak: TextStyle(foregroundColor: DisplayColor(rgb: 0xD1D9E0), paragraphSpacingBefore: 24, paragraphSpacing: 24),
        emphasized: TextStyle(isItalic: true),
        stronglyEmphasized: TextStyle(fontWeight: .semibold),
        code: TextStyle(
            fontDesign: .monospaced, fontSizeScale: 0.85,
            backgroundColor: DisplayColor(rgb: 0x818B98, alpha: 0.2)),
        strikethrough: TextStyle(strikethroughStyle: .single),
        link: TextStyle(foregroundColor: DisplayColor(rgb: 0x0969DA)),
        image: TextStyle(isItalic: true))
}
