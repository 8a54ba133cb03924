internal import CCmarkGFM
internal import CmarkInlinePass

/// The region a libcmark-gfm parse allocates from (CmarkInlinePass's `intentmark_arena`): every
/// node, line and delimiter of one parse is served from large chunks and given back at once when
/// the last of its owners (``CmarkFeed``, then ``CmarkTree``) is released. libcmark-gfm's
/// allocator has no context, so each call that may allocate for the parse runs inside
/// ``withCurrent(_:)`` on the thread making it. A parse with the library's allocator (the
/// benchmarks' C baseline) has an arena that holds nothing.
final class CmarkArena: @unchecked Sendable {
    // MARK: Stored layout

    /// The C arena, freed on deinit; `nil` for a parse with the library's allocator.
    private let arena: OpaquePointer?

    // MARK: Initialisers

    /// An empty arena (its first chunk comes with its first block), or none when `enabled` is false.
    init(enabled: Bool) { arena = enabled ? intentmark_arena_new() : nil }

    // MARK: Use

    /// Runs `body` with this arena as the calling thread's current one, then restores the one
    /// before (arenas nest).
    @inline(__always)
    func withCurrent<Result>(_ body: () throws -> Result) rethrows -> Result {
        guard let arena else { return try body() }
        let previous = intentmark_arena_enter(arena)
        defer { intentmark_arena_leave(previous) }
        return try body()
    }

    /// libcmark-gfm's allocator for a parse in this arena: the arena's, or, with no arena,
    /// the C library's malloc with calloc done as malloc then memset (see the CCmarkGFM shim).
    var allocator: UnsafeMutablePointer<cmark_mem> {
        arena == nil ? intentmark_library_allocator() : intentmark_arena_allocator()
    }

    /// Frees `block`, which libcmark-gfm allocated with ``allocator`` (a renderer's string: plain
    /// `free` must not be given a block from the arena's allocator).
    func release(_ block: UnsafeMutableRawPointer) {
        guard let free = allocator.pointee.free else { return }
        free(block)
    }

    deinit { if let arena { intentmark_arena_free(arena) } }
}
