internal import CCmarkGFM
import Foundation
import IntentModel

/// The bytes handed to libcmark-gfm, and how to map what it reports back to the user's source.
///
/// Usually the source itself. Two options rewrite it first, because the system libcmark-gfm has no
/// syntax for them:
///
/// - **Extended attributes** (`allowsExtendedAttributes`): in `^[text](attributes)`, where
///   `attributes` is a valid JSON5 object body on one line (at most 4 096 bytes, finite numbers),
///   the attributes are replaced by a token (a number between two private-use characters that do
///   not occur in the input) so that libcmark-gfm parses an ordinary link whose destination is the
///   token. Brackets are matched in one linear pass. The converter turns such links back into extended-attribute spans;
///   any token that ends up in literal text (inside a code span, say) is restored to the original.
/// - **Inline-only syntax**: the source is split into chunks at blank lines; each chunk becomes a
///   paragraph led by a dummy line `x`, so every real line is a paragraph continuation line (no
///   indented code, no link reference definitions), and lines that could still interrupt a
///   paragraph (`#`, `>`, `-`, `+`, `*`, `_`, `=`, `|`, `:`, `1.`, footnote definitions) get a
///   backslash or have their delimiter escaped; HTML block starts and code fences (`` ``` ``,
///   `~~~`) get a private-use marker instead, removed from the text again. The converter skips the
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
    /// Extended attributes by token number, and the attribute text each token replaced.
    private var extendedAttributes: [[String: ExtendedAttributeValue]] = []
    private var attributeTexts: [String] = []
    /// The private-use characters that open and close tokens (chosen absent from the input).
    private var tokenOpen: Unicode.Scalar = "\u{E000}"
    private var tokenClose: Unicode.Scalar = "\u{E001}"
    /// Inline-only syntax: the private-use character put before lines that would start an HTML
    /// block or a code fence (chosen absent from the input), removed from the text again.
    private var shieldMarker: Unicode.Scalar = "\u{E002}"
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
        if options.allowsExtendedAttributes || options.interpretedSyntax != .full {
            (tokenOpen, tokenClose, shieldMarker) = Self.tokenDelimiters(in: source)
        }
        if options.allowsExtendedAttributes { edits += extendedAttributeEdits() }
        if options.interpretedSyntax != .full {
            preservesWhitespace = options.interpretedSyntax == .inlineOnlyPreservingWhitespace
            edits += inlineOnlyEdits()
        }
        if !edits.isEmpty || options.interpretedSyntax != .full {
            apply(edits.sorted { $0.start < $1.start })
        }
        if options.appliesSourcePositionAttributes || preservesWhitespace {
            originalLineStarts = SourceLines.starts(of: source)
            if let rewritten {
                rewritten.withUnsafeBufferPointer { rewrittenLineStarts = SourceLines.starts(of: $0) }
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

    /// The longest attribute text read (a bound on the work per `^[`).
    private static let maximumAttributesLength = 4096

    /// Picks two private-use characters that do not occur in the input as the token's delimiters,
    /// so no text of the user's can be mistaken for a token.
    private static func tokenDelimiters(in bytes: UnsafeBufferPointer<UInt8>) -> (Unicode.Scalar, Unicode.Scalar, Unicode.Scalar) {
        // U+E000–U+E0FF are EE 80 80 … EE 83 BF in UTF-8.
        var used = [Bool](repeating: false, count: 256)
        var index = 0
        while index + 2 < bytes.count {
            if bytes[index] == 0xEE, bytes[index + 1] >= 0x80, bytes[index + 1] <= 0x83 {
                used[Int(bytes[index + 1] - 0x80) << 6 | Int(bytes[index + 2] & 0x3F)] = true
            }
            index += 1
        }
        let free = (0..<256).filter { !used[$0] }
        // 256 code points cannot all occur in a document that is also large enough to matter;
        // fall back to the first two regardless.
        let first = free.first ?? 0
        let second = free.dropFirst().first ?? 1
        let third = free.dropFirst(2).first ?? 2
        return (
            Unicode.Scalar(0xE000 + UInt32(first)) ?? "\u{E000}", Unicode.Scalar(0xE000 + UInt32(second)) ?? "\u{E001}",
            Unicode.Scalar(0xE000 + UInt32(third)) ?? "\u{E002}"
        )
    }

    private mutating func extendedAttributeEdits() -> [Edit] {
        var edits: [Edit] = []
        let bytes = original
        let count = bytes.count
        // One pass matches brackets with a stack (nesting, backslash escapes; a blank line ends
        // every open bracket), recording the closing bracket of each `^[`.
        var closes: [Int: Int] = [:]
        var stack: [(position: Int, caret: Bool)] = []
        var index = 0
        var lineHasContent = false
        while index < count {
            let byte = bytes[index]
            switch byte {
            case UInt8(ascii: "\\"):
                index += 2
                lineHasContent = true
                continue
            case UInt8(ascii: "["):
                stack.append((index, index > 0 && bytes[index - 1] == UInt8(ascii: "^")))
                lineHasContent = true
            case UInt8(ascii: "]"):
                if let open = stack.popLast(), open.caret { closes[open.position] = index }
                lineHasContent = true
            case 0x0A, 0x0D:
                if !lineHasContent { stack.removeAll(keepingCapacity: true) }
                lineHasContent = false
            case UInt8(ascii: " "), UInt8(ascii: "\t"):
                break
            default:
                lineHasContent = true
            }
            index += 1
        }
        let decoder = JSONDecoder()
        decoder.allowsJSON5 = true
        for open in closes.keys.sorted() {
            guard let close = closes[open], close + 1 < count, bytes[close + 1] == UInt8(ascii: "("),
                open < 2 || bytes[open - 2] != UInt8(ascii: "\\")
            else { continue }
            if let last = edits.last, open <= last.end { continue }  // inside an earlier span's attributes
            // The matching ")" of the attributes, on the same line, skipping JSON5 strings.
            let attributesStart = close + 2
            var end = attributesStart
            var parentheses = 1
            var quote: UInt8? = nil
            var valid = true
            while end < count {
                let byte = bytes[end]
                if byte == 0x0A || byte == 0x0D || end - attributesStart > Self.maximumAttributesLength {
                    valid = false
                    break
                }
                if let opened = quote {
                    if byte == UInt8(ascii: "\\") {
                        end += 1
                    } else if byte == opened {
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
            guard valid, end < count, parentheses == 0 else { continue }
            let body = Array(bytes[attributesStart..<end])
            let object = Data("{".utf8) + Data(body) + Data("}".utf8)
            guard let attributes = try? decoder.decode([String: ExtendedAttributeValue].self, from: object),
                attributes.values.allSatisfy(\.isFinite)
            else { continue }
            let token = String(tokenOpen) + "IMX" + String(extendedAttributes.count) + String(tokenClose)
            extendedAttributes.append(attributes)
            attributeTexts.append(String(decoding: body, as: UTF8.self))
            edits.append(Edit(start: attributesStart, end: end, replacement: Array(token.utf8)))
            hasRewrites = true
        }
        return edits
    }

    /// The index a token stands for, when `text` is exactly one token.
    private func tokenIndex(_ text: Substring) -> Int? {
        guard text.unicodeScalars.first == tokenOpen, text.unicodeScalars.last == tokenClose else { return nil }
        let inner = text.unicodeScalars.dropFirst().dropLast()
        guard String(String.UnicodeScalarView(inner.prefix(3))) == "IMX",
            let index = Int(String(String.UnicodeScalarView(inner.dropFirst(3)))), index < extendedAttributes.count
        else { return nil }
        return index
    }

    /// The extended attributes a link destination (as libcmark-gfm gives it, before restoring)
    /// stands for, or `nil` for an ordinary link.
    func extendedAttributes(forRawDestination destination: String) -> [String: ExtendedAttributeValue]? {
        guard hasRewrites, let index = tokenIndex(destination[...]) else { return nil }
        return extendedAttributes[index]
    }

    /// `text` with every token replaced by the attributes text it stands for.
    func restoringOriginal(_ text: String) -> String {
        guard hasRewrites else { return text }
        var text = text
        if text.unicodeScalars.contains(shieldMarker) {
            text.unicodeScalars.removeAll { $0 == shieldMarker }
        }
        guard text.unicodeScalars.contains(tokenOpen) else { return text }
        var result = ""
        var rest = text[...]
        while let open = rest.unicodeScalars.firstIndex(of: tokenOpen) {
            result += rest[..<open]
            let afterOpen = rest.unicodeScalars.index(after: open)
            if let close = rest.unicodeScalars[afterOpen...].firstIndex(of: tokenClose),
                let index = tokenIndex(rest[open...close])
            {
                result += attributeTexts[index]
                rest = rest[rest.unicodeScalars.index(after: close)...]
            } else {
                result.unicodeScalars.append(tokenOpen)
                rest = rest[afterOpen...]
            }
        }
        result += rest
        return result
    }

    /// `bytes` with every token replaced by the attributes text it stands for.
    func restoringOriginal(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        restoringOriginal(String(decoding: bytes, as: UTF8.self))
    }

    // MARK: Inline-only syntax

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
                    // The previous line's ending belongs to the separator too. Two line feeds: after a
                    // lone CR the first would only turn it into a CRLF, and the chunks would join.
                    edits.append(Edit(start: line.start, end: line.end, replacement: [UInt8(ascii: "\n"), UInt8(ascii: "\n")]))
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
            case .shield:
                // An HTML block start or a code fence: a marker character (removed again from the
                // text) keeps the line a paragraph line, so its tags stay inline HTML and its
                // backticks or tildes one run.
                replacement.append(contentsOf: String(shieldMarker).utf8)
                hasRewrites = true
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

    /// Whether line `line` (1-based) of the bytes libcmark-gfm parsed ends with a backslash before
    /// its line ending: a hard break there is a backslash break, after which libcmark-gfm's line
    /// count lags one behind (it skips the line ending without counting it). Preserving mode only.
    func lineEndsWithBackslash(_ line: Int) -> Bool {
        guard line >= 1, line <= rewrittenLineStarts.count else { return false }
        let check: (UnsafeBufferPointer<UInt8>) -> Bool = { bytes in
            var end = line < self.rewrittenLineStarts.count ? self.rewrittenLineStarts[line] : bytes.count
            let start = self.rewrittenLineStarts[line - 1]
            while end > start, bytes[end - 1] == UInt8(ascii: "\n") || bytes[end - 1] == UInt8(ascii: "\r") { end -= 1 }
            return end > start && bytes[end - 1] == UInt8(ascii: "\\")
        }
        return withBytes(check)
    }

    private enum Interruption {
        case none
        /// Put a backslash before the line's first character.
        case escapeFirst
        /// Put the shield marker before the line (for HTML block starts, whose `<` must stay
        /// inline HTML, and code fences, whose run of backticks or tildes must stay whole).
        case shield
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
            // A code fence opens with three or more; a backtick fence's info string holds no
            // backtick (§4.5). A backslash would shorten the run and change what it means inline
            // (a code span's backtick string, a run of tildes too long to strike through), so the
            // line gets the shield marker instead.
            var cursor = start
            while cursor < end, bytes[cursor] == first { cursor += 1 }
            guard cursor - start >= 3 else { return .none }
            if first == UInt8(ascii: "`"), (cursor..<end).contains(where: { bytes[$0] == first }) { return .none }
            return .shield
        case UInt8(ascii: "|"), UInt8(ascii: ":"):
            return onlyCharacters(Set("|:-".utf8)) && count(of: UInt8(ascii: "-")) > 0 ? .escapeFirst : .none
        case UInt8(ascii: "<"):
            return startsHTMLBlock(bytes, from: start, to: end) ? .shield : .none
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
        return HTMLBlockStart.tagNames.contains(name.lowercased())
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
