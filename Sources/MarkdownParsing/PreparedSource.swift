import Foundation
internal import CCmarkGFM
import IntentModel

/// The bytes handed to libcmark-gfm, and how to map what it reports back to the user's source.
///
/// Usually the source itself. Two options rewrite it first, because the system libcmark-gfm has no
/// syntax for them:
///
/// - **Extended attributes** (`allowsExtendedAttributes`): in `^[text](attributes)`, where
///   `attributes` is a valid JSON5 object body on one line, the attributes are replaced by a token
///   (private-use characters around a number) so that libcmark-gfm parses an ordinary link whose
///   destination is the token. The converter turns such links back into extended-attribute spans;
///   any token that ends up in literal text (inside a code span, say) is restored to the original.
/// - **Inline-only syntax**: the source is split into chunks at blank lines; each chunk becomes a
///   paragraph led by a dummy line `x`, so every real line is a paragraph continuation line (no
///   indented code, no link reference definitions), and lines that could still interrupt a
///   paragraph (`#`, `>`, `-`, `+`, `*`, `_`, `=`, `` ` ``, `~`, `|`, `:`, `1.`, HTML block starts,
///   footnote definitions) get a backslash or have their delimiter escaped. The converter skips the
///   dummy line and joins the chunks with the original whitespace (preserving) or one space.
///
/// Source positions are mapped back through the list of edits.
struct PreparedSource {
    // MARK: Stored layout

    private let original: UnsafeBufferPointer<UInt8>
    private var rewritten: [UInt8]? = nil
    /// Copied segments: (start in rewritten, start in original, length), sorted.
    private var segments: [(rewritten: Int, original: Int, length: Int)] = []
    private var rewrittenLineStarts: [Int] = []
    private var originalLineStarts: [Int] = []
    private var extendedAttributesByToken: [String: [String: ExtendedAttributeValue]] = [:]
    private var tokenOriginals: [(token: String, original: String)] = []
    /// Inline-only syntax: the text placed before chunk i (index 0: before the first), and after
    /// the last at index `count`.
    private var chunkSeparators: [String] = []
    /// Inline-only, preserving whitespace: the leading whitespace of each original line.
    private var leadingWhitespace: [Int: String] = [:]
    private var preservesWhitespace = false

    /// Whether literal text may hold tokens to restore.
    private(set) var hasRewrites = false

    // MARK: Initialisers

    init(source: UnsafeBufferPointer<UInt8>, options: MarkdownParsingOptions) {
        original = source
        var edits: [Edit] = []
        if options.allowsExtendedAttributes { edits += extendedAttributeEdits() }
        if options.interpretedSyntax != .full {
            preservesWhitespace = options.interpretedSyntax == .inlineOnlyPreservingWhitespace
            edits += inlineOnlyEdits()
        }
        if !edits.isEmpty || options.interpretedSyntax != .full {
            apply(edits.sorted { $0.start < $1.start })
        }
        if options.appliesSourcePositionAttributes || preservesWhitespace {
            originalLineStarts = Self.lineStarts(of: source)
            if let rewritten {
                rewritten.withUnsafeBufferPointer { rewrittenLineStarts = Self.lineStarts(of: $0) }
            } else {
                rewrittenLineStarts = originalLineStarts
            }
        }
    }

    /// The number of bytes handed to libcmark-gfm.
    var byteCount: Int { rewritten?.count ?? original.count }

    /// Calls `body` with the bytes to parse.
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        if let rewritten { return try rewritten.withUnsafeBufferPointer(body) }
        return try body(original)
    }

    // MARK: Edits

    private struct Edit {
        var start: Int
        var end: Int
        var replacement: [UInt8]
    }

    private mutating func apply(_ edits: [Edit]) {
        var output: [UInt8] = []
        output.reserveCapacity(original.count + edits.count * 4 + 16)
        var position = 0
        for edit in edits where edit.start >= position {
            if edit.start > position {
                segments.append((output.count, position, edit.start - position))
                output.append(contentsOf: original[position..<edit.start])
            }
            output.append(contentsOf: edit.replacement)
            position = edit.end
        }
        if position < original.count {
            segments.append((output.count, position, original.count - position))
            output.append(contentsOf: original[position..<original.count])
        }
        rewritten = output
    }

    // MARK: Extended attributes

    private mutating func extendedAttributeEdits() -> [Edit] {
        var edits: [Edit] = []
        let bytes = original
        var index = 0
        let count = bytes.count
        let decoder = JSONDecoder()
        decoder.allowsJSON5 = true
        while index + 1 < count {
            guard bytes[index] == UInt8(ascii: "^"), bytes[index + 1] == UInt8(ascii: "["),
                index == 0 || bytes[index - 1] != UInt8(ascii: "\\")
            else {
                index += 1
                continue
            }
            // The matching "]" of the text (nesting, backslash escapes).
            var cursor = index + 2
            var depth = 1
            while cursor < count, depth > 0 {
                switch bytes[cursor] {
                case UInt8(ascii: "\\"): cursor += 1
                case UInt8(ascii: "["): depth += 1
                case UInt8(ascii: "]"): depth -= 1
                default: break
                }
                cursor += 1
            }
            guard depth == 0, cursor < count, bytes[cursor] == UInt8(ascii: "(") else {
                index += 2
                continue
            }
            // The matching ")" of the attributes, on the same line, skipping JSON5 strings.
            let attributesStart = cursor + 1
            var end = attributesStart
            var parentheses = 1
            var quote: UInt8? = nil
            var valid = true
            while end < count {
                let byte = bytes[end]
                if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                    valid = false
                    break
                }
                if let open = quote {
                    if byte == UInt8(ascii: "\\") {
                        end += 1
                    } else if byte == open {
                        quote = nil
                    }
                } else if byte == UInt8(ascii: "\"") || byte == UInt8(ascii: "'") {
                    quote = byte
                } else if byte == UInt8(ascii: "(") {
                    parentheses += 1
                } else if byte == UInt8(ascii: ")") {
                    parentheses -= 1
                    if parentheses == 0 { break }
                }
                end += 1
            }
            guard valid, end < count, parentheses == 0 else {
                index += 2
                continue
            }
            let body = Array(bytes[attributesStart..<end])
            let object = Data("{".utf8) + Data(body) + Data("}".utf8)
            guard let attributes = try? decoder.decode([String: ExtendedAttributeValue].self, from: object) else {
                index += 2
                continue
            }
            let token = "\u{E000}IMX\(extendedAttributesByToken.count)\u{E001}"
            extendedAttributesByToken[token] = attributes
            tokenOriginals.append((token, String(decoding: body, as: UTF8.self)))
            edits.append(Edit(start: attributesStart, end: end, replacement: Array(token.utf8)))
            hasRewrites = true
            index = end + 1
        }
        return edits
    }

    /// The extended attributes a link destination stands for, or `nil` for an ordinary link.
    func extendedAttributes(forDestination destination: String) -> [String: ExtendedAttributeValue]? {
        guard !extendedAttributesByToken.isEmpty else { return nil }
        // The destination has already been restored by `restoringOriginal`; match on the original.
        for (token, text) in tokenOriginals where text == destination || token == destination {
            return extendedAttributesByToken[token]
        }
        return nil
    }

    /// `text` with every token replaced by the attributes text it stands for.
    func restoringOriginal(_ text: String) -> String {
        guard text.contains("\u{E000}") else { return text }
        var result = text
        for (token, original) in tokenOriginals { result = result.replacingOccurrences(of: token, with: original) }
        return result
    }

    /// `bytes` with every token replaced by the attributes text it stands for.
    func restoringOriginal(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        restoringOriginal(String(decoding: bytes, as: UTF8.self))
    }

    // MARK: Inline-only syntax

    private static let htmlBlockTags: Set<String> = [
        "address", "article", "aside", "base", "basefont", "blockquote", "body", "caption", "center", "col",
        "colgroup", "dd", "details", "dialog", "dir", "div", "dl", "dt", "fieldset", "figcaption", "figure",
        "footer", "form", "frame", "frameset", "h1", "h2", "h3", "h4", "h5", "h6", "head", "header", "hr",
        "html", "iframe", "legend", "li", "link", "main", "menu", "menuitem", "nav", "noframes", "ol",
        "optgroup", "option", "p", "param", "section", "source", "summary", "table", "tbody", "td",
        "tfoot", "th", "thead", "title", "tr", "track", "ul", "script", "pre", "style",
    ]

    private mutating func inlineOnlyEdits() -> [Edit] {
        var edits: [Edit] = []
        let bytes = original
        let lines = Self.lines(of: bytes)
        var pendingSeparator: [UInt8] = []
        var chunkOpen = false
        var isFirstChunk = true
        var previousLineEnding: [UInt8] = []
        for (lineNumber, line) in lines.enumerated() {
            var contentStart = line.start
            while contentStart < line.contentEnd, bytes[contentStart] == UInt8(ascii: " ") || bytes[contentStart] == UInt8(ascii: "\t") {
                contentStart += 1
            }
            let blank = contentStart == line.contentEnd
            if blank {
                // A blank line ends the chunk; it (and its line ending) becomes separator text.
                if chunkOpen {
                    chunkOpen = false
                    pendingSeparator = previousLineEnding
                    // The previous line's ending belongs to the separator too.
                    edits.append(Edit(start: line.start, end: line.end, replacement: [UInt8(ascii: "\n")]))
                } else {
                    edits.append(Edit(start: line.start, end: line.end, replacement: []))
                }
                pendingSeparator.append(contentsOf: bytes[line.start..<line.end])
                continue
            }
            if preservesWhitespace, contentStart > line.start {
                leadingWhitespace[lineNumber] = String(decoding: bytes[line.start..<contentStart], as: UTF8.self)
            }
            var replacement: [UInt8] = []
            if !chunkOpen {
                // A new chunk: the separator before it, then a dummy paragraph line.
                chunkOpen = true
                if isFirstChunk {
                    chunkSeparators.append(preservesWhitespace ? String(decoding: pendingSeparator, as: UTF8.self) : "")
                } else if preservesWhitespace {
                    chunkSeparators.append(String(decoding: pendingSeparator, as: UTF8.self))
                } else {
                    chunkSeparators.append(" ")
                }
                isFirstChunk = false
                pendingSeparator = []
                replacement = Array("x\n".utf8)
                if preservesWhitespace, contentStart > line.start {
                    chunkSeparators[chunkSeparators.count - 1] += leadingWhitespace[lineNumber] ?? ""
                }
            }
            // Escape what could start a block that interrupts a paragraph.
            var delimiterEscape: Int? = nil
            switch Self.interruption(bytes, from: contentStart, to: line.contentEnd) {
            case .none: break
            case .escapeFirst: replacement.append(UInt8(ascii: "\\"))
            case .escapeAt(let offset): delimiterEscape = offset
            }
            edits.append(Edit(start: line.start, end: contentStart, replacement: replacement))
            previousLineEnding = Array(bytes[line.contentEnd..<line.end])
            if let delimiter = delimiterEscape {
                edits.append(Edit(start: delimiter, end: delimiter, replacement: [UInt8(ascii: "\\")]))
            }
        }
        if chunkOpen { pendingSeparator = previousLineEnding + pendingSeparator }
        chunkSeparators.append(preservesWhitespace ? String(decoding: pendingSeparator, as: UTF8.self) : "")
        return edits
    }

    /// The text that stands before chunk `index` (and, at index = number of chunks, after the last).
    func separator(beforeChunk index: Int) -> String {
        guard index < chunkSeparators.count else { return "" }
        return chunkSeparators[index]
    }

    /// In preserving mode, what a line break inside a chunk stands for: `"\n"` and the leading
    /// whitespace of the following line.
    func lineBreakText(afterLine line: Int) -> String {
        guard line > 0 else { return "\n" }
        let rewrittenOffset = rewrittenLineStarts.isEmpty ? nil : offset(line: line + 1, column: 1, in: rewrittenLineStarts)
        if let rewrittenOffset, let originalOffset = originalOffset(forRewritten: rewrittenOffset) {
            let originalLine = Self.lineIndex(of: originalOffset, in: originalLineStarts)
            return "\n" + (leadingWhitespace[originalLine] ?? "")
        }
        return "\n"
    }

    private enum Interruption {
        case none
        /// Put a backslash before the line's first character.
        case escapeFirst
        /// Put a backslash before the byte at this offset (an ordered-list delimiter).
        case escapeAt(Int)
    }

    /// Whether a line (from its first non-blank byte) could start a block that interrupts a
    /// paragraph (CommonMark §4–§5, GFM tables), and how to keep it from doing so without
    /// changing its inline meaning.
    private static func interruption(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Interruption {
        let first = bytes[start]
        func isSpace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        func onlyCharacters(_ allowed: Set<UInt8>) -> Bool {
            (start..<end).allSatisfy { allowed.contains(bytes[$0]) || isSpace(bytes[$0]) }
        }
        func count(of byte: UInt8) -> Int { (start..<end).filter { bytes[$0] == byte }.count }
        let followedBySpaceOrEnd = start + 1 >= end || isSpace(bytes[start + 1])
        switch first {
        case UInt8(ascii: ">"):
            return .escapeFirst
        case UInt8(ascii: "#"):
            var cursor = start
            while cursor < end, bytes[cursor] == UInt8(ascii: "#") { cursor += 1 }
            return cursor - start <= 6 && (cursor == end || isSpace(bytes[cursor])) ? .escapeFirst : .none
        case UInt8(ascii: "-"), UInt8(ascii: "*"), UInt8(ascii: "+"), UInt8(ascii: "_"):
            if first != UInt8(ascii: "_"), followedBySpaceOrEnd { return .escapeFirst }  // list item
            if first != UInt8(ascii: "+"), onlyCharacters([first]), count(of: first) >= 3 { return .escapeFirst }  // thematic break
            if first == UInt8(ascii: "-"), onlyCharacters([first]) { return .escapeFirst }  // setext underline
            if first == UInt8(ascii: "-"), onlyCharacters(Set("|:-".utf8)), count(of: UInt8(ascii: "-")) > 0 {
                return .escapeFirst  // table delimiter row
            }
            return .none
        case UInt8(ascii: "="):
            return onlyCharacters([first]) ? .escapeFirst : .none
        case UInt8(ascii: "`"), UInt8(ascii: "~"):
            var cursor = start
            while cursor < end, bytes[cursor] == first { cursor += 1 }
            return cursor - start >= 3 ? .escapeFirst : .none
        case UInt8(ascii: "|"), UInt8(ascii: ":"):
            return onlyCharacters(Set("|:-".utf8)) && count(of: UInt8(ascii: "-")) > 0 ? .escapeFirst : .none
        case UInt8(ascii: "<"):
            return startsHTMLBlock(bytes, from: start, to: end) ? .escapeFirst : .none
        case UInt8(ascii: "["):
            return startsFootnoteDefinition(bytes, from: start, to: end) ? .escapeFirst : .none
        case UInt8(ascii: "0")...UInt8(ascii: "9"):
            var cursor = start
            while cursor < end, bytes[cursor] >= UInt8(ascii: "0"), bytes[cursor] <= UInt8(ascii: "9") { cursor += 1 }
            if cursor - start <= 9, cursor < end, bytes[cursor] == UInt8(ascii: ".") || bytes[cursor] == UInt8(ascii: ")"),
                cursor + 1 >= end || isSpace(bytes[cursor + 1])
            {
                return .escapeAt(cursor)
            }
            return .none
        default:
            return .none
        }
    }

    private static func startsHTMLBlock(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        var cursor = start + 1
        guard cursor < end else { return false }
        if bytes[cursor] == UInt8(ascii: "!") || bytes[cursor] == UInt8(ascii: "?") { return true }
        if bytes[cursor] == UInt8(ascii: "/") { cursor += 1 }
        var name = ""
        while cursor < end, let scalar = Optional(bytes[cursor]),
            (scalar >= UInt8(ascii: "a") && scalar <= UInt8(ascii: "z")) || (scalar >= UInt8(ascii: "A") && scalar <= UInt8(ascii: "Z"))
                || (scalar >= UInt8(ascii: "0") && scalar <= UInt8(ascii: "9"))
        {
            name.append(Character(UnicodeScalar(scalar)))
            cursor += 1
        }
        return htmlBlockTags.contains(name.lowercased())
    }

    private static func startsFootnoteDefinition(_ bytes: UnsafeBufferPointer<UInt8>, from start: Int, to end: Int) -> Bool {
        guard start + 1 < end, bytes[start + 1] == UInt8(ascii: "^") else { return false }
        var cursor = start + 2
        while cursor < end, bytes[cursor] != UInt8(ascii: "]") { cursor += 1 }
        return cursor + 1 < end && bytes[cursor + 1] == UInt8(ascii: ":")
    }

    // MARK: Lines and positions

    private struct Line {
        var start: Int
        var contentEnd: Int
        var end: Int
    }

    /// Lines as CommonMark counts them: ended by LF, CRLF or a lone CR.
    private static func lines(of bytes: UnsafeBufferPointer<UInt8>) -> [Line] {
        var result: [Line] = []
        var start = 0
        var index = 0
        let count = bytes.count
        while index < count {
            let byte = bytes[index]
            if byte == UInt8(ascii: "\n") {
                result.append(Line(start: start, contentEnd: index, end: index + 1))
                start = index + 1
            } else if byte == UInt8(ascii: "\r") {
                let end = index + 1 < count && bytes[index + 1] == UInt8(ascii: "\n") ? index + 2 : index + 1
                result.append(Line(start: start, contentEnd: index, end: end))
                start = end
                index = end - 1
            }
            index += 1
        }
        if start < count { result.append(Line(start: start, contentEnd: count, end: count)) }
        return result
    }

    private static func lineStarts(of bytes: UnsafeBufferPointer<UInt8>) -> [Int] {
        var starts = [0]
        starts.append(contentsOf: lines(of: bytes).map(\.end).filter { $0 < bytes.count || false })
        return starts
    }

    private func offset(line: Int, column: Int, in starts: [Int]) -> Int? {
        guard line >= 1, line <= starts.count else { return nil }
        return starts[line - 1] + max(column - 1, 0)
    }

    private static func lineIndex(of offset: Int, in starts: [Int]) -> Int {
        var low = 0
        var high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= offset { low = middle } else { high = middle - 1 }
        }
        return low
    }

    private func originalOffset(forRewritten offset: Int) -> Int? {
        guard rewritten != nil else { return offset }
        guard !segments.isEmpty else { return nil }
        var low = 0
        var high = segments.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if segments[middle].rewritten <= offset { low = middle } else { high = middle - 1 }
        }
        let segment = segments[low]
        if offset < segment.rewritten { return segment.original }
        return segment.original + min(offset - segment.rewritten, segment.length)
    }

    /// The node's position mapped back to the user's source (1-based lines, 1-based UTF-8 byte
    /// columns, end inclusive), or `nil` when libcmark-gfm recorded none.
    func position(of node: UnsafeMutablePointer<cmark_node>) -> MarkdownSourcePosition? {
        let startLine = Int(cmark_node_get_start_line(node))
        let startColumn = Int(cmark_node_get_start_column(node))
        let endLine = Int(cmark_node_get_end_line(node))
        let endColumn = Int(cmark_node_get_end_column(node))
        guard startLine > 0 else { return nil }
        guard rewritten != nil else {
            return MarkdownSourcePosition(
                startLine: startLine, startColumn: max(startColumn, 1), endLine: max(endLine, startLine),
                endColumn: max(endColumn, 0))
        }
        guard let start = offset(line: startLine, column: startColumn, in: rewrittenLineStarts),
            let originalStart = originalOffset(forRewritten: start)
        else { return nil }
        let endOffset = offset(line: max(endLine, startLine), column: max(endColumn, 1), in: rewrittenLineStarts) ?? start
        let originalEnd = originalOffset(forRewritten: endOffset) ?? originalStart
        let startIndex = Self.lineIndex(of: originalStart, in: originalLineStarts)
        let endIndex = Self.lineIndex(of: originalEnd, in: originalLineStarts)
        return MarkdownSourcePosition(
            startLine: startIndex + 1, startColumn: originalStart - originalLineStarts[startIndex] + 1,
            endLine: endIndex + 1, endColumn: originalEnd - originalLineStarts[endIndex] + 1)
    }
}
