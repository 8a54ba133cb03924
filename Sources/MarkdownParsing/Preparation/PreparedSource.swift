internal import CCmarkGFM
import Foundation
import IntentModel

/// The bytes handed to libcmark-gfm, and how to map what it reports back to the user's source.
///
/// Usually the source itself. Two options rewrite it first, because the system libcmark-gfm has
/// no syntax for them, each in a type of its own:
///
/// - **Extended attributes** (`allowsExtendedAttributes`): ``ExtendedAttributeTokens`` replaces
///   each `^[text](attributes)`'s attributes with a token, and restores tokens in literal text.
/// - **Inline-only syntax**: ``InlineOnlyChunks`` hands the source over as paragraphs led by the
///   ``DummyLine``, whose nodes the converter skips.
///
/// The edits of both are applied in one copy (``RewrittenSource``), through which source
/// positions map back to the original.
struct PreparedSource {
    private let original: UnsafeBufferPointer<UInt8>
    private var rewritten: RewrittenSource? = nil
    private var rewrittenLineStarts: [Int] = []
    private var originalLineStarts: [Int] = []
    private var markers = PrivateUseMarkers()
    private var tokens = ExtendedAttributeTokens(markers: PrivateUseMarkers())
    private var chunks: InlineOnlyChunks? = nil

    /// Whether literal text may hold tokens or shield markers to restore.
    var hasRewrites: Bool { !tokens.isEmpty || chunks?.usesShield == true }
    /// Whether libcmark-gfm is given the source itself, unchanged (what a parallel parse needs:
    /// its pieces are cut from the source, and their positions are the source's).
    var isUnchanged: Bool { rewritten == nil }

    /// Prepares `source` for `options`; reads it once per rewrite and keeps a pointer to it (the
    /// caller keeps it alive while the prepared source is used).
    init(source: UnsafeBufferPointer<UInt8>, options: MarkdownParsingOptions) {
        original = source
        var edits: [SourceEdit] = []
        if options.allowsExtendedAttributes || options.interpretedSyntax != .full {
            markers = PrivateUseMarkers(absentFrom: source)
            tokens = ExtendedAttributeTokens(markers: markers)
        }
        if options.allowsExtendedAttributes { edits += tokens.edits(in: source) }
        if options.interpretedSyntax != .full {
            var chunks = InlineOnlyChunks(
                preservesWhitespace: options.interpretedSyntax == .inlineOnlyPreservingWhitespace, shield: markers.shield)
            edits += chunks.edits(in: source)
            self.chunks = chunks
        }
        if !edits.isEmpty || options.interpretedSyntax != .full {
            rewritten = RewrittenSource(original: source, applying: edits.sorted { $0.start < $1.start })
        }
        if options.appliesSourcePositionAttributes || options.interpretedSyntax == .inlineOnlyPreservingWhitespace {
            originalLineStarts = SourceLines.starts(of: source)
            if let rewritten {
                rewritten.bytes.withUnsafeBufferPointer { rewrittenLineStarts = SourceLines.starts(of: $0) }
            } else {
                rewrittenLineStarts = originalLineStarts
            }
        }
    }

    /// The number of bytes handed to libcmark-gfm.
    var byteCount: Int { rewritten?.bytes.count ?? original.count }

    /// Calls `body` with the bytes to parse.
    func withBytes<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result) rethrows -> Result {
        if let rewritten { return try rewritten.bytes.withUnsafeBufferPointer(body) }
        return try body(original)
    }

    // MARK: Extended attributes

    /// The extended attributes a link destination (as libcmark-gfm gives it, before restoring)
    /// stands for, or `nil` for an ordinary link.
    func extendedAttributes(forRawDestination destination: String) -> [String: ExtendedAttributeValue]? {
        tokens.attributes(forRawDestination: destination)
    }

    /// `text` without shield markers and with every token replaced by the attribute text it
    /// stands for.
    func restoringOriginal(_ text: String) -> String {
        guard hasRewrites else { return text }
        var text = text
        if chunks?.usesShield == true, text.unicodeScalars.contains(markers.shield) {
            text.unicodeScalars.removeAll { $0 == markers.shield }
        }
        return tokens.restoring(text)
    }

    /// `bytes` (UTF-8) restored as the `String` overload restores text.
    func restoringOriginal(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        restoringOriginal(String(decoding: bytes, as: UTF8.self))
    }

    // MARK: Inline-only syntax

    /// The text that stands before chunk `index` (and, at index = number of chunks, after the
    /// last); empty without inline-only syntax.
    func separator(beforeChunk index: Int) -> String {
        guard let separators = chunks?.separators, index < separators.count else { return "" }
        return separators[index]
    }

    /// In preserving mode, what a line break inside a chunk stands for: `"\n"` and the leading
    /// whitespace of the following line.
    func lineBreakText(afterLine line: Int) -> String {
        guard line > 0 else { return "\n" }
        let rewrittenOffset = rewrittenLineStarts.isEmpty ? nil : offset(line: line + 1, column: 1, in: rewrittenLineStarts)
        if let rewrittenOffset, let originalOffset = originalOffset(forRewritten: rewrittenOffset) {
            let originalLine = Self.lineIndex(of: originalOffset, in: originalLineStarts)
            return "\n" + (chunks?.leadingWhitespace[originalLine] ?? "")
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

    // MARK: Positions

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
        guard let rewritten else { return offset }
        return rewritten.originalOffset(forRewritten: offset)
    }

    /// The node's position mapped back to the user's source (1-based lines, 1-based UTF-8 byte
    /// columns, end inclusive), or `nil` when libcmark-gfm recorded none. `lineOffset` is the
    /// number of source lines before the bytes the node's parser was given (a piece of a parallel
    /// parse, which has no rewrites).
    func position(of node: UnsafeMutablePointer<cmark_node>, lineOffset: Int = 0) -> MarkdownSourcePosition? {
        let startLine = Int(cmark_node_get_start_line(node))
        let startColumn = Int(cmark_node_get_start_column(node))
        let endLine = Int(cmark_node_get_end_line(node))
        let endColumn = Int(cmark_node_get_end_column(node))
        guard startLine > 0 else { return nil }
        guard rewritten != nil else {
            return MarkdownSourcePosition(
                startLine: startLine + lineOffset, startColumn: max(startColumn, 1), endLine: max(endLine, startLine) + lineOffset,
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
