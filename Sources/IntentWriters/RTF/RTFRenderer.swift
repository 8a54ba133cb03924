import IntentLowering
import IntentModel

/// The state of one RTF write: lowers the document to rich text with lists and tables, collects
/// its paragraphs (one per block, as the lowering separates them), then writes the header tables
/// and every paragraph with its character runs (RTF 1.9.1).
///
/// Character formatting is written in one group per run (`{\f0\fs34\b text}`), so nothing leaks
/// from one run to the next; paragraph formatting starts over at every `\pard`. Lengths are
/// twips (points × 20), font sizes half-points.
struct RTFRenderer: ~Copyable {
    // MARK: Stored layout

    private let options: RTFWritingOptions
    /// The lowered document (display attributes only).
    private let document: IntentDocument
    private let text: [UInt8]
    private var output: ByteOutput
    private var segments: [RTFTextSegment] = []
    private var paragraphs: [RTFParagraph] = []
    private var colors: RTFColorTable
    private var lists = RTFListTable()
    /// Character formatting per interned attribute set, control words only (`\f0\fs34\b`).
    private var characterFormats: [String] = []
    /// Link target per interned attribute set.
    private var linkTargets: [String?] = []
    /// Whether each interned attribute set is bold already (header cells add `\b` otherwise).
    private var isBold: [Bool] = []
    /// Whether the text holds right-to-left characters anywhere (else no run is looked at for them).
    private let hasRightToLeftText: Bool
    /// While collecting: the first segment of the paragraph being collected.
    private var paragraphStart = 0

    // MARK: Initialisers

    init(document original: IntentDocument, options: RTFWritingOptions) {
        self.options = options
        // Raw HTML as every output without HTML shows it (tags and comments dropped, `<br>` a
        // break, `<img>` its alt text), unless the plain-text options keep it as text — done here,
        // before lowering (which then finds none), so that `source` has the lowered paragraphs'
        // leaves for the outline levels.
        let repaired = original.repairedForWriting()
        // Footnote references raised and notes numbered (RTF has no footnote markup of its own
        // that every reader shows; see ``RTFWriter``).
        // Alert titles shown here too, so that `source` has the lowered paragraphs' leaves.
        let source = (options.plainTextOptions.keepsRawHTML ? repaired : repaired.renderingRawHTML()).numberingFootnotes()
            .showingAlertTitles()
        let lowered = source.lowered(
            to: [.richText, .list, .table], styleSheet: options.styleSheet, plainTextOptions: options.plainTextOptions)
        let bytes = Array(lowered.text.utf8)
        hasRightToLeftText = bytes.withUnsafeBufferPointer { WritingDirection.holdsRightToLeft(utf8: $0) }
        document = lowered
        text = bytes
        output = ByteOutput(capacity: text.count * 2 + 4096)
        colors = RTFColorTable(namedColors: options.namedColors)
        collectParagraphs()
        if options.writesOutlineLevels { assignHeaderLevels(from: source) }
        prepareFormats()
        if options.writesListTable { assignNumberFonts() }
    }

    /// Each list level's number font: the font and size of its first item's marker.
    private mutating func assignNumberFonts() {
        for paragraph in paragraphs where paragraph.listNumber > 0 && paragraph.attributes >= 0 {
            guard let font = attributes(paragraph.attributes).display?.font,
                let level = paragraphStyle(paragraph.attributes)?.textLists.count
            else { continue }
            lists.setNumberFont(
                "\\f\(Self.fontIndex(font.design))\\fs\(max(1, Self.clampedInteger(font.size * 2)))", list: paragraph.listNumber,
                level: min(max(level - 1, 0), 8))
        }
    }

    // MARK: Collecting

    /// Splits the lowered runs into paragraphs at the separators' line feeds (walking the lowered
    /// document: ``visitRun(_:text:isLastInLeaf:)``); takes list markers out of the text.
    private mutating func collectParagraphs() {
        let document = self.document
        document.walk(&self)
        if paragraphStart < segments.count { finishParagraph(segmentsFrom: paragraphStart, separator: -1) }
    }

    /// Collects one run: a text segment, or for a separator a paragraph end at each line feed.
    private mutating func collect(_ run: IntentDocument.StoredRun) {
        let attributes = document.attributes(of: run.attributes)
        if attributes.isPlaceholder { return }
        let index = Int32(run.attributes.index)
        let (start, end) = (run.utf8Range.lowerBound, run.utf8Range.upperBound)
        guard attributes.isBlockSeparator else {
            segments.append(RTFTextSegment(start: start, end: end, attributes: index))
            return
        }
        // Adjacent separators with equal attributes are one run: every line feed ends a paragraph.
        for offset in start..<end {
            if text[offset] == UInt8(ascii: "\n") {
                finishParagraph(segmentsFrom: paragraphStart, separator: index)
                paragraphStart = segments.count
            } else {
                segments.append(RTFTextSegment(start: offset, end: offset + 1, attributes: index))
            }
        }
    }

    private mutating func finishParagraph(segmentsFrom first: Int, separator: Int32) {
        let range = first..<segments.count
        let attributes = range.isEmpty ? separator : segments[first].attributes
        var paragraph = RTFParagraph(segments: range, attributes: attributes)
        if !range.isEmpty, let style = paragraphStyle(attributes), !style.textLists.isEmpty, style.textBlocks.isEmpty {
            // The lowering writes a marker as "\t•\t" at the start of an item's first paragraph.
            let segment = segments[first]
            if segment.end - segment.start >= 2, text[segment.start] == UInt8(ascii: "\t") {
                let limit = min(segment.end, segment.start + 48)
                if let tab = (segment.start + 1..<limit).first(where: { text[$0] == UInt8(ascii: "\t") }) {
                    let marker = String(decoding: text[(segment.start + 1)..<tab], as: UTF8.self)
                    paragraph.marker = marker
                    segments[first].start = tab + 1
                    if options.writesListTable { paragraph.listNumber = lists.number(for: style.textLists, marker: marker) }
                }
            }
        }
        paragraphs.append(paragraph)
    }

    /// Header levels from the source: the lowering writes one paragraph per leaf block change, so
    /// the n-th leaf of the source is the n-th paragraph (checked by count; no levels otherwise).
    private mutating func assignHeaderLevels(from source: IntentDocument) {
        var levels: [Int?] = []
        var previous: BlockID?? = .none
        for run in source.storedRuns where run.block != previous {
            previous = run.block
            var level: Int? = nil
            if let block = run.block, case .header(let header) = source.kind(of: block) { level = header }
            levels.append(level)
        }
        guard levels.count == paragraphs.count else { return }
        for index in paragraphs.indices { paragraphs[index].headerLevel = levels[index] }
    }

    private func paragraphStyle(_ attributes: Int32) -> ParagraphStyle? {
        attributes >= 0 ? self.attributes(attributes).display?.paragraphStyle : nil
    }

    /// The lowered document's attribute set at `index` (an index of its attribute table, ≥ 0).
    private func attributes(_ index: Int32) -> RunAttributes { document.attributes(of: RunAttributesID(index: Int(index))) }

    /// Character formats and link targets of every interned attribute set (filling the color table).
    private mutating func prepareFormats() {
        for set in document.attributeSetIDs {
            let attributes = document.attributes(of: set)
            characterFormats.append(characterFormat(attributes.display))
            // No field for a link that runs code (``LinkTargets``); its text stays.
            let target = attributes.link?.absoluteString ?? attributes.linkDestination
            linkTargets.append(target.flatMap { LinkTargets.runsCode($0) ? nil : $0 })
            isBold.append((attributes.display?.font?.weight ?? .regular) >= .semibold)
        }
    }

    private mutating func characterFormat(_ display: DisplayAttributes?) -> String {
        guard let display else { return "" }
        var format = ""
        if let font = display.font {
            format += "\\f\(Self.fontIndex(font.design))\\fs\(max(1, Self.clampedInteger(font.size * 2)))"
            if font.weight >= .semibold { format += "\\b" }
            if font.isItalic { format += "\\i" }
        }
        if let color = display.foregroundColor { format += "\\cf\(colors.index(of: color))" }
        if let color = display.backgroundColor {
            let index = colors.index(of: color)
            format += "\\cb\(index)\\chcbpat\(index)"
        }
        if let underline = display.underlineStyle { format += Self.underline(underline) }
        if let strikethrough = display.strikethroughStyle, strikethrough.rawValue != 0 {
            format += strikethrough.contains(.double) ? "\\striked1" : "\\strike"
        }
        if let superscript = display.superscript, superscript != 0 {
            format += superscript > 0 ? "\\super" : "\\sub"
        } else if let offset = display.baselineOffset, offset != 0 {
            let halfPoints = Self.clampedInteger(abs(offset) * 2)
            if halfPoints > 0 { format += offset > 0 ? "\\up\(halfPoints)" : "\\dn\(halfPoints)" }
        }
        return format
    }

    /// The `\fN` of a design: the font table lists default, serif, monospaced, rounded.
    static func fontIndex(_ design: FontDescriptor.Design) -> Int {
        switch design {
        case .default: return 0
        case .serif: return 1
        case .monospaced: return 2
        case .rounded: return 3
        }
    }

    /// The underline control word for a style: by word `\ulw`; a pattern `\uld`, `\uldash`,
    /// `\uldashd`, `\uldashdd` (thick: `\ulth…`); double `\uldb`; thick `\ulth`; single `\ul`.
    static func underline(_ style: UnderlineStyle) -> String {
        let raw = style.rawValue
        guard raw != 0 else { return "" }
        let thick = raw & 0xFF == UnderlineStyle.thick.rawValue
        switch raw & 0xF00 {
        case UnderlineStyle.patternDot.rawValue: return thick ? "\\ulthd" : "\\uld"
        case UnderlineStyle.patternDash.rawValue: return thick ? "\\ulthdash" : "\\uldash"
        case UnderlineStyle.patternDashDot.rawValue: return thick ? "\\ulthdashd" : "\\uldashd"
        case UnderlineStyle.patternDashDotDot.rawValue: return thick ? "\\ulthdashdd" : "\\uldashdd"
        default: break
        }
        if style.contains(.byWord) { return "\\ulw" }
        if raw & 0xFF == UnderlineStyle.double.rawValue { return "\\uldb" }
        return thick ? "\\ulth" : "\\ul"
    }

    // MARK: Writing

    /// Writes the document and hands over the bytes.
    consuming func render() -> ByteOutput {
        writeHeader()
        var index = 0
        while index < paragraphs.count {
            if let cell = paragraphStyle(paragraphs[index].attributes)?.textBlocks.first {
                var end = index + 1
                while end < paragraphs.count, paragraphStyle(paragraphs[end].attributes)?.textBlocks.first?.table == cell.table {
                    end += 1
                }
                // A reader that keeps a list open until the next plain paragraph (pandoc) would put it
                // in the first cell: a whitespace paragraph, 1 pt high, closes it.
                if index > 0, paragraphs[index - 1].listNumber > 0 { output.append("\\pard\\sl-20{\\fs2\\~}\\par\n") }
                writeTable(index..<end)
                index = end
                // Two tables with nothing between them would be one table to a reader (pandoc,
                // Word): a whitespace paragraph, 1 pt high, keeps them apart.
                if index < paragraphs.count, paragraphStyle(paragraphs[index].attributes)?.textBlocks.first != nil {
                    output.append("\\pard\\sl-20{\\fs2\\~}\\par\n")
                }
            } else {
                writeParagraph(paragraphs[index], inTable: false, isHeaderCell: false, ending: "\\par\n")
                index += 1
            }
        }
        output.append("}\n")
        return output
    }

    private mutating func writeHeader() {
        output.append("{\\rtf1\\ansi\\ansicpg1252\\deff0\\uc1\n{\\fonttbl")
        let families: [(FontDescriptor.Design, String)] = [
            (.default, "\\fswiss"), (.serif, "\\froman"), (.monospaced, "\\fmodern\\fprq1"), (.rounded, "\\fswiss"),
        ]
        for (design, family) in families {
            output.append("{\\f")
            RTFEscaping.appendInteger(Self.fontIndex(design), to: &output)
            output.append(family)
            output.append("\\fcharset0 ")
            RTFEscaping.appendString(options.fontNames.name(for: design), to: &output)
            output.append(";}")
        }
        output.append("}\n")
        colors.write(to: &output)
        lists.write(to: &output)
        output.append("{\\*\\generator IntentMark;}\\viewkind4\n")
    }

    /// Writes one paragraph: `\pard`, its properties, the marker, the runs (links as
    /// `HYPERLINK` fields), then `ending` (`\par`, or `\cell` for a cell's last paragraph).
    private mutating func writeParagraph(_ paragraph: RTFParagraph, inTable: Bool, isHeaderCell: Bool, ending: StaticString) {
        let style = paragraphStyle(paragraph.attributes) ?? ParagraphStyle()
        // A right-to-left paragraph's runs are right-to-left text (`\\rtlch`) unless their own
        // first strong character is left-to-right (`\\ltrch`).
        let isRightToLeft = style.baseWritingDirection == .rightToLeft
        output.append("\\pard")
        if inTable { output.append("\\intbl") }
        writeParagraphProperties(style, paragraph: paragraph, inTable: inTable)
        output.append(UInt8(ascii: " "))
        if let marker = paragraph.marker { writeMarker(marker, of: paragraph) }
        var openLink: String? = nil
        for index in paragraph.segments {
            let segment = segments[index]
            guard segment.end > segment.start else { continue }
            let link = linkTargets[Int(segment.attributes)]
            if link != openLink {
                if openLink != nil { output.append("}}}") }
                if let link {
                    output.append("{\\field{\\*\\fldinst{HYPERLINK \"")
                    RTFEscaping.appendString(link.replacingQuotes(), to: &output)
                    output.append("\"}}{\\fldrslt{")
                }
                openLink = link
            }
            output.append(UInt8(ascii: "{"))
            writeCharacterFormat(of: segment, isHeaderCell: isHeaderCell, inRightToLeftParagraph: isRightToLeft)
            output.append(UInt8(ascii: " "))
            // A code block's own final line feed ends the paragraph already.
            var end = segment.end
            if index == paragraph.segments.last, text[end - 1] == UInt8(ascii: "\n") { end -= 1 }
            text.withUnsafeBufferPointer { bytes in
                RTFEscaping.appendText(UnsafeBufferPointer(rebasing: bytes[segment.start..<end]), to: &output)
            }
            output.append(UInt8(ascii: "}"))
        }
        if openLink != nil { output.append("}}}") }
        if !inTable, paragraph.marker != nil, paragraph.attributes >= 0,
            !paragraph.segments.contains(where: { segments[$0].end > segments[$0].start })
        {
            // A marker-only paragraph (an item that begins with a nested list): its paragraph mark
            // carries the text's font, which readers number the marker in.
            output.append(UInt8(ascii: "{"))
            output.append(characterFormats[Int(paragraph.attributes)])
            output.append(" \\par}\n")
            return
        }
        output.append(ending)
    }

    /// A list paragraph's marker: `{\\listtext …\\tab}` for a numbered list (readers number it
    /// again), else the marker text in the paragraph's font, then a tab.
    private mutating func writeMarker(_ marker: String, of paragraph: RTFParagraph) {
        if paragraph.listNumber > 0 {
            output.append("{\\listtext ")
            RTFEscaping.appendString(marker, to: &output)
            output.append("\\tab}")
        } else {
            output.append(UInt8(ascii: "{"))
            if paragraph.attributes >= 0 { output.append(characterFormats[Int(paragraph.attributes)]) }
            output.append(UInt8(ascii: " "))
            RTFEscaping.appendString(marker, to: &output)
            output.append("\\tab}")
        }
    }

    /// A segment's character formatting: its attribute set's controls, bold in a header cell, and
    /// the text direction. Right-to-left text is `\\rtlch` and takes the *associated* font and
    /// size (`\\af`, `\\afs`, `\\ab`, `\\ai`), which readers give it instead of `\\f`, `\\fs`. A
    /// left-to-right run that holds right-to-left text names the associated font after `\\rtlch`
    /// and then turns back with `\\ltrch`, as Word writes it.
    private mutating func writeCharacterFormat(of segment: RTFTextSegment, isHeaderCell: Bool, inRightToLeftParagraph: Bool) {
        output.append(characterFormats[Int(segment.attributes)])
        if isHeaderCell, !isBold[Int(segment.attributes)] { output.append("\\b") }
        let holdsRightToLeft = hasRightToLeftText && holdsRightToLeftText(segment)
        guard inRightToLeftParagraph || holdsRightToLeft else { return }
        if !isLeftToRight(segment) {
            output.append("\\rtlch")
            output.append(associatedFormat(segment.attributes))
        } else {
            if holdsRightToLeft {
                output.append("\\rtlch")
                output.append(associatedFormat(segment.attributes))
            }
            output.append("\\ltrch")
        }
    }

    /// The associated-character controls of an attribute set (`\\af0\\afs34\\ab\\ai`): the font,
    /// size, weight and slant that readers give right-to-left text.
    private func associatedFormat(_ attributes: Int32) -> String {
        guard let font = self.attributes(attributes).display?.font else { return "" }
        var format = "\\af\(Self.fontIndex(font.design))\\afs\(max(1, Self.clampedInteger(font.size * 2)))"
        if font.weight >= .semibold { format += "\\ab" }
        if font.isItalic { format += "\\ai" }
        return format
    }

    /// Whether `segment` holds a strong right-to-left character (only scalars from U+0580 on are
    /// decoded, so left-to-right text of Latin, Greek or Cyrillic costs a byte compare per byte).
    private func holdsRightToLeftText(_ segment: RTFTextSegment) -> Bool {
        text.withUnsafeBufferPointer { bytes in
            WritingDirection.holdsRightToLeft(utf8: UnsafeBufferPointer(rebasing: bytes[segment.start..<segment.end]))
        }
    }

    /// Whether `segment`'s first strong character is left-to-right.
    private func isLeftToRight(_ segment: RTFTextSegment) -> Bool {
        text.withUnsafeBufferPointer { bytes in
            WritingDirection.firstStrong(in: String(decoding: bytes[segment.start..<segment.end], as: UTF8.self)) == .leftToRight
        }
    }

    private mutating func writeParagraphProperties(_ style: ParagraphStyle, paragraph: RTFParagraph, inTable: Bool) {
        if !inTable {
            let depth = style.textLists.count
            let leftIndent = Self.twips(style.headIndent)
            let firstLine: Int
            if depth > 0 {
                // A marker hangs one list level's indent to the left; later paragraphs align with the text.
                firstLine = paragraph.marker != nil ? -Self.twips(style.headIndent / Double(depth)) : 0
            } else {
                firstLine = Self.twips(style.firstLineHeadIndent - style.headIndent)
            }
            let rightIndent: Int
            if style.tailIndent > 0 {
                rightIndent = max(0, Self.twips(options.tableWidth - style.tailIndent))
            } else {
                rightIndent = Self.twips(-style.tailIndent)
            }
            if style.baseWritingDirection == .rightToLeft {
                // The leading side is the right: physical `\\ri`/`\\li`, and the logical `\\lin`
                // (before the text) and `\\rin` that RTF 1.6 readers prefer.
                if leftIndent != 0 {
                    writeWord("\\ri", leftIndent)
                    writeWord("\\lin", leftIndent)
                }
                if firstLine != 0 { writeWord("\\fi", firstLine) }
                if rightIndent != 0 {
                    writeWord("\\li", rightIndent)
                    writeWord("\\rin", rightIndent)
                }
            } else {
                if leftIndent != 0 { writeWord("\\li", leftIndent) }
                if firstLine != 0 { writeWord("\\fi", firstLine) }
                if rightIndent != 0 { writeWord("\\ri", rightIndent) }
            }
            if paragraph.marker != nil, leftIndent > 0 { writeWord("\\tx", leftIndent) }
        }
        let before = Self.twips(style.paragraphSpacingBefore)
        let after = Self.twips(style.paragraphSpacing)
        if before != 0 { writeWord("\\sb", before) }
        if after != 0 { writeWord("\\sa", after) }
        if style.lineHeightMultiple > 0 {
            writeWord("\\sl", Self.clampedInteger(style.lineHeightMultiple * 240))
            output.append("\\slmult1")
        }
        let isRightToLeft = style.baseWritingDirection == .rightToLeft
        if isRightToLeft { output.append("\\rtlpar") }
        switch style.alignment {
        case .left: output.append("\\ql")
        case .center: output.append("\\qc")
        case .right: output.append("\\qr")
        case .justified: output.append("\\qj")
        case .natural: if isRightToLeft { output.append("\\qr") }
        }
        if let level = paragraph.headerLevel { writeWord("\\outlinelevel", min(max(level - 1, 0), 8)) }
        if paragraph.listNumber > 0 {
            writeWord("\\ls", paragraph.listNumber)
            writeWord("\\ilvl", min(max(style.textLists.count - 1, 0), 8))
        }
    }

    /// Writes consecutive cell paragraphs of one table: a `\trowd … \row` per row, `\cellx` at
    /// equal widths of ``RTFWritingOptions/tableWidth``, one `\cell` per column (empty for a
    /// missing cell); the header row is `\trhdr` and bold.
    private mutating func writeTable(_ range: Range<Int>) {
        var columnCount = 1
        for index in range {
            if let cell = paragraphStyle(paragraphs[index].attributes)?.textBlocks.first {
                columnCount = max(columnCount, cell.numberOfColumns, cell.column + cell.columnSpan)
            }
        }
        let left = Self.twips(paragraphStyle(paragraphs[range.lowerBound].attributes)?.headIndent ?? 0)
        let width = max(Self.twips(options.tableWidth) / columnCount, 1)
        var rowStart = range.lowerBound
        while rowStart < range.upperBound {
            let first = paragraphStyle(paragraphs[rowStart].attributes)?.textBlocks.first
            var rowEnd = rowStart + 1
            while rowEnd < range.upperBound {
                let cell = paragraphStyle(paragraphs[rowEnd].attributes)?.textBlocks.first
                if cell?.row != first?.row || cell?.isHeader != first?.isHeader { break }
                rowEnd += 1
            }
            let isHeader = first?.isHeader ?? false
            output.append("\\trowd\\trgaph108")
            writeWord("\\trleft", left)
            if isHeader { output.append("\\trhdr") }
            for column in 0..<columnCount {
                output.append("\\clbrdrt\\brdrs\\brdrw10\\clbrdrl\\brdrs\\brdrw10\\clbrdrb\\brdrs\\brdrw10\\clbrdrr\\brdrs\\brdrw10")
                writeWord("\\cellx", left + width * (column + 1))
            }
            output.append(UInt8(ascii: "\n"))
            var index = rowStart
            for column in 0..<columnCount {
                var cellEnd = index
                while cellEnd < rowEnd, paragraphStyle(paragraphs[cellEnd].attributes)?.textBlocks.first?.column == column {
                    cellEnd += 1
                }
                if cellEnd == index {
                    output.append("\\pard\\intbl\\cell\n")
                }
                for paragraph in index..<cellEnd {
                    writeParagraph(
                        paragraphs[paragraph], inTable: true, isHeaderCell: isHeader,
                        ending: paragraph == cellEnd - 1 ? "\\cell\n" : "\\par\n")
                }
                index = cellEnd
            }
            // Cells past the column count (a malformed hand-made table) are written as paragraphs.
            while index < rowEnd {
                writeParagraph(paragraphs[index], inTable: true, isHeaderCell: isHeader, ending: "\\par\n")
                index += 1
            }
            output.append("\\row\n")
            rowStart = rowEnd
        }
        output.append("\\pard\n")
    }

    private mutating func writeWord(_ word: StaticString, _ value: Int) {
        output.append(word)
        RTFEscaping.appendInteger(value, to: &output)
    }

    /// Points to twips (1/20 pt), rounded.
    static func twips(_ points: Double) -> Int { clampedInteger(points * 20) }

    /// `value` rounded, within ±100 000 000 (RTF values are 32-bit); 0 when not finite.
    static func clampedInteger(_ value: Double) -> Int {
        guard value.isFinite else { return 0 }
        return Int(min(max(value, -100_000_000), 100_000_000).rounded())
    }
}

extension String {
    /// The string with `"` percent-encoded, for a quoted field argument.
    fileprivate func replacingQuotes() -> String {
        guard contains("\"") else { return self }
        return split(separator: "\"", omittingEmptySubsequences: false).joined(separator: "%22")
    }
}

// MARK: - Walk

extension RTFRenderer: IntentRunVisitor {
    // The lowered document has no blocks or spans: its paragraphs are its separators' line feeds.

    mutating func visitRun(_ run: IntentDocument.StoredRun, text: UnsafeBufferPointer<UInt8>, isLastInLeaf: Bool) {
        collect(run)
    }
}
