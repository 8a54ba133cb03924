import Foundation

extension IntentDocument {
    /// Whether `other` says the same as this document **in what Foundation's model holds**: the
    /// same paragraphs (leaf blocks) with the same characters, the same block kinds with their
    /// values (header levels, ordinals, columns, code-block language hints; identities compared as
    /// a consistent one-to-one mapping, so one paragraph never matches two), and at every
    /// character the same inline intents (``InlinePresentationIntent``) and the same `link`.
    ///
    /// Everything else is ignored: IntentMark's extensions (inline spans, block markup, link
    /// destinations as written, titles, footnote labels, display attributes, source positions),
    /// separators between blocks — so a document in Apple's layout, where nothing separates
    /// blocks, matches the same document with separators or with text-view paragraphs — and how
    /// the text is cut into runs. Text that has no block intent counts as body paragraphs, one per
    /// line (what `AttributedString("Hello")` is to a reader that expects blocks).
    ///
    /// Use it to compare a hand-built `AttributedString` with a parse of the Markdown it stands
    /// for; ``isEquivalent(to:)`` is the full equivalence, which also compares IntentMark's
    /// extensions and is what the Markdown writer guarantees.
    ///
    /// ```swift
    /// var built = AttributedString("Hello ")
    /// var bold = AttributedString("world")
    /// bold.inlinePresentationIntent = .stronglyEmphasized
    /// built.append(bold)
    /// let parsed = try IntentDocument(markdown: "Hello **world**")
    /// IntentDocument(built).isFoundationEquivalent(to: parsed)   // true
    /// IntentDocument(built).isEquivalent(to: parsed)             // false: no paragraph, no span
    /// ```
    /// - Parameter other: The document to compare with.
    /// - Returns: `true` when both hold the same in Foundation's model.
    public func isFoundationEquivalent(to other: IntentDocument) -> Bool {
        foundationEquivalenceFailure(comparedTo: other) == nil
    }

    /// Why this document is not equivalent to `other` in Foundation's model (see
    /// ``isFoundationEquivalent(to:)``), naming the first paragraph where they differ; `nil` when
    /// they are equivalent. For test messages.
    /// - Parameter other: The document to compare with.
    /// - Returns: A one-line reason, or `nil`.
    public func foundationEquivalenceFailure(comparedTo other: IntentDocument) -> String? {
        let left = foundationParagraphs()
        let right = other.foundationParagraphs()
        var blockMap = ChainMap()
        for index in 0..<max(left.count, right.count) {
            guard index < left.count, index < right.count else {
                return "\(left.count) paragraphs against \(right.count)"
            }
            let a = left[index]
            let b = right[index]
            guard a.text == b.text else {
                return "paragraph \(index): \(a.text.debugDescription) against \(b.text.debugDescription)"
            }
            guard a.runs == b.runs else { return "paragraph \(index) (\(a.text.debugDescription)): inline intents or links differ" }
            guard
                blockMap.matches(
                    a.block, b.block,
                    compare: { x, y in
                        let (kindX, parentX) = foundationBlock(x)
                        let (kindY, parentY) = other.foundationBlock(y)
                        return kindX == kindY ? (parentX, parentY) : nil
                    })
            else { return "paragraph \(index) (\(a.text.debugDescription)): blocks differ" }
        }
        return nil
    }

    /// A paragraph as Foundation's model holds it: its leaf block (an index in `blocks`, or a
    /// number from `blocks.count` up for a line of text without a block), its characters without
    /// separators, and its runs of equal inline intents and link.
    private struct FoundationParagraph {
        var block: Int32
        var text: String
        var runs: [FoundationRun]
    }

    /// A stretch of one paragraph with the same inline intents and link: its length in UTF-8 bytes.
    private struct FoundationRun: Equatable {
        var length: Int
        var inline: UInt
        var link: URL?
    }

    /// The kind and parent of block `index`, or of a virtual body paragraph (no parent).
    private func foundationBlock(_ index: Int32) -> (PresentationIntent.Kind, Int32) {
        guard Int(index) < blocks.count else { return (.paragraph, -1) }
        let block = blocks[Int(index)]
        return (block.kind, block.parent)
    }

    /// The document's paragraphs in order (see ``FoundationParagraph``).
    private func foundationParagraphs() -> [FoundationParagraph] {
        var result: [FoundationParagraph] = []
        var nextVirtual = Int32(clamping: blocks.count)
        let bytes = Array(text.utf8)
        var start = 0
        var previousBlock: Int32?
        func startParagraph(_ block: Int32) {
            result.append(FoundationParagraph(block: block, text: "", runs: []))
        }
        func add(_ range: Range<Int>, record: RunRecord) {
            guard !range.isEmpty else { return }
            let link = attributeTable[Int(record.attributes)].link
            result[result.count - 1].text += String(decoding: bytes[range], as: UTF8.self)
            if let last = result[result.count - 1].runs.last, last.inline == record.inline, last.link == link {
                result[result.count - 1].runs[result[result.count - 1].runs.count - 1].length += range.count
            } else {
                result[result.count - 1].runs.append(FoundationRun(length: range.count, inline: record.inline, link: link))
            }
        }
        /// Whether a line of text without a block is open as a virtual paragraph.
        var lineIsOpen = false
        for record in runRecords {
            defer { start = record.end }
            if record.block >= 0 {
                lineIsOpen = false
                if previousBlock != record.block { startParagraph(record.block) }
                previousBlock = record.block
                if !attributeTable[Int(record.attributes)].isBlockSeparator { add(start..<record.end, record: record) }
                continue
            }
            // Text without a block: a body paragraph per non-empty line.
            previousBlock = -1
            var lineStart = start
            for position in start...record.end where position == record.end || bytes[position] == UInt8(ascii: "\n") {
                if lineStart < position {
                    if !lineIsOpen {
                        startParagraph(nextVirtual)
                        nextVirtual += 1
                        lineIsOpen = true
                    }
                    add(lineStart..<position, record: record)
                }
                if position < record.end { lineIsOpen = false }
                lineStart = position + 1
            }
        }
        return result
    }
}
