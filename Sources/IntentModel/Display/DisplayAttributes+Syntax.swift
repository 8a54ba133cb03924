/// Display attributes said by Markdown syntax: inline HTML formatting tags (``HTMLFormattingTag``)
/// and Apple's extended attributes (`^[text](underline: true)`).
extension DisplayAttributes {
    /// The extended attributes read as display attributes, and the values they take:
    ///
    /// | name | value | sets |
    /// |---|---|---|
    /// | `underline` | `true`/`false`, or an AppKit underline style raw value | ``underlineStyle`` (`true`: `.single`; `false`, `0`: none) |
    /// | `strikethrough` | the same | ``strikethroughStyle`` |
    /// | `superscript` | an integer (> 0 up, < 0 down, 0 none) | ``superscript`` |
    /// | `baselineOffset` | a number of points | ``baselineOffset`` |
    /// | `highlight` | `true`/`false` | ``backgroundColor`` (``DisplayColor/highlight``) |
    ///
    /// Other names, and values of another type, set nothing (they stay in the run's
    /// ``RunAttributes/extendedAttributes`` only).
    public static let extendedAttributeNames: [String] = ["underline", "strikethrough", "superscript", "baselineOffset", "highlight"]

    /// These attributes with the display-related `extendedAttributes` (see
    /// ``extendedAttributeNames``) applied on top.
    /// - Parameter extendedAttributes: Extended attributes, by name.
    /// - Returns: The attributes with every recognised name applied.
    public func applyingExtendedAttributes(_ extendedAttributes: [String: ExtendedAttributeValue]) -> DisplayAttributes {
        var result = self
        func lineStyle(_ value: ExtendedAttributeValue) -> UnderlineStyle?? {
            switch value {
            case .bool(let flag): return .some(flag ? .single : nil)
            case .integer(let raw): return .some(raw == 0 ? nil : UnderlineStyle(rawValue: raw))
            case .null, .number, .string, .array, .object: return .none
            }
        }
        if let value = extendedAttributes["underline"], let style = lineStyle(value) { result.underlineStyle = style }
        if let value = extendedAttributes["strikethrough"], let style = lineStyle(value) { result.strikethroughStyle = style }
        if case .integer(let level)? = extendedAttributes["superscript"] { result.superscript = level == 0 ? nil : level }
        switch extendedAttributes["baselineOffset"] {
        case .integer(let points)?: result.baselineOffset = Double(points)
        case .number(let points)?: result.baselineOffset = points
        case .null?, .bool?, .string?, .array?, .object?, nil: break
        }
        if case .bool(let flag)? = extendedAttributes["highlight"] { result.backgroundColor = flag ? .highlight : nil }
        return result
    }

    /// Whether `extendedAttributes` holds any name of ``extendedAttributeNames``.
    package static func hasDisplayExtendedAttributes(_ extendedAttributes: [String: ExtendedAttributeValue]) -> Bool {
        extendedAttributeNames.contains { extendedAttributes[$0] != nil }
    }
}

extension IntentDocument {
    /// What the syntax around a run says about its display: the ``InlineSpan/Kind/htmlFormatting``
    /// spans of its path and its extended attributes applied on top of `base`, outermost first (the
    /// run's merged extended attributes at its innermost extended-attribute span), or `nil` when
    /// no such span encloses it.
    ///
    /// Writers use it with an empty `base` to tell display attributes that come from syntax (and are
    /// written back by it) from those that need syntax of their own; lowering uses it on the style
    /// sheet's attributes, so a `<kbd>` in a header keeps the header's size.
    /// - Parameters:
    ///   - span: The run's innermost span, or `nil`.
    ///   - extendedAttributes: The run's extended attributes.
    ///   - base: The attributes outside all of it.
    /// - Returns: The attributes inside, or `nil`.
    package func syntaxDisplay(
        span: SpanID?, extendedAttributes: [String: ExtendedAttributeValue]?, on base: DisplayAttributes
    ) -> DisplayAttributes? {
        var chain: [Int32] = []
        var index = span?.storage ?? -1
        var sawExtended = false
        while index >= 0 {
            let node = spans[Int(index)]
            switch node.kind {
            case .htmlFormatting:
                if node.htmlTag != nil { chain.append(index) }
            case .extendedAttributes:
                // Only the innermost one: the run's attributes are all of them merged.
                if !sawExtended, let extendedAttributes, DisplayAttributes.hasDisplayExtendedAttributes(extendedAttributes) {
                    chain.append(index)
                }
                sawExtended = true
            case .emphasis, .strongEmphasis, .strikethrough, .link, .image, .footnoteReference, .inlineHTML:
                break
            }
            index = node.parent
        }
        guard !chain.isEmpty else { return nil }
        var result = base
        for spanIndex in chain.reversed() {
            let node = spans[Int(spanIndex)]
            if node.kind == .htmlFormatting, let tag = node.htmlTag {
                result = tag.element.applied(to: result)
            } else if let extendedAttributes {
                result = result.applyingExtendedAttributes(extendedAttributes)
            }
        }
        return result
    }
}
