import Foundation
import IntentModel

/// An editor's text with its intents, editable by range: the storage of a text view's formatting
/// layer. Holds an ``IntentModel/IntentDocument`` in the `.newlines` layout (every leaf block ends
/// with its terminator, so paragraphs are what an editor calls paragraphs) and keeps its run table
/// consistent through every `replace(_:with:)`.
///
/// Replacement follows a text view's paragraph rules:
/// - Text replaced inside one paragraph stays in that paragraph, with that paragraph's block
///   (a header stays a header, a list item a list item); plain replacement text takes the style of
///   the paragraph it lands in.
/// - A line break in plain replacement text splits the paragraph: the new paragraph is a block of
///   the same kind (in a list, a new item of the same list), with a fresh identity; what followed
///   the paragraph in its list item (a nested list, more paragraphs) goes on in the new item, as a
///   text view shows it.
/// - A range across paragraphs merges them into the first one (its block wins), as text views do;
///   deleting whole paragraphs (from a paragraph's start to another's) leaves the next one as it
///   was.
/// - Replacement text that carries its own block intents keeps them for the paragraphs it holds
///   whole, with fresh identities; when the range ends where a paragraph ends (just before its
///   terminator), the replacement's final line end is that paragraph's terminator — replacing a
///   paragraph's text with a heading and a list leaves no empty paragraph behind. A list of the
///   replacement put right next to a list of the same kind and delimiter at the same level joins
///   it, as Markdown reads two such lists (a proposal's blocks are new blocks, whatever identities it was
///   built with). An inverse given to ``apply(_:)`` instead keeps its identities where no other
///   block uses them, so an undo restores the blocks it removed, and blocks that are ancestors of
///   the paragraphs at either end, such as the list being edited, are joined rather than
///   duplicated.
/// - Plain text typed into a code block is code (line breaks included); into a table cell, its
///   line breaks become hard line breaks (U+2028, `.lineBreak`), as a cell holds one line.
/// - Every block stays contiguous: blocks put between the paragraphs of a container end it, and
///   what follows continues in a new container of the same kind (fresh identity) — as Markdown
///   reads a heading between two list items: two lists.
/// - Blocks outside the paragraphs the range touches keep their identities.
/// - List items are numbered as Markdown numbers them after every change: an ordered list counts
///   from its first item's ordinal (its start number), a bullet list from 1, nested lists on their
///   own — so inserting, deleting, splitting, merging or moving items renumbers those after them.
///
/// Each replacement returns its inverse (``EditorReplacement``), which restores the text, the
/// intents and the identities of blocks and spans when applied (property-tested over random
/// edits and undo of them all).
///
/// Storage: the text and runs are kept in a B-tree of chunks (`SummarizedTree`, a persistent
/// B-tree whose nodes keep, beside each child, its UTF-8 and UTF-16 lengths, runs and
/// identities), each chunk about 512 bytes or more of whole top-level blocks. Plain text typed
/// inside a paragraph rebuilds the one chunk holding it; any other edit rebuilds the chunks that
/// hold the paragraphs it touches and the top-level blocks next to them (a list an inserted list
/// joins, a paragraph a deletion merges into). List numbering, identities and the
/// inverse come out as a rebuild of the whole document would give them (property-tested against
/// it). Copies share the tree, so keeping an undo state costs nothing.
///
/// Cost: O(log n) plus the size of the chunks an edit touches — replacing a word in a 10 MB
/// document costs about as much as in a 10 KB one (tens of microseconds in a release build;
/// `intentmark-benchmarks --editing`), except inside one very large top-level block (a list of
/// thousands of items is one chunk). The queries (``run(atUTF16:)``,
/// ``runs(inUTF16:)``, ``paragraphRange(aroundUTF16:)``, ``utf8Offset(ofUTF16:)``,
/// ``utf16Offset(ofUTF8:)``) cost the same. ``document`` assembles the chunks: O(n), once per read.
///
/// ```swift
/// var editable = EditableIntentDocument(try IntentDocument(markdown: "- one\n- two\n"))
/// // The text is "one\ntwo\n"; a line break after "one" makes a new item of the same list:
/// let inverse = try editable.replace(NSRange(location: 3, length: 0), with: "\nthree")
/// // items: "one", "three", "two"
/// try editable.apply(inverse)   // back to "one", "two", with the original identities
/// ```
public struct EditableIntentDocument: Sendable {
    /// The text and runs, in chunks of whole top-level blocks.
    private(set) var chunks: SummarizedTree<EditableChunk>
    /// The document as given (in the `.newlines` layout) until the first edit: ``document``
    /// returns it without assembling the chunks.
    private var unedited: IntentDocument?
    /// Metadata of the whole document, kept outside the chunks.
    private let frontMatter: FrontMatter?
    private let markdownSource: MarkdownSourceMap?
    /// Top-level blocks an edit touched, and the blocks inside them it touched: the Markdown
    /// writer writes them anew.
    private var editedIdentities = Set<Int>()
    /// The largest identity this storage has held or handed out, in its document or in an
    /// inverse it returned: fresh identities are above it, so that a block made after an undo
    /// never takes the identity a redo will bring back.
    private(set) var identityHighWater: Int
    /// The UTF-8 length chunks are cut at (at least, where the blocks allow).
    let chunkBytes: Int

    /// Wraps `document`, bringing it to the `.newlines` layout first: a leaf without its
    /// terminator gets one (`"\n"`, or `"\t"` between table cells of a row), and text without a
    /// block intent becomes body paragraphs, one per line. O(n).
    /// - Parameter document: Any intent document.
    public init(_ document: IntentDocument = IntentDocument()) {
        self.init(document, chunkBytes: 512)
    }

    /// Wraps `document` with chunks of at least `chunkBytes` UTF-8 bytes (tests use small ones).
    init(_ document: IntentDocument, chunkBytes: Int) {
        var normalized = EditingLayout.normalized(document)
        normalized.renumberListItems()
        normalized.frontMatter = document.frontMatter
        normalized.markdownSource = document.markdownSource
        frontMatter = document.frontMatter
        markdownSource = document.markdownSource
        self.chunkBytes = chunkBytes
        chunks = SummarizedTree(EditableChunk.chunks(of: normalized, targetBytes: chunkBytes))
        unedited = normalized
        identityHighWater = normalized.largestIdentity
    }

    /// The document, in the `.newlines` layout: the chunks assembled (O(n) after an edit; the
    /// document as given before any).
    public var document: IntentDocument {
        if let unedited { return unedited }
        var document = assembled(chunks: 0..<chunks.count)
        document.frontMatter = frontMatter
        if var source = markdownSource {
            source.markEdited(editedIdentities)
            document.markdownSource = source
        }
        return document
    }

    /// The text's length in UTF-16 code units (`NSString.length`). O(1).
    public var utf16Count: Int { chunks.summary.textUTF16 }

    /// The text's length in UTF-8 bytes. O(1).
    public var utf8Count: Int { chunks.summary.textUTF8 }

    /// Replaces the characters in `range` (UTF-16 units, `NSRange` semantics, relative to the
    /// document's text) with `replacement`.
    /// - Parameters:
    ///   - range: The range to replace; it must lie inside the text and not split a surrogate pair.
    ///   - replacement: The new text, plain or with intents, in either layout.
    /// - Returns: The inverse replacement (apply it to undo).
    /// - Throws: `IntentMarkError.invalidRange` for a range outside the text or splitting a
    ///   character's UTF-16 pair.
    @discardableResult
    public mutating func replace(_ range: NSRange, with replacement: IntentDocument) throws -> EditorReplacement {
        let utf8Range = try utf8Range(of: range)
        return replace(utf8Range: utf8Range, withProposal: replacement, absorbingPlainLineEnd: false)
    }

    /// Replaces the characters in `range` (indices of ``document``'s text) with `replacement`.
    /// Reading the indices needs the whole text: O(n), where the `NSRange` form is O(log n).
    /// - Parameters:
    ///   - range: The range to replace.
    ///   - replacement: The new text, plain or with intents.
    /// - Returns: The inverse replacement.
    /// - Throws: `IntentMarkError.invalidRange` when the indices are not on scalar boundaries of the text.
    @discardableResult
    public mutating func replace(_ range: Range<String.Index>, with replacement: IntentDocument) throws -> EditorReplacement {
        let text = document.text
        guard range.lowerBound.samePosition(in: text.unicodeScalars) != nil,
            range.upperBound.samePosition(in: text.unicodeScalars) != nil, range.upperBound <= text.endIndex
        else { throw IntentMarkError.invalidRange("indices are not on scalar boundaries of the text") }
        let lower = text.utf8.distance(from: text.startIndex, to: range.lowerBound)
        let upper = text.utf8.distance(from: text.startIndex, to: range.upperBound)
        return replace(utf8Range: lower..<upper, withProposal: replacement, absorbingPlainLineEnd: false)
    }

    /// Replaces `utf8Range` with new text (not an inverse): its identities are moved above the
    /// document's, and where the range ends at a paragraph's end (just before its terminator), a
    /// final line end of text with blocks of its own — or of any text, with
    /// `absorbingPlainLineEnd` — is that paragraph's terminator, not the start of an empty
    /// paragraph: replacing a paragraph's text with `"# Title\n\n- a\n"` gives a header and a list,
    /// as the same change in Markdown does.
    mutating func replace(utf8Range: Range<Int>, withProposal replacement: IntentDocument, absorbingPlainLineEnd: Bool) -> EditorReplacement
    {
        var proposal = replacement
        let hasBlocks = proposal.storedRuns.contains { $0.block != nil }
        if hasBlocks || absorbingPlainLineEnd, endsBeforeTerminator(utf8Range.upperBound) {
            proposal = EditingLayout.droppingFinalLineEnd(of: proposal)
        }
        return replace(utf8Range: utf8Range, with: proposal.renumbered(above: identityHighWater))
    }

    /// Replaces the characters in `range` (UTF-16 units) with text as the user types it: inside
    /// an emphasis, a link, a code span or another run with inline intents (not at its start or
    /// end; not in raw HTML), text without a line break continues that run — `ZZ` typed between
    /// `em` and `ph` of `a *emph*` gives `a *emZZph*`, one emphasis, as a text view's typing
    /// attributes would —; anywhere else it is plain text, which takes the style of the paragraph
    /// it lands in.
    /// - Parameters:
    ///   - range: The range to replace.
    ///   - text: The new text; `"\n"` splits paragraphs.
    /// - Returns: The inverse replacement.
    /// - Throws: `IntentMarkError.invalidRange` as ``replace(_:with:)-(NSRange,IntentDocument)``.
    @discardableResult
    public mutating func replace(_ range: NSRange, with text: String) throws -> EditorReplacement {
        try replace(range, typing: text)
    }

    /// Replaces `range` with `text` as typed: inside the text of one run — an insertion not at the
    /// run's start or end, or a replacement from after its start to at most its end — and without
    /// a line break, the text takes that run's inline intents, attributes and spans, so that a word
    /// typed inside an emphasis, a link or a code span stays part of it (as a text view's typing
    /// attributes are those of the text around the caret); anywhere else — and inside raw HTML, a
    /// break or a footnote reference's number — it is plain text, which takes the style of the
    /// paragraph it lands in.
    mutating func replace(_ range: NSRange, typing text: String) throws -> EditorReplacement {
        let utf8Range = try utf8Range(of: range)
        guard let continued = continuing(text, replacing: utf8Range) else {
            return replace(utf8Range: utf8Range, withProposal: IntentDocument(text: text), absorbingPlainLineEnd: false)
        }
        // The span identities are the run's own (not moved above the document's, as a
        // proposal's are): the splice continues the span instead of starting another.
        return replace(utf8Range: utf8Range, with: continued)
    }

    /// `text` with the inline intents, attributes and spans of the run it is typed inside of
    /// (see ``replace(_:typing:)``), or `nil` where it is typed as plain text. `utf8Range` is a
    /// valid range of the text. O(log n), reading the run as stored (a keystroke of plain text
    /// pays one lookup).
    private func continuing(_ text: String, replacing utf8Range: Range<Int>) -> IntentDocument? {
        guard !text.isEmpty, utf8Range.lowerBound > 0, !text.contains(where: \.isNewline),
            let (index, before) = chunks.locate(utf8Range.lowerBound - 1, in: \.textUTF8)
        else { return nil }
        let chunk = chunks.element(at: index).document
        let local = utf8Range.lowerBound - 1 - before.textUTF8
        guard local >= 0, local < chunk.text.utf8.count else { return nil }
        let stored = chunk.storedRun(at: chunk.runIndex(containingUTF8Offset: local))
        let runStart = before.textUTF8 + stored.utf8Range.lowerBound
        let runEnd = before.textUTF8 + stored.utf8Range.upperBound
        // Raw HTML and breaks are not text a word continues; a run without inline intents or
        // attributes is plain already.
        let intents = stored.inlinePresentationIntent
        guard runStart < utf8Range.lowerBound, utf8Range.isEmpty ? utf8Range.lowerBound < runEnd : utf8Range.upperBound <= runEnd,
            intents.isDisjoint(with: [.blockHTML, .inlineHTML, .softBreak, .lineBreak]),
            !intents.isEmpty || stored.attributes.index != 0
        else { return nil }
        let attributes = chunk.attributes(of: stored.attributes)
        // Separators, stand-ins and footnote numbers are not words either.
        guard !attributes.isBlockSeparator, !attributes.isPlaceholder, attributes.footnoteReference == nil else { return nil }
        var document = IntentDocument()
        document.append(text, inlinePresentationIntent: intents, attributes: attributes, inlineSpans: chunk.inlineSpanPath(of: stored.span))
        return document
    }

    /// Replaces the characters in `range` (UTF-16 units) with a Foundation `AttributedString`,
    /// whose intents and attributes are read as ``IntentModel/IntentDocument/init(_:)`` reads them.
    /// - Parameters:
    ///   - range: The range to replace.
    ///   - attributedString: The new text.
    /// - Returns: The inverse replacement.
    /// - Throws: `IntentMarkError.invalidRange` as ``replace(_:with:)-(NSRange,IntentDocument)``.
    @discardableResult
    public mutating func replace(_ range: NSRange, with attributedString: AttributedString) throws -> EditorReplacement {
        try replace(range, with: IntentDocument(attributedString))
    }

    /// Applies a replacement (for example an inverse, to undo).
    /// - Parameter replacement: The range (UTF-16, in the current text) and the text to put there.
    /// - Returns: Its inverse.
    /// - Throws: `IntentMarkError.invalidRange` when its range is not valid for the current text.
    @discardableResult
    public mutating func apply(_ replacement: EditorReplacement) throws -> EditorReplacement {
        // An inverse carries the identities of the blocks it restores: they are kept.
        let utf8Range = try utf8Range(of: replacement.range)
        return replace(utf8Range: utf8Range, with: replacement.text, isInverse: true)
    }

    /// Replaces the UTF-8 range `utf8Range` (on scalar boundaries) with `replacement`; an
    /// `inverse` restores blocks as they were (its lists join no others). Rebuilds the chunks
    /// around the range (``window(around:)``) as ``EditingSplice`` rebuilds a whole document.
    mutating func replace(utf8Range: Range<Int>, with replacement: IntentDocument, isInverse: Bool = false) -> EditorReplacement {
        let window = (isInverse ? nil : singleChunkWindow(for: utf8Range, replacement: replacement)) ?? window(around: utf8Range)
        let local = assembled(chunks: window.chunks)
        let localRange = (utf8Range.lowerBound - window.start.textUTF8)..<(utf8Range.upperBound - window.start.textUTF8)
        let elsewhere = isInverse ? identitiesInUse(of: replacement, outside: window.chunks) : ([], [])
        let (edited, touchedStart, touchedEnd) = EditingSplice.replace(
            in: local, utf8Range: localRange, with: replacement, joiningLists: !isInverse, identityFloor: identityHighWater,
            identitiesInUseElsewhere: elsewhere)
        // The inverse puts back everything from the range's start (the break's start when typing
        // into a thematic break) to the end of the paragraphs the edit touched: the removed text,
        // and the rest of the last paragraph with its own block (an edit can move it into another
        // block, as a merge does).
        let removed = EditingLayout.slice(of: local, utf8Range: touchedStart..<touchedEnd)
        let newTouchedEnd = touchedEnd + edited.text.utf8.count - local.text.utf8.count
        var result = EditingLayout.canonicalCodeTerminators(in: edited, around: touchedStart..<newTouchedEnd)
        // Front matter is metadata, not text: no edit of the text touches it. The top-level
        // blocks the edit touched are written anew by the Markdown writer.
        if markdownSource != nil {
            // Blocks the edit touched now, and those it touched before (a block that lost a
            // child to the edit may have no text in the range now).
            let touched = result.touchedIdentities(inUTF8Range: touchedStart..<newTouchedEnd)
            editedIdentities.formUnion(touched.topLevel)
            editedIdentities.formUnion(touched.inner)
            if touchedStart < touchedEnd {
                let before = local.touchedIdentities(inUTF8Range: touchedStart..<touchedEnd)
                editedIdentities.formUnion(before.topLevel)
                editedIdentities.formUnion(before.inner)
            }
        }
        // Items added, removed, split, merged or moved: every list counts from its start again
        // (an undo's from the number its first item had).
        if isInverse { result.restoreListItemOrdinals(from: replacement) }
        result.renumberListItems()
        identityHighWater = max(identityHighWater, replacement.largestIdentity, result.largestIdentity)
        var text = result.text
        let (start, end) = text.withUTF8 { bytes in
            let start = SourceBlock.utf16CountAndLineFeeds(bytes[..<touchedStart]).utf16
            return (start, start + SourceBlock.utf16CountAndLineFeeds(bytes[touchedStart..<newTouchedEnd]).utf16)
        }
        chunks.replaceSubrange(window.chunks, with: EditableChunk.chunks(of: result, targetBytes: chunkBytes))
        unedited = nil
        return EditorReplacement(range: NSRange(location: window.start.textUTF16 + start, length: end - start), text: removed)
    }
}
