/// A block's ``BlockMarkup`` held out of line by the document's block table
/// (`IntentDocument.Block`), so that the nine blocks in ten without markup do not carry its
/// 104 bytes. Immutable: a block whose markup changes gets a new box.
final class BlockMarkupBox: Sendable {
    /// The markup.
    let markup: BlockMarkup

    /// Boxes `markup`.
    init(_ markup: BlockMarkup) {
        self.markup = markup
    }
}
