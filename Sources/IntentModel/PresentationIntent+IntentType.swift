#if !canImport(Darwin) && !INTENTMARK_DARWIN_STANDIN
    extension PresentationIntent {
        /// One component of a ``PresentationIntent``: a block kind and the identity of that block.
        ///
        /// Mirrors Foundation's `PresentationIntent.IntentType` (on Apple platforms it is Foundation's
        /// own type).
        public struct IntentType: Sendable, Hashable, Codable, CustomDebugStringConvertible {
            /// The kind of block.
            public var kind: Kind
            /// The block's identity, unique within one document (parsers number blocks from 1 in
            /// document pre-order).
            public var identity: Int

            /// Creates a component.
            ///
            /// Foundation documents no such initializer: code that also builds on Apple platforms
            /// makes components with `PresentationIntent(_:identity:parent:)` and reads its
            /// `components`.
            /// - Parameters:
            ///   - kind: The kind of block.
            ///   - identity: The block's identity within its document.
            public init(kind: Kind, identity: Int) {
                self.kind = kind
                self.identity = identity
            }

            /// Apple's print style (``dumpDescription``): `listItem 1 (id 2)`.
            public var debugDescription: String { dumpDescription }
        }
    }
#endif

extension PresentationIntent.IntentType {
    /// A component of `kind` with `identity`, on every platform (Foundation's `IntentType` has no
    /// public initializer, so on Apple platforms it is made through `PresentationIntent`'s).
    /// - Parameters:
    ///   - kind: The kind of block.
    ///   - identity: The block's identity within its document.
    /// - Returns: The component.
    package static func component(_ kind: PresentationIntent.Kind, identity: Int) -> Self {
        #if !canImport(Darwin) && !INTENTMARK_DARWIN_STANDIN
            return Self(kind: kind, identity: identity)
        #else
            return PresentationIntent(kind, identity: identity).components[0]
        #endif
    }

    /// Apple's print style, the same on every platform: `listItem 1 (id 2)`.
    public var dumpDescription: String {
        "\(kind.dumpDescription) (id \(identity))"
    }
}
