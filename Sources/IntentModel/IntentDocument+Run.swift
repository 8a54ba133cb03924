extension IntentDocument {
    /// One run: a maximal range of text whose intents and attributes are all the same.
    ///
    /// Attribute fields can be read directly: `run.link` is `run.attributes.link`.
    @dynamicMemberLookup
    public struct Run: Sendable, Hashable {
        /// The run's range in **UTF-8 bytes** from the start of the document's text.
        public var utf8Range: Range<Int>
        /// The run's range in the document's `text`.
        public var range: Range<String.Index>
        /// The run's characters.
        public var text: Substring
        /// The block intent (leaf block first), or `nil` for text outside any block.
        public var presentationIntent: PresentationIntent?
        /// The inline intents.
        public var inlinePresentationIntent: InlinePresentationIntent
        /// Links, images and the other run attributes.
        public var attributes: RunAttributes
        /// Markup of the blocks in ``presentationIntent`` that have any, by identity.
        public var blockMarkup: [Int: BlockMarkup]
        /// The inline spans the run lies in, innermost first, or `nil` outside inline markup.
        public var inlineSpans: InlineSpanPath?

        /// Reads a field of ``attributes``.
        public subscript<Value>(dynamicMember keyPath: KeyPath<RunAttributes, Value>) -> Value {
            attributes[keyPath: keyPath]
        }

        /// The delimiter of the innermost list this run is in, like Foundation's pitched
        /// `listItemDelimiter` attribute; `nil` outside lists or when unknown.
        public var listItemDelimiter: ListItemDelimiter? {
            guard let components = presentationIntent?.components else { return nil }
            for component in components {
                switch component.kind {
                case .orderedList, .unorderedList:
                    return blockMarkup[component.identity]?.listItemDelimiter
                case .paragraph, .header, .listItem, .codeBlock, .blockQuote, .thematicBreak, .table,
                    .tableHeaderRow, .tableRow, .tableCell:
                    continue
                @unknown default:
                    continue
                }
            }
            return nil
        }
    }

    /// The runs, in text order; a random-access view that builds each ``Run`` on access.
    public var runs: Runs { Runs(document: self) }

    /// The runs of an ``IntentDocument``, indexed from 0.
    public struct Runs: RandomAccessCollection, Sendable {
        let document: IntentDocument

        /// 0.
        public var startIndex: Int { 0 }
        /// The number of runs.
        public var endIndex: Int { document.runRecords.count }

        /// The run at `position` (0-based).
        public subscript(position: Int) -> Run {
            let record = document.runRecords[position]
            let start = position == 0 ? 0 : document.runRecords[position - 1].end
            let text = document.text(inUTF8Range: start..<record.end)
            return Run(
                utf8Range: start..<record.end,
                range: text.startIndex..<text.endIndex,
                text: text,
                presentationIntent: document.presentationIntent(ofBlock: record.block),
                inlinePresentationIntent: InlinePresentationIntent(rawValue: record.inline),
                attributes: document.attributeTable[Int(record.attributes)],
                blockMarkup: document.blockMarkup(ofBlock: record.block),
                inlineSpans: document.inlineSpanPath(ofSpan: record.span))
        }
    }

    /// The run's range in **UTF-16 code units** from the start of the text, as `NSRange` and
    /// `NSString` count.
    /// - Parameter run: A run of this document.
    /// - Returns: The UTF-16 offset range.
    public func utf16Range(of run: Run) -> Range<Int> {
        let start = text.utf16.distance(from: text.startIndex, to: run.range.lowerBound)
        return start..<(start + text.utf16.distance(from: run.range.lowerBound, to: run.range.upperBound))
    }
}
