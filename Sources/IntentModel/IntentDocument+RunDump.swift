extension IntentDocument: CustomDebugStringConvertible {
    /// The run dump: every run in Apple's `AttributedString` print style.
    ///
    /// ```
    /// Title {
    /// 	presentationIntent = [header 1 (id 1)]
    /// }
    /// \n {
    /// 	isBlockSeparator = true
    /// 	presentationIntent = [header 1 (id 1)]
    /// }
    /// ```
    /// Text is printed as is, except that `\`, newline, tab, carriage return, U+2028 and other
    /// control characters are escaped (`\\`, `\n`, `\t`, `\r`, `\u{2028}`, `\u{1}`) so that every run
    /// header stays on one line. Attributes are listed by name, sorted, each only when set. Inline
    /// presentation intents are listed by name (`inlinePresentationIntent = emphasized, code`), not as
    /// Apple's raw value.
    public var debugDescription: String { runDump() }

    /// The run dump described in ``debugDescription``.
    /// - Returns: One block per run, each ending in a newline.
    public func runDump() -> String {
        var output = ""
        output.reserveCapacity(text.utf8.count * 4)
        for run in runs {
            output += Self.escape(run.text)
            output += " {\n"
            var lines: [(String, String)] = []
            let attributes = run.attributes
            if !run.blockMarkup.isEmpty {
                let entries = run.blockMarkup.sorted { $0.key < $1.key }.map { "id \($0.key): \(Self.describe($0.value))" }
                lines.append(("blockMarkup", "[" + entries.joined(separator: "; ") + "]"))
            }
            if let value = attributes.display { lines.append(("display", Self.describe(value))) }
            if let value = attributes.extendedAttributes {
                lines.append(("extendedAttributes", ExtendedAttributeValue.object(value).description))
            }
            if let value = attributes.footnoteReference { lines.append(("footnoteReference", value)) }
            if let value = attributes.imageSource { lines.append(("imageSource", value)) }
            if let value = attributes.imageTitle { lines.append(("imageTitle", value)) }
            if let value = attributes.imageURL { lines.append(("imageURL", value.absoluteString)) }
            if !run.inlinePresentationIntent.isEmpty {
                lines.append(("inlinePresentationIntent", run.inlinePresentationIntent.names.joined(separator: ", ")))
            }
            if let value = run.inlineSpans { lines.append(("inlineSpans", value.debugDescription)) }
            if attributes.isBlockSeparator { lines.append(("isBlockSeparator", "true")) }
            if attributes.isPlaceholder { lines.append(("isPlaceholder", "true")) }
            if let value = attributes.languageIdentifier { lines.append(("languageIdentifier", value)) }
            if let value = attributes.link { lines.append(("link", value.absoluteString)) }
            if let value = attributes.linkDestination { lines.append(("linkDestination", value)) }
            if let value = attributes.linkTitle { lines.append(("linkTitle", value)) }
            if let value = run.presentationIntent { lines.append(("presentationIntent", value.debugDescription)) }
            if let value = attributes.sourcePosition { lines.append(("sourcePosition", value.description)) }
            for (name, value) in lines {
                output += "\t" + name + " = " + Self.escape(Substring(value)) + "\n"
            }
            output += "}\n"
        }
        return output
    }

    static func describe(_ markup: BlockMarkup) -> String {
        var parts: [String] = []
        if let value = markup.listItemDelimiter { parts.append("listItemDelimiter \(value.rawValue)") }
        if let value = markup.isTight { parts.append(value ? "tight" : "loose") }
        if let value = markup.isTaskChecked { parts.append(value ? "task checked" : "task unchecked") }
        if let value = markup.codeFence {
            // A length outside what a fence can be (a document built by hand) is shown as a count.
            let fence =
                (1...64).contains(value.length)
                ? String(repeating: value.character, count: value.length) : "\(value.character)×\(value.length)"
            parts.append("fence \(fence)")
        }
        if let value = markup.infoString { parts.append("info '\(value)'") }
        if let value = markup.columnAlignmentIsExplicit {
            // As a table's columns in its intent: at most 16, then the count, so that printing
            // every run of a table of thousands of columns stays linear.
            let shown = value.prefix(16).map { $0 ? "yes" : "no" }.joined(separator: ", ")
            parts.append("explicit alignment [" + shown + (value.count > 16 ? ", … \(value.count) columns]" : "]"))
        }
        if let value = markup.footnoteLabel { parts.append("footnote '\(value)'") }
        return parts.joined(separator: ", ")
    }

    static func describe(_ display: DisplayAttributes) -> String {
        var parts: [String] = []
        if let font = display.font {
            var text = "\(font.design.rawValue) \(Self.number(font.size))pt \(font.weight.rawValue)"
            if font.isItalic { text += " italic" }
            parts.append("font " + text)
        }
        if let color = display.foregroundColor { parts.append("foreground " + (color.name ?? color.hexString)) }
        if let color = display.backgroundColor { parts.append("background " + (color.name ?? color.hexString)) }
        if let style = display.underlineStyle { parts.append("underline 0x" + String(style.rawValue, radix: 16)) }
        if let style = display.strikethroughStyle { parts.append("strikethrough 0x" + String(style.rawValue, radix: 16)) }
        if let offset = display.baselineOffset { parts.append("baselineOffset \(Self.number(offset))") }
        if let level = display.superscript { parts.append("superscript \(level)") }
        if let style = display.paragraphStyle {
            var text = "paragraph head \(Self.number(style.headIndent)) first \(Self.number(style.firstLineHeadIndent))"
            text += " before \(Self.number(style.paragraphSpacingBefore)) after \(Self.number(style.paragraphSpacing))"
            if style.alignment != .natural { text += " \(style.alignment.rawValue)" }
            if style.baseWritingDirection != .natural { text += " \(style.baseWritingDirection.rawValue)" }
            if !style.textLists.isEmpty {
                text +=
                    " lists [" + style.textLists.map { "\($0.markerFormat.rawValue) from \($0.startingItemNumber)" }.joined(separator: ", ")
                    + "]"
            }
            if !style.textBlocks.isEmpty {
                text +=
                    " cells ["
                    + style.textBlocks.map { "table \($0.table) row \($0.row) column \($0.column)\($0.isHeader ? " header" : "")" }.joined(
                        separator: ", ") + "]"
            }
            parts.append(text)
        }
        return "{" + parts.joined(separator: "; ") + "}"
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    static func escape(_ text: Substring) -> String {
        var result = ""
        result.reserveCapacity(text.utf8.count)
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\t": result += "\\t"
            case "\r": result += "\\r"
            case "\u{2028}": result += "\\u{2028}"
            case "\u{2029}": result += "\\u{2029}"
            default:
                if scalar.value < 0x20 || scalar.value == 0x7F {
                    result += "\\u{" + String(scalar.value, radix: 16) + "}"
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result
    }
}
