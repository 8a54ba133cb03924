/// How ``IncrementalMarkdownDocument`` took the last edit.
public enum IncrementalUpdate: Sendable, Hashable {
    /// Only part of the source was parsed again: `reparsedBytes` UTF-8 bytes of source, holding
    /// `reparsedBlocks` top-level blocks; every other block kept its identity.
    case partial(reparsedBytes: Int, reparsedBlocks: Int)
    /// The whole source was parsed again, for `reason` (a global rule of Markdown or an option
    /// that needs it).
    case full(reason: String)
}
