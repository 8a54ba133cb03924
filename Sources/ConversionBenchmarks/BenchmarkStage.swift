import Foundation
import IntentModel
import IntentWriters
import MarkdownParsing

/// One conversion the benchmarks time. Every stage's throughput is in MB/s **of Markdown input**
/// (1 MB = 10⁶ bytes), whatever it produces.
package enum BenchmarkStage: String, CaseIterable, Sendable {
    /// Markdown → `IntentDocument`, `.newlines` layout, on one thread.
    case parse
    /// The same, in pieces on every active core (``MarkdownParsing/MarkdownParsingOptions/maximumParsingThreads``
    /// `nil`: the default; documents under 512 KiB are parsed in one piece all the same).
    case parseParallel
    /// Markdown → `IntentDocument`, `.none` layout (Apple's), on one thread.
    case parseNone
    /// `IntentDocument` → HTML as UTF-8 `Data` (writing only; the document is parsed beforehand).
    case html
    /// `IntentDocument` → plain text (`String`).
    case plain
    /// `IntentDocument` → rich text (`IntentDocument` with display attributes, `.richText`).
    case rich
    /// `IntentDocument` → Foundation `AttributedString` → `IntentDocument`.
    case attributedString
    /// `IntentDocument` → Markdown (`String`).
    case markdown
    /// `IntentDocument` → RTF (`Data`): rich lowering with the default style sheet, then RTF.
    case rtf
    /// `IntentDocument` → the JSON document form (`Data`, version 3, streaming writer).
    case json

    /// What the stage measures, for tables.
    package var summary: String {
        switch self {
        case .parse: return "Markdown → IntentDocument (.newlines), one thread"
        case .parseParallel:
            return
                "Markdown → IntentDocument (.newlines), in pieces on \(ProcessInfo.processInfo.activeProcessorCount) threads (the default)"
        case .parseNone: return "Markdown → IntentDocument (.none), one thread"
        case .html: return "IntentDocument → HTML"
        case .plain: return "IntentDocument → plain text"
        case .rich: return "IntentDocument → rich text (display attributes from the default style sheet)"
        case .attributedString: return "IntentDocument → AttributedString → IntentDocument"
        case .markdown: return "IntentDocument → Markdown"
        case .rtf: return "IntentDocument → RTF (rich lowering with the default style sheet, then RTF)"
        case .json: return "IntentDocument → JSON document form (version 3)"
        }
    }
}

/// The libcmark-gfm baselines, measured in the same run on the same input and extensions.
package enum BaselineStage: String, CaseIterable, Sendable {
    /// `cmark_parser_feed` + `cmark_parser_finish`.
    case parse
    /// Parse, then `cmark_render_html`.
    case parseAndHTML
    /// `cmark_render_html` alone, on a parsed tree.
    case html
}
