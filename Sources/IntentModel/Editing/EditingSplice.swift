/// The replacement algorithm of ``EditableIntentDocument`` (its documentation states the rules):
/// rebuilds the document from the untouched text before the edited paragraphs, the edited
/// paragraphs (prefix, replacement pieces, suffix) and the untouched text after them.
package enum EditingSplice {
    /// One paragraph's worth of replacement text.
    struct Piece {
        enum Segment {
            case copy(Range<Int>)
            case lineBreak
            case text(String)
        }
        /// The replacement's block for this piece, or -1 for plain text.
        var block: Int32 = -1
        var segments: [Segment] = []
        /// Whether the piece ends its paragraph (a terminator follows).
        var isTerminated = false
        /// The terminator: the replacement's own separator (`"\t"` between cells) or `"\n"`.
        var terminator = "\n"
        /// Whether the piece ended with the last line end of an HTML block's text, which is that
        /// block's own terminator (HTML, not a separator), as a code block's is.
        var endsHTMLBlock = false
        /// Whether the piece ended with the last line end of a code block's text (code: a code
        /// block holding one empty line ends so, where an empty one ends with its separator).
        var endsWithCodeLineEnd = false
    }

    private static let lineBreakBit = InlinePresentationIntent.lineBreak.rawValue
    private static let blockHTMLBit = InlinePresentationIntent.blockHTML.rawValue

    /// `document` with `utf8Range` replaced by `replacement`, and the start and end (in the old
    /// text) of what the edit changed: text before the start and after the end is untouched.
    /// `joiningLists`: a list of the replacement put next to a list of the same kind and delimiter
    /// joins it (new text); off for an inverse, which restores lists as they were. Fresh
    /// identities are above `identityFloor` (and the identities of both documents).
    /// `identitiesInUseElsewhere`: block and span identities that text outside `document` uses
    /// (when `document` is a stretch of a larger one), which a replacement block or span must not
    /// take, as it must not take those of `document`'s kept text.
    package static func replace(
        in document: IntentDocument, utf8Range: Range<Int>, with replacement: IntentDocument, joiningLists: Bool,
        identityFloor: Int = 0, identitiesInUseElsewhere: (blocks: Set<Int>, spans: Set<Int>) = ([], [])
    ) -> (IntentDocument, touchedStart: Int, touchedEnd: Int) {
        let region = EditedRegion(document: document, utf8Range: utf8Range)
        // Plain text typed into a code block is code, into a cell stays in the cell; text with
        // its own blocks keeps them.
        let isPlain = replacement.runRecords.allSatisfy { $0.block < 0 }
        let pieces = split(replacement, asPlainText: region.startsInCodeBlock && isPlain, inCell: region.startsInTableCell && isPlain)

        var context = Context(
            document: document, replacement: replacement, leaves: region.leaves, regionStart: region.regionStart,
            regionEnd: region.regionEnd, anchorLeaves: region.anchorLeaves, removed: utf8Range, joiningLists: joiningLists,
            identityFloor: identityFloor, identitiesInUseElsewhere: identitiesInUseElsewhere)
        context.splicer.copy(document, sourceID: Context.documentID, utf8Range: 0..<region.regionStart)
        var placement = PiecePlacement(region: region, current: openFirstLeaf(of: region, context: &context))
        for (position, piece) in pieces.enumerated() {
            placement.emit(piece, at: position, of: pieces.count, into: &context)
        }
        if region.end < region.regionEnd { placement.joinTail(context: &context) }
        // The text ends here: its last paragraph gets its terminator, unless nothing at all is
        // left (replacing everything with nothing leaves the empty document, not an empty line).
        if region.endLeaf == nil, placement.block >= 0, context.lacksTerminator, context.splicer.byteCount > 0 {
            context.terminate(placement.block, leafIsEmpty: !placement.leafHasText)
        }
        let regionEndInResult = context.splicer.byteCount
        context.splicer.copy(document, sourceID: Context.documentID, utf8Range: region.regionEnd..<region.total)
        // Blocks after the edited paragraphs that the edit split (a heading put into a list ends
        // the list; its later items are a new list) count as touched: the inverse covers them.
        let continuedEnd = context.splicer.endOfContinuedText
        let touchedEnd =
            continuedEnd > regionEndInResult ? region.regionEnd + (continuedEnd - regionEndInResult) : region.regionEnd
        // Typing into a thematic break turns the whole break into a paragraph: the inverse starts
        // at the break.
        let touchedStart = region.startsInThematicBreak ? region.regionStart : region.start
        return (context.splicer.finish(), touchedStart, touchedEnd)
    }

    /// Opens the first edited paragraph's block in the result and copies its text before the
    /// removed range; returns the block (-1 at the end of the text). A thematic break becomes a
    /// new paragraph.
    private static func openFirstLeaf(of region: EditedRegion, context: inout Context) -> Int32 {
        guard let startBlock = region.startBlock else { return -1 }
        let document = context.document
        let prefix = region.regionStart..<region.start
        if region.startsInThematicBreak {
            let paragraph = context.newLeaf(like: startBlock, kind: .paragraph)
            // A thematic break holds no text but its separator; should one hold some (a
            // document built by hand), it is kept, in the paragraph that replaces the break.
            context.splicer.copy(document, sourceID: Context.documentID, utf8Range: prefix, block: paragraph)
            return paragraph
        }
        let block = context.splicer.block(startBlock, of: document, sourceID: Context.documentID)
        context.splicer.copy(document, sourceID: Context.documentID, utf8Range: prefix)
        return block
    }

    /// The replacement cut into paragraph pieces (always ending with an unterminated piece).
    /// `asPlainText`: blocks ignored, every character kept as text (into a code block).
    /// `inCell`: one piece; line ends become hard line breaks.
    static func split(_ replacement: IntentDocument, asPlainText: Bool, inCell: Bool) -> [Piece] {
        var cutter = PieceCutter(asPlainText: asPlainText, inCell: inCell)
        let records = replacement.runRecords
        var text = replacement.text
        text.withUTF8 { bytes in
            for (index, record) in records.enumerated() {
                let start = index > 0 ? records[index - 1].end : 0
                guard start < record.end else { continue }
                // Whether the run is the last of its leaf.
                let endsLeaf = index + 1 == records.count || records[index + 1].block != record.block
                var isCodeRun = false
                if record.block >= 0, case .codeBlock = replacement.blocks[Int(record.block)].kind { isCodeRun = true }
                cutter.cut(
                    record, bytes: bytes, from: start, isSeparator: replacement.attributeTable[Int(record.attributes)].isBlockSeparator,
                    isCodeRun: isCodeRun, endsLeaf: endsLeaf)
            }
        }
        return cutter.pieces
    }
}

extension EditingSplice {
    /// Cuts a replacement's runs into ``Piece``s, run by run (``split(_:asPlainText:inCell:)``).
    struct PieceCutter {
        private(set) var pieces = [Piece()]
        private let asPlainText: Bool
        private let inCell: Bool
        /// Whether every character goes into one piece (into a code block or a cell).
        private var oneParagraph: Bool { asPlainText || inCell }
        /// Whether the last piece began after a line end inside a run (it is then plain text).
        private var startedInsideRun = false
        /// The block of the previous run, while a piece is open in it.
        private var previousBlock: Int32? = nil

        init(asPlainText: Bool, inCell: Bool) {
            self.asPlainText = asPlainText
            self.inCell = inCell
        }

        /// Cuts the run `record` (bytes `start..<record.end` of `bytes`).
        mutating func cut(
            _ record: IntentDocument.RunRecord, bytes: UnsafeBufferPointer<UInt8>, from start: Int, isSeparator: Bool,
            isCodeRun: Bool, endsLeaf: Bool
        ) {
            // An HTML block's text holds its line ends, the last one its terminator, as code does.
            let isHTMLBlockRun = record.inline & EditingSplice.blockHTMLBit != 0
            if !oneParagraph, let previous = previousBlock, previous != record.block, !pieces[pieces.count - 1].segments.isEmpty {
                // A leaf without its separator (the `.none` layout) ended.
                endPiece(insideRun: false)
            }
            previousBlock = record.block
            if isSeparator {
                cutSeparator(record, bytes: bytes, from: start)
            } else {
                cutText(
                    record, bytes: bytes, from: start, isCodeRun: isCodeRun || isHTMLBlockRun, isHTMLBlockRun: isHTMLBlockRun,
                    endsLeaf: endsLeaf)
            }
        }

        /// A separator ends the piece (its tab, between cells, becomes the piece's terminator);
        /// in one paragraph it is text, or in a cell a line break.
        private mutating func cutSeparator(_ record: IntentDocument.RunRecord, bytes: UnsafeBufferPointer<UInt8>, from start: Int) {
            if oneParagraph {
                if inCell, bytes[start] == UInt8(ascii: "\n") {
                    add(.lineBreak, block: -1)
                } else {
                    add(.copy(start..<record.end), block: -1)
                }
                return
            }
            claim(record.block)
            if bytes[start] == UInt8(ascii: "\t") { pieces[pieces.count - 1].terminator = "\t" }
            endPiece(insideRun: false)
            previousBlock = nil
        }

        /// Text, cut at line ends: paragraph ends for plain text, line breaks in a cell, code for
        /// code (the last "\n" of a code block ends its paragraph).
        private mutating func cutText(
            _ record: IntentDocument.RunRecord, bytes: UnsafeBufferPointer<UInt8>, from start: Int, isCodeRun: Bool,
            isHTMLBlockRun: Bool, endsLeaf: Bool
        ) {
            let end = record.end
            var segmentStart = start
            for position in start..<end where bytes[position] == UInt8(ascii: "\n") && !asPlainText {
                // In a block's text (not code) a line feed before the block's last byte is
                // content — inline HTML over two lines, text libcmark-gfm kept with its line
                // end —; only plain text, or a line feed ending its block (a text view's
                // paragraph), ends a paragraph. In code, only the leaf's last line feed does.
                let endsBlock = position == end - 1 && endsLeaf
                if record.block >= 0, !isCodeRun, !inCell, !endsBlock { continue }
                if isCodeRun, !inCell, !endsBlock { continue }
                let endsCode = isCodeRun && !inCell
                if segmentStart < position { add(.copy(segmentStart..<position), block: record.block) }
                if inCell {
                    add(.lineBreak, block: -1)
                } else {
                    claim(record.block)
                    if endsCode, isHTMLBlockRun { pieces[pieces.count - 1].endsHTMLBlock = true }
                    if endsCode { pieces[pieces.count - 1].endsWithCodeLineEnd = true }
                    endPiece(insideRun: !endsCode)
                    previousBlock = endsCode ? nil : record.block
                }
                segmentStart = position + 1
            }
            if segmentStart < end { add(.copy(segmentStart..<end), block: record.block) }
        }

        /// An empty piece not begun inside a run takes `block` as its own.
        private mutating func claim(_ block: Int32) {
            if pieces[pieces.count - 1].segments.isEmpty, !startedInsideRun { pieces[pieces.count - 1].block = block }
        }

        private mutating func endPiece(insideRun: Bool) {
            pieces[pieces.count - 1].isTerminated = true
            pieces.append(Piece())
            startedInsideRun = insideRun
        }

        private mutating func add(_ segment: Piece.Segment, block: Int32) {
            if !oneParagraph { claim(block) }
            pieces[pieces.count - 1].segments.append(segment)
        }
    }
}

extension EditingSplice {
    /// The state of one replacement: the splicer and how replacement blocks are placed.
    struct Context {
        static let documentID = 0
        static let replacementID = 1

        let document: IntentDocument
        let replacement: IntentDocument
        var splicer: IntentDocumentSplicer
        /// Identities of blocks the document keeps outside the edited paragraphs.
        private var usedIdentities = Set<Int>()
        /// Identities given to replacement blocks placed as new blocks.
        private var placedIdentities = Set<Int>()
        /// Blocks of the document a replacement block with the same identity and kind joins: the
        /// edited paragraphs at either end and their ancestors.
        private var anchors: [Int: Int32] = [:]
        /// Whether a replacement list joins a document list of the same kind and delimiter beside it.
        private let joiningLists: Bool
        /// Replacement blocks placed so far (replacement index → new index).
        private var placed: [Int32: Int32] = [:]
        /// Span identities the kept text uses, and the spans of the edited paragraphs' kept text
        /// that a replacement span of the same identity and kind continues (an undo rejoins a
        /// span an edit cut).
        private var usedSpanIdentities = Set<Int>()
        private var spanAnchors: [Int: Int32] = [:]

        init(
            document: IntentDocument, replacement: IntentDocument, leaves: [(block: Int32, utf8Range: Range<Int>)],
            regionStart: Int, regionEnd: Int, anchorLeaves: [Int32], removed: Range<Int>, joiningLists: Bool,
            identityFloor: Int, identitiesInUseElsewhere: (blocks: Set<Int>, spans: Set<Int>)
        ) {
            self.joiningLists = joiningLists
            usedIdentities = identitiesInUseElsewhere.blocks
            usedSpanIdentities = identitiesInUseElsewhere.spans
            self.document = document
            self.replacement = replacement
            splicer = IntentDocumentSplicer(
                expectedBytes: document.text.utf8.count + replacement.text.utf8.count + 16,
                firstFreeIdentity: max(document.largestIdentity, replacement.largestIdentity, identityFloor) + 1)
            var visited = [Bool](repeating: false, count: document.blocks.count)
            for leaf in leaves where leaf.utf8Range.upperBound <= regionStart || leaf.utf8Range.lowerBound >= regionEnd {
                var block = leaf.block
                while block >= 0, !visited[Int(block)] {
                    visited[Int(block)] = true
                    usedIdentities.insert(document.blocks[Int(block)].identity)
                    block = document.blocks[Int(block)].parent
                }
            }
            // Spans of kept text: every run outside the removed range; anchors within the edited
            // paragraphs.
            var visitedSpans = [Bool](repeating: false, count: document.spans.count)
            for (index, record) in document.runRecords.enumerated() {
                let start = index > 0 ? document.runRecords[index - 1].end : 0
                // Runs holding kept text (wholly or partly outside the removed range).
                guard start < removed.lowerBound || record.end > removed.upperBound else { continue }
                let isAnchor = record.end > regionStart && start < regionEnd
                var span = record.span
                while span >= 0 {
                    let node = document.spans[Int(span)]
                    if isAnchor { spanAnchors[node.identity] = span }
                    if visitedSpans[Int(span)] { break }
                    visitedSpans[Int(span)] = true
                    usedSpanIdentities.insert(node.identity)
                    span = node.parent
                }
            }
            for leaf in anchorLeaves {
                var block = leaf
                while block >= 0 {
                    anchors[document.blocks[Int(block)].identity] = block
                    block = document.blocks[Int(block)].parent
                }
            }
            // The edited paragraphs that keep text outside the removed range keep their
            // identities; those whose text is all replaced give theirs up to the replacement (an
            // undo or redo brings them back, wherever it puts them).
            for leaf in leaves where leaf.utf8Range.upperBound > regionStart && leaf.utf8Range.lowerBound < regionEnd {
                if leaf.utf8Range.lowerBound < removed.lowerBound || leaf.utf8Range.upperBound > removed.upperBound {
                    reserve(leaf.block)
                }
            }
        }

        /// Keeps the identities of document block `block` and its ancestors from the replacement's
        /// blocks (the block has text in the result).
        mutating func reserve(_ block: Int32) {
            var current = block
            while current >= 0 {
                usedIdentities.insert(document.blocks[Int(current)].identity)
                current = document.blocks[Int(current)].parent
            }
        }

        /// Whether no block of the replacement took the identity of document block `block` or of
        /// one of its ancestors.
        func identitiesAreFree(_ block: Int32) -> Bool {
            var current = block
            while current >= 0 {
                if placedIdentities.contains(document.blocks[Int(current)].identity) { return false }
                current = document.blocks[Int(current)].parent
            }
            return true
        }

        /// The new index of replacement block `index`: joined to an anchor of the same identity,
        /// kind and place, or added with its own identity when free, else a fresh one.
        mutating func place(_ index: Int32) -> Int32 {
            var chain: [Int32] = []
            var current = index
            var parent: Int32 = -1
            while current >= 0 {
                if let known = placed[current] {
                    parent = known
                    break
                }
                chain.append(current)
                current = replacement.blocks[Int(current)].parent
            }
            for old in chain.reversed() {
                let block = replacement.blocks[Int(old)]
                var newIndex: Int32 = -1
                if let anchor = anchors[block.identity], Self.isSameKind(document.blocks[Int(anchor)].kind, block.kind) {
                    let anchorParent = document.blocks[Int(anchor)].parent
                    let mappedParent = splicer.block(anchorParent, of: document, sourceID: Self.documentID)
                    if mappedParent == parent {
                        newIndex = splicer.block(anchor, of: document, sourceID: Self.documentID)
                    }
                }
                if newIndex < 0, joiningLists, let list = listToJoin(like: block, parent: parent) {
                    // A list put next to a list of the same kind and delimiter at the same level
                    // is that list, as Markdown reads two such lists with nothing between them.
                    newIndex = list
                }
                if newIndex < 0 {
                    var identity = block.identity
                    if usedIdentities.contains(identity) { identity = splicer.freshIdentity() }
                    usedIdentities.insert(identity)
                    placedIdentities.insert(identity)
                    newIndex = splicer.addBlock(block.kind, identity: identity, parent: parent, markup: block.markup)
                }
                placed[old] = newIndex
                parent = newIndex
            }
            return parent
        }

        /// Whether two blocks are of the same kind for joining: equal kinds, except that list items
        /// join whatever their ordinals (every edit renumbers them).
        static func isSameKind(_ a: PresentationIntent.Kind, _ b: PresentationIntent.Kind) -> Bool {
            if case .listItem = a, case .listItem = b { return true }
            return a == b
        }

        /// The new index of the document's list a replacement list joins: an anchor (a list the
        /// edited paragraphs or their neighbours are in) of the same kind and delimiter whose
        /// place is `parent`; `nil` when there is none or `block` is not a list.
        private mutating func listToJoin(like block: IntentDocument.Block, parent: Int32) -> Int32? {
            switch block.kind {
            case .orderedList, .unorderedList: break
            case .paragraph, .header, .listItem, .blockQuote, .codeBlock, .thematicBreak, .table, .tableHeaderRow, .tableRow,
                .tableCell:
                return nil
            @unknown default:
                return nil
            }
            for anchor in anchors.values.sorted() {
                let candidate = document.blocks[Int(anchor)]
                guard candidate.kind == block.kind, candidate.markup?.listItemDelimiter == block.markup?.listItemDelimiter
                else { continue }
                guard splicer.block(candidate.parent, of: document, sourceID: Self.documentID) == parent else { continue }
                return splicer.block(anchor, of: document, sourceID: Self.documentID)
            }
            return nil
        }

        /// A new leaf beside document leaf `leaf` (`nil`: a top-level paragraph): a sibling of
        /// the same kind (or `kind`), in a new item of the same list when `leaf` is in a list item.
        mutating func newLeaf(like leaf: Int32?, kind: PresentationIntent.Kind?) -> Int32 {
            guard let leaf, leaf >= 0 else {
                return splicer.addBlock(kind ?? .paragraph, identity: splicer.freshIdentity(), parent: -1)
            }
            let model = document.blocks[Int(leaf)]
            var leafKind = kind ?? model.kind
            if case .tableCell = leafKind { leafKind = .paragraph }
            if case .thematicBreak = leafKind { leafKind = .paragraph }
            let parent = model.parent
            if parent >= 0, case .listItem(let ordinal) = document.blocks[Int(parent)].kind {
                let list = splicer.block(document.blocks[Int(parent)].parent, of: document, sourceID: Self.documentID)
                var markup = document.blocks[Int(parent)].markup
                if markup?.isTaskChecked != nil { markup?.isTaskChecked = false }
                let item = splicer.addBlock(
                    .listItem(ordinal: ordinal + 1), identity: splicer.freshIdentity(), parent: list, markup: markup)
                return splicer.addBlock(leafKind, identity: splicer.freshIdentity(), parent: item, markup: model.markup)
            }
            var parentIndex = splicer.block(parent, of: document, sourceID: Self.documentID)
            if parent >= 0, case .tableRow = document.blocks[Int(parent)].kind { parentIndex = -1 }
            if parent >= 0, case .tableHeaderRow = document.blocks[Int(parent)].kind { parentIndex = -1 }
            return splicer.addBlock(leafKind, identity: splicer.freshIdentity(), parent: parentIndex, markup: model.markup)
        }

        /// Gives replacement span `index` (and its ancestors) a place: the kept span it continues,
        /// else its own identity when free, else a fresh one.
        private mutating func placeSpan(_ index: Int32) {
            var chain: [Int32] = []
            var current = index
            var parent: Int32 = -1
            while current >= 0 {
                if splicer.hasSpan(current, of: Self.replacementID) {
                    parent = splicer.span(current, of: replacement, sourceID: Self.replacementID)
                    break
                }
                chain.append(current)
                current = replacement.spans[Int(current)].parent
            }
            for old in chain.reversed() {
                let span = replacement.spans[Int(old)]
                var newIndex: Int32 = -1
                if let anchor = spanAnchors[span.identity], document.spans[Int(anchor)].kind == span.kind,
                    document.spans[Int(anchor)].htmlTag == span.htmlTag
                {
                    let anchorParent = splicer.span(document.spans[Int(anchor)].parent, of: document, sourceID: Self.documentID)
                    if anchorParent == parent {
                        newIndex = splicer.span(anchor, of: document, sourceID: Self.documentID)
                    }
                }
                if newIndex < 0 {
                    var identity = span.identity
                    if usedSpanIdentities.contains(identity) { identity = splicer.freshIdentity() }
                    usedSpanIdentities.insert(identity)
                    newIndex = splicer.addSpan(span.kind, identity: identity, parent: parent, htmlTag: span.htmlTag)
                }
                splicer.mapSpan(old, of: replacement, sourceID: Self.replacementID, to: newIndex)
                parent = newIndex
            }
        }

        /// Writes a piece's text into `block`.
        mutating func emit(_ piece: Piece, into block: Int32) {
            for segment in piece.segments {
                switch segment {
                case .copy(let range):
                    var index = replacement.runIndex(containingUTF8Offset: range.lowerBound).position
                    while index < replacement.runRecords.count,
                        (index > 0 ? replacement.runRecords[index - 1].end : 0) < range.upperBound
                    {
                        placeSpan(replacement.runRecords[index].span)
                        index += 1
                    }
                    splicer.copy(replacement, sourceID: Self.replacementID, utf8Range: range, block: block)
                case .lineBreak:
                    splicer.append("\u{2028}", block: block, inline: EditingSplice.lineBreakBit)
                case .text(let text):
                    splicer.append(text, block: block)
                }
            }
        }

        /// Ends `block`'s paragraph with `terminator` (code text in a code block with text, HTML at
        /// the end of an HTML block's text, a separator otherwise — an empty code block's too).
        mutating func terminate(
            _ block: Int32, with terminator: String = "\n", endingHTMLBlock: Bool = false, leafIsEmpty: Bool = false
        ) {
            if endingHTMLBlock {
                splicer.append("\n", block: block, inline: EditingSplice.blockHTMLBit)
            } else if case .codeBlock = blockKind(block), !leafIsEmpty {
                splicer.append("\n", block: block)
            } else {
                splicer.append(terminator, block: block, attributes: EditingLayout.separatorAttributes)
            }
        }

        var lacksTerminator: Bool { !splicer.endsWithTerminator }

        private func blockKind(_ block: Int32) -> PresentationIntent.Kind? { splicer.kind(of: block) }
    }
}
