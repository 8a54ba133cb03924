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
    /// Apple's raw value. A block chain deeper than 32 blocks prints its 32 innermost and
    /// `… N more` (its block markup likewise), as inline span paths deeper than 8 do, so that the
    /// dump of deeply nested blocks stays linear in the document.
    public var debugDescription: String { runDump() }

    /// The run dump described in ``debugDescription``.
    ///
    /// Linear in the output: the lines a run shares with others — its block chain's, its
    /// attributes', its inline intents' and its spans' — are formatted once per block, attributes
    /// entry, inline set and span, then copied.
    /// - Returns: One block per run, each ending in a newline.
    public func runDump() -> String {
        var writer = RunDumpWriter(document: self)
        walk(&writer)
        return writer.output
    }

    /// The run dump's lines for runs in the leaf block at `index` (-1 for none): block markup, and
    /// presentation intent. A chain deeper than ``dumpedChainDepth`` prints its innermost blocks
    /// and `… N more` (as ``InlineSpanPath`` does), so that the dump stays linear in the document
    /// however deep its blocks nest.
    func blockDumpLines(_ index: Int32, memo: inout BlockDumpMemo) -> (markup: String, intent: String) {
        guard index >= 0 else { return ("", "") }
        var chain: [Int32] = []
        var current = index
        while current >= 0, chain.count < Self.dumpedChainDepth {
            chain.append(current)
            current = blocks[Int(current)].parent
        }
        let more = current >= 0 ? memo.depth(of: current, in: blocks) : 0
        // The chain's outermost printed block sits at depth `more + 1`, the leaf at `more + count`.
        let leafDepth = more + chain.count
        var markupEntries: [(identity: Int, text: String)] = []
        var intent = "\tpresentationIntent = ["
        for (position, block) in chain.enumerated() {
            if position > 0 { intent += ", " }
            let depth = leafDepth - position
            intent += memo.description(of: block, atDepth: depth, in: blocks)
            if let markup = blocks[Int(block)].markup {
                markupEntries.append((blocks[Int(block)].identity, memo.markupEntry(of: block, markup, atDepth: depth, in: blocks)))
            }
        }
        if more > 0 { intent += ", … \(more) more" }
        intent += "]\n"
        var markupLine = ""
        if !markupEntries.isEmpty {
            markupEntries.sort { $0.identity < $1.identity }
            markupLine = "\tblockMarkup = [" + markupEntries.map(\.text).joined(separator: "; ")
            if more > 0 { markupLine += "; … markup of \(more) more blocks" }
            markupLine += "]\n"
        }
        return (markupLine, intent)
    }

    /// How many blocks of a run's chain the dump prints before `… N more`.
    static let dumpedChainDepth = 32

    /// What the run dump formats once and reuses: each block's component and markup entry,
    /// escaped, and each block's depth.
    ///
    /// The walk meets a block's ancestors again for each of its leaves, one leaf after another, so
    /// the formatted texts are kept per depth — the last block formatted at each depth — not per
    /// block: a table's text is made once for all its cells, and the memo holds at most one text
    /// per level of nesting, not one per block of the document.
    struct BlockDumpMemo {
        /// Per depth - 1: the last block formatted at that depth and its escaped component.
        private var descriptions: [(block: Int32, text: String)] = []
        /// Per depth - 1: the last block whose markup entry was formatted at that depth, and it.
        private var markupEntries: [(block: Int32, text: String)] = []
        /// Per block index: the number of blocks in its chain (itself and its ancestors), or 0
        /// until computed.
        private var depths: [Int32] = []

        /// `block`'s component, escaped; `depth` is the number of blocks in its chain.
        mutating func description(of block: Int32, atDepth depth: Int, in blocks: [Block]) -> String {
            if let known = Self.recent(block, atDepth: depth, in: descriptions) { return known }
            var text = ""
            let component = PresentationIntent.IntentType.component(blocks[Int(block)].kind, identity: blocks[Int(block)].identity)
            IntentDocument.appendEscaped(Substring(component.dumpDescription), to: &text)
            Self.remember(text, for: block, atDepth: depth, in: &descriptions)
            return text
        }

        /// `block`'s entry in the block markup line, escaped; `depth` as in
        /// ``description(of:atDepth:in:)``.
        mutating func markupEntry(of block: Int32, _ markup: BlockMarkup, atDepth depth: Int, in blocks: [Block]) -> String {
            if let known = Self.recent(block, atDepth: depth, in: markupEntries) { return known }
            var text = ""
            IntentDocument.appendEscaped(Substring("id \(blocks[Int(block)].identity): " + IntentDocument.describe(markup)), to: &text)
            Self.remember(text, for: block, atDepth: depth, in: &markupEntries)
            return text
        }

        private static func recent(_ block: Int32, atDepth depth: Int, in slots: [(block: Int32, text: String)]) -> String? {
            guard depth >= 1, depth <= slots.count, slots[depth - 1].block == block else { return nil }
            return slots[depth - 1].text
        }

        private static func remember(
            _ text: String, for block: Int32, atDepth depth: Int, in slots: inout [(block: Int32, text: String)]
        ) {
            guard depth >= 1 else { return }
            while slots.count < depth { slots.append((-1, "")) }
            slots[depth - 1] = (block, text)
        }

        /// The number of blocks in `block`'s chain, memoised so that all blocks together cost
        /// O(blocks).
        mutating func depth(of block: Int32, in blocks: [Block]) -> Int {
            if depths.isEmpty { depths = Array(repeating: 0, count: blocks.count) }
            var pending: [Int32] = []
            var current = block
            while current >= 0, depths[Int(current)] == 0 {
                pending.append(current)
                current = blocks[Int(current)].parent
            }
            var depth = current >= 0 ? depths[Int(current)] : 0
            while let next = pending.popLast() {
                depth += 1
                depths[Int(next)] = depth
            }
            return Int(depths[Int(block)])
        }
    }

    /// The run dump's lines for `attributes`, in the three groups that the inline-intent and span
    /// lines, then the presentation-intent line, fall between (the dump lists attributes by name).
    static func attributeDumpLines(
        _ attributes: RunAttributes
    ) -> (beforeInline: String, afterSpans: String, last: String) {
        var before = ""
        if let value = attributes.display { before += dumpLine("display", describe(value)) }
        if let value = attributes.extendedAttributes {
            before += dumpLine("extendedAttributes", ExtendedAttributeValue.object(value).description)
        }
        if let value = attributes.footnoteReference { before += dumpLine("footnoteReference", value) }
        if let value = attributes.imageSource { before += dumpLine("imageSource", value) }
        if let value = attributes.imageTitle { before += dumpLine("imageTitle", value) }
        if let value = attributes.imageURL { before += dumpLine("imageURL", value.absoluteString) }
        var after = ""
        if attributes.isBlockSeparator { after += dumpLine("isBlockSeparator", "true") }
        if attributes.isPlaceholder { after += dumpLine("isPlaceholder", "true") }
        if let value = attributes.languageIdentifier { after += dumpLine("languageIdentifier", value) }
        if let value = attributes.link { after += dumpLine("link", value.absoluteString) }
        if let value = attributes.linkDestination { after += dumpLine("linkDestination", value) }
        if let value = attributes.linkTitle { after += dumpLine("linkTitle", value) }
        let last = attributes.sourcePosition.map { dumpLine("sourcePosition", $0.description) } ?? ""
        return (before, after, last)
    }

    /// `\tNAME = VALUE\n`, the value escaped.
    static func dumpLine(_ name: String, _ value: String) -> String {
        var line = "\t" + name + " = "
        appendEscaped(Substring(value), to: &line)
        line += "\n"
        return line
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
        if let alert = markup.alert { parts.append("alert \(alert.kind.rawValue) '\(alert.marker)' \(alert.markerEnding.rawValue)") }
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

    /// Appends `text` to `output` escaped as ``debugDescription`` describes; text with nothing to
    /// escape (the usual case) is appended whole.
    static func appendEscaped(_ text: Substring, to output: inout String) {
        let utf8 = text.utf8
        var pending = utf8.startIndex
        var index = utf8.startIndex
        while index < utf8.endIndex {
            let byte = utf8[index]
            var escaped: String? = nil
            var width = 1
            switch byte {
            case UInt8(ascii: "\\"): escaped = "\\\\"
            case UInt8(ascii: "\n"): escaped = "\\n"
            case UInt8(ascii: "\t"): escaped = "\\t"
            case UInt8(ascii: "\r"): escaped = "\\r"
            case 0..<0x20, 0x7F: escaped = "\\u{" + String(byte, radix: 16) + "}"
            case 0xE2:
                // U+2028 and U+2029: E2 80 A8 and E2 80 A9.
                let second = utf8.index(after: index)
                if second < utf8.endIndex, utf8[second] == 0x80 {
                    let third = utf8.index(after: second)
                    if third < utf8.endIndex, utf8[third] == 0xA8 || utf8[third] == 0xA9 {
                        escaped = utf8[third] == 0xA8 ? "\\u{2028}" : "\\u{2029}"
                        width = 3
                    }
                }
            default: break
            }
            if let escaped {
                output += text[pending..<index]
                output += escaped
                index = utf8.index(index, offsetBy: width)
                pending = index
            } else {
                index = utf8.index(after: index)
            }
        }
        output += text[pending..<utf8.endIndex]
    }
}
