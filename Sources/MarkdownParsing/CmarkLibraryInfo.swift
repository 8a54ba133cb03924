internal import CCmarkGFM

/// What this process's libcmark-gfm is and how it parses on several threads, for the command
/// line's `--version`. `package`: nothing public exposes C.
package enum CmarkLibraryInfo {
    /// libcmark-gfm's version (`cmark_version_string`), e.g. `0.29.0.gfm.6`.
    package static var version: String { cmark_version_string().map { String(cString: $0) } ?? "unknown" }

    /// How inline passes run across threads in this process (``InlinePassMode``), in words: on
    /// several threads at once (linked dynamically, or statically with the `--wrap` flags, then
    /// "bracketed"), or one at a time.
    package static var inlinePasses: String {
        switch CmarkRegistry.inlinePassMode {
        case .concurrent: "inline passes on several threads at once"
        case .bracketed: "inline passes on several threads at once (static link, bracketed)"
        case .serial: "inline passes one at a time"
        }
    }
}
