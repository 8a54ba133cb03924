internal import CmarkInlinePass
import IntentModel

/// A linear pre-scan of the input for the shapes ``ParsingLimits`` bounds.
struct InputShape: Equatable {
    /// The most container markers opening one line.
    var nestingDepth = 0
    /// The sum over lines of the nesting depth open across them.
    var nestingWork = 0
    /// The most `[` in one chunk between blank lines.
    var bracketsPerBlock = 0
    /// The sum over chunks of their `[` count squared.
    var bracketWork = 0
    /// The most emphasis delimiters (`*`, `_`, `~`) in one chunk.
    var emphasisDelimitersPerBlock = 0
    /// The sum over chunks of their delimiter count squared.
    var emphasisWork = 0
    /// The sum over lines of the open nesting depth times the line's `[`, `*`, `_` and `~`.
    var nestedInlineWork = 0
    /// The sum over lines of their `|` count squared.
    var tableCellWork = 0

    /// The shape of an empty input.
    init() {}

    /// The shape of `markdown`, for tests.
    static func scanning(_ markdown: String, bytewise: Bool = false) -> InputShape {
        var markdown = markdown
        return markdown.withUTF8 { InputShape(scanning: $0, bytewise: bytewise) }
    }

    /// Scans `bytes` once, line by line (CmarkInlinePass's `intentmark_scan_input_shape`: each
    /// line's content sixteen bytes at a time with SSE2).
    /// - Parameter bytewise: Reads with the Swift reading below instead, one byte at a time (the
    ///   reference the tests compare the fast path with; the result is the same).
    init(scanning bytes: UnsafeBufferPointer<UInt8>, bytewise: Bool = false) {
        guard !bytewise else {
            self = InputShape(readingBytewise: bytes)
            return
        }
        var shape = intentmark_input_shape()
        if let base = bytes.baseAddress { intentmark_scan_input_shape(base, bytes.count, &shape) }
        nestingDepth = Int(truncatingIfNeeded: shape.nesting_depth)
        nestingWork = Int(truncatingIfNeeded: shape.nesting_work)
        bracketsPerBlock = Int(truncatingIfNeeded: shape.brackets_per_block)
        bracketWork = Int(truncatingIfNeeded: shape.bracket_work)
        emphasisDelimitersPerBlock = Int(truncatingIfNeeded: shape.emphasis_delimiters_per_block)
        emphasisWork = Int(truncatingIfNeeded: shape.emphasis_work)
        nestedInlineWork = Int(truncatingIfNeeded: shape.nested_inline_work)
        tableCellWork = Int(truncatingIfNeeded: shape.table_cell_work)
    }

    /// The 0-based numbers of the lines the scan counts alone as table rows (the rows after a
    /// table's delimiter row), for tests.
    static func tableRowLines(of markdown: String) -> [Int] {
        var markdown = markdown
        var lines: [Int] = []
        _ = markdown.withUTF8 { InputShape(readingBytewise: $0, tableRowLines: &lines) }
        return lines
    }

    /// The rules of the scan, read one byte at a time in Swift: the reference for the C scan.
    ///
    /// Table rows: libcmark-gfm parses the inlines of each table cell alone, so the rows of a
    /// table are counted one at a time instead of as one chunk — but only lines that are rows
    /// without a doubt, since a line counted alone that is in fact part of a paragraph would hide
    /// that paragraph's delimiters from the limits. A table starts with a header line and a
    /// delimiter row of as many cells, the header at the top level (no container marker, no
    /// indentation, in a chunk whose lines have none either and open no footnote definition:
    /// nothing open that a line could continue lazily); its rows follow at the top level, each
    /// with a `|` and as many cells. A line that could start another block (`#`, a fence, `<`, a
    /// footnote definition, a container marker, indentation) or end an HTML block or a fence (a
    /// `>`, a fence) ends the counting of rows, as does a blank line.
    private init(readingBytewise bytes: UnsafeBufferPointer<UInt8>) {
        var lines: [Int] = []
        self.init(readingBytewise: bytes, tableRowLines: &lines)
    }

    /// ``init(readingBytewise:)``, recording the lines counted alone as table rows.
    private init(readingBytewise bytes: UnsafeBufferPointer<UInt8>, tableRowLines: inout [Int]) {
        var openDepth = 0
        var brackets = 0
        var delimiters = 0
        var index = 0
        // Tables: whether the chunk's lines are all at the top level, the cells of the line
        // before when it may be a table's header (else 0), the cells of the table whose rows are
        // counted one at a time (0 when none).
        var chunkAtTopLevel = true
        var headerCells = 0
        var tableCells = 0
        var lineNumber = 0
        let count = bytes.count
        while index < count {
            let (indentation, depth) = Self.scanContainerMarkers(bytes, at: &index)
            let contentStart = index
            let line = Self.scanInlineContent(bytes, at: &index)
            let content = contentStart..<index
            brackets += line.brackets
            delimiters += line.delimiters
            tableCellWork &+= line.pipes &* line.pipes
            if depth > 0 || line.hasContent {
                let atTopLevel = depth == 0 && indentation == 0
                var alone = false
                if tableCells > 0 {
                    if atTopLevel, line.pipes > 0, !Self.startsOtherBlock(bytes, content, asHeader: false),
                        Self.plainRowCells(bytes, content) == tableCells
                    {
                        alone = true
                        tableRowLines.append(lineNumber)
                    } else {
                        tableCells = 0
                    }
                } else if atTopLevel, chunkAtTopLevel, headerCells > 0, line.pipes > 0,
                    Self.delimiterRowCells(bytes, content) == headerCells
                {
                    // The delimiter row: the chunk (header and the lines before it) ends here.
                    tableCells = headerCells
                    alone = true
                }
                // A footnote definition is a container opened without a marker: a line after it
                // may continue its paragraph lazily.
                let opensFootnote =
                    atTopLevel && content.count >= 2 && bytes[contentStart] == UInt8(ascii: "[")
                    && bytes[contentStart + 1] == UInt8(ascii: "^")
                if !atTopLevel || opensFootnote { chunkAtTopLevel = false }
                headerCells =
                    tableCells == 0 && atTopLevel && line.pipes > 0 && !Self.startsOtherBlock(bytes, content, asHeader: true)
                    ? Self.plainRowCells(bytes, content) : 0
                nestingDepth = max(nestingDepth, depth)
                if depth > 0, !line.hasContent {
                    // Only container markers (`>` on its own continues a quote): the blocks open
                    // inside stay open, as a blank line inside them would leave them.
                    openDepth = max(openDepth, depth)
                } else if depth > 0 {
                    openDepth = depth
                } else if indentation < 2 {
                    openDepth = 0
                }
                nestingWork &+= max(depth, openDepth)
                nestedInlineWork &+= max(depth, openDepth) &* (line.brackets + line.delimiters)
                bracketsPerBlock = max(bracketsPerBlock, brackets)
                emphasisDelimitersPerBlock = max(emphasisDelimitersPerBlock, delimiters)
                if alone { endChunk(brackets: &brackets, delimiters: &delimiters) }
            } else {
                // Blank: nesting stays open; the chunk of text ends, and any table.
                nestingWork &+= openDepth
                endChunk(brackets: &brackets, delimiters: &delimiters)
                chunkAtTopLevel = true
                headerCells = 0
                tableCells = 0
            }
            // Past the line ending (LF, CR or CRLF).
            if index < count, bytes[index] == 0x0D { index += 1 }
            if index < count, bytes[index] == 0x0A { index += 1 }
            lineNumber += 1
        }
        endChunk(brackets: &brackets, delimiters: &delimiters)
    }

    /// The shape of this input followed by `next`, where `next` starts at a line that begins with
    /// a letter after a blank line (a cut of ``PieceCuts``): there a scan's state is what a fresh
    /// scan starts with (no chunk of text open, the open nesting closed by the letter at the
    /// line's start), so the measures combine exactly: the sums add (wrapping, as the scan does)
    /// and the maxima take the larger.
    func followed(by next: InputShape) -> InputShape {
        var shape = self
        shape.nestingDepth = max(nestingDepth, next.nestingDepth)
        shape.nestingWork = nestingWork &+ next.nestingWork
        shape.bracketsPerBlock = max(bracketsPerBlock, next.bracketsPerBlock)
        shape.bracketWork = bracketWork &+ next.bracketWork
        shape.emphasisDelimitersPerBlock = max(emphasisDelimitersPerBlock, next.emphasisDelimitersPerBlock)
        shape.emphasisWork = emphasisWork &+ next.emphasisWork
        shape.nestedInlineWork = nestedInlineWork &+ next.nestedInlineWork
        shape.tableCellWork = tableCellWork &+ next.tableCellWork
        return shape
    }

    /// Adds a chunk's brackets and delimiters to the quadratic work measures, and starts the next.
    @inline(__always)
    private mutating func endChunk(brackets: inout Int, delimiters: inout Int) {
        bracketWork &+= brackets &* brackets
        emphasisWork &+= delimiters &* delimiters
        brackets = 0
        delimiters = 0
    }

    @inline(__always)
    private static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

    /// Reads a line's indentation and container markers (`>`, bullets, ordered-list markers),
    /// leaving `index` at the first byte after them; returns the indentation in bytes and the
    /// number of markers.
    private static func scanContainerMarkers(_ bytes: UnsafeBufferPointer<UInt8>, at index: inout Int) -> (indentation: Int, depth: Int) {
        let count = bytes.count
        var indentation = 0
        while index < count, isSpace(bytes[index]) {
            index += 1
            indentation += 1
        }
        var depth = 0
        scan: while index < count {
            switch bytes[index] {
            case UInt8(ascii: ">"):
                depth += 1
                index += 1
            case UInt8(ascii: "-"), UInt8(ascii: "+"), UInt8(ascii: "*"):
                guard index + 1 >= count || isSpace(bytes[index + 1]) || bytes[index + 1] == 0x0A || bytes[index + 1] == 0x0D
                else { break scan }
                depth += 1
                index += 1
            case UInt8(ascii: "0")...UInt8(ascii: "9"):
                var digits = index
                while digits < count, digits - index < 10, bytes[digits] >= 0x30, bytes[digits] <= 0x39 { digits += 1 }
                guard digits < count, bytes[digits] == UInt8(ascii: ".") || bytes[digits] == UInt8(ascii: ")"),
                    digits + 1 >= count || isSpace(bytes[digits + 1])
                else { break scan }
                depth += 1
                index = digits + 1
            default:
                break scan
            }
            while index < count, isSpace(bytes[index]) { index += 1 }
        }
        return (indentation, depth)
    }

    /// Reads the rest of a line up to its line ending: its `[`, emphasis delimiters (`*`, `_`,
    /// `~`) and `|`, and whether it holds anything but spaces and tabs.
    private static func scanInlineContent(
        _ bytes: UnsafeBufferPointer<UInt8>, at index: inout Int
    ) -> (hasContent: Bool, brackets: Int, delimiters: Int, pipes: Int) {
        var hasContent = false
        var brackets = 0
        var delimiters = 0
        var pipes = 0
        while index < bytes.count {
            let byte = bytes[index]
            if byte == 0x0A || byte == 0x0D { break }
            if byte == UInt8(ascii: "[") {
                brackets += 1
            } else if byte == UInt8(ascii: "*") || byte == UInt8(ascii: "_") || byte == UInt8(ascii: "~") {
                delimiters += 1
            } else if byte == UInt8(ascii: "|") {
                pipes += 1
            }
            if byte != 0x20 && byte != 0x09 { hasContent = true }
            index += 1
        }
        return (hasContent, brackets, delimiters, pipes)
    }

    /// Whether the line at `line` could start a block other than a table row, or (`asHeader`) a
    /// paragraph that is not a table header: `#`, a backtick or tilde fence, `<`, `[^` (a
    /// footnote definition) — and for a header any `[` (a link reference definition).
    private static func startsOtherBlock(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>, asHeader: Bool) -> Bool {
        guard let first = line.first.map({ bytes[$0] }) else { return true }
        switch first {
        case UInt8(ascii: "#"), UInt8(ascii: "`"), UInt8(ascii: "~"), UInt8(ascii: "<"): return true
        case UInt8(ascii: "["): return asHeader || (line.count >= 2 && bytes[line.lowerBound + 1] == UInt8(ascii: "^"))
        default: return false
        }
    }

    /// The cells libcmark-gfm reads in a row or header line at `line` (starting with no space):
    /// the `|` separators, less a leading and a trailing one; 0 for a line read otherwise or
    /// whose cells another version may count differently — a `|` after a backslash, a vertical
    /// tab or form feed (trimmed like spaces around cells), a `>` (which may end an HTML block).
    private static func plainRowCells(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> Int {
        var pipes = 0
        for index in line {
            switch bytes[index] {
            case UInt8(ascii: "|"):
                if index > line.lowerBound, bytes[index - 1] == UInt8(ascii: "\\") { return 0 }
                pipes += 1
            case 0x0B, 0x0C, UInt8(ascii: ">"):
                return 0
            default:
                break
            }
        }
        var last = line.upperBound
        while last > line.lowerBound, isSpace(bytes[last - 1]) { last -= 1 }
        guard last > line.lowerBound else { return 0 }
        let leading = bytes[line.lowerBound] == UInt8(ascii: "|") ? 1 : 0
        let trailing = bytes[last - 1] == UInt8(ascii: "|") ? 1 : 0
        return pipes + 1 - leading - trailing
    }

    /// The cells of a delimiter row at `line` (`:---|---:|:-:`, with at least one `|`; spaces
    /// and tabs around cells), or 0 for any other line.
    private static func delimiterRowCells(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> Int {
        var last = line.upperBound
        while last > line.lowerBound, isSpace(bytes[last - 1]) { last -= 1 }
        var index = line.lowerBound
        var hasPipe = false
        if index < last, bytes[index] == UInt8(ascii: "|") {
            index += 1
            hasPipe = true
        }
        var cells = 0
        while true {
            while index < last, isSpace(bytes[index]) { index += 1 }
            if index < last, bytes[index] == UInt8(ascii: ":") { index += 1 }
            let dashes = index
            while index < last, bytes[index] == UInt8(ascii: "-") { index += 1 }
            guard index > dashes else { return 0 }
            if index < last, bytes[index] == UInt8(ascii: ":") { index += 1 }
            while index < last, isSpace(bytes[index]) { index += 1 }
            cells += 1
            if index == last { break }
            guard bytes[index] == UInt8(ascii: "|") else { return 0 }
            index += 1
            hasPipe = true
            if index == last { break }
        }
        return hasPipe ? cells : 0
    }

    /// Throws when a shape exceeds its limit.
    func check(against limits: ParsingLimits) throws {
        if nestingDepth > limits.maximumNestingDepth {
            throw IntentMarkError.limitExceeded(
                limit: "maximumNestingDepth", maximum: limits.maximumNestingDepth, found: nestingDepth)
        }
        if nestingWork > limits.maximumNestingWork {
            throw IntentMarkError.limitExceeded(
                limit: "maximumNestingWork", maximum: limits.maximumNestingWork, found: nestingWork)
        }
        if bracketsPerBlock > limits.maximumBracketsPerBlock {
            throw IntentMarkError.limitExceeded(
                limit: "maximumBracketsPerBlock", maximum: limits.maximumBracketsPerBlock, found: bracketsPerBlock)
        }
        if bracketWork > limits.maximumBracketWork {
            throw IntentMarkError.limitExceeded(limit: "maximumBracketWork", maximum: limits.maximumBracketWork, found: bracketWork)
        }
        if emphasisDelimitersPerBlock > limits.maximumEmphasisDelimitersPerBlock {
            throw IntentMarkError.limitExceeded(
                limit: "maximumEmphasisDelimitersPerBlock", maximum: limits.maximumEmphasisDelimitersPerBlock,
                found: emphasisDelimitersPerBlock)
        }
        if emphasisWork > limits.maximumEmphasisWork {
            throw IntentMarkError.limitExceeded(limit: "maximumEmphasisWork", maximum: limits.maximumEmphasisWork, found: emphasisWork)
        }
        if nestedInlineWork > limits.maximumNestedInlineWork {
            throw IntentMarkError.limitExceeded(
                limit: "maximumNestedInlineWork", maximum: limits.maximumNestedInlineWork, found: nestedInlineWork)
        }
        if tableCellWork > limits.maximumTableCellWork {
            throw IntentMarkError.limitExceeded(
                limit: "maximumTableCellWork", maximum: limits.maximumTableCellWork, found: tableCellWork)
        }
    }
}
