import IntentModel

/// How intents become display attributes: one ``TextStyle`` slot per block kind and per inline
/// intent. A value — `Codable`, so a theme is a JSON file (missing keys take
/// ``default``'s slots) — with presets (``default``, ``github``) and fluent modifiers.
///
/// **Composition order** (each step applies its slot to what the previous steps produced; indents
/// add up, other fields replace): ``body``; then the containers from outermost to innermost
/// (``blockQuote``, ``list``, ``listItem``, ``table``, ``tableHeaderRow`` for the header row);
/// then the leaf block (a header slot, ``paragraph``, ``codeBlock``, ``tableCell`` or
/// ``thematicBreak``); then the inline intents in a fixed order — ``stronglyEmphasized``,
/// ``emphasized``, ``code``, ``strikethrough``, ``link``, ``image``. Code inside a header inside a
/// block quote therefore gets the quote's indent and color, the header's size and weight, and the
/// code font scaled from the header's size.
///
/// ```swift
/// let sheet = StyleSheet.github.bodyFont(size: 15).with(\.link, TextStyle(foregroundColor: DisplayColor(rgb: 0xCC0000)))
/// let attributes = sheet.displayAttributes(for: intent, inline: [.stronglyEmphasized])
/// ```
public struct StyleSheet: Sendable, Hashable, Codable {
    // MARK: Stored layout

    /// Every run starts from this (the body font: 17 pt in ``default``).
    public var body: TextStyle
    /// `header(level: 1)`.
    public var header1: TextStyle
    /// `header(level: 2)`.
    public var header2: TextStyle
    /// `header(level: 3)`.
    public var header3: TextStyle
    /// `header(level: 4)`.
    public var header4: TextStyle
    /// `header(level: 5)`.
    public var header5: TextStyle
    /// `header(level: 6)`.
    public var header6: TextStyle
    /// `paragraph`.
    public var paragraph: TextStyle
    /// `blockQuote` (applies to everything inside).
    public var blockQuote: TextStyle
    /// `codeBlock`.
    public var codeBlock: TextStyle
    /// `orderedList` and `unorderedList` (applies to everything inside, once per list level).
    public var list: TextStyle
    /// `listItem` (applies to everything inside). Its `headIndent` is how far an item's text is
    /// indented from the enclosing text, in points (per level: nested items add up); its
    /// `firstLineHeadIndent` where the item's marker starts, in points from the enclosing text. In
    /// rich-text lowering every line inside an item starts at the item's text, except the item's
    /// first line, whose marker hangs `headIndent − firstLineHeadIndent` points to the left of it.
    public var listItem: TextStyle
    /// `table`.
    public var table: TextStyle
    /// `tableHeaderRow`.
    public var tableHeaderRow: TextStyle
    /// `tableCell`.
    public var tableCell: TextStyle
    /// `thematicBreak`.
    public var thematicBreak: TextStyle
    /// `.emphasized`.
    public var emphasized: TextStyle
    /// `.stronglyEmphasized`.
    public var stronglyEmphasized: TextStyle
    /// `.code`.
    public var code: TextStyle
    /// `.strikethrough`.
    public var strikethrough: TextStyle
    /// Text inside a link.
    public var link: TextStyle
    /// An image's description.
    public var image: TextStyle

    // MARK: Initialisers

    /// Creates a sheet; every slot defaults to no change.
    public init(
        body: TextStyle = .unchanged, header1: TextStyle = .unchanged, header2: TextStyle = .unchanged,
        header3: TextStyle = .unchanged, header4: TextStyle = .unchanged, header5: TextStyle = .unchanged,
        header6: TextStyle = .unchanged, paragraph: TextStyle = .unchanged, blockQuote: TextStyle = .unchanged,
        codeBlock: TextStyle = .unchanged, list: TextStyle = .unchanged, listItem: TextStyle = .unchanged,
        table: TextStyle = .unchanged, tableHeaderRow: TextStyle = .unchanged, tableCell: TextStyle = .unchanged,
        thematicBreak: TextStyle = .unchanged, emphasized: TextStyle = .unchanged,
        stronglyEmphasized: TextStyle = .unchanged, code: TextStyle = .unchanged, strikethrough: TextStyle = .unchanged,
        link: TextStyle = .unchanged, image: TextStyle = .unchanged
    ) {
        self.body = body
        self.header1 = header1
        self.header2 = header2
        self.header3 = header3
        self.header4 = header4
        self.header5 = header5
        self.header6 = header6
        self.paragraph = paragraph
        self.blockQuote = blockQuote
        self.codeBlock = codeBlock
        self.list = list
        self.listItem = listItem
        self.table = table
        self.tableHeaderRow = tableHeaderRow
        self.tableCell = tableCell
        self.thematicBreak = thematicBreak
        self.emphasized = emphasized
        self.stronglyEmphasized = stronglyEmphasized
        self.code = code
        self.strikethrough = strikethrough
        self.link = link
        self.image = image
    }
}

// MARK: - Public API

extension StyleSheet {
    /// The slot of a header level (levels outside 1…6 use the nearest).
    /// - Parameter level: 1-based header level.
    public func header(_ level: Int) -> TextStyle {
        switch level {
        case ...1: return header1
        case 2: return header2
        case 3: return header3
        case 4: return header4
        case 5: return header5
        default: return header6
        }
    }

    /// A copy with one slot replaced.
    /// - Parameters:
    ///   - slot: The slot, e.g. `\.link`.
    ///   - style: Its new style.
    /// - Returns: The modified sheet.
    public func with(_ slot: WritableKeyPath<StyleSheet, TextStyle>, _ style: TextStyle) -> StyleSheet {
        var copy = self
        copy[keyPath: slot] = style
        return copy
    }

    /// A copy whose body font has `size` points, with every header scaled by the same factor.
    /// - Parameter size: The body size in points, > 0.
    /// - Returns: The modified sheet.
    public func bodyFont(size: Double) -> StyleSheet {
        var copy = self
        let old = body.fontSize ?? 17
        let factor = size / old
        copy.body.fontSize = size
        for slot in [\StyleSheet.header1, \.header2, \.header3, \.header4, \.header5, \.header6] {
            if let headerSize = copy[keyPath: slot].fontSize { copy[keyPath: slot].fontSize = (headerSize * factor * 100).rounded() / 100 }
        }
        return copy
    }

    /// A copy with the given font design for body text (headers follow unless they set their own).
    /// - Parameter design: The design.
    /// - Returns: The modified sheet.
    public func bodyFont(design: FontDescriptor.Design) -> StyleSheet {
        var copy = self
        copy.body.fontDesign = design
        return copy
    }

    /// The display attributes of a run with this block intent and these inline intents, composed
    /// in the documented order.
    /// - Parameters:
    ///   - intent: The run's block intent (innermost first), or `nil`.
    ///   - inline: The run's inline intents.
    ///   - isLink: Whether the run is inside a link.
    ///   - isImage: Whether the run is an image description.
    /// - Returns: The composed attributes.
    public func displayAttributes(
        for intent: PresentationIntent?, inline: InlinePresentationIntent = [], isLink: Bool = false, isImage: Bool = false
    ) -> DisplayAttributes {
        var attributes = body.applied(to: DisplayAttributes())
        for component in (intent?.components ?? []).reversed() {
            attributes = style(of: component.kind).applied(to: attributes)
        }
        return displayAttributes(inside: attributes, inline: inline, isLink: isLink, isImage: isImage)
    }

    /// The display attributes of inline content in a block context whose attributes are
    /// `context`: the inline slots applied in the documented order.
    /// - Parameters:
    ///   - context: The block context's attributes (from ``displayAttributes(for:inline:isLink:isImage:)``
    ///     with no inline intents, or built step by step).
    ///   - inline: The run's inline intents.
    ///   - isLink: Whether the run is inside a link.
    ///   - isImage: Whether the run is an image description.
    /// - Returns: The composed attributes.
    public func displayAttributes(
        inside context: DisplayAttributes, inline: InlinePresentationIntent, isLink: Bool = false, isImage: Bool = false
    ) -> DisplayAttributes {
        var attributes = context
        if inline.contains(.stronglyEmphasized) { attributes = stronglyEmphasized.applied(to: attributes) }
        if inline.contains(.emphasized) { attributes = emphasized.applied(to: attributes) }
        if inline.contains(.code) { attributes = code.applied(to: attributes) }
        if inline.contains(.strikethrough) { attributes = strikethrough.applied(to: attributes) }
        if isLink { attributes = link.applied(to: attributes) }
        if isImage { attributes = image.applied(to: attributes) }
        return attributes
    }

    /// The slot of a block kind.
    public func style(of kind: PresentationIntent.Kind) -> TextStyle {
        switch kind {
        case .paragraph: return paragraph
        case .header(let level): return header(level)
        case .orderedList, .unorderedList: return list
        case .listItem: return listItem
        case .codeBlock: return codeBlock
        case .blockQuote: return blockQuote
        case .thematicBreak: return thematicBreak
        case .table: return table
        case .tableHeaderRow: return tableHeaderRow
        case .tableRow: return .unchanged
        case .tableCell: return tableCell
        @unknown default:
            return paragraph
        }
    }
}

// MARK: - Codable

extension StyleSheet {
    enum CodingKeys: String, CodingKey {
        case body, header1, header2, header3, header4, header5, header6, paragraph, blockQuote, codeBlock, list,
            listItem, table, tableHeaderRow, tableCell, thematicBreak, emphasized, stronglyEmphasized, code,
            strikethrough, link, image
    }

    /// Decodes a theme; a missing slot keeps ``default``'s. ``init(jsonData:)`` is the checked
    /// way to read one from a file.
    /// - Parameter decoder: The decoder.
    /// - Throws: ``IntentModel/IntentMarkError/invalidStyleSheet(reason:)`` naming the key for an unknown slot
    ///   or field or a value out of range; `DecodingError` for a malformed slot.
    public init(from decoder: any Decoder) throws {
        try Self.checkKeys(of: decoder)
        let container = try decoder.container(keyedBy: CodingKeys.self)
        var sheet = StyleSheet.default
        func slot(_ key: CodingKeys, _ path: WritableKeyPath<StyleSheet, TextStyle>) throws {
            guard container.contains(key) else { return }
            if let fields = try? container.nestedContainer(keyedBy: AnyKey.self, forKey: key) {
                for field in fields.allKeys.map(\.stringValue).sorted() where !TextStyle.fieldNames.contains(field) {
                    throw IntentMarkError.invalidStyleSheet(
                        reason:
                            "\(key.stringValue).\(field): unknown field (fields: \(TextStyle.fieldNames.sorted().joined(separator: ", ")))")
                }
            }
            if let style = try container.decodeIfPresent(TextStyle.self, forKey: key) {
                if let failure = style.validationFailure() {
                    throw IntentMarkError.invalidStyleSheet(reason: "\(key.stringValue).\(failure.field): \(failure.reason)")
                }
                sheet[keyPath: path] = style
            }
        }
        try slot(.body, \.body)
        try slot(.header1, \.header1)
        try slot(.header2, \.header2)
        try slot(.header3, \.header3)
        try slot(.header4, \.header4)
        try slot(.header5, \.header5)
        try slot(.header6, \.header6)
        try slot(.paragraph, \.paragraph)
        try slot(.blockQuote, \.blockQuote)
        try slot(.codeBlock, \.codeBlock)
        try slot(.list, \.list)
        try slot(.listItem, \.listItem)
        try slot(.table, \.table)
        try slot(.tableHeaderRow, \.tableHeaderRow)
        try slot(.tableCell, \.tableCell)
        try slot(.thematicBreak, \.thematicBreak)
        try slot(.emphasized, \.emphasized)
        try slot(.stronglyEmphasized, \.stronglyEmphasized)
        try slot(.code, \.code)
        try slot(.strikethrough, \.strikethrough)
        try slot(.link, \.link)
        try slot(.image, \.image)
        self = sheet
    }
}
