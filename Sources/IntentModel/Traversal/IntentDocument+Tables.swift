extension IntentDocument {
    // MARK: Blocks

    /// The number of blocks the document's runs lie in (every ancestor counted once).
    @inlinable public var blockCount: Int { blocks.count }

    /// Every block, in the document's block order (parents before children for parsed documents).
    @inlinable public var blockIDs: LazyMapCollection<Range<Int>, BlockID> {
        (0..<blocks.count).lazy.map { BlockID(Int32(truncatingIfNeeded: $0)) }
    }

    /// A block's kind, as its ``PresentationIntent`` component has it.
    /// - Parameter block: A block of this document (another traps).
    @inlinable public func kind(of block: BlockID) -> PresentationIntent.Kind { blocks[block.index].kind }

    /// A block's identity, as its ``PresentationIntent`` component has it.
    /// - Parameter block: A block of this document (another traps).
    @inlinable public func identity(of block: BlockID) -> Int { blocks[block.index].identity }

    /// The block a block lies in, or `nil` at the top level.
    /// - Parameter block: A block of this document (another traps).
    @inlinable public func parent(of block: BlockID) -> BlockID? {
        let parent = blocks[block.index].parent
        return parent >= 0 ? BlockID(parent) : nil
    }

    /// A block's ``BlockMarkup`` (list markers, fences, heading style and so on), or `nil` when it
    /// has none.
    /// - Parameter block: A block of this document (another traps).
    @inlinable public func markup(of block: BlockID) -> BlockMarkup? { blocks[block.index].markup }

    /// The top-level block a block lies in (the block itself at the top).
    ///
    /// Walks the parents; a cycle (possible only in a damaged document) stops after as many steps
    /// as there are blocks.
    /// - Parameter block: A block of this document (another traps).
    public func topLevelBlock(of block: BlockID) -> BlockID { BlockID(topLevelAncestor(of: block.storage)) }

    /// The block intent of `block`: the block and its ancestors, innermost first.
    /// - Parameter block: A block of this document, or `nil` (no intent).
    public func presentationIntent(of block: BlockID?) -> PresentationIntent? {
        presentationIntent(ofBlock: block?.storage ?? -1)
    }

    // MARK: Spans

    /// The number of inline spans the document's runs lie in (every ancestor counted once).
    @inlinable public var spanCount: Int { spans.count }

    /// Every span, in the document's span order (a span after the span it lies in).
    @inlinable public var spanIDs: LazyMapCollection<Range<Int>, SpanID> {
        (0..<spans.count).lazy.map { SpanID(Int32(truncatingIfNeeded: $0)) }
    }

    /// A span's kind.
    /// - Parameter span: A span of this document (another traps).
    @inlinable public func kind(of span: SpanID) -> InlineSpan.Kind { spans[span.index].kind }

    /// A span's identity.
    /// - Parameter span: A span of this document (another traps).
    @inlinable public func identity(of span: SpanID) -> Int { spans[span.index].identity }

    /// The span a span lies in, or `nil` when it is outermost.
    /// - Parameter span: A span of this document (another traps).
    @inlinable public func parent(of span: SpanID) -> SpanID? {
        let parent = spans[span.index].parent
        return parent >= 0 ? SpanID(parent) : nil
    }

    /// The tags of an ``InlineSpan/Kind/htmlFormatting`` span, or `nil`.
    /// - Parameter span: A span of this document (another traps).
    @inlinable public func htmlTag(of span: SpanID) -> HTMLFormattingTag? { spans[span.index].htmlTag }

    /// The span and its enclosing spans, innermost first, as one shared path (O(1): the path is
    /// stored).
    /// - Parameter span: A span of this document, or `nil` (no path).
    public func inlineSpanPath(of span: SpanID?) -> InlineSpanPath? { inlineSpanPath(ofSpan: span?.storage ?? -1) }

    // MARK: Attribute sets

    /// The number of distinct attribute sets the runs use, the empty set included.
    @inlinable public var attributeSetCount: Int { attributeTable.count }

    /// Every attribute set, in table order (the empty set first).
    @inlinable public var attributeSetIDs: LazyMapCollection<Range<Int>, RunAttributesID> {
        (0..<attributeTable.count).lazy.map { RunAttributesID(Int32(truncatingIfNeeded: $0)) }
    }

    /// The attributes of an attribute set.
    /// - Parameter set: An attribute set of this document (another traps).
    @inlinable public func attributes(of set: RunAttributesID) -> RunAttributes { attributeTable[set.index] }
}

extension IntentDocument {
    /// Replaces a block's markup (for writers that restyle a copy, such as a list's marker).
    /// Not recorded as an edit of the Markdown source.
    /// - Parameters:
    ///   - markup: The new markup; an empty one is stored as `nil`.
    ///   - block: A block of this document (another traps).
    package mutating func setMarkup(_ markup: BlockMarkup?, of block: BlockID) {
        blocks[block.index].markup = markup?.isEmpty == true ? nil : markup
    }
}
