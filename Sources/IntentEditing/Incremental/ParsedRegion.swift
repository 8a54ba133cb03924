import IntentModel

/// The intent document of one parse — of the whole source, or of a region an edit re-parsed —
/// shared by the top-level blocks it produced: each ``SourceBlock`` refers to its stretch of this
/// document's text, so no block's runs are copied until a snapshot is asked for.
final class ParsedRegion: Sendable {
    /// The document the parse produced (identities already unique across the whole document).
    let document: IntentDocument

    init(_ document: IntentDocument) {
        self.document = document
    }
}
