/// Which link targets the RTF writer and the terminal make live: neither writes a link that
/// runs code (`javascript:`, `vbscript:`, or `data:` other than an image — the URLs
/// libcmark-gfm's safe HTML empties, `file:` aside, which a base URL the caller gives may make),
/// and the terminal makes hyperlinks only of absolute URLs (a relative path or `#fragment` means
/// nothing to a terminal; give a base URL to resolve them). The link's text is written either way.
enum LinkTargets {
    /// Whether `url` runs code when followed: it starts (ignoring ASCII case) with `javascript:`,
    /// `vbscript:`, or `data:` other than `data:image/png`, `gif`, `jpeg` or `webp`.
    static func runsCode(_ url: String) -> Bool {
        let head = url.prefix(16).lowercased()
        if head.hasPrefix("javascript:") || head.hasPrefix("vbscript:") { return true }
        if head.hasPrefix("data:") {
            return !["data:image/png", "data:image/gif", "data:image/jpeg", "data:image/webp"].contains { head.hasPrefix($0) }
        }
        return false
    }

    /// Whether `url` starts with a scheme (RFC 3986: a letter, then letters, digits, `+`, `-` or
    /// `.`, then `:`; two characters at least, so a drive letter is none).
    static func isAbsolute(_ url: String) -> Bool {
        var length = 0
        for scalar in url.unicodeScalars {
            if scalar == ":" { return length >= 2 }
            let isLetter = (scalar >= "a" && scalar <= "z") || (scalar >= "A" && scalar <= "Z")
            let isOther = (scalar >= "0" && scalar <= "9") || scalar == "+" || scalar == "-" || scalar == "."
            guard isLetter || (length > 0 && isOther) else { return false }
            length += 1
        }
        return false
    }
}
