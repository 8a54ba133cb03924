/// The Markdown source a document was parsed from, cut into segments at its top-level blocks, so
/// that the Markdown writer can give back every block that was not edited byte for byte.
///
/// The segments cover the source from its first byte to its last, in source order: the gaps
/// between blocks (blank lines, link reference definitions, a byte order mark), the front matter,
/// and groups of top-level blocks. A group is one top-level block, or several whose source lines
/// cannot be told apart (libcmark-gfm gives a table made of a paragraph's last line the
/// paragraph's lines); when the parser's top-level nodes do not match the document's top-level
/// blocks one for one, the whole source after the front matter is one group. A parse whose
/// converter did not make one top-level block per top-level node has no map (the document is
/// written anew).
///
/// A top-level list or block quote also records the source lines of its children, and of theirs
/// down through lists, items and block quotes (``innerIdentities``): when an edit changes one item,
/// the writer can keep the other items' lines and write only the changed one anew.
///
/// A group is written from source when none of its blocks was edited (``markEdited(_:)``, which
/// the editing layer and ``IntentDocument/append(_:presentationIntent:inlinePresentationIntent:attributes:blockMarkup:inlineSpans:)``
/// call) and each block still has the text length and run count it had when parsed — a check
/// that catches a change made by any other path. Not part of the document's value (equality,
/// hashing and the JSON form ignore it).
package struct MarkdownSourceMap: Sendable, Equatable {
    /// One segment of the source.
    package struct Segment: Sendable, Equatable {
        /// What the segment holds.
        package enum Content: Sendable, Equatable {
            /// Bytes that belong to no block: written as they are.
            case gap
            /// The front matter (``IntentDocument/frontMatter``).
            case frontMatter
            /// Top-level blocks, by identity, in document order.
            case blocks([Int])
        }

        package var content: Content
        /// The segment's UTF-8 byte range in ``MarkdownSourceMap/source``.
        package var range: Range<Int>

        package init(content: Content, range: Range<Int>) {
            self.content = content
            self.range = range
        }
    }

    /// The fingerprint of a top-level block when it was parsed.
    package struct BlockFingerprint: Sendable, Hashable {
        /// The UTF-8 length of its text, separators included.
        package var textBytes: Int
        /// Its number of runs.
        package var runCount: Int
        /// Whether it was edited since (set by ``markEdited(_:)``).
        package var isEdited = false

        package init(textBytes: Int, runCount: Int) {
            self.textBytes = textBytes
            self.runCount = runCount
        }
    }

    /// A block inside a top-level block in the source: its identity, its lines, and its own
    /// children when it is a list, a list item or a block quote.
    package struct ChildBlock: Sendable, Hashable {
        /// The block's identity.
        package var identity: Int
        /// The UTF-8 byte range of its lines in ``MarkdownSourceMap/source``: from its first
        /// line's start to the end of its last line, line ending included.
        package var range: Range<Int>
        /// Its children, in source order; empty for a leaf, and for a container whose children
        /// libcmark-gfm and the document did not pair one for one.
        package var children: [ChildBlock]
        /// The number its marker is written with, when it is an item of an ordered list.
        package var markerNumber: Int?
        /// Where that number's digits are in ``MarkdownSourceMap/source``.
        package var markerDigits: Range<Int>?

        package init(
            identity: Int, range: Range<Int>, children: [ChildBlock] = [], markerNumber: Int? = nil, markerDigits: Range<Int>? = nil
        ) {
            self.identity = identity
            self.range = range
            self.children = children
            self.markerNumber = markerNumber
            self.markerDigits = markerDigits
        }
    }

    /// The whole source, as UTF-8 bytes.
    package let source: [UInt8]
    /// The segments, in source order, covering the source.
    package let segments: [Segment]
    /// The fingerprint of every top-level block, by identity.
    package private(set) var fingerprints: [Int: BlockFingerprint]
    /// Whether the source's first line ending is CRLF (rendered blocks then use CRLF too).
    package let usesCRLF: Bool
    /// One block inside a top-level list or block quote, as libcmark-gfm's lines give it: a child
    /// of the top-level block or of a list, item or block quote inside it, in document order,
    /// with its depth — a flat record (a few bytes a block) made into ``ChildBlock``s.
    package struct InnerBlockLines: Sendable, Hashable {
        /// 1 for a child of the top-level block, 2 for a grandchild, … (at most 64).
        package var depth: Int16
        /// Its lines' UTF-8 byte range in ``MarkdownSourceMap/source``.
        package var start: Int32
        package var end: Int32
        /// The number its marker is written with, for an item of an ordered list; -1 otherwise.
        package var markerNumber: Int32
        /// Where that number's digits start, and how many there are.
        package var markerDigitsStart: Int32
        package var markerDigitsCount: UInt8

        package init(depth: Int, range: Range<Int>, marker: (number: Int, digits: Range<Int>)?) {
            self.depth = Int16(truncatingIfNeeded: depth)
            start = Int32(truncatingIfNeeded: range.lowerBound)
            end = Int32(truncatingIfNeeded: range.upperBound)
            markerNumber = marker.map { Int32(truncatingIfNeeded: $0.number) } ?? -1
            markerDigitsStart = marker.map { Int32(truncatingIfNeeded: $0.digits.lowerBound) } ?? 0
            markerDigitsCount = marker.map { UInt8(truncatingIfNeeded: $0.digits.count) } ?? 0
        }
    }

    /// The identities of the blocks inside top-level lists and block quotes (not alerts) that
    /// ``InnerBlockLines`` record, in document order, as parsed; ``innerRanges`` says where each
    /// top-level block's are. Their lines are read again from the block's source lines when the
    /// writer needs them (libcmark-gfm reads a top-level block's lines alone as it read them in
    /// the document), so a parse pays one pass over the block table and nothing per line.
    package let innerIdentities: [Int]
    /// Where the inner blocks of each top-level block are in ``innerIdentities``, by its
    /// identity.
    package let innerRanges: [Int: Range<Int>]

    /// The tree of flat `lines` (depths starting at 1), each block taking the identity at its
    /// place in `identities` (-1 where `identities` is shorter).
    package static func childBlocks(_ lines: ArraySlice<InnerBlockLines>, identities: ArraySlice<Int>) -> [ChildBlock] {
        var index = lines.startIndex
        return level(lines, identities: identities, depth: 1, index: &index)
    }

    private static func level(
        _ lines: ArraySlice<InnerBlockLines>, identities: ArraySlice<Int>, depth: Int, index: inout Int
    ) -> [ChildBlock] {
        var result: [ChildBlock] = []
        while index < lines.endIndex, Int(lines[index].depth) == depth {
            let line = lines[index]
            let position = index - lines.startIndex + identities.startIndex
            index += 1
            let children =
                index < lines.endIndex && Int(lines[index].depth) == depth + 1
                ? level(lines, identities: identities, depth: depth + 1, index: &index) : []
            result.append(
                ChildBlock(
                    identity: position < identities.endIndex ? identities[position] : -1, range: Int(line.start)..<Int(line.end),
                    children: children, markerNumber: line.markerNumber >= 0 ? Int(line.markerNumber) : nil,
                    markerDigits: line.markerNumber >= 0
                        ? Int(line.markerDigitsStart)..<(Int(line.markerDigitsStart) + Int(line.markerDigitsCount)) : nil))
        }
        return result
    }

    /// Blocks inside top-level blocks that an edit touched, with their ancestors below the top
    /// level (``markEdited(_:)``): written anew when their top-level block is.
    package private(set) var editedChildren: Set<Int> = []

    package init(
        source: [UInt8], segments: [Segment], fingerprints: [Int: BlockFingerprint], innerIdentities: [Int] = [],
        innerRanges: [Int: Range<Int>] = [:]
    ) {
        self.source = source
        self.segments = segments
        self.fingerprints = fingerprints
        self.innerIdentities = innerIdentities
        self.innerRanges = innerRanges
        let firstLineFeed = source.firstIndex(of: 0x0A)
        usesCRLF = firstLineFeed.map { $0 > 0 && source[$0 - 1] == 0x0D } ?? false
    }

    /// Marks blocks as edited: the writer writes a top-level block anew, keeping from source
    /// those of its children (``innerIdentities``) that are not marked.
    /// - Parameter identities: Identities of top-level blocks and of their children; an identity
    ///   of neither kind is kept, harmlessly (it names no child of the source).
    package mutating func markEdited(_ identities: some Sequence<Int>) {
        for identity in identities {
            if fingerprints[identity] != nil { fingerprints[identity]?.isEdited = true } else { editedChildren.insert(identity) }
        }
    }
}

extension MarkdownSourceMap {
    /// The same map for the document with every block identity shifted by `offset`
    /// (``IntentDocument/renumbered(above:)``): the map names blocks by identity, so a document
    /// renumbered without it would match its blocks to the source of others — a block whose text
    /// length and run count happen to equal another's would be written from that one's source.
    /// O(top-level blocks + inner blocks).
    package func shiftingIdentities(by offset: Int) -> MarkdownSourceMap {
        func shifted(_ identity: Int) -> Int { identity &+ offset }
        var map = MarkdownSourceMap(
            source: source,
            segments: segments.map { segment in
                switch segment.content {
                case .gap, .frontMatter: segment
                case .blocks(let identities): Segment(content: .blocks(identities.map(shifted)), range: segment.range)
                }
            },
            fingerprints: Dictionary(uniqueKeysWithValues: fingerprints.map { (shifted($0.key), $0.value) }),
            innerIdentities: innerIdentities.map(shifted),
            innerRanges: Dictionary(uniqueKeysWithValues: innerRanges.map { (shifted($0.key), $0.value) }))
        map.editedChildren = Set(editedChildren.map(shifted))
        return map
    }
}

extension MarkdownSourceMap {
    /// The fingerprint of every top-level block of `document` as it is now (its text length,
    /// separators included, and run count, over all its stretches), and the blocks' identities
    /// in document order. One pass over the runs.
    package static func fingerprints(of document: IntentDocument) -> (fingerprints: [Int: BlockFingerprint], identities: [Int]) {
        var fingerprints: [Int: BlockFingerprint] = [:]
        var identities: [Int] = []
        for unit in document.topLevelUnits() {
            guard let identity = unit.identity else { continue }
            let existing = fingerprints[identity] ?? BlockFingerprint(textBytes: 0, runCount: 0)
            if fingerprints[identity] == nil { identities.append(identity) }
            fingerprints[identity] = BlockFingerprint(
                textBytes: existing.textBytes + unit.utf8Range.count, runCount: existing.runCount + unit.runCount)
        }
        return (fingerprints, identities)
    }

    /// A map of `source` assembled from its top-level blocks' byte ranges (`blocks`: each range
    /// with the identities of the blocks on its lines, in source order): the front matter (the
    /// bytes `frontMatter`; a byte order mark before it is a gap), a group per range and a gap for the bytes between (blank
    /// lines, link reference and unused footnote definitions), so that an edited block is written
    /// anew alone and the text around it stays as it was. `document` must be what `source`
    /// parses to; where the ranges do not name its top-level blocks in order, one by one, or do
    /// not follow each other, ``wholeSource(_:of:frontMatter:)``. O(runs + blocks).
    package static func assembled(
        _ source: [UInt8], blocks: [(identities: [Int], range: Range<Int>)], of document: IntentDocument, frontMatter: Range<Int>
    ) -> MarkdownSourceMap {
        let (fingerprints, identities) = fingerprints(of: document)
        var segments = leadingSegments(of: source, frontMatter: frontMatter)
        var position = segments.last?.range.upperBound ?? 0
        var named: [Int] = []
        for block in blocks {
            guard !block.identities.isEmpty, !block.range.isEmpty, block.range.lowerBound >= position,
                block.range.upperBound <= source.count
            else { return wholeSource(source, of: document, frontMatter: frontMatter) }
            if block.range.lowerBound > position { segments.append(Segment(content: .gap, range: position..<block.range.lowerBound)) }
            segments.append(Segment(content: .blocks(block.identities), range: block.range))
            named += block.identities
            position = block.range.upperBound
        }
        guard named == identities else { return wholeSource(source, of: document, frontMatter: frontMatter) }
        if position < source.count { segments.append(Segment(content: .gap, range: position..<source.count)) }
        return MarkdownSourceMap(source: source, segments: segments, fingerprints: fingerprints)
    }

    /// The segments before a source's body: the bytes before the front matter (a byte order
    /// mark) as a gap, and the front matter at `frontMatter` (clamped to `source`; empty: none).
    private static func leadingSegments(of source: [UInt8], frontMatter: Range<Int>) -> [Segment] {
        let range = frontMatter.clamped(to: 0..<source.count)
        guard !range.isEmpty else { return [] }
        var segments: [Segment] = []
        if range.lowerBound > 0 { segments.append(Segment(content: .gap, range: 0..<range.lowerBound)) }
        segments.append(Segment(content: .frontMatter, range: range))
        return segments
    }

    /// A map of `source` that keeps it whole: its front matter (the bytes `frontMatter`, a byte
    /// order mark before it a gap) and then one group of every top-level block of `document`, which must be what
    /// `source` parses to — as a document assembled from the parses of its parts is (the
    /// incremental document's). Written from source while none of the blocks is edited and each
    /// keeps its text length and run count; any edit has the whole group written anew. O(runs).
    package static func wholeSource(_ source: [UInt8], of document: IntentDocument, frontMatter: Range<Int>) -> MarkdownSourceMap {
        let (fingerprints, identities) = fingerprints(of: document)
        var segments = leadingSegments(of: source, frontMatter: frontMatter)
        let bodyStart = segments.last?.range.upperBound ?? 0
        if bodyStart < source.count {
            segments.append(Segment(content: identities.isEmpty ? .gap : .blocks(identities), range: bodyStart..<source.count))
        }
        return MarkdownSourceMap(source: source, segments: segments, fingerprints: fingerprints)
    }
}
