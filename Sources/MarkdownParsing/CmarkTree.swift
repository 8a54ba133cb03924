internal import CCmarkGFM
internal import CmarkInlinePass
import Foundation
import IntentModel

/// One libcmark-gfm parse: owns the C parser and the document it produced, frees both on deinit.
/// Made by finishing a ``CmarkFeed`` (the inline pass), which a parallel parse does on another
/// thread than the feed's.
final class CmarkTree {
    // MARK: Stored layout

    private let parser: OpaquePointer
    /// The region the parse allocated from; released after the tree and parser are freed.
    private let arena: CmarkArena
    /// The document node; valid while this object lives.
    let root: UnsafeMutablePointer<cmark_node>
    /// The node types of the GFM extensions in this process.
    let extensionTypes: ExtensionNodeTypes
    /// The tasklist extension, to recognise task items.
    let tasklistExtension: UnsafeMutableRawPointer?

    // MARK: Initialisers

    /// Parses `bytes` (valid UTF-8, passed with its length: NUL bytes are input, not terminators),
    /// in an arena unless `inArena` is false (see ``CmarkFeed/init(options:inArena:)``).
    /// - Throws: ``IntentModel/IntentMarkError/parserUnavailable(reason:)`` when libcmark-gfm returns
    ///   no parser or no document.
    convenience init(parsing bytes: UnsafeBufferPointer<UInt8>, options: MarkdownParsingOptions, inArena: Bool = true) throws {
        let parser = try CmarkFeed(options: options, inArena: inArena)
        parser.feed(bytes)
        try self.init(finishing: parser)
    }

    /// Finishes `feed` (its inline pass), taking its parser over.
    /// - Throws: ``IntentModel/IntentMarkError/parserUnavailable(reason:)`` when libcmark-gfm returns
    ///   no document, or `feed` was finished before.
    init(finishing feed: CmarkFeed) throws {
        guard let (parser, arena) = feed.handOver() else {
            throw IntentMarkError.parserUnavailable(reason: "the parser was finished before")
        }
        let parseStart = DispatchTime.now().uptimeNanoseconds
        let finished = arena.withCurrent { Self.finish(parser) }
        LibraryParseClock.add(DispatchTime.now().uptimeNanoseconds &- parseStart)
        guard let root = finished else {
            arena.withCurrent { cmark_parser_free(parser) }
            throw IntentMarkError.parserUnavailable(reason: "cmark_parser_finish returned NULL")
        }
        self.parser = parser
        self.arena = arena
        self.root = root
        self.tasklistExtension = feed.tasklistExtension
        self.extensionTypes = ExtensionNodeTypes(
            table: intentmark_node_type_table(), tableRow: intentmark_node_type_table_row(),
            tableCell: intentmark_node_type_table_cell(), strikethrough: intentmark_node_type_strikethrough())
    }

    /// `cmark_parser_finish` (the inline pass and the last blocks), as this process's
    /// ``InlinePassMode`` allows: as is, bracketed, or alone. Block parsing (`cmark_parser_feed`)
    /// always runs in parallel.
    private static func finish(_ parser: OpaquePointer) -> UnsafeMutablePointer<cmark_node>? {
        switch CmarkRegistry.inlinePassMode {
        case .concurrent:
            return cmark_parser_finish(parser)
        case .bracketed:
            intentmark_inline_pass_begin(parser)
            defer { intentmark_inline_pass_end(parser) }
            return cmark_parser_finish(parser)
        case .serial:
            CmarkRegistry.inlinePassLock.lock()
            defer { CmarkRegistry.inlinePassLock.unlock() }
            return cmark_parser_finish(parser)
        }
    }

    /// libcmark-gfm's own HTML for this tree (`cmark_render_html` with the parser's extensions),
    /// the reference the HTML writer is checked against.
    func renderHTML(unsafe: Bool, footnotes: Bool, smart: Bool) -> String {
        withRenderedHTML(unsafe: unsafe, footnotes: footnotes, smart: smart) { String(cString: $0) } ?? ""
    }

    /// libcmark-gfm's own plain-text rendering (`cmark_render_plaintext`, no line wrapping).
    func renderPlainText() -> String {
        guard let text = arena.withCurrent({ cmark_render_plaintext(root, CMARK_OPT_DEFAULT, 0) }) else { return "" }
        defer { arena.release(text) }
        return String(cString: text)
    }

    /// libcmark-gfm's own CommonMark rendering (`cmark_render_commonmark`, no line wrapping):
    /// the baseline the Markdown writer's round trip is measured against.
    func renderCommonMark(footnotes: Bool) -> String {
        var options: Int32 = CMARK_OPT_DEFAULT
        if footnotes { options |= CMARK_OPT_FOOTNOTES }
        guard let text = arena.withCurrent({ cmark_render_commonmark(root, options, 0) }) else { return "" }
        defer { arena.release(text) }
        return String(cString: text)
    }

    /// Renders HTML with libcmark-gfm and passes the C string (valid until `body` returns).
    func withRenderedHTML<Result>(
        unsafe: Bool, footnotes: Bool, smart: Bool, _ body: (UnsafePointer<CChar>) -> Result
    ) -> Result? {
        var options: Int32 = CMARK_OPT_DEFAULT
        if unsafe { options |= CMARK_OPT_UNSAFE }
        if footnotes { options |= CMARK_OPT_FOOTNOTES }
        if smart { options |= CMARK_OPT_SMART }
        let rendered = arena.withCurrent { cmark_render_html(root, options, cmark_parser_get_syntax_extensions(parser)) }
        guard let html = rendered else { return nil }
        defer { arena.release(html) }
        return body(html)
    }

    deinit {
        arena.withCurrent {
            cmark_node_free(root)
            cmark_parser_free(parser)
        }
    }
}

/// Registers libcmark-gfm's core extensions exactly once per process (the registry is not
/// thread-safe; Swift initialises a `static let` once, under a lock).
enum CmarkRegistry {
    static let registered: Bool = {
        cmark_gfm_core_extensions_ensure_registered()
        return true
    }()

    /// How `cmark_parser_finish` may run on several threads at once in this process, found once
    /// by a probe parse.
    static let inlinePassMode: InlinePassMode = {
        _ = registered
        return InlinePassMode.probed()
    }()

    /// Serialises `cmark_parser_finish` across threads where ``inlinePassMode`` is
    /// ``InlinePassMode/serial`` (see `CmarkTree.init`).
    static let inlinePassLock = NSLock()
}

/// The run-time node types of the GFM extensions (assigned when the extensions register).
struct ExtensionNodeTypes {
    var table: cmark_node_type
    var tableRow: cmark_node_type
    var tableCell: cmark_node_type
    var strikethrough: cmark_node_type
}
