/// What `intentmark convert --to` writes.
enum OutputFormat: String, CaseIterable {
    /// The stable JSON form of the intent document.
    case json
    /// The human-readable run dump in Apple's print style.
    case runs
    /// Plain text (lists with markers, tables as text; no attributes).
    case plain
    /// HTML written from the intent document (libcmark-gfm's markup; safe unless `--unsafe`).
    case html
    /// RTF written from the document lowered with the style sheet (`--style`).
    case rtf

    /// One line for `--help`.
    var summary: String {
        switch self {
        case .json: return "the intent document as stable JSON (format intentmark-document, version 1)"
        case .runs: return "one block per run in Apple's print style: text { attribute = value }"
        case .plain: return "plain text: lists with markers, tables as text, no Markdown syntax"
        case .html: return "HTML written from the intent document, as libcmark-gfm writes it (safe unless --unsafe)"
        case .rtf: return "RTF from the document lowered with the --style sheet (fonts, colors, lists, tables, links)"
        }
    }
}
