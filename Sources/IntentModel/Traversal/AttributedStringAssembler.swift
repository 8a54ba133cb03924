import Foundation

/// Builds the `AttributedString` of an ``IntentDocument`` as a visitor of its walk
/// (``IntentDocument/attributedString()``): each leaf becomes one `AttributedString` made from the
/// leaf's text with the attributes all its runs share (intent and markup), each run's own
/// attributes (a container cached by run key, the same in every leaf) merged over its range —
/// nothing to do for a run of plain text — and the leaves are appended in order.
struct AttributedStringAssembler: IntentRunVisitor {
    // MARK: Stored layout

    let document: IntentDocument
    let foundationAttributesOnly: Bool
    /// The string so far.
    private(set) var result = AttributedString()
    private var runCache: [RunKey: AttributeContainer] = [:]
    #if canImport(AppKit) && !targetEnvironment(macCatalyst) || canImport(UIKit)
        /// On Apple platforms the display attributes are also set as AppKit's or UIKit's.
        private let platform = PlatformDisplayAttributes()
    #endif
    /// The runs of the leaf being visited (reused: no allocation per leaf).
    private var leafRuns: [IntentDocument.RunRecord] = []
    /// Where that leaf starts, as an index of the document's UTF-8 view and as an offset.
    private var leafStart: String.Index
    private var leafStartOffset = 0

    private struct RunKey: Hashable {
        var attributes: Int32
        var inline: UInt
        var span: Int32
    }

    // MARK: Initialisers

    init(document: IntentDocument, foundationAttributesOnly: Bool) {
        self.document = document
        self.foundationAttributesOnly = foundationAttributesOnly
        leafStart = document.text.utf8.startIndex
    }

    // MARK: Walk

    // Blocks are the leaves' intents (``IntentDocument/blockContainer(_:foundationAttributesOnly:)``)
    // and spans the runs' span paths: the walk's block and span events carry nothing more.

    mutating func visitRun(_ run: IntentDocument.StoredRun, text: UnsafeBufferPointer<UInt8>, isLastInLeaf: Bool) {
        leafRuns.append(document.runRecords[run.index.position])
        if isLastInLeaf { appendLeaf(block: run.block?.storage ?? -1) }
    }

    // MARK: Assembling

    /// The attributes of a run besides its leaf's: cached by run key.
    private mutating func runAttributes(_ record: IntentDocument.RunRecord) -> AttributeContainer {
        let key = RunKey(attributes: record.attributes, inline: record.inline, span: record.span)
        if let cached = runCache[key] { return cached }
        var made = document.runContainer(record, foundationAttributesOnly: foundationAttributesOnly)
        #if canImport(AppKit) && !targetEnvironment(macCatalyst) || canImport(UIKit)
            if !foundationAttributesOnly, let display = document.attributeTable[Int(record.attributes)].display {
                made.merge(platform.attributes(for: display))
            }
        #endif
        // `spanPaths` shares one path node per span, so deep nesting stays linear.
        if record.span >= 0, !foundationAttributesOnly {
            made[IntentMarkAttribute.InlineSpansAttribute.self] = document.spanPaths[Int(record.span)]
        }
        runCache[key] = made
        return made
    }

    /// Appends the leaf whose runs are ``leafRuns`` (all in `block`).
    private mutating func appendLeaf(block: Int32) {
        let text = document.text
        let utf8 = text.utf8
        let leafEndOffset = leafRuns[leafRuns.count - 1].end
        let leafEnd = utf8.index(leafStart, offsetBy: leafEndOffset - leafStartOffset)
        let base = document.blockContainer(block, foundationAttributesOnly: foundationAttributesOnly)
        var piece: AttributedString
        if boundariesAreCharacters(utf8) {
            piece = AttributedString(String(text[leafStart..<leafEnd]), attributes: base)
            var runStart = piece.startIndex
            var runStartOffset = leafStartOffset
            for record in leafRuns {
                let isPlain = record.attributes == 0 && record.inline == 0 && record.span < 0
                let runEnd = piece.utf8.index(runStart, offsetBy: record.end - runStartOffset)
                if !isPlain { piece[runStart..<runEnd].mergeAttributes(runAttributes(record), mergePolicy: .keepNew) }
                runStart = runEnd
                runStartOffset = record.end
            }
        } else {
            // A subscript range of an `AttributedString` is widened to whole characters, so a run
            // that begins inside a character (an emphasised combining mark, half a flag, the LF of
            // a CR LF) could not be set over its range: such a leaf is assembled run by run.
            piece = AttributedString()
            var runStart = leafStart
            var runStartOffset = leafStartOffset
            for record in leafRuns {
                let runEnd = utf8.index(runStart, offsetBy: record.end - runStartOffset)
                piece.append(AttributedString(String(text[runStart..<runEnd]), attributes: base.merging(runAttributes(record))))
                runStart = runEnd
                runStartOffset = record.end
            }
        }
        result.append(piece)
        leafStart = leafEnd
        leafStartOffset = leafEndOffset
        leafRuns.removeAll(keepingCapacity: true)
    }

    /// Whether every boundary between two runs of the leaf is a character boundary.
    private func boundariesAreCharacters(_ utf8: String.UTF8View) -> Bool {
        var boundary = leafStart
        var boundaryOffset = leafStartOffset
        for record in leafRuns.dropLast() {
            boundary = utf8.index(boundary, offsetBy: record.end - boundaryOffset)
            boundaryOffset = record.end
            // Between two ASCII bytes (CR LF aside) there is always a character boundary: the
            // grapheme rules are consulted only next to other scalars.
            let after = utf8[boundary]
            let before = utf8[utf8.index(before: boundary)]
            if after < 0x80, before < 0x80, !(before == 0x0D && after == 0x0A) { continue }
            if boundary.samePosition(in: document.text) == nil { return false }
        }
        return true
    }
}
