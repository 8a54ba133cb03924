import IntentModel

extension EditorStyleMapping {
    /// The document as an editor holds it: one styled paragraph per leaf block (a code block
    /// gives one per line when ``joinsLines(of:)`` says so), in order. Block separators are not
    /// text; placeholders (U+FFFC for empty inline content) are dropped; every other character is
    /// kept.
    /// - Parameter document: Any intent document, in either layout.
    /// - Returns: The paragraphs.
    public func styledParagraphs(of document: IntentDocument) -> [StyledParagraph<ParagraphStyle, CharacterStyle>] {
        let normalized = EditingLayout.normalized(document)
        var paragraphs: [StyledParagraph<ParagraphStyle, CharacterStyle>] = []
        var currentLeaf: BlockID?? = .none
        var format = ParagraphFormat<ParagraphStyle>(paragraphFormat(for: nil, markup: [:]).style)
        var splitsLines = false
        func add(_ text: Substring, styles: Set<CharacterStyle>) {
            guard !text.isEmpty else { return }
            var runs = paragraphs[paragraphs.count - 1].runs
            if let last = runs.last, last.styles == styles {
                runs[runs.count - 1].text += text
            } else {
                runs.append(StyledRun(String(text), styles: styles))
            }
            paragraphs[paragraphs.count - 1].runs = runs
        }
        for (position, run) in normalized.runs.enumerated() {
            let leaf = normalized.storedRun(at: RunIndex(position)).block
            if leaf != currentLeaf {
                currentLeaf = leaf
                format = paragraphFormat(for: run.presentationIntent, markup: run.blockMarkup)
                splitsLines = joinsLines(of: format.style)
                paragraphs.append(StyledParagraph(format, runs: []))
            }
            if run.attributes.isBlockSeparator || run.attributes.isPlaceholder { continue }
            let styles = characterStyles(for: run.inlinePresentationIntent, attributes: run.attributes)
            guard splitsLines else {
                add(run.text, styles: styles)
                continue
            }
            // One paragraph per line; the leaf's final "\n" ends the last one.
            var rest = run.text
            while let newline = rest.firstIndex(of: "\n") {
                add(rest[..<newline], styles: styles)
                rest = rest[rest.index(after: newline)...]
                let isLeafEnd = rest.isEmpty && normalized.isLastRun(position, ofBlock: leaf)
                if !isLeafEnd { paragraphs.append(StyledParagraph(format, runs: [])) }
            }
            add(rest, styles: styles)
        }
        return paragraphs
    }

    /// An intent document (`.newlines` layout) from an editor's paragraphs: consecutive
    /// paragraphs whose styles share containers share them (bulleted paragraphs make one list, an
    /// indented one nests under the item before it, quote paragraphs one block quote, lines that
    /// ``joinsLines(of:)`` one block); list items are numbered from 1 in each list; every block
    /// gets a fresh identity.
    /// - Parameter paragraphs: The editor's paragraphs.
    /// - Returns: The document.
    public func document(from paragraphs: [StyledParagraph<ParagraphStyle, CharacterStyle>]) -> IntentDocument {
        var splicer = IntentDocumentSplicer(firstFreeIdentity: 1)
        // The open chain of the previous paragraph, outermost first: description and new index.
        var open: [(description: BlockDescription, index: Int32)] = []
        var itemCounts: [Int32: Int] = [:]
        var previousStyle: ParagraphStyle? = nil
        for paragraph in paragraphs {
            let chain = Array(blocks(for: paragraph.format).reversed())
            guard !chain.isEmpty else { continue }
            let leafIndex: Int32
            if let previousStyle, previousStyle == paragraph.format.style, joinsLines(of: previousStyle),
                let last = open.last, open.count == chain.count
            {
                // Another line of the same block: the previous line's "\n" already separates.
                leafIndex = last.index
            } else {
                var shared = 0
                while shared < open.count, shared < chain.count - 1,
                    Self.canShare(open[shared].description, chain[shared], next: chain[shared + 1])
                {
                    shared += 1
                }
                open.removeLast(open.count - shared)
                var parent: Int32 = open.last?.index ?? -1
                for description in chain[shared...] {
                    var kind = description.kind
                    if case .listItem = kind {
                        let number = (itemCounts[parent] ?? 0) + 1
                        itemCounts[parent] = number
                        kind = .listItem(ordinal: number)
                    }
                    parent = splicer.addBlock(kind, identity: splicer.freshIdentity(), parent: parent, markup: description.markup)
                    open.append((description, parent))
                }
                leafIndex = parent
            }
            for run in paragraph.runs where !run.text.isEmpty {
                let (inline, attributes) = inlineIntents(for: run.styles)
                splicer.append(run.text, block: leafIndex, inline: inline.rawValue, attributes: attributes)
            }
            if case .codeBlock = chain[chain.count - 1].kind {
                splicer.append("\n", block: leafIndex)
            } else {
                splicer.append("\n", block: leafIndex, attributes: EditingLayout.separatorAttributes)
            }
            previousStyle = paragraph.format.style
        }
        return splicer.finish()
    }

    /// `document` as this editor can hold it: through ``styledParagraphs(of:)`` and back with
    /// ``document(from:)`` — what proposed text goes through before it enters the editor.
    /// - Parameter document: Any intent document.
    /// - Returns: The document with only intents the editor's styles stand for.
    public func normalized(_ document: IntentDocument) -> IntentDocument {
        self.document(from: styledParagraphs(of: document))
    }

    /// Whether an open container can hold the next paragraph's block at the same depth: same
    /// kind and markup, and a list item only when the paragraph nests deeper inside it.
    private static func canShare(_ open: BlockDescription, _ wanted: BlockDescription, next: BlockDescription) -> Bool {
        switch (open.kind, wanted.kind) {
        case (.listItem, .listItem):
            switch next.kind {
            case .orderedList, .unorderedList: return open.markup == wanted.markup
            default: return false
            }
        case (.orderedList, .orderedList), (.unorderedList, .unorderedList), (.blockQuote, .blockQuote), (.table, .table):
            return open.markup == wanted.markup
        default:
            return false
        }
    }
}

extension IntentDocument {
    /// Whether run `index` is the last run of block `block` (the next run is elsewhere).
    func isLastRun(_ index: Int, ofBlock block: BlockID?) -> Bool {
        index + 1 >= runCount || storedRun(at: RunIndex(index + 1)).block != block
    }
}
