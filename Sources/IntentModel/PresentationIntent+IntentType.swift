extension PresentationIntent {
    /// One component of a ``PresentationIntent``: a block kind and the identity of that block.
    ///
    /// Mirrors Foundation's `PresentationIntent.IntentType`.
    public struct IntentType: Sendable, Hashable, Codable, CustomDebugStringConvertible {
        /// The kind of block.
        public var kind: Kind
        /// The block's identity, unique within one document (parsers number blocks from 1 in
        /// document pre-order).
        public var identity: Int

        /// Creates a component.
        /// - Parameters:
        ///   - kind: The kind of block.
        ///   - identity: The block's identity within its document.
        public init(kind: Kind, identity: Int) {
            self.kind = kind
            self.identity = identity
        }

        /// Apple's print style: `listItem 1 (id 2)`.
        public var debugDescription: String {
            "\(kind.debugDescription) (id \(identity))"
        }
    }
}
