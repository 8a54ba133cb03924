import Foundation

/// An intent-tagged document: text plus a compact table of runs, each run carrying a block intent
/// (``PresentationIntent``), inline intents (``InlinePresentationIntent``) and other attributes
/// (``RunAttributes``).
///
/// This is the library's own attributed string: Foundation's `AttributedString`
/// costs tens of microseconds per run on Linux, so parsers, mappers and writers work on this type
/// and convert to `AttributedString` only at the edge (``attributedString()``,
/// ``init(_:)``).
///
/// Storage is a run-length table: each run is an end offset in **UTF-8 bytes** plus three small
/// indices — into a table of blocks (each block stores its kind, identity, parent and
/// ``BlockMarkup``; a run's ``PresentationIntent`` is its leaf block and that block's ancestors),
/// an interned table of ``RunAttributes``, and the raw inline bits. Runs cover the whole text,
/// never overlap, and adjacent runs with equal attributes are merged.
///
/// Equality compares the text and the runs' values (ranges, intents with identities, inline
/// intents, attributes and block markup), not the internal tables.
///
/// ```swift
/// import IntentMark
///
/// let document = try IntentDocument(markdown: "# Title\n\nSome *text*.")
/// for run in document.runs {
///     print(run.text, run.presentationIntent?.debugDescription ?? "-", run.inlinePresentationIntent.names)
/// }
/// ```
public struct IntentDocument: Sendable {
    // MARK: Stored layout

    /// The document's characters: every run's text, in order.
    public private(set) var text: String
    /// The front matter the Markdown source began with (``FrontMatter``), or `nil`. Metadata, not
    /// text: no run holds it.
    public var frontMatter: FrontMatter?
    /// The Markdown source this document was parsed from, cut at its top-level blocks, for
    /// source-preserving writes (``MarkdownSourceMap``); not part of the document's value.
    package var markdownSource: MarkdownSourceMap?
    @usableFromInline var blocks: [Block]
    @usableFromInline var spans: [Span]
    /// One shared path per span (parallel to `spans`), so that reading a run's spans costs O(1)
    /// however deep the nesting; not part of the document's value.
    var spanPaths: [InlineSpanPath]
    @usableFromInline var attributeTable: [RunAttributes]
    @usableFromInline var runRecords: [RunRecord]
    /// Lookup tables for ``append(_:presentationIntent:inlinePresentationIntent:attributes:blockMarkup:)``,
    /// rebuilt when stale; not part of the document's value.
    var blockLookup: [BlockKey: Int32] = [:]
    var spanLookup: [SpanKey: Int32] = [:]
    var attributeLookup: [RunAttributes: Int32] = [:]

    /// One block: kind, identity, index of its parent in `blocks` (-1 at the top), markup.
    ///
    /// The markup is kept out of line (``BlockMarkupBox``): about one block in ten has any (lists,
    /// code blocks, tables), and held inline it made every block 144 bytes instead of 48 — the
    /// block table of a 10 MB document 13 MB instead of 4.5 MB, copied by the join of a document
    /// parsed in pieces and read by every traversal.
    @usableFromInline struct Block: Sendable, Hashable {
        @usableFromInline var kind: PresentationIntent.Kind
        @usableFromInline var identity: Int
        @usableFromInline var parent: Int32
        /// The markup's box, shared by copies of the block (a box is never changed).
        private var markupBox: BlockMarkupBox?

        init(kind: PresentationIntent.Kind, identity: Int, parent: Int32, markup: BlockMarkup?) {
            self.kind = kind
            self.identity = identity
            self.parent = parent
            markupBox = markup.map(BlockMarkupBox.init)
        }

        /// The block's markup, or `nil`; setting it boxes the new value.
        @usableFromInline var markup: BlockMarkup? {
            get { markupBox?.markup }
            set { markupBox = newValue.map(BlockMarkupBox.init) }
        }

        @usableFromInline static func == (lhs: Block, rhs: Block) -> Bool {
            lhs.kind == rhs.kind && lhs.identity == rhs.identity && lhs.parent == rhs.parent && lhs.markup == rhs.markup
        }

        @usableFromInline func hash(into hasher: inout Hasher) {
            hasher.combine(kind)
            hasher.combine(identity)
            hasher.combine(parent)
            hasher.combine(markup)
        }
    }

    /// One inline span: kind, identity, index of its parent in `spans` (-1 at the top), and the
    /// tags of an ``InlineSpan/Kind/htmlFormatting`` span.
    @usableFromInline struct Span: Sendable, Hashable {
        @usableFromInline var kind: InlineSpan.Kind
        @usableFromInline var identity: Int
        @usableFromInline var parent: Int32
        @usableFromInline var htmlTag: HTMLFormattingTag? = nil
    }

    /// One run.
    @usableFromInline struct RunRecord: Sendable, Hashable {
        /// Exclusive end, in UTF-8 bytes from the start of ``text``.
        @usableFromInline var end: Int
        /// Index of the leaf block in `blocks`, or -1 for a run without a block intent.
        @usableFromInline var block: Int32
        @usableFromInline var inline: UInt
        /// Index into `attributeTable` (0 is the empty attributes).
        @usableFromInline var attributes: Int32
        /// Index of the innermost inline span in `spans`, or -1.
        @usableFromInline var span: Int32
    }

    // MARK: Initialisers

    /// Creates an empty document.
    public init() {
        text = ""
        blocks = []
        spans = []
        spanPaths = []
        attributeTable = [RunAttributes()]
        runRecords = []
    }

    /// Creates a document with one run of plain text and no attributes (no run when `text` is
    /// empty).
    /// - Parameter text: The text.
    public init(text: String) {
        self.init()
        append(text)
    }

    init(
        text: String, blocks: [Block], spans: [Span], spanPaths: [InlineSpanPath], attributeTable: [RunAttributes],
        runRecords: [RunRecord]
    ) {
        self.text = text
        self.blocks = blocks
        self.spans = spans
        self.spanPaths = spanPaths
        self.attributeTable = attributeTable
        self.runRecords = runRecords
    }
}

// MARK: - Public API

extension IntentDocument {
    /// The number of runs.
    public var runCount: Int { runRecords.count }

    /// Whether the document has no text.
    public var isEmpty: Bool { text.isEmpty }

    /// Every distinct block identity that some run's intent mentions, with its kind, in order of
    /// first appearance (outermost first within a run).
    public var blockKinds: [(identity: Int, kind: PresentationIntent.Kind)] {
        var seen = Set<Int32>()
        var result: [(Int, PresentationIntent.Kind)] = []
        for record in runRecords where record.block >= 0 {
            var chain: [Int32] = []
            var index = record.block
            while index >= 0, !seen.contains(index) {
                chain.append(index)
                index = blocks[Int(index)].parent
            }
            for blockIndex in chain.reversed() {
                seen.insert(blockIndex)
                result.append((blocks[Int(blockIndex)].identity, blocks[Int(blockIndex)].kind))
            }
        }
        return result
    }

    /// Appends `string` as a run with the given intents and attributes (merged with the previous
    /// run when all of them are equal). Use it to build documents by hand.
    ///
    /// Blocks are matched by identity: components with the same identity, kind and parent as an
    /// earlier run's are the same block.
    /// - Parameters:
    ///   - string: The text to append; nothing happens when it is empty.
    ///   - presentationIntent: The block intent, innermost first, or `nil`.
    ///   - inlinePresentationIntent: Inline intents.
    ///   - attributes: Other attributes.
    ///   - blockMarkup: Markup for blocks of `presentationIntent`, by identity; identities not in
    ///     the intent are ignored. A block's markup is the last one given for it.
    ///   - inlineSpans: The inline spans the text lies in, innermost first, or `nil`. Spans are
    ///     matched like blocks: same identity, kind and enclosing span is the same span.
    public mutating func append(
        _ string: String, presentationIntent: PresentationIntent? = nil,
        inlinePresentationIntent: InlinePresentationIntent = [], attributes: RunAttributes = RunAttributes(),
        blockMarkup: [Int: BlockMarkup] = [:], inlineSpans: InlineSpanPath? = nil
    ) {
        var cache: [ObjectIdentifier: Int32] = [:]
        append(
            string, presentationIntent: presentationIntent, inlinePresentationIntent: inlinePresentationIntent,
            attributes: attributes, blockMarkup: blockMarkup, inlineSpans: inlineSpans, spanCache: &cache)
    }

    mutating func append(
        _ string: String, presentationIntent: PresentationIntent?, inlinePresentationIntent: InlinePresentationIntent,
        attributes: RunAttributes, blockMarkup: [Int: BlockMarkup], inlineSpans: InlineSpanPath?,
        spanCache: inout [ObjectIdentifier: Int32]
    ) {
        guard !string.isEmpty else { return }
        // A top-level block of the source that gets more text is written anew, and so are the
        // blocks inside it the text goes into.
        if markdownSource != nil, let components = presentationIntent?.components {
            markdownSource?.markEdited(components.map(\.identity))
        }
        append(
            string, block: block(of: presentationIntent, blockMarkup: blockMarkup), inlinePresentationIntent: inlinePresentationIntent,
            attributes: attributes, inlineSpans: inlineSpans, spanCache: &spanCache)
    }

    /// The index in `blocks` of the leaf block `presentationIntent` names (-1 for `nil`), adding
    /// the blocks not known yet and setting their markup from `blockMarkup`.
    mutating func block(of presentationIntent: PresentationIntent?, blockMarkup: [Int: BlockMarkup]) -> Int32 {
        var blockIndex: Int32 = -1
        if let presentationIntent {
            if blockLookup.count != blocks.count {
                blockLookup = [:]
                for index in blocks.indices {
                    let block = blocks[index]
                    blockLookup[BlockKey(identity: block.identity, kind: block.kind, parent: block.parent)] = Int32(index)
                }
            }
            for component in presentationIntent.components.reversed() {
                let key = BlockKey(identity: component.identity, kind: component.kind, parent: blockIndex)
                if let existing = blockLookup[key] {
                    blockIndex = existing
                } else {
                    blocks.append(Block(kind: component.kind, identity: component.identity, parent: blockIndex, markup: nil))
                    blockIndex = Int32(blocks.count - 1)
                    blockLookup[key] = blockIndex
                }
                if let markup = blockMarkup[component.identity] {
                    blocks[Int(blockIndex)].markup = markup.isEmpty ? nil : markup
                }
            }
        }
        return blockIndex
    }

    /// Appends a run to the block at `block` (an index in `blocks`, or -1).
    mutating func append(
        _ string: String, block blockIndex: Int32, inlinePresentationIntent: InlinePresentationIntent,
        attributes: RunAttributes, inlineSpans: InlineSpanPath?, spanCache: inout [ObjectIdentifier: Int32]
    ) {
        guard !string.isEmpty else { return }
        let spanIndex = internSpans(inlineSpans, cache: &spanCache)
        var attributeIndex: Int32 = 0
        if !attributes.isEmpty {
            if attributeLookup.count != attributeTable.count - 1 {
                attributeLookup = [:]
                for index in attributeTable.indices.dropFirst() { attributeLookup[attributeTable[index]] = Int32(index) }
            }
            if let existing = attributeLookup[attributes] {
                attributeIndex = existing
            } else {
                attributeTable.append(attributes)
                attributeIndex = Int32(attributeTable.count - 1)
                attributeLookup[attributes] = attributeIndex
            }
        }
        text.append(string)
        let end = text.utf8.count
        let record = RunRecord(
            end: end, block: blockIndex, inline: inlinePresentationIntent.rawValue, attributes: attributeIndex,
            span: spanIndex)
        if let last = runRecords.last, last.block == record.block, last.inline == record.inline,
            last.attributes == record.attributes, last.span == record.span
        {
            runRecords[runRecords.count - 1].end = end
        } else {
            runRecords.append(record)
        }
    }

    /// Appends every run of `other`, keeping its intents and attributes. Identities are kept as
    /// they are, so blocks of `other` whose identity, kind and parent match blocks of this document
    /// become the same blocks.
    /// A document without front matter takes `other`'s.
    /// - Parameter other: The document to append.
    public mutating func append(_ other: IntentDocument) {
        if frontMatter == nil { frontMatter = other.frontMatter }
        for run in other.runs {
            append(
                String(run.text), presentationIntent: run.presentationIntent,
                inlinePresentationIntent: run.inlinePresentationIntent, attributes: run.attributes,
                blockMarkup: run.blockMarkup, inlineSpans: run.inlineSpans)
        }
    }

    /// Interns a path, reusing `cache` (path node → span index) so that runs sharing ancestors
    /// cost only their new spans.
    mutating func internSpans(_ path: InlineSpanPath?, cache: inout [ObjectIdentifier: Int32]) -> Int32 {
        guard let path else { return -1 }
        var pending: [InlineSpanPath.Node] = []
        var node: InlineSpanPath.Node? = path.node
        var parent: Int32 = -1
        while let current = node {
            if let known = cache[ObjectIdentifier(current)] {
                parent = known
                break
            }
            pending.append(current)
            node = current.parent
        }
        for current in pending.reversed() {
            let index = internSpan(current.span, parent: parent)
            cache[ObjectIdentifier(current)] = index
            parent = index
        }
        return parent
    }

    private mutating func internSpan(_ span: InlineSpan, parent: Int32) -> Int32 {
        if spanLookup.count != spans.count {
            spanLookup = [:]
            for index in spans.indices {
                let existing = spans[index]
                spanLookup[
                    SpanKey(
                        identity: existing.identity, kind: existing.kind, parent: existing.parent, htmlTag: existing.htmlTag)] = Int32(
                        index)
            }
        }
        let key = SpanKey(identity: span.identity, kind: span.kind, parent: parent, htmlTag: span.htmlTag)
        if let existing = spanLookup[key] { return existing }
        spans.append(Span(kind: span.kind, identity: span.identity, parent: parent, htmlTag: span.htmlTag))
        spanPaths.append(InlineSpanPath(span, parent: parent >= 0 ? spanPaths[Int(parent)] : nil))
        spanLookup[key] = Int32(spans.count - 1)
        return Int32(spans.count - 1)
    }

    struct SpanKey: Hashable {
        var identity: Int
        var kind: InlineSpan.Kind
        var parent: Int32
        var htmlTag: HTMLFormattingTag?
    }

    /// The shared path of span `index`, O(1).
    func inlineSpanPath(ofSpan index: Int32) -> InlineSpanPath? {
        index >= 0 ? spanPaths[Int(index)] : nil
    }

    struct BlockKey: Hashable {
        var identity: Int
        var kind: PresentationIntent.Kind
        var parent: Int32
    }

    func presentationIntent(ofBlock index: Int32) -> PresentationIntent? {
        guard index >= 0 else { return nil }
        var components: [PresentationIntent.IntentType] = []
        var current = index
        while current >= 0 {
            let block = blocks[Int(current)]
            components.append(PresentationIntent.IntentType.component(block.kind, identity: block.identity))
            current = block.parent
        }
        return PresentationIntent(types: components)
    }

    func blockMarkup(ofBlock index: Int32) -> [Int: BlockMarkup] {
        var result: [Int: BlockMarkup] = [:]
        var current = index
        while current >= 0 {
            let block = blocks[Int(current)]
            if let markup = block.markup { result[block.identity] = markup }
            current = block.parent
        }
        return result
    }
}

// MARK: - Equatable, Hashable

extension IntentDocument: Hashable {
    /// Whether both documents have the same text, the same runs (ranges, intents with
    /// identities, inline intents, attributes and block markup) and the same front matter.
    public static func == (left: IntentDocument, right: IntentDocument) -> Bool {
        guard left.runRecords.count == right.runRecords.count, left.text == right.text, left.frontMatter == right.frontMatter
        else { return false }
        var provenEqual = Set<Int64>()
        var provenSpans = Set<Int64>()
        for (a, b) in zip(left.runRecords, right.runRecords) {
            guard a.end == b.end, a.inline == b.inline,
                left.attributeTable[Int(a.attributes)] == right.attributeTable[Int(b.attributes)]
            else { return false }
            let sameBlocks = sameChain(a.block, b.block, memo: &provenEqual) { x, y in
                let blockX = left.blocks[Int(x)]
                let blockY = right.blocks[Int(y)]
                guard blockX.kind == blockY.kind, blockX.identity == blockY.identity, blockX.markup == blockY.markup
                else { return nil }
                return (blockX.parent, blockY.parent)
            }
            guard sameBlocks else { return false }
            let sameSpans = sameChain(a.span, b.span, memo: &provenSpans) { x, y in
                let spanX = left.spans[Int(x)]
                let spanY = right.spans[Int(y)]
                guard spanX.kind == spanY.kind, spanX.identity == spanY.identity, spanX.htmlTag == spanY.htmlTag else {
                    return nil
                }
                return (spanX.parent, spanY.parent)
            }
            guard sameSpans else { return false }
        }
        return true
    }

    /// Whether two parent chains (of blocks or spans, -1 ending them) are equal node by node:
    /// `compare` says whether two nodes are equal and gives their parents. Pairs already proven
    /// equal are in `memo`, so every pair is compared once however many runs share it.
    private static func sameChain(
        _ first: Int32, _ second: Int32, memo: inout Set<Int64>, compare: (Int32, Int32) -> (Int32, Int32)?
    ) -> Bool {
        var x = first
        var y = second
        var walked: [Int64] = []
        while x >= 0 || y >= 0 {
            guard x >= 0, y >= 0 else { return false }
            let pair = Int64(x) << 32 | Int64(y)
            if memo.contains(pair) { break }
            guard let parents = compare(x, y) else { return false }
            walked.append(pair)
            (x, y) = parents
        }
        memo.formUnion(walked)
        return true
    }

    /// Hashes the text and the runs' boundaries and inline intents.
    /// - Parameter hasher: The hasher.
    public func hash(into hasher: inout Hasher) {
        hasher.combine(text)
        hasher.combine(runRecords.count)
        for record in runRecords {
            hasher.combine(record.end)
            hasher.combine(record.inline)
        }
    }
}
