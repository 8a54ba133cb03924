/// Greedy word wrapping of glyphs to a width in terminal cells.
///
/// Lines break at spaces (the spaces are dropped), before and after each wide character (so CJK
/// text, which has no spaces, wraps between characters), and at forced line breaks. A word wider
/// than the width is cut between characters. Escape sequences are not part of the glyphs — they
/// are written from the glyphs' styles afterwards — so wrapping can never split one.
enum TerminalLineWrapper {
    /// The lines of `glyphs` wrapped to `width` cells (≥ 1), without trailing spaces.
    static func wrap(_ glyphs: [TerminalGlyph], width: Int) -> [[TerminalGlyph]] {
        let width = max(width, 1)
        var lines: [[TerminalGlyph]] = []
        var line: [TerminalGlyph] = []
        var lineWidth = 0
        var pendingSpaces: ArraySlice<TerminalGlyph> = []
        var pendingWidth = 0
        let count = glyphs.count
        var index = 0
        func flush() {
            lines.append(line)
            line = []
            lineWidth = 0
        }
        while index < count {
            let glyph = glyphs[index]
            if glyph.isLineBreak {
                flush()
                pendingSpaces = []
                pendingWidth = 0
                index += 1
                continue
            }
            if glyph.isSpace {
                var end = index
                while end < count, glyphs[end].isSpace { end += 1 }
                if !line.isEmpty {
                    pendingSpaces = glyphs[index..<end]
                    pendingWidth = end - index
                }
                index = end
                continue
            }
            let (end, wordWidth) = Self.word(in: glyphs, from: index)
            if lineWidth + pendingWidth + wordWidth <= width {
                line.append(contentsOf: pendingSpaces)
                line.append(contentsOf: glyphs[index..<end])
                lineWidth += pendingWidth + wordWidth
            } else {
                if !line.isEmpty { flush() }
                if wordWidth <= width {
                    line.append(contentsOf: glyphs[index..<end])
                    lineWidth = wordWidth
                } else {
                    // Longer than a line: cut between characters.
                    for piece in glyphs[index..<end] {
                        if lineWidth + piece.width > width, !line.isEmpty { flush() }
                        line.append(piece)
                        lineWidth += piece.width
                    }
                }
            }
            pendingSpaces = []
            pendingWidth = 0
            index = end
        }
        if !line.isEmpty || lines.isEmpty { flush() }
        return lines
    }

    /// The width of the widest word of `glyphs` as ``wrap(_:width:)`` finds words (a run of
    /// narrow glyphs, or one wide glyph, with the closing punctuation after it): the narrowest
    /// width at which no word is cut.
    static func widestWord(of glyphs: [TerminalGlyph]) -> Int {
        var widest = 0
        var index = 0
        while index < glyphs.count {
            if glyphs[index].isLineBreak || glyphs[index].isSpace {
                index += 1
                continue
            }
            let (end, width) = word(in: glyphs, from: index)
            widest = max(widest, width)
            index = end
        }
        return widest
    }

    /// The word that starts at `start` (not a space or a break) and its width: a run of narrow
    /// glyphs, or one wide glyph, either with the closing punctuation that follows it (no line
    /// starts with `、` `。` `）` `,` …).
    private static func word(in glyphs: [TerminalGlyph], from start: Int) -> (end: Int, width: Int) {
        let count = glyphs.count
        var end = start + 1
        var width = glyphs[start].width
        if glyphs[start].width < 2 {
            while end < count, !glyphs[end].isSpace, !glyphs[end].isLineBreak, glyphs[end].width < 2 {
                width += glyphs[end].width
                end += 1
            }
        }
        while end < count, Self.closingPunctuation.contains(glyphs[end].character) {
            width += glyphs[end].width
            end += 1
        }
        return (end, width)
    }

    /// Characters a line must not start with (the common part of JIS X 4051's line-start
    /// prohibitions): closing brackets, commas, stops and small kana marks.
    private static let closingPunctuation: Set<Character> = [
        "、", "。", "，", "．", "：", "；", "！", "？", "）", "」", "』", "】", "〉", "》", "〕", "］", "｝", "ー", "・",
        "々", "ゝ", "ゞ", "ヽ", "ヾ", ",", ".", ";", ":", "!", "?", ")", "]", "}",
    ]

    /// The width of `glyphs` in terminal cells.
    static func width<Glyphs: Sequence<TerminalGlyph>>(of glyphs: Glyphs) -> Int {
        glyphs.reduce(0) { $0 + $1.width }
    }
}
