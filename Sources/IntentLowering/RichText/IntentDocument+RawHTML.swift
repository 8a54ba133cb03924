import IntentModel

extension IntentDocument {
    /// This document with its raw HTML as outputs without HTML show it (what RTF writes):
    /// inline `<br>` in any spelling becomes a hard line break (a space in a table cell, which
    /// plain text keeps on one line), inline `<img>` its alt text, any
    /// other inline tag or comment nothing; an HTML block keeps only its text between tags, and
    /// an HTML block of nothing but tags, comments and white space is left out whole (as a
    /// browser shows nothing for it: a template comment of thousands of words stays hidden); a
    /// list item whose only content was such a block stays, empty, so its marker still shows.
    ///
    /// Blocks, spans and attributes are otherwise unchanged; the rule is ``InlineHTMLMeaning``'s
    /// and ``HTMLBlockText``'s, so plain text, rich text, RTF and the terminal show the same words.
    /// - Returns: The document itself when it holds no raw HTML.
    package func renderingRawHTML() -> IntentDocument {
        guard let layout = rawHTMLLayout() else { return self }
        let utf8 = Array(text.utf8)
        var rewriter = RawHTMLRewriter(document: self, layout: layout, expectedBytes: utf8.count)
        utf8.withUnsafeBufferPointer { bytes in
            for run in storedRuns { rewriter.append(run, bytes: bytes) }
        }
        return rewriter.finish()
    }

    /// Where a document's raw HTML shows nothing: the leaves of HTML blocks without visible text
    /// (``HTMLBlockText``), and which blocks hold a visible leaf. `nil` when the document has no
    /// raw HTML. Reads only the block HTML runs' text.
    package func rawHTMLLayout() -> RawHTMLLayout? {
        guard storedRuns.contains(where: { $0.inlinePresentationIntent.rawValue & HTMLBits.either != 0 }) else {
            return nil
        }
        // Arrays by block index, not sets: the passes below look up every run.
        var isHiddenLeaf = [Bool](repeating: false, count: blockCount)
        var isVisibleLeaf = [Bool](repeating: false, count: blockCount)
        var text = text
        text.withUTF8 { utf8 in
            for run in storedRuns {
                guard let leaf = run.block, run.inlinePresentationIntent.rawValue & HTMLBits.blockHTML != 0 else { continue }
                let html = String(decoding: UnsafeBufferPointer(rebasing: utf8[run.utf8Range]), as: UTF8.self)
                if HTMLBlockText.text(of: html).isEmpty {
                    isHiddenLeaf[leaf.index] = true
                } else {
                    isVisibleLeaf[leaf.index] = true
                }
            }
        }
        var holdsVisibleLeaf = [Bool](repeating: false, count: blockCount)
        var previousShown: BlockID? = nil
        for run in storedRuns {
            guard let leaf = run.block, leaf != previousShown else { continue }
            if isHiddenLeaf[leaf.index] {
                // A leaf with any run that is not hidden HTML shows (a separator does not count).
                if !isVisibleLeaf[leaf.index],
                    attributes(of: run.attributes).isBlockSeparator || run.inlinePresentationIntent.rawValue & HTMLBits.blockHTML != 0
                {
                    continue
                }
                isHiddenLeaf[leaf.index] = false
            }
            previousShown = leaf
            var current: BlockID? = leaf
            while let block = current, !holdsVisibleLeaf[block.index] {
                holdsVisibleLeaf[block.index] = true
                current = parent(of: block)
            }
        }
        return RawHTMLLayout(isHiddenLeaf: isHiddenLeaf, holdsVisibleLeaf: holdsVisibleLeaf)
    }
}
