extension PresentationIntent {
    /// https://developer.apple.com/documentation/foundation/presentationintent/intenttype
    ///
    /// Apple documents no public initializer: values come from `PresentationIntent`'s initializers.
    public struct IntentType: Hashable, Codable, CustomDebugStringConvertible, Sendable {
        /// https://developer.apple.com/documentation/foundation/presentationintent/intenttype/kind
        public var kind: PresentationIntent.Kind
        /// https://developer.apple.com/documentation/foundation/presentationintent/intenttype/identity
        public var identity: Int

        // Internal: not part of Apple's API, so the Darwin branch cannot call it.
        init(kind: PresentationIntent.Kind, identity: Int) {
            self.kind = kind
            self.identity = identity
        }

        /// https://developer.apple.com/documentation/foundation/presentationintent/intenttype/debugdescription
        public var debugDescription: String { "\(kind) \(identity)" }
    }
}
