import Foundation

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
    /// Markdown written from the intent document (CommonMark + GFM; parses back equivalently).
    case markdown
    /// Text for a terminal: styles, OSC 8 links, box-drawn tables, wrapped (as `intentmark show`).
    case terminal
    /// RTF written from the document lowered with the style sheet (`--style`).
    case rtf

    /// One line for `--help`.
    var summary: String {
        switch self {
        case .json: return "the intent document as stable JSON (format intentmark-document, version 3, or 4 with front matter or alerts)"
        case .runs: return "one block per run in Apple's print style: text { attribute = value }, inline intents by name"
        case .plain: return "plain text: lists with markers, tables as text, no Markdown syntax"
        case .html: return "HTML written from the intent document, as libcmark-gfm writes it (safe unless --unsafe)"
        case .markdown: return "Markdown written from the intent document (CommonMark + GFM; parses back to an equivalent document)"
        case .terminal: return "text for a terminal, wrapped, styled only on a terminal (as show; --width, --color)"
        case .rtf: return "RTF from the document lowered with the --style sheet (fonts, colors, lists, tables, links)"
        }
    }

    /// The format a `--to` value names: its own name or an alias as pandoc and cmark-gfm users
    /// spell them (`md`, `gfm`, `commonmark` for Markdown; `txt`, `text` for plain text; `htm`).
    init?(name: String) {
        switch name.lowercased() {
        case "json": self = .json
        case "runs": self = .runs
        case "plain", "txt", "text": self = .plain
        case "html", "htm": self = .html
        case "markdown", "md", "gfm", "commonmark": self = .markdown
        case "terminal": self = .terminal
        case "rtf": self = .rtf
        default: return nil
        }
    }

    /// The extension of the files a folder conversion writes in this format.
    var fileExtension: String {
        switch self {
        case .json: return "json"
        case .runs: return "runs.txt"
        case .plain: return "txt"
        case .html: return "html"
        case .markdown: return "md"
        case .terminal: return "term.txt"
        case .rtf: return "rtf"
        }
    }

    /// The names `--help` and errors list, aliases after each format.
    static let namesWithAliases = "json, runs, plain (txt, text), html (htm), markdown (md, gfm, commonmark), terminal, rtf"

    /// The formats with the file extensions each is inferred from, for messages.
    static let namesWithExtensions =
        "json (.json), runs, plain (.txt, .text), html (.html, .htm), markdown (.md, .markdown), terminal, rtf (.rtf)"

    /// Extensions of document formats intentmark does not write (`-o out.pdf` is refused even
    /// with `--to`, rather than writing another format under that name).
    static let otherDocumentExtensions: Set<String> = [
        "pdf", "docx", "doc", "odt", "epub", "tex", "latex", "pptx", "xlsx", "rst", "org", "adoc", "asciidoc", "man", "ms", "ipynb",
    ]

    /// The format an output file's extension names (`.md`/`.markdown`, `.html`/`.htm`, `.json`,
    /// `.txt`, `.rtf`), or `nil` for any other extension.
    init?(inferringFrom path: String) {
        switch URL(fileURLWithPath: path, isDirectory: false).pathExtension.lowercased() {
        case "md", "markdown": self = .markdown
        case "html", "htm": self = .html
        case "json": self = .json
        case "txt", "text": self = .plain
        case "rtf": self = .rtf
        default: return nil
        }
    }
}
