extension IntentDocument {
    /// Whether `other` says the same as this document, ignoring what only records how it was
    /// written or where it came from: the same text, and at every character the same presentation
    /// intents (kinds, levels, ordinals, columns — block by block, so one paragraph never matches
    /// two), the same inline intents and spans (kinds, nesting, boundaries), and the same run
    /// attributes and block markup — except identities (compared as a consistent one-to-one
    /// mapping instead), source positions, list delimiters, code fences, the letter case of HTML
    /// formatting tags (``HTMLFormattingTag/element`` is compared) and of alert markers
    /// (``GitHubAlert/kind`` is compared). Front matter is compared by format and text (apart
    /// from a line ending after its closing line, which the writer adds when it had none), not
    /// by source range. How the text is cut into runs does not matter.
    ///
    /// This is the equivalence the Markdown writer guarantees: parse → write → parse gives a
    /// document equivalent to the first.
    /// - Parameter other: The document to compare with.
    /// - Returns: `true` when both are equivalent.
    public func isEquivalent(to other: IntentDocument) -> Bool {
        equivalenceFailure(comparedTo: other) == nil
    }

    /// Why this document is not equivalent to `other` (see ``isEquivalent(to:)``), naming the
    /// first run where they differ; `nil` when they are equivalent. For test messages.
    /// - Parameter other: The document to compare with.
    /// - Returns: A one-line reason, or `nil`.
    public func equivalenceFailure(comparedTo other: IntentDocument) -> String? {
        if let failure = textFailure(comparedTo: other) { return failure }
        var blockMap = ChainMap()
        var spanMap = ChainMap()
        // Attribute sets already found equal, as (own index << 32 | other index): a document has
        // few sets and many runs, and comparing two sets copies and compares every attribute.
        var equalAttributes = Set<UInt64>()
        var left = 0
        var right = 0
        while left < runRecords.count || right < other.runRecords.count {
            guard left < runRecords.count, right < other.runRecords.count else { return "the run tables end apart" }
            let a = runRecords[left]
            let b = other.runRecords[right]
            // An empty run (an empty block in the layout without separators) must meet an empty run.
            let aIsEmpty = a.end == (left > 0 ? runRecords[left - 1].end : 0)
            let bIsEmpty = b.end == (right > 0 ? other.runRecords[right - 1].end : 0)
            // Where a difference lies, made only for the message.
            var at: String { "at UTF-8 offset \(left > 0 ? runRecords[left - 1].end : 0) (runs \(left), \(right))" }
            guard aIsEmpty == bIsEmpty else { return "an empty run meets a non-empty one \(at)" }
            guard a.inline == b.inline else { return "inline intents \(a.inline) and \(b.inline) \(at)" }
            let attributePair = UInt64(UInt32(bitPattern: a.attributes)) << 32 | UInt64(UInt32(bitPattern: b.attributes))
            if !equalAttributes.contains(attributePair) {
                guard Self.normalized(attributeTable[Int(a.attributes)]) == Self.normalized(other.attributeTable[Int(b.attributes)])
                else { return "attributes differ \(at)" }
                equalAttributes.insert(attributePair)
            }
            guard
                blockMap.matches(
                    a.block, b.block,
                    compare: { x, y in
                        let blockX = blocks[Int(x)]
                        let blockY = other.blocks[Int(y)]
                        guard blockX.kind == blockY.kind, Self.normalized(blockX.markup) == Self.normalized(blockY.markup) else {
                            return nil
                        }
                        return (blockX.parent, blockY.parent)
                    })
            else { return "blocks differ \(at)" }
            guard
                spanMap.matches(
                    a.span, b.span,
                    compare: { x, y in
                        let spanX = spans[Int(x)]
                        let spanY = other.spans[Int(y)]
                        // Formatting tags: the element counts, not its letter case (`<U>` is `<u>`).
                        guard spanX.kind == spanY.kind, spanX.htmlTag?.element == spanY.htmlTag?.element else { return nil }
                        return (spanX.parent, spanY.parent)
                    })
            else { return "spans differ \(at)" }
            if aIsEmpty {
                left += 1
                right += 1
                continue
            }
            let offset = min(a.end, b.end)
            if a.end == offset { left += 1 }
            if b.end == offset { right += 1 }
        }
        return nil
    }

    /// Why the texts or the front matter of this document and `other` differ, or `nil`. Texts are
    /// compared byte for byte: `String`'s `==` compares canonical equivalence, which is slower and
    /// would take two different spellings of an accented letter for the same text.
    private func textFailure(comparedTo other: IntentDocument) -> String? {
        var ownText = text
        var otherText = other.text
        guard ownText.withUTF8({ own in otherText.withUTF8 { theirs in own.elementsEqual(theirs) } }) else { return "the texts differ" }
        guard frontMatter?.format == other.frontMatter?.format,
            Self.withoutFinalLineEnding(frontMatter?.rawText) == Self.withoutFinalLineEnding(other.frontMatter?.rawText)
        else {
            return "the front matter differs"
        }
        return nil
    }

    private static func normalized(_ attributes: RunAttributes) -> RunAttributes {
        var copy = attributes
        copy.sourcePosition = nil
        return copy
    }

    private static func normalized(_ markup: BlockMarkup?) -> BlockMarkup? {
        guard var copy = markup else { return nil }
        copy.listItemDelimiter = nil
        copy.codeFence = nil
        if let alert = copy.alert { copy.alert = GitHubAlert(kind: alert.kind, markerEnding: alert.markerEnding) }
        return copy.isEmpty ? nil : copy
    }

    /// `text` without one final line ending (LF, CRLF or CR).
    private static func withoutFinalLineEnding(_ text: String?) -> Substring? {
        guard let text else { return nil }
        if text.hasSuffix("\r\n") || text.hasSuffix("\n") || text.hasSuffix("\r") { return text.dropLast() }
        return text[...]
    }
}
