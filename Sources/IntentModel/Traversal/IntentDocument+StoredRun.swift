extension IntentDocument {
    /// A run as the document stores it: its range and handles to its leaf block, innermost span
    /// and attribute set. Cheap to make (no intent, span path or attribute value is built); read
    /// the values through the document when needed. ``runs`` gives the values instead.
    public struct StoredRun: Hashable, Sendable {
        /// The run's position.
        public var index: RunIndex
        /// The run's range in **UTF-8 bytes** from the start of ``IntentDocument/text``.
        public var utf8Range: Range<Int>
        /// The leaf block the run lies in (the innermost component of its ``PresentationIntent``),
        /// or `nil` for text outside any block.
        public var block: BlockID?
        /// The innermost inline span the run lies in, or `nil`.
        public var span: SpanID?
        /// The run's inline intents.
        public var inlinePresentationIntent: InlinePresentationIntent
        /// The run's attribute set (index 0: none).
        public var attributes: RunAttributesID

        @inlinable init(index: Int, start: Int, record: RunRecord) {
            self.index = RunIndex(index)
            utf8Range = start..<record.end
            block = record.block >= 0 ? BlockID(record.block) : nil
            span = record.span >= 0 ? SpanID(record.span) : nil
            inlinePresentationIntent = InlinePresentationIntent(rawValue: record.inline)
            attributes = RunAttributesID(record.attributes)
        }
    }

    /// The run at `index`, as stored. O(1).
    ///
    /// - Parameter index: A position in `0..<runCount`; another traps.
    /// - Returns: The run's range and handles.
    @inlinable public func storedRun(at index: RunIndex) -> StoredRun {
        let position = index.position
        return StoredRun(index: position, start: position == 0 ? 0 : runRecords[position - 1].end, record: runRecords[position])
    }

    /// The text in `utf8Range`, as a slice of ``text`` (nothing copied; O(1) for the native
    /// strings the library makes).
    ///
    /// - Parameter utf8Range: A range in **UTF-8 bytes** from the start of ``text``, within it and
    ///   on scalar boundaries (a run's ``StoredRun/utf8Range`` is); another traps.
    /// - Returns: The slice.
    @inlinable public func text(inUTF8Range utf8Range: Range<Int>) -> Substring {
        let utf8 = text.utf8
        let lower = utf8.index(utf8.startIndex, offsetBy: utf8Range.lowerBound)
        return text[lower..<utf8.index(lower, offsetBy: utf8Range.count)]
    }

    /// The index of the run that holds the byte at UTF-8 offset `offset`, found by binary search
    /// (O(log runs)).
    ///
    /// - Parameter offset: A UTF-8 offset, from 0; an offset at or past the end of the text gives
    ///   ``IntentDocument/runCount`` (no run).
    /// - Returns: The run's index.
    public func runIndex(containingUTF8Offset offset: Int) -> RunIndex {
        RunIndex(runPosition(containingUTF8Offset: offset))
    }
}

extension IntentDocument {
    /// The runs as stored, in text order: a random-access view that makes each ``StoredRun`` on
    /// access (O(1), nothing copied). For reading runs without a walk.
    @inlinable public var storedRuns: StoredRuns { StoredRuns(document: self) }

    /// The runs of an ``IntentDocument`` as stored, indexed from 0.
    public struct StoredRuns: RandomAccessCollection, Sendable {
        @usableFromInline let document: IntentDocument

        @inlinable init(document: IntentDocument) { self.document = document }

        /// 0.
        @inlinable public var startIndex: Int { 0 }
        /// The number of runs.
        @inlinable public var endIndex: Int { document.runRecords.count }

        /// The run at `position` (0-based; another traps).
        @inlinable public subscript(position: Int) -> StoredRun { document.storedRun(at: RunIndex(position)) }
    }
}
