import IntentModel
import MarkdownParsing

/// A top-level list or block quote written back piece by piece: the lines of each block inside
/// it that no edit touched as they were in the source, the lines of the others as the writer
/// wrote them.
///
/// The pieces come from two texts of the same block, whose lines libcmark-gfm gives
/// (``MarkdownParsing/ChildBlockLines``): its source, paired with the identities the parse
/// recorded, and the block written anew. Between two kept children stands the source's text between them; next
/// to a child written anew, the written text. Kept children must stand in the source order of the
/// kept ones. A kept item of an ordered list numbered in sequence in the source takes its number
/// now; in another ordered list, the first item is written anew unless its source number is the
/// list's start now. A touched child that is itself a list, an item or a block quote is looked
/// into the same way unless in ``writesWhole`` (its untouched children kept); else it is
/// written anew whole. The writer accepts the result only when libcmark-gfm reads it as the block
/// in the document or as the block written anew.
struct ChildSplice {
    /// The source, as UTF-8 bytes.
    let source: UnsafeBufferPointer<UInt8>
    /// The block written anew (LF line endings).
    let written: [UInt8]
    /// The identities of the children of every block inside the top-level block now, in order.
    let currentChildren: [Int: [Int]]
    /// Blocks an edit touched.
    let edited: Set<Int>
    /// The ordinal of every item of an ordered list now, by identity.
    let ordinals: [Int: Int]
    /// The line ending the written pieces take (the source's).
    let lineEnding: [UInt8]
    /// The touched containers that are not looked into (written anew whole).
    let writesWhole: Set<Int>

    /// How a child now is written.
    private enum Piece {
        /// As the source child at this index has it.
        case kept(Int)
        /// Looked into: the source child at this index, spliced.
        case inner(Int, [UInt8])
        /// As written anew.
        case written
    }

    /// Block `identity` from its source lines `range`, whose children are `children`, and its
    /// written lines, whose children's lines are `writtenChildren`; `nil` when no child is kept
    /// or the two do not pair up. The blank lines that end a child (and the lines of `>` only)
    /// are taken as the text between it and the next: that text comes from the source between
    /// two children that were neighbours there, else from the written block.
    func splice(
        _ identity: Int, range: Range<Int>, children: [MarkdownSourceMap.ChildBlock], writtenChildren: [MarkdownSourceMap.ChildBlock]
    ) -> [UInt8]? {
        let current = currentChildren[identity] ?? []
        guard let first = children.first, let last = children.last, writtenChildren.count == current.count,
            Self.follow(children, in: range, of: source), Self.follow(writtenChildren, in: 0..<written.count, of: written),
            let pieces = pieces(current, children: children, writtenChildren: writtenChildren),
            pieces.contains(where: { if case .written = $0 { false } else { true } })
        else { return nil }
        func sourceIndex(_ piece: Piece) -> Int? {
            switch piece {
            case .kept(let index), .inner(let index, _): index
            case .written: nil
            }
        }
        let renumbers = Self.isNumberedInSequence(children)
        var output = Array(source[range.lowerBound..<first.range.lowerBound])
        for (position, piece) in pieces.enumerated() {
            if position > 0 {
                if let previous = sourceIndex(pieces[position - 1]), let next = sourceIndex(piece), next == previous + 1 {
                    append(source[Self.contentEnd(children[previous].range, in: source)..<children[next].range.lowerBound], to: &output)
                } else {
                    let previous = writtenChildren[position - 1].range
                    append(written[Self.contentEnd(previous, in: written)..<writtenChildren[position].range.lowerBound], to: &output)
                }
            }
            switch piece {
            case .kept(let index):
                let child = children[index]
                let end = Self.contentEnd(child.range, in: source)
                if renumbers, let digits = child.markerDigits, let ordinal = ordinals[child.identity], ordinal != child.markerNumber {
                    // An item of a list numbered 1, 2, 3…: its number follows its place now.
                    startLine(&output)
                    output += source[child.range.lowerBound..<digits.lowerBound]
                    output += Array(String(ordinal).utf8)
                    output += source[digits.upperBound..<end]
                } else {
                    append(source[child.range.lowerBound..<end], to: &output)
                }
            case .inner(_, let bytes):
                startLine(&output)
                output += bytes
            case .written:
                let range = writtenChildren[position].range
                append(written[range.lowerBound..<Self.contentEnd(range, in: written)], to: &output)
            }
        }
        // What ends the block (blank lines only, the lines of `>` only, or nothing) is the source's.
        append(source[Self.contentEnd(last.range, in: source)..<range.upperBound], to: &output)
        return output
    }

    /// How each child now is written; `nil` when the kept ones are out of source order.
    private func pieces(
        _ current: [Int], children: [MarkdownSourceMap.ChildBlock], writtenChildren: [MarkdownSourceMap.ChildBlock]
    ) -> [Piece]? {
        var sourceIndex: [Int: Int] = [:]
        for (index, child) in children.enumerated() { sourceIndex[child.identity] = index }
        guard let anchors = anchors(current, children: children, sourceIndex: sourceIndex) else { return nil }
        var lastInSource = -1
        return anchors.enumerated().map { position, anchor in
            if let anchor {
                lastInSource = anchor
                return .kept(anchor)
            }
            let identity = current[position]
            // A container looked into must also stand in source order (its text between comes
            // from the source next to a neighbour there).
            guard let index = sourceIndex[identity], index > lastInSource, !children[index].children.isEmpty,
                !writesWhole.contains(identity),
                let inner = splice(
                    identity, range: children[index].range.lowerBound..<Self.contentEnd(children[index].range, in: source),
                    children: children[index].children, writtenChildren: writtenChildren[position].children)
            else { return .written }
            lastInSource = index
            return .inner(index, inner)
        }
    }

    /// The end of the last line in `range` that holds more than spaces, tabs and `>` (the first
    /// line counts whatever it holds), after its line ending.
    /// Whether `children` lie inside `range` of `bytes`, in order, none starting before the
    /// content of the one before ends (``contentEnd(_:in:)``): what the splice's slices between
    /// them need. Not so for a list item that ends in a fence left open, whose lines run on.
    static func follow<Bytes: RandomAccessCollection<UInt8>>(
        _ children: [MarkdownSourceMap.ChildBlock], in range: Range<Int>, of bytes: Bytes
    ) -> Bool where Bytes.Index == Int {
        var position = range.lowerBound
        for child in children {
            guard child.range.lowerBound >= position, child.range.upperBound <= range.upperBound,
                child.range.upperBound <= bytes.count
            else { return false }
            position = contentEnd(child.range, in: bytes)
        }
        return true
    }

    static func contentEnd<Bytes: RandomAccessCollection<UInt8>>(_ range: Range<Int>, in bytes: Bytes) -> Int where Bytes.Index == Int {
        var end = range.upperBound
        while end > range.lowerBound {
            var cursor = end
            if bytes[cursor - 1] == 0x0A { cursor -= 1 }
            if cursor > range.lowerBound, bytes[cursor - 1] == 0x0D { cursor -= 1 }
            var start = cursor
            while start > range.lowerBound, bytes[start - 1] != 0x0A, bytes[start - 1] != 0x0D { start -= 1 }
            guard start > range.lowerBound, bytes[start..<cursor].allSatisfy({ $0 == 0x20 || $0 == 0x09 || $0 == 0x3E }) else { break }
            end = start
        }
        return end
    }

    /// Whether the source's items are numbered in sequence from the first (`1.`, `2.`, `3.`):
    /// kept, they take their numbers now; else they keep theirs (`1.` on every item, say), which
    /// Markdown reads only on the first.
    static func isNumberedInSequence(_ children: [MarkdownSourceMap.ChildBlock]) -> Bool {
        guard let start = children.first?.markerNumber else { return false }
        return children.indices.allSatisfy { children[$0].markerNumber == start + $0 }
    }

    /// For each child now, the index of the source child it keeps; `nil` for one written anew (or
    /// looked into); `nil` in all when the kept ones are out of source order. The first item of
    /// an ordered list is kept only with the list's start now as its number, or renumbered.
    /// `sourceIndex` gives each source child's index by identity.
    private func anchors(_ current: [Int], children: [MarkdownSourceMap.ChildBlock], sourceIndex: [Int: Int]) -> [Int?]? {
        let listStart = current.first.flatMap { ordinals[$0] }
        let renumbers = Self.isNumberedInSequence(children)
        var anchors: [Int?] = []
        var lastKept = -1
        for (position, identity) in current.enumerated() {
            guard let kept = sourceIndex[identity], !edited.contains(identity),
                position > 0 || listStart == nil || renumbers || children[kept].markerNumber == listStart
            else {
                anchors.append(nil)
                continue
            }
            if kept <= lastKept { return nil }
            lastKept = kept
            anchors.append(kept)
        }
        return anchors
    }

    /// Appends source text, starting a new line first when the text so far ends inside a line
    /// (a last line without its line ending, now followed by more).
    private func append(_ bytes: Slice<UnsafeBufferPointer<UInt8>>, to output: inout [UInt8]) {
        guard !bytes.isEmpty else { return }
        startLine(&output)
        output.append(contentsOf: bytes)
    }

    /// Appends written text (LF line endings), with ``lineEnding`` for each line feed.
    private func append(_ bytes: ArraySlice<UInt8>, to output: inout [UInt8]) {
        guard !bytes.isEmpty else { return }
        startLine(&output)
        if lineEnding == [0x0A] {
            output.append(contentsOf: bytes)
        } else {
            for byte in bytes {
                if byte == 0x0A { output += lineEnding } else { output.append(byte) }
            }
        }
    }

    private func startLine(_ output: inout [UInt8]) {
        if let last = output.last, last != 0x0A, last != 0x0D { output += lineEnding }
    }
}
