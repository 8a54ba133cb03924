internal import CmarkInlinePass

/// The link reference definitions the parsers of a parallel parse look labels up in
/// (`intentmark_share_references`): owned here, freed when released, which must be after every
/// parser that reads them has finished.
final class SharedReferences {
    private let store: OpaquePointer?

    /// Takes `store` over (`nil`: nothing to share).
    init(_ store: OpaquePointer?) { self.store = store }

    deinit { intentmark_shared_references_free(store) }
}
