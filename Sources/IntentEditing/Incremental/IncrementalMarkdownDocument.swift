import Foundation
import IntentModel
import MarkdownParsing

/// An intent document kept in step with Markdown source that an editor changes, by re-parsing
/// only the top-level blocks an edit can affect — at a cost that does not grow with the
/// document's size.
///
/// Storage: a persistent B-tree of top-level blocks, each holding its Markdown source (its
/// lines, and the blank lines and definitions after it) and its stretch of the intent document
/// of the parse that produced it; every node keeps, beside each child, the source's UTF-8,
/// UTF-16 and line feed counts, the text's UTF-8 and UTF-16 counts and the blocks below it. Finding the block at
/// an offset, converting a UTF-16 offset to UTF-8, and replacing blocks are O(log n); ``source``
/// and ``document`` are snapshots built on demand (O(n)).
///
/// After an edit, the blocks around it are parsed again — from the nearest top-level block before
/// the edit that starts fresh (after a blank line, at column 0, not a list marker) to the nearest
/// such block after it, or list that starts fresh but for its marker — and put in the tree in
/// place of the old ones; every other block keeps
/// its identity and its runs. The re-parse is checked: the block after the region must still
/// start a block of its own when parsed after the new region (an opened fence or HTML block
/// would swallow it); where it does not, the region is widened. A link reference definition
/// made, changed or removed re-parses the blocks that may refer to its label; when a block may
/// hold one of that label inside it (in a list item or a block quote), the blocks that may hold
/// one are parsed first, in order, with a probe that finds the label's first definition. Any
/// edit of a region whose list items, quotes or paragraphs hold a `]:` refreshes those labels
/// the same way (a definition there can take lines after it, and is one only where a paragraph
/// of it starts, which an edit elsewhere in the block can change).
/// Footnote definitions, which libcmark-gfm moves to the document's end and numbers by first
/// reference, are kept as the last elements, one each, with no source of their own (their lines
/// belong to the block before them). A region with references is parsed after a preamble that
/// gives each label its number, and kept only if its references are the ones it had; an edit in
/// a definition's text puts that definition, parsed anew, in place of the old one.
/// The whole source is parsed again where Markdown's global rules demand it — a block that may
/// hold a changed definition but cannot be probed (it ends in an open fence or HTML block), a
/// footnote reference or definition made, removed or relabelled, a footnote definition that may
/// use a changed link reference definition, front matter made or ended,
/// source positions (every later position moves), the inline-only syntaxes; ``lastChange``
/// says what changed and, for a full parse, why. Only the definitions a region's brackets may
/// refer to are given to it, so references resolve as in the whole. The result is always what
/// a full parse gives (equivalent, identities aside; property-tested).
///
/// ```swift
/// var source = try IncrementalMarkdownDocument(source: "# Title\n\nFirst.\n\nSecond.\n")
/// try source.replace(NSRange(location: 9, length: 5), with: "Changed")
/// source.lastUpdate    // .partial(…): only "Changed." was parsed again
/// ```
public struct IncrementalMarkdownDocument: Sendable {
    /// The parsing options.
    public let options: MarkdownParsingOptions
    /// How the last edit was taken (`.full` after the initial parse).
    public internal(set) var lastUpdate: IncrementalUpdate
    /// What the last edit changed (after the initial parse: everything, with the reason
    /// `"initial parse"`).
    public internal(set) var lastChange: IncrementalChange

    /// The top-level blocks, the prefix first.
    var tree = SummarizedTree<SourceBlock>()
    /// Why edits must re-parse everything, when they must (the tree then holds one element).
    var fullParseReason: String? = nil
    /// The link reference definitions of the source, of which those a re-parsed region may refer
    /// to are put before it, so that its references resolve as in the whole.
    var definitions = DefinitionIndex()
    /// The definitions libcmark-gfm read inside blocks at the last full parse, resolved and
    /// written anew (the first part of ``definitions``).
    var probedDefinitions = ""
    /// Labels (normalized) whose definitions a re-parse in progress leaves out of the region's
    /// preamble: their definitions are changing.
    var excludedLabels: Set<String> = []
    /// The tree indices of the elements the last region parse put in the tree (its blocks, not
    /// the prefix or an element before it that only took lines): ``refreshDefinitions(_:)``
    /// leaves those whose references it resolved as the whole does.
    var lastParsedElements: Range<Int> = 0..<0
    /// The front matter of the source (edits in or next to it parse everything).
    var frontMatter: FrontMatter? = nil
    /// The largest identity handed out: a re-parsed region's blocks and spans get identities
    /// above it.
    var identityHighWater = 0
    /// The labels of the footnote definitions libcmark-gfm moved to the document's end, in
    /// order (a footnote's number is its index here plus one): the tree's last elements, one
    /// each, with no source (theirs lies in the elements before).
    var footnoteLabels: [String] = []
    /// Whether the document has footnote definitions in use.
    var hasFootnoteSection: Bool { !footnoteLabels.isEmpty }
    /// The number of elements a region may span: all but the footnote definitions.
    var editableCount: Int { tree.count - footnoteLabels.count }

    /// Parses `source`.
    /// - Parameters:
    ///   - source: Markdown.
    ///   - options: Parsing options (as for ``MarkdownParsing/MarkdownParser``).
    /// - Throws: The parser's errors (`limitExceeded`, …).
    public init(source: String, options: MarkdownParsingOptions = .default) throws {
        self.options = options
        lastUpdate = .full(reason: "initial parse")
        lastChange = .none(sourceCount: 0, textUTF8: 0, textUTF16: 0, blockCount: 0)
        try parseEverything(source, reason: "initial parse", edited: 0..<source.utf8.count)
    }

    /// The Markdown source (built from the blocks' sources: O(n)).
    public var source: String {
        var result = ""
        result.reserveCapacity(tree.summary.sourceUTF8)
        tree.forEachElement { result += $0.source }
        return result
    }

    /// The intent document of ``source`` (assembled from the blocks' runs: O(n); a document that
    /// no partial update changed is returned as parsed). Its `markdown()` is ``source``, byte for
    /// byte: it carries the source it stands for, and only blocks edited afterwards in the
    /// document itself are written anew.
    public var document: IntentDocument { snapshot() }

    /// The source's length in UTF-8 bytes (O(1)).
    public var sourceUTF8Count: Int { tree.summary.sourceUTF8 }

    /// The source's length in UTF-16 units, `NSString.length` (O(1)).
    public var sourceUTF16Count: Int { tree.summary.sourceUTF16 }

    /// The number of top-level blocks of ``document`` (O(1)).
    public var topLevelBlockCount: Int { tree.summary.blocks }

    /// The document text's length in UTF-16 units (O(1)).
    public var textUTF16Count: Int { tree.summary.textUTF16 }

    /// Replaces a range of the source (UTF-16 units, `NSRange` semantics) and updates the
    /// document. The range is converted in O(log n) plus the length of the block it falls in.
    /// - Parameters:
    ///   - range: The range of ``source`` to replace.
    ///   - text: The new text.
    /// - Throws: `IntentMarkError.invalidRange` for a range outside the source or splitting a
    ///   surrogate pair; the parser's errors.
    public mutating func replace(_ range: NSRange, with text: String) throws {
        let count = sourceUTF16Count
        guard range.location != NSNotFound, range.location >= 0, range.length >= 0, range.location <= count,
            range.length <= count - range.location
        else { throw IntentMarkError.invalidRange("\(range) is outside the source (UTF-16 length \(count))") }
        let lower = try utf8Offset(ofUTF16: range.location)
        let upper = range.length == 0 ? lower : try utf8Offset(ofUTF16: range.location + range.length)
        try update(replacing: lower..<upper, with: text)
    }

    /// Replaces a range of the source (indices of ``source``) and updates the document. Building
    /// ``source`` to read the indices is O(n); editors that count in UTF-16 or UTF-8 use
    /// ``replace(_:with:)-(NSRange,String)`` or ``replace(utf8Range:with:)``.
    /// - Parameters:
    ///   - range: The range of ``source`` to replace.
    ///   - text: The new text.
    /// - Throws: `IntentMarkError.invalidRange` when the indices are not scalar boundaries; the
    ///   parser's errors.
    public mutating func replace(_ range: Range<String.Index>, with text: String) throws {
        let source = self.source
        guard range.lowerBound.samePosition(in: source.unicodeScalars) != nil,
            range.upperBound.samePosition(in: source.unicodeScalars) != nil, range.upperBound <= source.endIndex
        else { throw IntentMarkError.invalidRange("indices are not on scalar boundaries of the source") }
        let lower = source.utf8.distance(from: source.startIndex, to: range.lowerBound)
        let upper = source.utf8.distance(from: source.startIndex, to: range.upperBound)
        try update(replacing: lower..<upper, with: text)
    }

    /// Replaces a range of the source given in UTF-8 byte offsets and updates the document.
    /// - Parameters:
    ///   - utf8Range: The bytes of ``source`` to replace; both bounds on scalar boundaries.
    ///   - text: The new text.
    /// - Throws: `IntentMarkError.invalidRange` for a range outside the source or inside a
    ///   character's UTF-8 bytes; the parser's errors.
    public mutating func replace(utf8Range: Range<Int>, with text: String) throws {
        guard utf8Range.lowerBound >= 0, utf8Range.upperBound <= sourceUTF8Count else {
            throw IntentMarkError.invalidRange("\(utf8Range) is outside the source (UTF-8 length \(sourceUTF8Count))")
        }
        guard isScalarBoundary(utf8Range.lowerBound), isScalarBoundary(utf8Range.upperBound) else {
            throw IntentMarkError.invalidRange("\(utf8Range) splits a character's UTF-8 bytes")
        }
        try update(replacing: utf8Range, with: text)
    }

    /// Appends `text` to the source and updates the document (as text arriving in chunks does).
    /// - Parameter text: The text to append.
    /// - Throws: The parser's errors.
    public mutating func append(_ text: String) throws {
        try update(replacing: sourceUTF8Count..<sourceUTF8Count, with: text)
    }

    // MARK: Updating

    /// Why a partial update was not possible.
    struct Refusal: Error {
        var reason: String
        /// Whether re-parsing more of the text after the region may succeed.
        var widens = false
        /// For a definition made, changed or removed: the normalized labels it concerns, when
        /// they can be read.
        var definitionLabels: Set<String>? = nil
    }

    /// Takes the edit: a partial update where one can be proven right, a full parse otherwise.
    mutating func update(replacing edit: Range<Int>, with text: String) throws {
        if fullParseReason == nil {
            switch try partialUpdate(edit: edit, text: text) {
            case .success: return
            case .failure(let refusal):
                try parseEverything(
                    editedSource(edit, text), reason: refusal.reason, edited: edit.lowerBound..<(edit.lowerBound + text.utf8.count))
            }
        } else {
            try parseEverything(
                editedSource(edit, text), reason: fullParseReason ?? "", edited: edit.lowerBound..<(edit.lowerBound + text.utf8.count))
        }
    }

    /// The source with `edit` replaced by `text`.
    private func editedSource(_ edit: Range<Int>, _ text: String) -> String {
        String(decoding: Self.replacing(edit, of: source, with: text), as: UTF8.self)
    }

    /// The UTF-8 bytes of `text` with the bytes at `range` replaced by `replacement`'s.
    static func replacing(_ range: Range<Int>, of text: String, with replacement: String) -> [UInt8] {
        var bytes: [UInt8] = []
        bytes.reserveCapacity(text.utf8.count + replacement.utf8.count)
        bytes.append(contentsOf: text.utf8.prefix(range.lowerBound))
        bytes.append(contentsOf: replacement.utf8)
        bytes.append(contentsOf: text.utf8.dropFirst(range.upperBound))
        return bytes
    }

    /// The UTF-8 offset of UTF-16 offset `offset` of the source (`0...sourceUTF16Count`).
    func utf8Offset(ofUTF16 offset: Int) throws -> Int {
        guard offset < sourceUTF16Count, let (index, before) = tree.locate(offset, in: \.sourceUTF16) else { return sourceUTF8Count }
        let source = tree.element(at: index).source
        let local = source.utf16.index(source.utf16.startIndex, offsetBy: offset - before.sourceUTF16)
        guard local.samePosition(in: source.unicodeScalars) != nil else {
            throw IntentMarkError.invalidRange("UTF-16 offset \(offset) splits a surrogate pair")
        }
        return before.sourceUTF8 + source.utf8.distance(from: source.startIndex, to: local)
    }

    /// Whether UTF-8 offset `offset` of the source is on a scalar boundary.
    func isScalarBoundary(_ offset: Int) -> Bool {
        guard offset < sourceUTF8Count, let (index, before) = tree.locate(offset, in: \.sourceUTF8) else { return true }
        let utf8 = tree.element(at: index).source.utf8
        let byte = utf8[utf8.index(utf8.startIndex, offsetBy: offset - before.sourceUTF8)]
        return byte & 0xC0 != 0x80
    }
}
