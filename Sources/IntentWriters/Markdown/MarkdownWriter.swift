import Foundation
import IntentModel
import MarkdownParsing

/// Writes CommonMark + GFM Markdown from any ``IntentModel/IntentDocument`` — parsed, decoded
/// from JSON, converted from an `AttributedString` or built by hand, in either block layout — such
/// that parsing the Markdown back gives an equivalent document
/// (``IntentModel/IntentDocument/isEquivalent(to:)``) and libcmark-gfm renders it to the same HTML.
///
/// A document parsed from Markdown is written from its source: every top-level block no edit
/// touched, and everything between blocks, byte for byte as the author wrote it; only edited and
/// new blocks are written anew (``MarkdownWritingOptions/preservesSource``; the documentation's
/// "Outputs" article, "From the author's source").
///
/// Written anew, structure comes from block identities and ``IntentModel/InlineSpan``s (flat
/// inline intents and links without spans are written too). Text is escaped only where
/// libcmark-gfm would otherwise read syntax (``MarkdownWritingOptions/minimizesEscapes``; see the
/// "Outputs" article, "Markdown"); emphasis next to punctuation or inside words gets the
/// neighbouring character as a numeric reference (`&#32;`) where CommonMark's flanking rules
/// require it. A link written anew is written inline. Display attributes without Markdown syntax (underline,
/// strikethrough without an intent, superscript, subscript) are written as inline HTML tags or
/// extended attributes (``MarkdownWritingOptions/displayAttributeSyntax``); fonts and colours are
/// not written.
///
/// Limits of the syntax itself: two strikethroughs that touch, or two code spans that touch, read
/// back as one; text with NUL reads back with U+FFFD; a heading of level 3–6 that holds a line
/// break has no Markdown form (its lines are written as they are); a table row is one line, so a
/// line break in a cell (an edit or a hand-made document can put one there) is written `<br>`, as
/// GitHub's users write one, and reads back as inline HTML — a soft break there as a space.
///
/// Threads: a document of 256 KiB of text or more written anew is rendered in pieces on every
/// active core (cut before top-level blocks that follow a paragraph or heading; each piece's
/// renderer starts one block early and the pieces are joined only where the renderers' states
/// meet, so the bytes are one rendering's), then its escapes are minimized on every core.
///
/// ```swift
/// let document = try IntentDocument(markdown: "Some *emphasis* and a [link](https://example.com).\n")
/// print(MarkdownWriter().write(document))   // Some *emphasis* and a [link](https://example.com).
/// ```
public struct MarkdownWriter: Sendable {
    /// The options every write uses.
    public var options: MarkdownWritingOptions
    /// The most threads escapes are minimized on (``EscapeMinimizer/workers``; the active cores
    /// when `nil`) in a document or rendering of 64 KiB or more, and a document of
    /// ``minimumBytesRenderedInPieces`` or more is rendered on; smaller ones are minimized on the
    /// calling thread. One thread minimizes every block after the rendering, in order.
    package var escapeMinimizerWorkers: Int? = nil
    /// The smallest document (UTF-8 bytes of text) rendered in pieces on several threads
    /// (``renderInPieces(_:lists:references:threads:)``), on as many as escapes are minimized on.
    package var minimumBytesRenderedInPieces = 1 << 18

    /// Creates a writer.
    /// - Parameter options: Formatting options; see ``MarkdownWritingOptions/default``.
    public init(options: MarkdownWritingOptions = .default) {
        self.options = options
    }

    /// Writes `document` as Markdown.
    /// - Parameter document: Any intent document.
    /// - Returns: The Markdown, ending with a newline unless empty. Front matter
    ///   (``IntentModel/IntentDocument/frontMatter``) comes first, as written; raw text that is not
    ///   front matter as the parser reads it (made by hand) is put between delimiter lines of its
    ///   format (`---` or `+++`).
    public func write(_ document: IntentDocument) -> String {
        if options.preservesSource, let map = document.markdownSource {
            var writer = SourcePreservingWriter(document: document, map: map, options: options)
            return writer.write()
        }
        return Self.frontMatterText(document.frontMatter) + writeAnew(document, context: "")
    }

    /// `document` written anew (no front matter), its needless escapes removed when
    /// ``MarkdownWritingOptions/minimizesEscapes`` asks and its tables padded when
    /// ``MarkdownWritingOptions/padsTableColumns`` does; `context` is Markdown the document will
    /// stand with (definitions its text could refer to), and links and images whose target is
    /// one of `references` are written as references to it.
    func writeAnew(_ document: IntentDocument, context: String, references: LinkReferences = LinkReferences()) -> String {
        // Repaired and scanned once, for the rendering in pieces and in one alike.
        let repaired = MarkdownFootnoteOrder.reordered(document).repairedForWriting()
        let lists = MarkdownRenderer.listsFollowedByIndentedHTML(repaired)
        // Below 64 KiB everything is minimized on the calling thread, and the active cores
        // (system calls: about 14 µs) are not looked up.
        let workers = { (bytes: Int) in bytes < 65_536 ? 1 : escapeMinimizerWorkers ?? ProcessInfo.processInfo.activeProcessorCount }
        let size = document.text.utf8.count
        // (A size under 64 KiB reaches here only when tests lower the threshold.)
        let threads = size >= minimumBytesRenderedInPieces ? workers(max(size, 65_536)) : 1
        // A document whose pieces do not join (rare: tested documents always join) is rendered
        // again in one piece below.
        if threads > 1,
            let (rendered, starts, verbatim) = renderInPieces(repaired, lists: lists, references: references, threads: threads)
        {
            // Rendered on every core, then minimized on every core.
            var written = rendered
            if options.minimizesEscapes {
                var minimizer = EscapeMinimizer(
                    writing: options, context: EscapeMinimizer.footnoteContext(of: document) + context, size: written.utf8.count)
                minimizer.workers = workers(written.utf8.count)
                written = minimizer.minimize(written, pieceStarts: starts, verbatimRanges: verbatim)
            }
            return padded(written)
        }
        var renderer = MarkdownRenderer(repaired: repaired, options: options, references: references, listsFollowedByIndentedHTML: lists)
        var written: String
        if options.minimizesEscapes {
            let minimizerContext = EscapeMinimizer.footnoteContext(of: document) + context
            // A large document's blocks are minimized on the other cores while it is rendered,
            // within a budget estimated from its text.
            let aheadThreads = workers(document.text.utf8.count)
            if aheadThreads > 1 {
                let estimate = EscapeMinimizer(writing: options, context: minimizerContext, size: document.text.utf8.count)
                renderer.ahead = MinimizationAhead(minimizer: estimate, threads: aheadThreads - 1)
            }
            written = renderer.render()
            var minimizer = EscapeMinimizer(writing: options, context: minimizerContext, size: written.utf8.count)
            minimizer.workers = workers(written.utf8.count)
            written = minimizer.minimize(
                written, pieceStarts: renderer.topLevelStarts, verbatimRanges: renderer.verbatimRanges,
                ahead: renderer.ahead?.finish() ?? [:])
        } else {
            written = renderer.render()
        }
        return padded(written)
    }

    /// `written` with its tables' columns padded when ``MarkdownWritingOptions/padsTableColumns``
    /// asks. Padding goes last: it measures cells as they are finally written (escapes removed).
    private func padded(_ written: String) -> String {
        guard options.padsTableColumns, written.utf8.contains(UInt8(ascii: "|")),
            let tables = try? MarkdownConventionCounts(counting: Array(written.utf8)).tables, !tables.isEmpty
        else { return written }
        return String(decoding: MarkdownTablePadding.padded(Array(written.utf8), tables: tables), as: UTF8.self)
    }

    /// Front matter as written back: as it was, a line ending closing it when it had none; text
    /// that is not front matter as the parser reads it (made by hand) gets the delimiter lines of
    /// its format around it. Empty for `nil`.
    static func frontMatterText(_ frontMatter: FrontMatter?) -> String {
        guard let frontMatter else { return "" }
        var output = frontMatter.rawText
        if let last = output.utf8.last, last != UInt8(ascii: "\n"), last != UInt8(ascii: "\r") { output += "\n" }
        if !FrontMatterScanner.isWholeFrontMatter(output) {
            let delimiter = frontMatter.format == .toml ? "+++\n" : "---\n"
            output = delimiter + (output == "\n" ? "" : output) + delimiter
        }
        return output
    }

    /// Writes `document` as Markdown in UTF-8 `Data`.
    /// - Parameter document: Any intent document.
    /// - Returns: The Markdown's UTF-8 bytes.
    public func writeData(_ document: IntentDocument) -> Data {
        Data(write(document).utf8)
    }
}

extension IntentDocument {
    /// The document as Markdown; see ``IntentWriters/MarkdownWriter``.
    /// - Parameter options: Formatting options.
    /// - Returns: Markdown that parses back to an equivalent document: the source itself for a
    ///   parsed document that was not edited.
    public func markdown(options: MarkdownWritingOptions = .default) -> String {
        MarkdownWriter(options: options).write(self)
    }
}
