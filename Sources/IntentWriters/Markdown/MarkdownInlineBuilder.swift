import IntentModel

/// The Markdown of one leaf block's inline content (a paragraph, heading or table cell), built
/// piece by piece as the runs are walked and finished in one pass that makes every delimiter
/// work.
///
/// Text is escaped when it is flushed, with the whole stretch of text in view (so neighbours
/// across runs count). Emphasis delimiters are decided at the end: a delimiter that would touch
/// another delimiter of the same character switches to the other character (`*` ↔ `_`), and one
/// that CommonMark's flanking rules (§6.2) would not let open or close gets the offending neighbour character written as a numeric character reference (`&#32;`), which is
/// punctuation to the delimiter rules and the same character to the reader.
struct MarkdownInlineBuilder {
    /// One piece of the output.
    enum Piece {
        /// Escaped text; `raw` is the text it says.
        case text(escaped: String, raw: String)
        /// An emphasis, strong emphasis or strikethrough delimiter; `partner` is the index of the
        /// matching piece, set when the closer is added.
        case delimiter(Delimiter)
        /// Syntax or raw content written as is (link brackets and destinations, code spans, raw HTML).
        case literal(String)
        /// A soft (`"\n"`) or hard line break, and the whitespace that starts the next line
        /// (kept only outside blocks, where whitespace-preserving inline-only syntax reads it).
        case lineBreak(hard: Bool, indentation: String)
    }

    /// An emphasis-like delimiter.
    struct Delimiter {
        enum Kind { case emphasis, strong, strikethrough }
        var kind: Kind
        var isOpening: Bool
        var character: Unicode.Scalar
        var partner: Int = -1

        var marker: String {
            switch kind {
            case .emphasis: return String(character)
            case .strong: return String(character) + String(character)
            case .strikethrough: return "~~"
            }
        }
    }

    private(set) var pieces: [Piece] = []
    /// Whether the first piece is raw inline HTML (not another literal such as an autolink).
    private var startsWithRawHTML = false
    /// Text waiting to be escaped (adjacent runs of text are escaped together).
    private var pendingText = ""
    /// Code waiting to become one code span (adjacent code runs are one span).
    private var pendingCode = ""
    /// Whether the content is inside a table cell (every `|` is escaped, code spans included).
    let isInTableCell: Bool
    /// Whether the last `#` of the content must be escaped (ATX heading content).
    let escapesTrailingHash: Bool
    private let hardBreakStyle: MarkdownWritingOptions.HardBreakStyle
    private let protectsFromSmartPunctuation: Bool

    /// Whether the content is in a block (text outside any block is inline-only content, read
    /// without block syntax, so no line needs protecting from it).
    let isInBlock: Bool

    init(isInTableCell: Bool, escapesTrailingHash: Bool, isInBlock: Bool = true, options: MarkdownWritingOptions) {
        self.isInTableCell = isInTableCell
        self.escapesTrailingHash = escapesTrailingHash
        self.isInBlock = isInBlock
        hardBreakStyle = options.hardBreakStyle
        protectsFromSmartPunctuation = options.protectsFromSmartPunctuation
    }

    var isEmpty: Bool { pieces.isEmpty && pendingText.isEmpty && pendingCode.isEmpty }

    // MARK: Adding content

    mutating func appendText(_ text: Substring) {
        flushCode()
        pendingText += text
    }

    mutating func appendCode(_ text: Substring) {
        flushText()
        pendingCode += text
    }

    /// Raw inline HTML or other content that must reach the reader unchanged. At the start of a
    /// continuation line it is indented by four spaces, which the reader strips there, so that a
    /// tag such as `<div>` or `<!--` cannot start an HTML block (CommonMark §4.6 allows at most
    /// three).
    mutating func appendRaw(_ text: Substring) {
        flushPending()
        if pieces.isEmpty { startsWithRawHTML = true }
        if isInBlock, case .lineBreak? = pieces.last, text.first == "<" {
            pieces.append(.literal("    " + text))
        } else {
            pieces.append(.literal(String(text)))
        }
    }

    /// A soft or hard line break.
    /// - Parameters:
    ///   - hard: Whether it is a hard break.
    ///   - indentation: Spaces and tabs the break's run holds after its line ending (the leading
    ///     whitespace of the next line, which whitespace-preserving inline-only syntax keeps in the
    ///     break). Written only outside blocks: inside one the reader strips it anyway, and a
    ///     continuation line's indentation is the writer's to choose.
    ///
    /// In a table cell, whose row is one line (GFM §4.10), a hard break is written `<br>` — as
    /// GitHub users write one — and a soft break as a space: a line ending there would end the
    /// row and the table with it. Read back, the `<br>` is inline HTML, not a break (documents
    /// from the parser never have a break in a cell; an edit or a hand-made document can).
    mutating func appendLineBreak(hard: Bool, indentation: Substring = "") {
        if isInTableCell {
            if hard { appendRaw("<br>") } else { appendText(" ") }
            return
        }
        flushPending()
        protectTrailingWhitespace()
        pieces.append(.lineBreak(hard: hard, indentation: isInBlock ? "" : String(indentation)))
    }

    mutating func appendLiteral(_ text: String) {
        flushPending()
        pieces.append(.literal(text))
    }

    /// Opens a link or image: `[` or `![` (a `!` just before a link is escaped).
    mutating func openLink(isImage: Bool) -> Int {
        flushPending()
        if !isImage, case .text(let escaped, let raw)? = pieces.last, escaped.hasSuffix("!") {
            pieces[pieces.count - 1] = .text(escaped: String(escaped.dropLast()) + "\\!", raw: raw)
        }
        pieces.append(.literal(isImage ? "![" : "["))
        return pieces.count - 1
    }

    /// Closes the link or image opened at `opener`: `](destination "title")`, or the autolink
    /// form `<destination>` when the link's only content is its destination (CommonMark §6.5).
    mutating func closeLink(opener: Int, destination: String, title: String?, isImage: Bool, referenceLabel: String? = nil) {
        flushPending()
        if !isImage, title == nil, opener == pieces.count - 2, case .text(_, let raw) = pieces[opener + 1],
            MarkdownEscaping.isAutolinkable(text: raw, destination: destination)
        {
            pieces.removeLast(2)
            pieces.append(.literal("<" + raw + ">"))
            return
        }
        if let referenceLabel {
            // Reference style, collapsed (`[label][]`) when the text is the label as written.
            if opener == pieces.count - 2, case .text(_, let raw) = pieces[opener + 1], raw == referenceLabel {
                pieces.append(.literal("][]"))
            } else {
                pieces.append(.literal("][" + referenceLabel + "]"))
            }
            return
        }
        var tail = "]("
        tail += MarkdownEscaping.linkDestination(destination, inTableCell: isInTableCell)
        if let title {
            tail += " \""
            tail += MarkdownEscaping.linkTitle(title, inTableCell: isInTableCell)
            tail += "\""
        }
        tail += ")"
        pieces.append(.literal(tail))
    }

    mutating func openDelimiter(_ kind: Delimiter.Kind, preferred: Unicode.Scalar) -> Int {
        flushPending()
        pieces.append(.delimiter(Delimiter(kind: kind, isOpening: true, character: preferred)))
        return pieces.count - 1
    }

    mutating func closeDelimiter(opener: Int) {
        flushPending()
        guard case .delimiter(var open) = pieces[opener] else { return }
        if pieces.count - 1 == opener {
            // Nothing inside: an empty span has no Markdown; drop it.
            pieces.removeLast()
            return
        }
        open.partner = pieces.count
        pieces[opener] = .delimiter(open)
        var close = open
        close.isOpening = false
        close.partner = opener
        pieces.append(.delimiter(close))
    }

    /// Whether the content's first line, written at the start of a block, would start an HTML
    /// block (CommonMark 0.29 §4.6): it begins with raw inline HTML that is a comment,
    /// processing instruction, declaration or CDATA section (`<!`, `<?`), a tag of a block-level
    /// element (conditions 1 and 6), or any tag with nothing else on the line (condition 7). May
    /// say `true` of a line that would not; never `false` of one that would.
    var firstLineStartsHTMLBlock: Bool {
        guard startsWithRawHTML, case .literal(let html)? = pieces.first else { return false }
        let scalars = Array(html.unicodeScalars.prefix(while: { $0 != "\n" && $0 != "\r" }))
        guard scalars.count > 1, scalars[0] == "<" else { return false }
        if scalars[1] == "!" || scalars[1] == "?" { return true }
        var name = ""
        for scalar in scalars.dropFirst(scalars[1] == "/" ? 2 : 1) {
            guard scalar.isASCII, scalar.properties.isAlphabetic || ("0"..."9").contains(scalar) else { break }
            name.unicodeScalars.append(scalar)
        }
        if HTMLBlockStart.tagNames.contains(name.lowercased()) { return true }
        // Condition 7: a whole tag alone on its line.
        if scalars.count < html.unicodeScalars.count { return false }
        switch pieces.dropFirst().first {
        case nil, .lineBreak?: return !name.isEmpty
        case .text?, .delimiter?, .literal?: return false
        }
    }

    // MARK: Flushing

    private mutating func flushPending() {
        flushText()
        flushCode()
    }

    private mutating func flushText() {
        guard !pendingText.isEmpty else { return }
        let atLineStart: Bool
        switch pieces.last {
        case nil, .lineBreak?: atLineStart = true
        default: atLineStart = false
        }
        let escaped = MarkdownEscaping.text(
            pendingText, atLineStart: atLineStart, protectsFromSmartPunctuation: protectsFromSmartPunctuation)
        pieces.append(.text(escaped: escaped, raw: pendingText))
        pendingText = ""
    }

    private mutating func flushCode() {
        guard !pendingCode.isEmpty else { return }
        pieces.append(.literal(MarkdownEscaping.codeSpan(pendingCode, inTableCell: isInTableCell)))
        pendingCode = ""
    }

    /// Writes a space, tab, vertical tab or form feed that ends the text before a line break
    /// (which the reader would strip; GFM trims all four around a table cell) as a character
    /// reference.
    private mutating func protectTrailingWhitespace() {
        guard case .text(let escaped, let raw)? = pieces.last, let last = escaped.unicodeScalars.last,
            Self.isStrippedWhitespace(last)
        else { return }
        pieces[pieces.count - 1] = .text(escaped: MarkdownEscaping.encodingLast(of: escaped), raw: raw)
    }

    /// Whitespace a reader strips at the start or end of a line or table cell: space, tab, and
    /// (in table cells, which libcmark-gfm trims with `cmark_isspace`) vertical tab and form feed.
    private static func isStrippedWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        scalar == " " || scalar == "\t" || scalar == "\u{0B}" || scalar == "\u{0C}"
    }

    // MARK: Finishing

    /// The finished Markdown: line breaks as `"\n"` (after `\` or two spaces for hard breaks).
    /// - Parameter wrapWidth: When set, spaces inside text become line breaks where the line would
    ///   grow past this many Unicode scalars (counted from the start of the content's lines) —
    ///   never next to a delimiter and never before a character that could start block syntax.
    mutating func finish(wrapWidth: Int? = nil) -> String {
        flushPending()
        protectTrailingWhitespace()
        if escapesTrailingHash, case .text(let escaped, let raw)? = pieces.last, escaped.hasSuffix("#"),
            escaped.dropLast().reversed().prefix(while: { $0 == "\\" }).count % 2 == 0
        {
            // A final `#` not escaped yet (an odd number of backslashes before it escapes it).
            pieces[pieces.count - 1] = .text(escaped: String(escaped.dropLast()) + "\\#", raw: raw)
        }
        if let first = pieces.first, case .text(let escaped, let raw) = first,
            let scalar = escaped.unicodeScalars.first, Self.isStrippedWhitespace(scalar)
        {
            pieces[0] = .text(escaped: MarkdownEscaping.encodingFirst(of: escaped), raw: raw)
        }
        resolveDelimiters()
        guard let wrapWidth else {
            var output = ""
            for piece in pieces {
                switch piece {
                case .text(let escaped, _): output += escaped
                case .delimiter(let delimiter): output += delimiter.marker
                case .literal(let text): output += text
                case .lineBreak(let hard, let indentation):
                    if hard { output += hardBreakStyle == .backslash ? "\\\n" : "  \n" } else { output += "\n" }
                    output += indentation
                }
            }
            return output
        }
        var output = String.UnicodeScalarView()
        var column = 0
        func add(_ text: String) {
            for scalar in text.unicodeScalars {
                output.append(scalar)
                column = scalar == "\n" ? 0 : column + 1
            }
        }
        for piece in pieces {
            switch piece {
            case .text(let escaped, _): addWrapping(escaped, width: wrapWidth, to: &output, column: &column)
            case .delimiter(let delimiter): add(delimiter.marker)
            case .literal(let text): add(text)
            case .lineBreak(let hard, let indentation):
                if hard { add(hardBreakStyle == .backslash ? "\\\n" : "  \n") } else { add("\n") }
                add(indentation)
            }
        }
        return String(output)
    }

    /// Appends `text`, turning a space into a line break where the next word would pass `width`.
    /// Only spaces with a non-space on both sides inside this piece qualify, and only when the
    /// next line would not start with `#` `>` `-` `+` `=` or a digit (block syntax).
    private func addWrapping(_ text: String, width: Int, to output: inout String.UnicodeScalarView, column: inout Int) {
        let scalars = Array(text.unicodeScalars)
        var index = 0
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == " ", index > 0, index + 1 < scalars.count, scalars[index - 1] != " ", scalars[index + 1] != " " {
                var wordEnd = index + 1
                while wordEnd < scalars.count, scalars[wordEnd] != " " { wordEnd += 1 }
                let next = scalars[index + 1]
                let startsSyntax = "#>-+=".unicodeScalars.contains(next) || ("0"..."9").contains(next)
                if column + (wordEnd - index) > width, column > 0, !startsSyntax {
                    output.append("\n")
                    column = 0
                    index += 1
                    continue
                }
            }
            output.append(scalar)
            column = scalar == "\n" ? 0 : column + 1
            index += 1
        }
    }

    /// Makes every delimiter able to do its job: first characters (no two delimiters of the same
    /// character touch), then flanking (neighbours written as references where needed). Both are
    /// repeated until nothing changes, a few rounds at most.
    private mutating func resolveDelimiters() {
        var round = 0
        var changed = true
        while changed, round < 8 {
            changed = false
            round += 1
            for index in pieces.indices {
                guard case .delimiter(let delimiter) = pieces[index], delimiter.isOpening, delimiter.partner >= 0 else {
                    continue
                }
                let partner = delimiter.partner
                if touchesSameCharacter(index) || touchesSameCharacter(partner), let other = Self.alternate(delimiter) {
                    setCharacter(other, at: index)
                    setCharacter(other, at: partner)
                    changed = true
                }
            }
            if separateNestedSameKind() { changed = true }
            for index in pieces.indices {
                guard case .delimiter(let delimiter) = pieces[index] else { continue }
                if fixFlanking(at: index, delimiter: delimiter) { changed = true }
            }
        }
    }

    /// Emphasis inside emphasis (or strong inside strong) written with the same character reads
    /// as other spans (`*s*i*t*`): the inner one takes the other character — or the outer one,
    /// when the inner one is inside a word and needs `*`. Only the nearest enclosing span of the
    /// same kind counts, and strong emphasis directly inside strong emphasis (both ends touching)
    /// keeps the character: the merged runs read back as nested spans (`****a****`), where
    /// alternating characters would leave delimiters between punctuation that close early
    /// (`__**__**a**__**__`). One pass with a stack per kind: linear in the delimiters however
    /// deep the nesting. Returns whether anything changed.
    private mutating func separateNestedSameKind() -> Bool {
        var changed = false
        var open: [Delimiter.Kind: [Int]] = [:]
        for index in pieces.indices {
            guard case .delimiter(let delimiter) = pieces[index] else { continue }
            guard delimiter.isOpening else {
                if open[delimiter.kind]?.last == delimiter.partner {
                    open[delimiter.kind]?.removeLast()
                } else {
                    open[delimiter.kind]?.removeAll { $0 == delimiter.partner }
                }
                continue
            }
            defer { open[delimiter.kind, default: []].append(index) }
            guard delimiter.partner >= 0, let other = Self.alternate(delimiter) else { continue }
            guard let outerIndex = open[delimiter.kind]?.last, case .delimiter(let outer) = pieces[outerIndex],
                outer.character == delimiter.character, outer.partner >= 0
            else { continue }
            if delimiter.kind == .strong, outerIndex == index - 1, outer.partner == delimiter.partner + 1 { continue }
            let innerInsideWord =
                MarkdownEscaping.isAlphanumericCharacter(character(before: index))
                || MarkdownEscaping.isAlphanumericCharacter(character(after: delimiter.partner))
            if innerInsideWord, other == "_" {
                setCharacter(other, at: outerIndex)
                setCharacter(other, at: outer.partner)
            } else {
                setCharacter(other, at: index)
                setCharacter(other, at: delimiter.partner)
            }
            changed = true
        }
        return changed
    }

    /// The other character for emphasis and strong emphasis; `nil` for strikethrough, which has
    /// only `~` (two touching strikethroughs cannot be told apart in Markdown).
    private static func alternate(_ delimiter: Delimiter) -> Unicode.Scalar? {
        switch delimiter.kind {
        case .emphasis, .strong: return delimiter.character == "*" ? "_" : "*"
        case .strikethrough: return nil
        }
    }

    private mutating func setCharacter(_ character: Unicode.Scalar, at index: Int) {
        guard case .delimiter(var delimiter) = pieces[index] else { return }
        delimiter.character = character
        pieces[index] = .delimiter(delimiter)
    }

    /// Whether the delimiter at `index` is directly next to another delimiter of the same
    /// character (their runs would merge).
    ///
    /// Not every merge is harmful: two openings in a row (`***t*…**`) or two closings in a row
    /// (`…*s***`) of nested spans split back into the same spans, as CommonMark matches a run
    /// against the nearest opener first — unless both ends of the two spans touch (`***t***`),
    /// where libcmark-gfm chooses the nesting. A closing followed by an opening (`*t**s*`) always
    /// reads as something else.
    private func touchesSameCharacter(_ index: Int) -> Bool {
        guard case .delimiter(let delimiter) = pieces[index] else { return false }
        let mine = delimiter.marker.unicodeScalars.first
        for neighbour in [index - 1, index + 1] where pieces.indices.contains(neighbour) {
            guard case .delimiter(let other) = pieces[neighbour], other.marker.unicodeScalars.first == mine else { continue }
            let (left, right) = neighbour < index ? (other, delimiter) : (delimiter, other)
            if left.isOpening != right.isOpening { return true }
            // Both open or both close: harmful when the partners touch too (or are unknown) —
            // except strong in strong, whose merged runs (`****a****`) read back as they were.
            guard left.partner >= 0, right.partner >= 0 else { return true }
            if abs(left.partner - right.partner) <= 1, !(left.kind == .strong && right.kind == .strong) { return true }
        }
        return false
    }

    /// The character just before piece `index` in the output (`nil`: the start of a line).
    private func character(before index: Int) -> Unicode.Scalar? {
        var position = index - 1
        while position >= 0 {
            switch pieces[position] {
            case .text(let escaped, _): if let last = escaped.unicodeScalars.last { return last }
            case .delimiter(let delimiter): return delimiter.marker.unicodeScalars.last
            case .literal(let text): if let last = text.unicodeScalars.last { return last }
            case .lineBreak: return nil
            }
            position -= 1
        }
        return nil
    }

    /// The character just after piece `index` (`nil`: the end of a line).
    private func character(after index: Int) -> Unicode.Scalar? {
        var position = index + 1
        while position < pieces.count {
            switch pieces[position] {
            case .text(let escaped, _): if let first = escaped.unicodeScalars.first { return first }
            case .delimiter(let delimiter): return delimiter.marker.unicodeScalars.first
            case .literal(let text): if let first = text.unicodeScalars.first { return first }
            case .lineBreak: return nil
            }
            position += 1
        }
        return nil
    }

    /// Makes the delimiter at `index` able to open (or close) under CommonMark's flanking rules by
    /// writing the text character next to it as a reference; returns whether anything changed.
    private mutating func fixFlanking(at index: Int, delimiter: Delimiter) -> Bool {
        let before = character(before: index)
        let after = character(after: index)
        let isUnderscore = delimiter.character == "_"
        if delimiter.isOpening {
            // Left-flanking: not followed by whitespace, and not followed by punctuation unless
            // preceded by whitespace or punctuation. `_` must also not be right-flanking unless
            // preceded by punctuation.
            if MarkdownEscaping.isWhitespace(after) {
                return encodeText(adjacentTo: index, after: true)
            }
            let beforeIsPlain = !MarkdownEscaping.isWhitespace(before) && !MarkdownEscaping.isPunctuation(before)
            if MarkdownEscaping.isPunctuation(after) && beforeIsPlain {
                return encodeText(adjacentTo: index, after: false)
            }
            if isUnderscore && beforeIsPlain {
                return encodeText(adjacentTo: index, after: false)
            }
        } else {
            if MarkdownEscaping.isWhitespace(before) {
                return encodeText(adjacentTo: index, after: false)
            }
            let afterIsPlain = !MarkdownEscaping.isWhitespace(after) && !MarkdownEscaping.isPunctuation(after)
            if MarkdownEscaping.isPunctuation(before) && afterIsPlain {
                return encodeText(adjacentTo: index, after: true)
            }
            if isUnderscore && afterIsPlain {
                return encodeText(adjacentTo: index, after: true)
            }
        }
        return false
    }

    /// Writes the first character of the text piece right after `index` (or the last character of
    /// the one right before) as a reference. Only a text piece directly adjacent is changed, and
    /// only a character that is not already punctuation.
    private mutating func encodeText(adjacentTo index: Int, after: Bool) -> Bool {
        let position = after ? index + 1 : index - 1
        guard pieces.indices.contains(position), case .text(let escaped, let raw) = pieces[position] else { return false }
        if after {
            guard let first = escaped.unicodeScalars.first, !MarkdownEscaping.isPunctuation(first) else { return false }
            pieces[position] = .text(escaped: MarkdownEscaping.encodingFirst(of: escaped), raw: raw)
        } else {
            guard let last = escaped.unicodeScalars.last, !MarkdownEscaping.isPunctuation(last) else { return false }
            pieces[position] = .text(escaped: MarkdownEscaping.encodingLast(of: escaped), raw: raw)
        }
        return true
    }
}
