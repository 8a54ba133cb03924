// MARK: - PresentationIntent

#if !canImport(Darwin) && !INTENTMARK_DARWIN_STANDIN
    /// The block structure a run of text belongs to: its leaf block and every enclosing block.
    ///
    /// On Apple platforms this is Foundation's own `PresentationIntent` (macOS 12, iOS 15): IntentMark
    /// declares it only where Foundation lacks it (Linux and other platforms), with Apple's shape. ``components`` is ordered **innermost first**: `components[0]` is the leaf
    /// block (paragraph, header, code block, thematic break or table cell), the last element is the
    /// outermost container. A paragraph in the first item of a bullet list prints as
    /// `[paragraph (id 3), listItem 1 (id 2), unorderedList (id 1)]`.
    ///
    /// Every component carries an ``IntentType/identity``: an `Int` unique within one document that
    /// parsers assign from 1 in document pre-order (a container before its children). Two adjacent
    /// paragraphs differ only by identity, which is how consumers tell blocks apart.
    ///
    /// ```swift
    /// let list = PresentationIntent(.unorderedList, identity: 1)
    /// let item = PresentationIntent(.listItem(ordinal: 1), identity: 2, parent: list)
    /// let paragraph = PresentationIntent(.paragraph, identity: 3, parent: item)
    /// print(paragraph.debugDescription)   // [paragraph (id 3), listItem 1 (id 2), unorderedList (id 1)]
    /// ```
    public struct PresentationIntent: Sendable, Hashable, Codable {
        // MARK: Stored layout

        /// The block components, innermost (the leaf) first, outermost last.
        public var components: [IntentType]

        // MARK: Initialisers

        /// Creates an intent for a block of `kind` nested inside `parent`.
        ///
        /// Mirrors `PresentationIntent.init(_:identity:parent:)`.
        /// - Parameters:
        ///   - kind: The kind of the new innermost block.
        ///   - identity: Its identity, unique within the document (parsers number from 1 in pre-order).
        ///   - parent: The intent of the enclosing block, or `nil` for a top-level block.
        public init(_ kind: Kind, identity: Int, parent: PresentationIntent? = nil) {
            var components = [IntentType(kind: kind, identity: identity)]
            if let parent { components.append(contentsOf: parent.components) }
            self.components = components
        }

        /// Creates an intent from its components, innermost first.
        ///
        /// Mirrors `PresentationIntent.init(types:)`.
        /// - Parameter types: The components, innermost (leaf) first, outermost last.
        public init(types: [IntentType]) {
            self.components = types
        }
    }

    // MARK: - Public API

    extension PresentationIntent {
        /// The list nesting depth of the innermost block, counting from 0.
        ///
        /// Counting rule (Apple documents it ambiguously; this library fixes it): the number of
        /// `orderedList` and `unorderedList` components **minus one**, never below 0. Text outside any
        /// list and text in a top-level list both have level 0; an item of a list nested in a list has
        /// level 1. Block quotes do not count.
        public var indentationLevel: Int {
            var lists = 0
            for component in components {
                switch component.kind {
                case .orderedList, .unorderedList:
                    lists += 1
                case .paragraph, .header, .listItem, .codeBlock, .blockQuote, .thematicBreak, .table,
                    .tableHeaderRow, .tableRow, .tableCell:
                    break
                }
            }
            return max(0, lists - 1)
        }

        /// Whether the components form a plausible block path: not empty, identities unique and
        /// positive, and only container kinds (lists, items, block quotes, tables, rows) outside the
        /// innermost component.
        ///
        /// Mirrors `PresentationIntent.isValid`, whose rule Apple does not document.
        public var isValid: Bool {
            guard !components.isEmpty else { return false }
            var seen = Set<Int>()
            for (offset, component) in components.enumerated() {
                guard component.identity > 0, seen.insert(component.identity).inserted else { return false }
                if offset > 0 && !component.kind.isContainer { return false }
            }
            return true
        }
    }

    // MARK: - CustomDebugStringConvertible

    extension PresentationIntent: CustomDebugStringConvertible {
        /// Apple's print style: `[paragraph (id 3), listItem 1 (id 2), unorderedList (id 1)]`.
        public var debugDescription: String {
            dumpDescription
        }
    }
#endif

// MARK: - On every platform

extension PresentationIntent {
    /// Whether `other` has the same kinds in the same order, ignoring identities.
    ///
    /// Use it to compare documents produced by two parses, whose identities may be numbered
    /// differently.
    /// - Parameter other: The intent to compare with.
    /// - Returns: `true` when both have equal ``components`` kinds, element by element.
    public func isEquivalent(to other: PresentationIntent) -> Bool {
        guard components.count == other.components.count else { return false }
        for (left, right) in zip(components, other.components) where left.kind != right.kind {
            return false
        }
        return true
    }

    /// Apple's print style, the same on every platform: `[paragraph (id 3), listItem 1 (id 2),
    /// unorderedList (id 1)]`. (Darwin's own `debugDescription` prints differently; run dumps
    /// use this.)
    public var dumpDescription: String {
        "[" + components.map(\.dumpDescription).joined(separator: ", ") + "]"
    }
}
