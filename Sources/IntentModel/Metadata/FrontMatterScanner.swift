/// Finds front matter (``FrontMatter``) at the start of a Markdown source.
///
/// The first line, after an optional UTF-8 byte order mark, must be `---` (YAML) or `+++`
/// (TOML), optionally followed by spaces or tabs; the front matter ends with the first later line
/// that is `---` or `...` (YAML) or `+++` (TOML), again with optional spaces or tabs, and
/// includes that line's line ending (LF, CRLF or CR). Without a closing line there is no front
/// matter and the source is Markdown from its first byte. One pass over the bytes up to the
/// closing line.
package enum FrontMatterScanner {
    /// The front matter at the start of `bytes`, or `nil`.
    package static func scan(_ bytes: UnsafeBufferPointer<UInt8>) -> FrontMatter? {
        var start = 0
        if bytes.count >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF { start = 3 }
        var lineEnd = endOfLine(in: bytes, from: start)
        guard start < bytes.count, bytes[start] != UInt8(ascii: "."),
            let format = delimiter(bytes, start..<lineEnd.contentEnd)
        else { return nil }
        while lineEnd.next < bytes.count {
            let lineStart = lineEnd.next
            lineEnd = endOfLine(in: bytes, from: lineStart)
            guard delimiter(bytes, lineStart..<lineEnd.contentEnd) == format else { continue }
            let raw = String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<lineEnd.next]), as: UTF8.self)
            return FrontMatter(format: format, rawText: raw, sourceRange: start..<lineEnd.next)
        }
        return nil
    }

    /// `bytes` with the front matter at `range` blanked: every byte but line endings a space, so
    /// that libcmark-gfm reads blank lines there and every later line keeps its number, column
    /// and offset.
    package static func blanking(_ range: Range<Int>, in bytes: [UInt8]) -> [UInt8] {
        var blanked = bytes
        for index in range where index < blanked.count && blanked[index] != 0x0A && blanked[index] != 0x0D {
            blanked[index] = 0x20
        }
        return blanked
    }

    /// Whether `text` is front matter and nothing else: what the parser reads at the start of a
    /// source, from its first byte to its last.
    package static func isWholeFrontMatter(_ text: String) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            guard let found = scan(bytes) else { return false }
            return found.sourceRange == 0..<bytes.count
        }
    }

    /// The end of the line starting at `start`: where its content ends and where the next line
    /// starts (after LF, CRLF or CR; the end of the bytes for a last line without one).
    private static func endOfLine(in bytes: UnsafeBufferPointer<UInt8>, from start: Int) -> (contentEnd: Int, next: Int) {
        var index = start
        while index < bytes.count, bytes[index] != 0x0A, bytes[index] != 0x0D { index += 1 }
        guard index < bytes.count else { return (index, index) }
        if bytes[index] == 0x0D, index + 1 < bytes.count, bytes[index + 1] == 0x0A { return (index, index + 2) }
        return (index, index + 1)
    }

    /// The format a delimiter line says: `---` and `...` YAML, `+++` TOML (spaces and tabs may
    /// follow); `nil` for any other line.
    private static func delimiter(_ bytes: UnsafeBufferPointer<UInt8>, _ line: Range<Int>) -> FrontMatter.Format? {
        guard line.count >= 3 else { return nil }
        let first = bytes[line.lowerBound]
        guard first == UInt8(ascii: "-") || first == UInt8(ascii: "+") || first == UInt8(ascii: "."),
            bytes[line.lowerBound + 1] == first, bytes[line.lowerBound + 2] == first,
            bytes[(line.lowerBound + 3)..<line.upperBound].allSatisfy({ $0 == 0x20 || $0 == 0x09 })
        else { return nil }
        return first == UInt8(ascii: "+") ? .toml : .yaml
    }
}
