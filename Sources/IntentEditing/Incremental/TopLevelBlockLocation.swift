import Foundation

/// Where one top-level block of an ``IncrementalMarkdownDocument`` is, in its source and in its
/// document's text — found in O(log n), without assembling either.
public struct TopLevelBlockLocation: Sendable, Hashable {
    /// Its index among the top-level blocks (0-based; the text before the first block, which has
    /// no block, is at the index of the first block and has no identities).
    public var index: Int
    /// The identities of its top-level blocks: one, or more when libcmark-gfm reports blocks on a
    /// shared source line (a table made of a paragraph's last line); none before the first block.
    public var identities: [Int]
    /// Its Markdown source, with the blank lines and definitions after it (UTF-8 offsets).
    public var sourceUTF8Range: Range<Int>
    /// The same, in UTF-16 units of the source.
    public var sourceUTF16Range: NSRange
    /// Its text in the document, up to the next block's text (UTF-8 offsets).
    public var textUTF8Range: Range<Int>
    /// The same, in UTF-16 units of the document's text.
    public var textUTF16Range: NSRange
}
