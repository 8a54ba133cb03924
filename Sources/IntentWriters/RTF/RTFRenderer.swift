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
    /// The paragraph style of each interned attribute set (read for every paragraph: looked up
    /// once per set, not copied out of the whole attribute set each time).
    private let paragraphStyles: [ParagraphStyle?]
    /// Whether the text holds right-to-left characters anywhere (else no run is looked at for them).
    private let hasRightToLeftText: Bool
    /// While collecting: the first segment of the paragraph being collected.
    private var paragraphStart = 0

    // MARK: Initialisers

    /// - Parameters:
    ///   - threads: The most threads the document is lowered on (a document of
    ///     `minimumBytesInPieces` of text or more; `nil`: the active processor count).
    init(document original: IntentDocument, options: RTFWritingOptions, threads: Int? = nil, minimumBytesInPieces: Int = 1 << 18) {
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
            to: [.richText, .list, .table], styleSheet: options.styleSheet, plainTextOptions: options.plainTextOptions,
            threads: threads, minimumBytesInPieces: minimumBytesInPieces)
        let bytes = Array(lowered.text.utf8)
        hasRightToLeftText = bytes.withUnsafeBufferPointer { WritingDirection.holdsRightToLeft(utf8: $0) }
        document = lowered
        paragraphStyles = lowered.attributeSetIDs.map { lowered.attributes(of: $0).display?.paragraphStyle }
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
        attributes >= 0 ? paragraphStyles[Int(attributes)] : nil
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

    /// Writes the document and hands over the bytes; its paragraphs in pieces on up to `threads`
    /// threads (``RTFBody/write(to:threads:)``: the same bytes as on one).
    consuming func render(threads: Int = 1) -> ByteOutput {
        writeHeader()
        let body = RTFBody(
            options: options, document: document, text: text, segments: segments, paragraphs: paragraphs,
            characterFormats: characterFormats, linkTargets: linkTargets, isBold: isBold, paragraphStyles: paragraphStyles,
            hasRightToLeftText: hasRightToLeftText)
        body.write(to: &output, threads: threads)
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
    func replacingQuotes() -> String {
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
