import Dispatch
import IntentLowering
import IntentModel

/// The body of an RTF write, its paragraphs, written from the tables ``RTFRenderer`` prepares:
/// the lowered text and its segments and paragraphs, and per interned attribute set its character
/// format, link target, boldness and paragraph style. Only read while writing, so that a large
/// document's paragraphs are written in pieces on several threads (``write(to:threads:)``),
/// each piece into an output of its own, joined in order: the same bytes as one pass.
struct RTFBody: @unchecked Sendable {
    // `@unchecked`: every stored property is an immutable value; `document` and the arrays are
    // only read, from any number of threads.

    // MARK: Stored layout

    let options: RTFWritingOptions
    /// The lowered document (display attributes only).
    let document: IntentDocument
    let text: [UInt8]
    let segments: [RTFTextSegment]
    let paragraphs: [RTFParagraph]
    /// Per interned attribute set: control words (`\f0\fs34\b`), link target, whether bold,
    /// paragraph style.
    let characterFormats: [String]
    let linkTargets: [String?]
    let isBold: [Bool]
    let paragraphStyles: [ParagraphStyle?]
    /// Whether the text holds right-to-left characters anywhere (else no run is looked at for them).
    let hasRightToLeftText: Bool

    // MARK: Writing

    /// The paragraphs cut into about `pieces` runs of consecutive paragraphs for writing apart:
    /// a cut is never inside a table (the cells of one table are written together).
    func pieceRanges(_ pieces: Int) -> [Range<Int>] {
        let count = paragraphs.count
        guard pieces > 1, count > 1 else { return [0..<count] }
        var ranges: [Range<Int>] = []
        var start = 0
        for piece in 1..<pieces {
            var cut = max(count * piece / pieces, start + 1)
            while cut < count, continuesTable(at: cut) { cut += 1 }
            guard cut < count else { break }
            if cut > start {
                ranges.append(start..<cut)
                start = cut
            }
        }
        ranges.append(start..<count)
        return ranges
    }

    /// Whether paragraph `index` is a cell of the table the paragraph before it is in.
    private func continuesTable(at index: Int) -> Bool {
        guard index > 0, let cell = paragraphStyle(paragraphs[index].attributes)?.textBlocks.first else { return false }
        return paragraphStyle(paragraphs[index - 1].attributes)?.textBlocks.first?.table == cell.table
    }

    /// Writes every paragraph to `output`, in pieces on up to `threads` threads when there is
    /// more than one (``pieceRanges(_:)``; the pieces after the first are written into outputs of
    /// their own and appended in order).
    func write(to output: inout ByteOutput, threads: Int) {
        let ranges = pieceRanges(threads > 1 ? threads * 4 : 1)
        guard ranges.count > 1 else {
            write(0..<paragraphs.count, to: &output)
            return
        }
        // Slot `i` is written by the one thread that runs piece `i + 1`; read after all are done.
        let pieces = UnsafeMutablePointer<ByteOutput>.allocate(capacity: ranges.count - 1)
        defer { pieces.deallocate() }
        let slots = PieceOutputs(base: pieces)
        let perPiece = text.count * 2 / ranges.count + 4096
        let body = self
        DispatchQueue.concurrentPerform(iterations: ranges.count) { index in
            guard index > 0 else { return }
            var piece = ByteOutput(capacity: perPiece)
            body.write(ranges[index], to: &piece)
            (slots.base + index - 1).initialize(to: piece)
        }
        write(ranges[0], to: &output)
        for index in 0..<(ranges.count - 1) {
            let piece = (pieces + index).move()
            output.append(contentsOf: piece)
        }
    }

    /// The outputs of the pieces after the first, shared by the threads that write them.
    private struct PieceOutputs: @unchecked Sendable {
        let base: UnsafeMutablePointer<ByteOutput>
    }

    /// Writes the paragraphs `range` (which starts and ends outside any table): a paragraph at a
    /// time, a table's cells together.
    func write(_ range: Range<Int>, to output: inout ByteOutput) {
        var index = range.lowerBound
        while index < range.upperBound {
            if let cell = paragraphStyle(paragraphs[index].attributes)?.textBlocks.first {
                var end = index + 1
                while end < paragraphs.count, paragraphStyle(paragraphs[end].attributes)?.textBlocks.first?.table == cell.table {
                    end += 1
                }
                // A reader that keeps a list open until the next plain paragraph (pandoc) would put it
                // in the first cell: a whitespace paragraph, 1 pt high, closes it.
                if index > 0, paragraphs[index - 1].listNumber > 0 { output.append("\\pard\\sl-20{\\fs2\\~}\\par\n") }
                writeTable(index..<end, to: &output)
                index = end
                // Two tables with nothing between them would be one table to a reader (pandoc,
                // Word): a whitespace paragraph, 1 pt high, keeps them apart.
                if index < paragraphs.count, paragraphStyle(paragraphs[index].attributes)?.textBlocks.first != nil {
                    output.append("\\pard\\sl-20{\\fs2\\~}\\par\n")
                }
            } else {
                writeParagraph(paragraphs[index], inTable: false, isHeaderCell: false, ending: "\\par\n", to: &output)
                index += 1
            }
        }
    }

    /// The paragraph style of an interned attribute set, `nil` for -1 or a set without one.
    private func paragraphStyle(_ attributes: Int32) -> ParagraphStyle? {
        attributes >= 0 ? paragraphStyles[Int(attributes)] : nil
    }

    /// Writes one paragraph: `\pard`, its properties, the marker, the runs (links as
    /// `HYPERLINK` fields), then `ending` (`\par`, or `\cell` for a cell's last paragraph).
    private func writeParagraph(
        _ paragraph: RTFParagraph, inTable: Bool, isHeaderCell: Bool, ending: StaticString, to output: inout ByteOutput
    ) {
        let style = paragraphStyle(paragraph.attributes) ?? ParagraphStyle()
        // A right-to-left paragraph's runs are right-to-left text (`\\rtlch`) unless their own
        // first strong character is left-to-right (`\\ltrch`).
        let isRightToLeft = style.baseWritingDirection == .rightToLeft
        output.append("\\pard")
        if inTable { output.append("\\intbl") }
        writeParagraphProperties(style, paragraph: paragraph, inTable: inTable, to: &output)
        output.append(UInt8(ascii: " "))
        if let marker = paragraph.marker { writeMarker(marker, of: paragraph, to: &output) }
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
            writeCharacterFormat(of: segment, isHeaderCell: isHeaderCell, inRightToLeftParagraph: isRightToLeft, to: &output)
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
    private func writeMarker(_ marker: String, of paragraph: RTFParagraph, to output: inout ByteOutput) {
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
    private func writeCharacterFormat(
        of segment: RTFTextSegment, isHeaderCell: Bool, inRightToLeftParagraph: Bool, to output: inout ByteOutput
    ) {
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
        guard let font = document.attributes(of: RunAttributesID(index: Int(attributes))).display?.font else { return "" }
        var format = "\\af\(RTFRenderer.fontIndex(font.design))\\afs\(max(1, RTFRenderer.clampedInteger(font.size * 2)))"
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

    private func writeParagraphProperties(_ style: ParagraphStyle, paragraph: RTFParagraph, inTable: Bool, to output: inout ByteOutput) {
        if !inTable {
            let depth = style.textLists.count
            let leftIndent = RTFRenderer.twips(style.headIndent)
            let firstLine: Int
            if depth > 0 {
                // A marker hangs one list level's indent to the left; later paragraphs align with the text.
                firstLine = paragraph.marker != nil ? -RTFRenderer.twips(style.headIndent / Double(depth)) : 0
            } else {
                firstLine = RTFRenderer.twips(style.firstLineHeadIndent - style.headIndent)
            }
            let rightIndent: Int
            if style.tailIndent > 0 {
                rightIndent = max(0, RTFRenderer.twips(options.tableWidth - style.tailIndent))
            } else {
                rightIndent = RTFRenderer.twips(-style.tailIndent)
            }
            if style.baseWritingDirection == .rightToLeft {
                // The leading side is the right: physical `\\ri`/`\\li`, and the logical `\\lin`
                // (before the text) and `\\rin` that RTF 1.6 readers prefer.
                if leftIndent != 0 {
                    writeWord("\\ri", leftIndent, to: &output)
                    writeWord("\\lin", leftIndent, to: &output)
                }
                if firstLine != 0 { writeWord("\\fi", firstLine, to: &output) }
                if rightIndent != 0 {
                    writeWord("\\li", rightIndent, to: &output)
                    writeWord("\\rin", rightIndent, to: &output)
                }
            } else {
                if leftIndent != 0 { writeWord("\\li", leftIndent, to: &output) }
                if firstLine != 0 { writeWord("\\fi", firstLine, to: &output) }
                if rightIndent != 0 { writeWord("\\ri", rightIndent, to: &output) }
            }
            if paragraph.marker != nil, leftIndent > 0 { writeWord("\\tx", leftIndent, to: &output) }
        }
        let before = RTFRenderer.twips(style.paragraphSpacingBefore)
        let after = RTFRenderer.twips(style.paragraphSpacing)
        if before != 0 { writeWord("\\sb", before, to: &output) }
        if after != 0 { writeWord("\\sa", after, to: &output) }
        if style.lineHeightMultiple > 0 {
            writeWord("\\sl", RTFRenderer.clampedInteger(style.lineHeightMultiple * 240), to: &output)
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
        if let level = paragraph.headerLevel { writeWord("\\outlinelevel", min(max(level - 1, 0), 8), to: &output) }
        if paragraph.listNumber > 0 {
            writeWord("\\ls", paragraph.listNumber, to: &output)
            writeWord("\\ilvl", min(max(style.textLists.count - 1, 0), 8), to: &output)
        }
    }

    /// Writes consecutive cell paragraphs of one table: a `\trowd … \row` per row, `\cellx` at
    /// equal widths of ``RTFWritingOptions/tableWidth``, one `\cell` per column (empty for a
    /// missing cell); the header row is `\trhdr` and bold.
    private func writeTable(_ range: Range<Int>, to output: inout ByteOutput) {
        var columnCount = 1
        for index in range {
            if let cell = paragraphStyle(paragraphs[index].attributes)?.textBlocks.first {
                columnCount = max(columnCount, cell.numberOfColumns, cell.column + cell.columnSpan)
            }
        }
        let left = RTFRenderer.twips(paragraphStyle(paragraphs[range.lowerBound].attributes)?.headIndent ?? 0)
        let width = max(RTFRenderer.twips(options.tableWidth) / columnCount, 1)
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
            writeWord("\\trleft", left, to: &output)
            if isHeader { output.append("\\trhdr") }
            for column in 0..<columnCount {
                output.append("\\clbrdrt\\brdrs\\brdrw10\\clbrdrl\\brdrs\\brdrw10\\clbrdrb\\brdrs\\brdrw10\\clbrdrr\\brdrs\\brdrw10")
                writeWord("\\cellx", left + width * (column + 1), to: &output)
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
                        ending: paragraph == cellEnd - 1 ? "\\cell\n" : "\\par\n", to: &output)
                }
                index = cellEnd
            }
            // Cells past the column count (a malformed hand-made table) are written as paragraphs.
            while index < rowEnd {
                writeParagraph(paragraphs[index], inTable: true, isHeaderCell: isHeader, ending: "\\par\n", to: &output)
                index += 1
            }
            output.append("\\row\n")
            rowStart = rowEnd
        }
        output.append("\\pard\n")
    }

    private func writeWord(_ word: StaticString, _ value: Int, to output: inout ByteOutput) {
        output.append(word)
        RTFEscaping.appendInteger(value, to: &output)
    }

}
