import Foundation
import IntentLowering
import IntentModel

/// Writes RTF from any ``IntentModel/IntentDocument``: the document is lowered with a style sheet
/// to rich text with lists and tables (`lowered(to: [.richText, .list, .table])`), and its
/// display attributes are written as RTF 1.9.1 control words.
///
/// - Fonts: one font table entry per design (`\fswiss` Helvetica, `\froman` Times, `\fmodern`
///   Courier, rounded; see ``RTFWritingOptions/FontNames``); sizes as `\fs` half-points; weight
///   semibold and heavier as `\b`; italic `\i`.
/// - Colors: a color table of opaque sRGB colors (semantic names mapped by
///   ``RTFWritingOptions/namedColors``), `\cf` for text, `\cb`/`\chcbpat` for backgrounds.
/// - Underline (`\ul`, `\ulth`, `\uldb`, `\ulw`, dotted and dashed forms), strikethrough
///   (`\strike`, `\striked1`), superscript and subscript (`\super`, `\sub`, or `\up`/`\dn` in
///   half-points from a baseline offset).
/// - Paragraphs: `\li`, `\fi`, `\ri`, `\sb`, `\sa` in twips (points × 20), `\sl…\slmult1` for a
///   line height multiple, `\ql` `\qc` `\qr` `\qj`; headers carry `\outlinelevel`.
/// - Lists: RTF lists (`\listtable`, `\ls`, `\ilvl`) with the marker also in `{\listtext}`, a
///   hanging indent and a tab stop at the text. An item that begins with a nested list has a
///   paragraph of its own holding only its marker (an RTF paragraph has one list number), then
///   the nested items (Word, LibreOffice and TextEdit show it; pandoc drops empty paragraphs).
/// - Right-to-left: a paragraph whose first strong character is right-to-left (Hebrew, Arabic,
///   …; `WritingDirection.firstStrong(in:)`) is `\rtlpar`, right-aligned (`\qr`)
///   unless the style sheet aligns it, with its indents on the leading side (`\ri` and `\lin`);
///   right-to-left runs are `\rtlch` with the associated font and size (`\af`, `\afs`), which
///   readers use for them (also in left-to-right paragraphs).
/// - Tables: `\trowd … \cellx … \intbl … \cell … \row`, the header row `\trhdr` and bold; two
///   tables in a row are kept apart by a 1 pt paragraph.
/// - Links: `{\field{\*\fldinst{HYPERLINK "url"}}{\fldrslt{…}}}`, as written unless a base URL was
///   given; a link that runs code (`javascript:`, `vbscript:`, `data:` other than an image) keeps
///   only its text.
/// - Text: 7-bit output; `\uN ?` for non-ASCII (signed 16-bit, surrogate pairs outside the BMP),
///   `\line` for line breaks inside a paragraph (code blocks, hard breaks).
/// - Raw HTML as plain text shows it: comments and tags dropped (an HTML block of nothing else
///   left out whole), `<br>` a line break (a space in a table cell), `<img>` its alt text;
///   ``IntentLowering/PlainTextOptions/keepsRawHTML`` in the options keeps it as text.
/// - Footnotes: each reference's number raised (`\super`), each note's first paragraph starting
///   with its raised number, the notes where the document has them (libcmark-gfm puts their
///   definitions last). RTF's own `{\footnote …}` is not used: pandoc reads it, but TextEdit
///   and `NSAttributedString` drop the note's text, so the numbered notes reach every reader.
/// - Threads: a document of 256 KiB of text or more has its paragraphs written in pieces on
///   every active core, each into a buffer of its own, joined in order (the same bytes as on one
///   thread), and so is the lowering before it.
///
/// ```swift
/// let document = try IntentDocument(markdown: "# Hi *there*\n")
/// let rtf = RTFWriter().write(document)   // {\rtf1\ansi … \outlinelevel0 {\f0\fs56\b\cf1 Hi }…}
/// ```
public struct RTFWriter: Sendable {
    /// The options every write uses.
    public var options: RTFWritingOptions

    /// The most threads a document's paragraphs are written on; `nil` for the active processor
    /// count, for a document of ``minimumBytesInPieces`` or more (below that one thread, and the
    /// cores are not looked up). The output is the same on any number.
    package var writingThreads: Int? = nil
    /// The smallest document (UTF-8 bytes of text) written on more than one thread.
    package var minimumBytesInPieces = 1 << 18

    /// Creates a writer.
    /// - Parameter options: Style sheet and RTF options; default ``RTFWritingOptions/default``.
    public init(options: RTFWritingOptions = .default) {
        self.options = options
    }

    /// The threads `document`'s paragraphs are written on.
    private func threads(for document: IntentDocument) -> Int {
        guard document.text.utf8.count >= minimumBytesInPieces else { return 1 }
        return max(1, writingThreads ?? ProcessInfo.processInfo.activeProcessorCount)
    }

    /// Writes `document` as RTF.
    /// - Parameter document: Any intent document (parsed, decoded, hand-made, or already lowered).
    /// - Returns: The RTF, 7-bit ASCII.
    public func write(_ document: IntentDocument) -> String {
        RTFRenderer(document: document, options: options, threads: writingThreads, minimumBytesInPieces: minimumBytesInPieces)
            .render(threads: threads(for: document)).string()
    }

    /// Writes `document` as RTF bytes in `Data`, without a `String` in between (for files and
    /// pasteboards).
    /// - Parameter document: Any intent document.
    /// - Returns: The RTF's bytes, 7-bit ASCII.
    public func writeData(_ document: IntentDocument) -> Data {
        RTFRenderer(document: document, options: options, threads: writingThreads, minimumBytesInPieces: minimumBytesInPieces)
            .render(threads: threads(for: document)).data()
    }
}

extension IntentDocument {
    /// The document as RTF; see ``IntentWriters/RTFWriter``.
    /// - Parameter options: Style sheet and RTF options; default ``IntentWriters/RTFWritingOptions/default``.
    /// - Returns: The RTF.
    public func rtf(options: RTFWritingOptions = .default) -> String {
        RTFWriter(options: options).write(self)
    }
}
