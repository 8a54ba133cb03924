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

    /// The rules of the scan, read one byte at a time in Swift: the reference for the C scan. A
    /// table's rows are counted as chunks of their own (``TableRows``).
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
        var tables = TableRows()
        var lineNumber = 0
        let count = bytes.count
        while index < count {
            let (indentation, depth) = Self.scanContainerMarkers(bytes, at: &index)
            let contentStart = index
            let line = Self.scanInlineContent(bytes, at: &index)
            brackets += line.brackets
            delimiters += line.delimiters
            tableCellWork &+= line.pipes &* line.pipes
            if depth > 0 || line.hasContent {
                // A byte order mark, which libcmark-gfm skips, is read as a line's indentation.
                let afterByteOrderMark = contentStart == 0 && bytes.starts(with: [0xEF, 0xBB, 0xBF])
                let reading = tables.read(
                    bytes, contentStart..<index, atTopLevel: depth == 0 && indentation == 0 && !afterByteOrderMark, hasPipe: line.pipes > 0)
                if reading == .row { tableRowLines.append(lineNumber) }
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
                if reading != .inChunk { endChunk(brackets: &brackets, delimiters: &delimiters) }
            } else {
                // Blank: nesting stays open; the chunk of text ends, and any table.
                nestingWork &+= openDepth
                endChunk(brackets: &brackets, delimiters: &delimiters)
                tables = TableRows()
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
    static func isSpace(_ byte: UInt8) -> Bool { byte == 0x20 || byte == 0x09 }

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
