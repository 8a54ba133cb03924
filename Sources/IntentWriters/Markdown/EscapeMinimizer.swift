import Dispatch
import Foundation
import IntentModel
import MarkdownParsing
import Synchronization

/// Removes the escapes a rendering does not need: a backslash before ASCII punctuation, or a
/// decimal or hexadecimal character reference (`&#32;`), goes when libcmark-gfm reads the
/// Markdown the same without it.
///
/// The writer escapes wherever a character *could* be syntax; this pass asks the parser. The
/// rendering is cut at its top-level blocks and each piece is parsed alone, followed by
/// `context` (stubs of the document's footnote definitions, and the link reference definitions
/// of a source-preserved document), with and without each escape in turn (passes until one
/// removes nothing, so that an escape made needless by a later removal goes too); a removal
/// stays when the two parses are
/// equivalent (``IntentModel/IntentDocument/isEquivalent(to:)``). Inside code, removing a
/// backslash changes the text, so those stay. Time is bounded: the bytes parsed stop at
/// ``budgetFactor`` times the rendering's size plus 64 KiB, after which the remaining escapes stay.
///
/// Pieces are minimized on every active core (``workers``), with
/// the result of minimizing them one after another in order: the same bytes on any number of
/// cores.
package struct EscapeMinimizer: Sendable {
    /// How many times the rendering's size may be parsed in all.
    static let budgetFactor = 8

    let parser: MarkdownParser
    /// The same reading, with source positions (to find the code in a piece).
    let positionedParser: MarkdownParser
    let context: [UInt8]
    /// The bytes the parses may still take.
    private(set) var budget: Int
    /// The most threads pieces are minimized on: 1 unless set (``MarkdownWriter`` sets the active
    /// cores for a rendering large enough to be minimized on several).
    package var workers = 1

    /// - Parameters:
    ///   - writing: The writer's options (smart punctuation, extended attributes).
    ///   - context: Text that follows each piece when it is parsed (definitions it may refer to).
    ///   - size: The rendering's size in UTF-8 bytes (for the budget).
    ///   - budget: The bytes the parses may take in all, when not ``budgetFactor`` times `size`
    ///     plus 64 KiB.
    package init(writing: MarkdownWritingOptions, context: String, size: Int, budget: Int? = nil) {
        let options = Self.readingOptions(writing)
        parser = MarkdownParser(options: options)
        var positioned = options
        positioned.appliesSourcePositionAttributes = true
        positionedParser = MarkdownParser(options: positioned)
        self.context = context.isEmpty ? [] : Array(("\n\n" + context).utf8)
        self.budget = budget ?? size * Self.budgetFactor + 65_536
    }

    /// How Markdown written with `writing` is read back: full syntax with the default extensions,
    /// extended attributes and smart punctuation as the writer writes for, no front matter (a
    /// piece is never at the document's start), no source map.
    package static func readingOptions(_ writing: MarkdownWritingOptions) -> MarkdownParsingOptions {
        var options = MarkdownParsingOptions(
            allowsExtendedAttributes: writing.displayAttributeSyntax == .extendedAttributes,
            smartPunctuation: writing.protectsFromSmartPunctuation, recognizesFrontMatter: false)
        options.recordsSource = false
        // The minimizer runs its own threads: each reading is one parse on the calling thread.
        options.maximumParsingThreads = 1
        return options
    }

    /// `markdown` without the escapes it does not need; `pieceStarts` are the UTF-8 offsets where
    /// its top-level blocks start, `verbatimRanges` (UTF-8, in order) what the writer wrote as it
    /// is — code blocks and HTML blocks, whose backslashes and `&` are text — which is not tried;
    /// `ahead` the pieces minimized while the rendering went on (``MinimizationAhead``), by the
    /// offset of their piece, each taken only for a piece of the same bytes there.
    package mutating func minimize(
        _ markdown: String, pieceStarts: [Int], verbatimRanges: [Range<Int>] = [],
        ahead: [Int: MinimizationAhead.Proposal] = [:]
    ) -> String {
        let bytes = Array(markdown.utf8)
        var boundaries = pieceStarts.filter { $0 > 0 && $0 < bytes.count }
        boundaries.insert(0, at: 0)
        boundaries.append(bytes.count)
        let pieces = zip(boundaries, boundaries.dropFirst()).filter { $0 < $1 }.map { $0..<$1 }
        // A piece whose only escapes lie in code or HTML blocks keeps them: no parse.
        let hasEscape = pieces.map { Self.hasEscape(bytes, in: $0, outside: verbatimRanges) }
        guard hasEscape.contains(true) else { return markdown }
        let escaped = pieces.indices.filter { hasEscape[$0] }
        let proposed: [(bytes: [UInt8], used: Int)?] = escaped.map { index in
            guard let proposal = ahead[pieces[index].lowerBound], proposal.source.elementsEqual(bytes[pieces[index]]) else {
                return nil
            }
            return (proposal.bytes, proposal.used)
        }
        let unproposed = escaped.indices.filter { proposed[$0] == nil }
        var minimized = proposed
        for (position, result) in zip(unproposed, minimizedInParallel(unproposed.map { Array(bytes[pieces[escaped[$0]]]) })) {
            minimized[position] = result
        }
        var result: [UInt8] = []
        result.reserveCapacity(bytes.count)
        var next = 0
        var inOrder = false
        for (index, range) in pieces.enumerated() {
            guard next < escaped.count, escaped[next] == index else {
                result += bytes[range]
                continue
            }
            // A piece keeps what it was minimized to alone when the budget left here covers all
            // it used: then no check of the budget within it went otherwise (it was tried with at
            // least what it used, and never ran out). From the first piece it does not cover on,
            // pieces are minimized here, in order, with what is left.
            if !inOrder, let (piece, used) = minimized[next], used < budget {
                result += piece
                budget -= used
            } else {
                inOrder = true
                result += minimizePiece(Array(bytes[range]), budget: &budget)
            }
            next += 1
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// Each of `pieces` minimized alone on ``workers`` threads, with the budget it used; `nil` for
    /// a piece that reached its budget or was not tried. The budget is one pool: a piece starts
    /// with what is left of it and gives back what it used, so the parses of all the threads
    /// together stay within about ``workers`` times the budget, linear in the rendering. All `nil`
    /// (nothing done ahead) on one thread or for less than 64 KiB of pieces.
    private func minimizedInParallel(_ pieces: [[UInt8]]) -> [(bytes: [UInt8], used: Int)?] {
        let total = pieces.reduce(0) { $0 + $1.count }
        let workers = total < 65_536 ? 1 : min(workers, pieces.count)
        guard workers > 1 else { return Array(repeating: nil, count: pieces.count) }
        let pool = Atomic(budget)
        let results = Mutex([(bytes: [UInt8], used: Int)?](repeating: nil, count: pieces.count))
        let next = Atomic(0)
        let minimizer = self
        DispatchQueue.concurrentPerform(iterations: workers) { _ in
            while true {
                let index = next.add(1, ordering: .relaxed).oldValue
                guard index < pieces.count else { return }
                let start = pool.load(ordering: .relaxed)
                guard start > 0 else { continue }
                let alone = minimizer.minimizeAlone(pieces[index], budget: start)
                pool.subtract(alone.used, ordering: .relaxed)
                if let result = alone.result { results.withLock { $0[index] = result } }
            }
        }
        return results.withLock { $0 }
    }

    /// Whether `bytes[range]` holds an escape (``escape(in:at:)``) outside every one of `ranges`
    /// (disjoint, in order): a piece without one has nothing to remove.
    static func hasEscape(_ bytes: [UInt8], in range: Range<Int>, outside ranges: [Range<Int>]) -> Bool {
        range.contains { index in
            (bytes[index] == UInt8(ascii: "\\") || bytes[index] == UInt8(ascii: "&")) && !isInside(index, ranges)
                && escape(in: bytes, at: index) != nil
        }
    }

    /// A reference to, and a stub definition of, every footnote `document` names
    /// (`[^label]` and `[^label]: x`), so that a piece parsed alone reads its references as the
    /// whole document does, and keeps its definitions (libcmark-gfm drops a definition no
    /// reference names).
    static func footnoteContext(of document: IntentDocument) -> String {
        var labels = Set<String>()
        for block in document.blockIDs { if let label = document.markup(of: block)?.footnoteLabel { labels.insert(label) } }
        for set in document.attributeSetIDs { if let label = document.attributes(of: set).footnoteReference { labels.insert(label) } }
        guard !labels.isEmpty else { return "" }
        let sorted = labels.sorted()
        return sorted.map { "[^\($0)]" }.joined(separator: " ") + "\n\n" + sorted.map { "[^\($0)]: x\n\n" }.joined()
    }

    /// `piece` minimized alone with `start` bytes of budget, as on another thread: the budget its
    /// parses used, and what it became with that — `nil` when it ran out, for then a budget
    /// check inside it may have gone otherwise than in order.
    func minimizeAlone(_ piece: [UInt8], budget start: Int) -> (result: (bytes: [UInt8], used: Int)?, used: Int) {
        var left = start
        let bytes = minimizePiece(piece, budget: &left)
        return (left > 0 ? (bytes, start - left) : nil, start - left)
    }

    /// One piece without its needless escapes, the bytes its parses take counted off `budget`.
    func minimizePiece(_ piece: [UInt8], budget: inout Int) -> [UInt8] {
        guard let baseline = parse(piece, positioned: true, budget: &budget) else { return piece }
        // A backslash or `&` in code or raw HTML is text: removing it changes the text, so it is
        // not tried (each try is a parse).
        var literal = Self.literalRanges(in: baseline, piece: piece)
        // First every escape at once: most pieces need none of them (one parse instead of one per
        // escape).
        var all: [UInt8] = []
        all.reserveCapacity(piece.count)
        var cursor = 0
        var tried = 0
        while cursor < piece.count {
            if let (length, replacement) = Self.escape(in: piece, at: cursor), !Self.isInside(cursor, literal) {
                all += replacement
                cursor += length
                tried += 1
            } else {
                all.append(piece[cursor])
                cursor += 1
            }
        }
        guard tried > 0 else { return piece }
        if budget > 0, let reading = parse(all, budget: &budget), reading.isEquivalent(to: baseline) { return all }
        guard tried > 1 else { return piece }
        var current = piece
        // Passes until none removes an escape (each removal can make an earlier one needless),
        // within the budget.
        while true {
            var changed = false
            var index = 0
            while index < current.count {
                guard let (length, replacement) = Self.escape(in: current, at: index) else {
                    index += 1
                    continue
                }
                if Self.isInside(index, literal) {
                    index += length
                    continue
                }
                var trial = Array(current[..<index])
                trial += replacement
                trial += current[(index + length)...]
                guard budget > 0 else { return current }
                if let reading = parse(trial, budget: &budget), reading.isEquivalent(to: baseline) {
                    current = trial
                    changed = true
                    // Later literal text moved back with the removal.
                    let shift = length - replacement.count
                    literal = literal.map { $0.lowerBound > index ? ($0.lowerBound - shift)..<($0.upperBound - shift) : $0 }
                    index += replacement.count
                } else {
                    index += length
                }
            }
            if !changed { break }
        }
        return current
    }

    /// The piece parsed with the context after it, or `nil` when it cannot be parsed; the bytes
    /// parsed are counted off `budget`.
    private func parse(_ piece: [UInt8], positioned: Bool = false, budget: inout Int) -> IntentDocument? {
        budget -= piece.count + context.count
        return try? (positioned ? positionedParser : parser).parse(String(decoding: piece + context, as: UTF8.self))
    }

    /// Whether `offset` lies in one of `ranges` (in document order, as runs come).
    static func isInside(_ offset: Int, _ ranges: [Range<Int>]) -> Bool {
        // The last range starting at or before `offset` (ranges of nested runs may overlap, so
        // the few before it are checked too).
        var low = 0
        var high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].lowerBound <= offset { low = middle + 1 } else { high = middle }
        }
        var index = low - 1
        while index >= 0, index >= low - 4 {
            if ranges[index].contains(offset) { return true }
            index -= 1
        }
        return false
    }

    /// The byte ranges of `piece` that hold code or raw HTML in `reading` (parsed with source
    /// positions), whose backslashes and `&` are text.
    static func literalRanges(in reading: IntentDocument, piece: [UInt8]) -> [Range<Int>] {
        let lineStarts = piece.withUnsafeBufferPointer { SourceLines.starts(of: $0) }
        let literalBits =
            InlinePresentationIntent.code.rawValue | InlinePresentationIntent.inlineHTML.rawValue
            | InlinePresentationIntent.blockHTML.rawValue
        var ranges: [Range<Int>] = []
        for run in reading.runs {
            var isLiteral = run.inlinePresentationIntent.rawValue & literalBits != 0
            if !isLiteral, let kind = run.presentationIntent?.components.first?.kind, case .codeBlock = kind { isLiteral = true }
            guard isLiteral, let position = run.attributes.sourcePosition, position.startLine >= 1,
                position.startLine <= lineStarts.count, position.endLine >= position.startLine, position.endLine <= lineStarts.count
            else { continue }
            let start = lineStarts[position.startLine - 1] + max(0, position.startColumn - 1)
            let end = lineStarts[position.endLine - 1] + position.endColumn
            if start < end, end <= piece.count { ranges.append(start..<end) }
        }
        return ranges
    }

    /// The escape at `index`: its length and the text it stands for — a backslash before ASCII
    /// punctuation (the punctuation), or `&#NNN;` / `&#xHH;` (the character); `nil` otherwise.
    package static func escape(in bytes: [UInt8], at index: Int) -> (length: Int, replacement: [UInt8])? {
        let byte = bytes[index]
        if byte == UInt8(ascii: "\\") {
            guard index + 1 < bytes.count, MarkdownEscaping.isASCIIPunctuation(bytes[index + 1]) else { return nil }
            return (2, [bytes[index + 1]])
        }
        guard byte == UInt8(ascii: "&"), index + 3 < bytes.count, bytes[index + 1] == UInt8(ascii: "#") else { return nil }
        var cursor = index + 2
        let isHex = bytes[cursor] == UInt8(ascii: "x") || bytes[cursor] == UInt8(ascii: "X")
        if isHex { cursor += 1 }
        var value: UInt32 = 0
        let digitsStart = cursor
        while cursor < bytes.count, cursor - digitsStart < 7, let digit = digitValue(bytes[cursor], hex: isHex) {
            value = value * (isHex ? 16 : 10) + digit
            cursor += 1
        }
        guard cursor > digitsStart, cursor < bytes.count, bytes[cursor] == UInt8(ascii: ";"), value > 0,
            let scalar = Unicode.Scalar(value)
        else { return nil }
        return (cursor + 1 - index, Array(String(Character(scalar)).utf8))
    }

    private static func digitValue(_ byte: UInt8, hex: Bool) -> UInt32? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return UInt32(byte - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f") where hex: return UInt32(byte - UInt8(ascii: "a") + 10)
        case UInt8(ascii: "A")...UInt8(ascii: "F") where hex: return UInt32(byte - UInt8(ascii: "A") + 10)
        default: return nil
        }
    }
}
