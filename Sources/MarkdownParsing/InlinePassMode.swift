internal import CmarkInlinePass

/// How libcmark-gfm's inline passes (`cmark_parser_finish`) may run on several threads at once in
/// this process. libcmark-gfm 0.29.0.gfm.6 turns its extensions' special characters on and off
/// in process-wide tables around each inline pass, so two unguarded passes at once corrupt each
/// other's inlines; CmarkInlinePass counts the passes running instead (see its header). Found
/// once, by a probe parse (``CmarkRegistry/inlinePassMode``).
enum InlinePassMode: Sendable {
    /// The library's switching reaches CmarkInlinePass's counting definition (ELF platforms with
    /// libcmark-gfm linked dynamically): finish on any thread, as is.
    case concurrent
    /// A static link with `--wrap` for the library's per-character switching (the intentmark
    /// executable on Linux): finish on any thread, each finish bracketed by
    /// `intentmark_inline_pass_begin` and `_end`.
    case bracketed
    /// Neither (Apple platforms, a static link without the `--wrap` flags): one finish at a time.
    case serial

    /// The mode of this process, from CmarkInlinePass's probes.
    static func probed() -> InlinePassMode {
        if intentmark_inline_pass_is_concurrent() { return .concurrent }
        if intentmark_inline_pass_is_bracketed() { return .bracketed }
        return .serial
    }
}
