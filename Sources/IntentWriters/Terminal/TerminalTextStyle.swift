/// A resolved style: the SGR parameters (already sanitised, `;`-joined) and the hyperlink target.
struct TerminalTextStyle: Hashable {
    /// SGR parameters, empty for none.
    var parameters: String
    /// The OSC 8 target, already limited to printable ASCII; `nil` outside links.
    var hyperlink: String?

    static let plain = TerminalTextStyle(parameters: "", hyperlink: nil)

    /// `parameters` joined by `;`, each kept to its digits and `;` (so no theme can inject other
    /// escape sequences), empty ones skipped.
    static func joining(_ parameters: [String]) -> String {
        var result = ""
        for parameter in parameters {
            let clean = String(parameter.unicodeScalars.filter { ("0"..."9").contains($0) || $0 == ";" })
            let trimmed = clean.split(separator: ";", omittingEmptySubsequences: true).joined(separator: ";")
            guard !trimmed.isEmpty else { continue }
            if !result.isEmpty { result += ";" }
            result += trimmed
        }
        return result
    }

    /// `url` as an OSC 8 target: bytes outside printable ASCII (33–126) percent-encoded, so that
    /// the target cannot end the sequence or carry control characters; `nil` when empty, relative
    /// (no scheme: a path or `#fragment`) or code (`javascript:` …, ``LinkTargets``).
    static func hyperlinkTarget(_ url: String) -> String? {
        // Only absolute URLs that run no code (``LinkTargets``).
        guard !url.isEmpty, LinkTargets.isAbsolute(url), !LinkTargets.runsCode(url) else { return nil }
        var result = ""
        for byte in url.utf8 {
            if byte > 32, byte < 127 {
                result.unicodeScalars.append(Unicode.Scalar(byte))
            } else {
                let hex = Array("0123456789ABCDEF")
                result += "%" + String(hex[Int(byte >> 4)]) + String(hex[Int(byte & 0xF)])
            }
        }
        return result
    }
}
