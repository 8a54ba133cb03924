import IntentModel

/// The marker of a list item, shared by plain-text and rich-text lowering: a bullet by depth
/// (`•` `◦` `▪`) or a number in the style of its ordered depth (`1.` `a.` `i.`, the source's `)`
/// kept when ``IntentLowering/PlainTextOptions/keepsSourceDelimiters``), and the task marker (`☐`/`☑`) if any.
struct ListMarker {
    /// The bullet or number with its delimiter, without spacing.
    var marker: String
    /// Whether the marker is a bullet (unordered list).
    var isBullet: Bool
    /// The task marker, for GFM task items.
    var task: String?

    /// The marker of list item `item` of `document` with `ordinal`; `nesting` is `document`'s.
    init(item: BlockID, ordinal: Int, in document: IntentDocument, nesting: ListNesting, options: PlainTextOptions) {
        let list = document.parent(of: item)
        task = document.markup(of: item)?.isTaskChecked.map { $0 ? options.checkedTaskMarker : options.uncheckedTaskMarker }
        // The lists around the item's own list.
        let outside = list.flatMap { document.parent(of: $0) }
        let depth = nesting.depth(of: outside)
        let orderedDepth = nesting.orderedDepth(of: outside)
        if let list, case .orderedList = document.kind(of: list) {
            let styles = options.orderedStyles.isEmpty ? [.decimal] : options.orderedStyles
            let delimiter = options.keepsSourceDelimiters && document.markup(of: list)?.listItemDelimiter == .parenthesis ? ")" : "."
            marker = PlainTextRenderer.format(ordinal, styles[orderedDepth % styles.count]) + delimiter
            isBullet = false
        } else {
            let bullets = options.bulletMarkers.isEmpty ? ["•"] : options.bulletMarkers
            marker = bullets[depth % bullets.count]
            isBullet = true
        }
    }
}
