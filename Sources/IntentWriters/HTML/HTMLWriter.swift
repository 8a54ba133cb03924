import Foundation
import IntentModel

/// Writes HTML from any ``IntentModel/IntentDocument`` — parsed, decoded from JSON, converted from
/// an `AttributedString` or built by hand, in either block layout.
///
/// The output is byte for byte what libcmark-gfm's own renderer (`cmark_render_html`) gives for
/// the Markdown the document was parsed from, with the same options: the writer follows its
/// markup, escaping, safe-mode and tag-filter rules (CommonMark spec, GFM spec §6.11), and reads
/// structure from block identities and ``IntentModel/InlineSpan``s, never from characters.
/// Inserted separators (``IntentModel/RunAttributes/isBlockSeparator``) and placeholders are not
/// written.
///
/// Documents made without this library's extensions are written sensibly: lists without
/// ``IntentModel/BlockMarkup/isTight`` are tight; table columns without
/// ``IntentModel/BlockMarkup/columnAlignmentIsExplicit`` are explicit unless `.left`; a final
/// unmarked `"\n"` or `"\t"` at the end of a paragraph, header or cell is taken as a separator.
///
/// A document of 256 KiB of text or more is rendered in pieces on every active core, cut before
/// top-level blocks, each piece by a renderer that shares the document's tables, and joined in
/// order: the same bytes as on one thread. A document with footnotes (numbered across it) is
/// rendered on one thread, and so is one whose pieces would not join (text outside any block
/// before a block, in a document built by hand).
///
/// ```swift
/// let document = try IntentDocument(markdown: "# Hi *there*\n")
/// print(HTMLWriter().write(document))   // <h1>Hi <em>there</em></h1>
/// ```
public struct HTMLWriter: Sendable {
    /// The options every write uses.
    public var options: HTMLWritingOptions

    /// The most threads a document is rendered on; `nil` for the active processor count, for a
    /// document of ``minimumBytesInPieces`` or more (below that one thread, and the cores are not
    /// looked up). The output is the same on any number.
    package var writingThreads: Int? = nil
    /// The smallest document (UTF-8 bytes of text) rendered on more than one thread.
    package var minimumBytesInPieces = 1 << 18

    /// Creates a writer.
    /// - Parameter options: Rendering options; default safe, tag filter on.
    public init(options: HTMLWritingOptions = .default) {
        self.options = options
    }

    /// The threads `document` is rendered on.
    fileprivate func threads(for document: IntentDocument) -> Int {
        guard document.text.utf8.count >= minimumBytesInPieces else { return 1 }
        return max(1, writingThreads ?? ProcessInfo.processInfo.activeProcessorCount)
    }

    /// Writes `document` as HTML.
    /// - Parameter document: Any intent document.
    /// - Returns: The HTML, UTF-8.
    public func write(_ document: IntentDocument) -> String {
        var renderer = HTMLRenderer(document: document, options: options)
        renderer.render(threads: threads(for: document))
        return renderer.takeOutput().string()
    }

    /// Writes `document` as HTML in UTF-8 bytes, in a new array.
    /// - Parameter document: Any intent document.
    /// - Returns: The HTML's UTF-8 bytes.
    public func writeUTF8(_ document: IntentDocument) -> [UInt8] {
        var renderer = HTMLRenderer(document: document, options: options)
        renderer.render(threads: threads(for: document))
        return renderer.takeOutput().bytes()
    }

    /// Writes `document` as HTML in UTF-8 `Data` — the fastest form: the writer's buffer becomes
    /// the `Data` without a copy or a `String` validation pass (for files and sockets).
    /// - Parameter document: Any intent document.
    /// - Returns: The HTML's UTF-8 bytes.
    public func writeData(_ document: IntentDocument) -> Data {
        var renderer = HTMLRenderer(document: document, options: options)
        renderer.render(threads: threads(for: document))
        return renderer.takeOutput().data()
    }
}

extension HTMLWriter {
    /// `document`'s HTML as ``writeUTF8(_:)`` writes it, and the number of pieces it was rendered
    /// in (1: in one), for tests.
    package func writeUTF8CountingPieces(_ document: IntentDocument) -> (bytes: [UInt8], pieces: Int) {
        var renderer = HTMLRenderer(document: document, options: options)
        let pieces = renderer.render(threads: threads(for: document))
        return (renderer.takeOutput().bytes(), pieces)
    }
}

extension IntentDocument {
    /// The document as HTML; see ``IntentWriters/HTMLWriter``.
    /// - Parameter options: Rendering options; default safe, tag filter on.
    /// - Returns: The HTML.
    public func html(options: HTMLWritingOptions = .default) -> String {
        HTMLWriter(options: options).write(self)
    }
}
