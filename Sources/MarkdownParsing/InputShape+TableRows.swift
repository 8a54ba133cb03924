extension InputShape {
    /// The pre-scan's reading of tables. libcmark-gfm parses the inlines of each table cell
    /// alone, so the rows of a table are counted one at a time instead of as one chunk — but only
    /// lines that are rows without a doubt, since a line counted alone that is in fact part of a
    /// paragraph would hide that paragraph's delimiters from the limits.
    ///
    /// A table starts with a header line and a delimiter row of as many cells, the header at the
    /// top level (no container marker, no indentation, in a chunk whose lines have none either
    /// and open no footnote definition: nothing open that a line could continue lazily; not after
    /// a byte order mark, which libcmark-gfm skips); its
    /// rows follow at the top level, each with a `|` and as many cells. A line that could start
    /// another block (`#`, a fence, `<`, a footnote definition, a container marker, indentation)
    /// or end an HTML block or a fence (a `>`, a fence) ends the counting of rows, as does a
    /// blank line (which starts a new reading). The C scan (`InputShapeScan.c`) reads the same.
    struct TableRows {
        /// How a line is counted.
        enum Reading: Equatable {
            /// With the chunk it is in.
            case inChunk
            /// A table's delimiter row: the chunk (the header and the lines before it) ends with it.
            case delimiterRow
            /// A table's row, alone.
            case row
        }

        /// Whether the chunk's lines so far are all at the top level.
        private var chunkAtTopLevel = true
        /// The cells of the line before when it may be a table's header, else 0.
        private var headerCells = 0
        /// The cells of the table whose rows are counted alone, 0 when none.
        private var tableCells = 0

        /// Reads the non-blank line whose content (after container markers and indentation) is
        /// `content`: `atTopLevel` when it has neither, `hasPipe` when it holds a `|`.
        mutating func read(_ bytes: UnsafeBufferPointer<UInt8>, _ content: Range<Int>, atTopLevel: Bool, hasPipe: Bool) -> Reading {
            var reading = Reading.inChunk
            if tableCells > 0 {
                if atTopLevel, hasPipe, !Self.startsOtherBlock(bytes, content, asHeader: false),
                    Self.plainRowCells(bytes, content) == tableCells
                {
                    reading = .row
                } else {
                    tableCells = 0
                }
            } else if atTopLevel, chunkAtTopLevel, headerCells > 0, hasPipe, Self.delimiterRowCells(bytes, content) == headerCells {
                tableCells = headerCells
                reading = .delimiterRow
            }
            // A footnote definition is a container opened without a marker: a line after it may
            // continue its paragraph lazily.
            let opensFootnote =
                atTopLevel && content.count >= 2 && bytes[content.lowerBound] == UInt8(ascii: "[")
                && bytes[content.lowerBound + 1] == UInt8(ascii: "^")
            if !atTopLevel || opensFootnote { chunkAtTopLevel = false }
            headerCells =
                tableCells == 0 && atTopLevel && hasPipe && !Self.startsOtherBlock(bytes, content, asHeader: true)
                ? Self.plainRowCells(bytes, content) : 0
            return reading
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
    }
}
