internal import CCmarkGFM
internal import CmarkInlinePass
import Foundation
import IntentModel

/// A libcmark-gfm parser with the options' extensions attached, being fed: the block pass of a
/// parse, before ``CmarkTree/init(finishing:)`` runs the inline pass. A parallel parse feeds
/// every piece of a document before it finishes any (``ParallelParse``); frees the parser on
/// deinit unless a tree took it over.
final class CmarkFeed {
    // MARK: Stored layout

    /// `nil` once a tree has taken the parser over.
    private(set) var parser: OpaquePointer?
    /// The region the parse allocates from, handed over with the parser.
    private var arena: CmarkArena?
    /// The tasklist extension, when attached, to recognise task items.
    let tasklistExtension: UnsafeMutableRawPointer?
    /// Whether the blocks read so far hold a footnote definition, as of the last
    /// ``checkFootnoteDefinitions()``.
    private(set) var holdsFootnoteDefinition = false

    // MARK: Initialisers

    /// A parser with the extensions and libcmark-gfm options `options` ask for, allocating in an
    /// arena of its own (``CmarkArena``) unless `inArena` is false (the benchmarks' C baseline,
    /// which allocates node by node as libcmark-gfm does).
    /// - Throws: ``IntentModel/IntentMarkError/parserUnavailable(reason:)`` when libcmark-gfm returns
    ///   no parser or an extension is not registered.
    init(options: MarkdownParsingOptions, inArena: Bool = true) throws {
        _ = CmarkRegistry.registered
        let arena = CmarkArena(enabled: inArena)
        var cmarkOptions: Int32 = CMARK_OPT_DEFAULT
        if options.extensions.contains(.footnotes) { cmarkOptions |= CMARK_OPT_FOOTNOTES }
        if options.smartPunctuation { cmarkOptions |= CMARK_OPT_SMART }
        // Whitespace-preserving inline-only syntax gives each line break the indentation of the
        // line it starts, found from the end line of the node before it. libcmark-gfm counts the
        // line endings inside code spans and inline HTML (and moves on the line of everything
        // after them) only with CMARK_OPT_SOURCEPOS; without it a break after inline HTML over
        // two lines took the indentation of the wrong line.
        if options.interpretedSyntax == .inlineOnlyPreservingWhitespace { cmarkOptions |= CMARK_OPT_SOURCEPOS }
        // The parser and its list of extensions are the arena's first blocks.
        let (parser, tasklist) = try arena.withCurrent { () throws -> (OpaquePointer, UnsafeMutableRawPointer?) in
            guard let parser = cmark_parser_new_with_mem(cmarkOptions, arena.allocator) else {
                throw IntentMarkError.parserUnavailable(reason: "cmark_parser_new_with_mem returned NULL")
            }
            var tasklist: UnsafeMutableRawPointer? = nil
            for (name, option) in MarkdownExtensions.named where options.extensions.contains(option) && option != .footnotes {
                guard let syntaxExtension = cmark_find_syntax_extension(name) else {
                    cmark_parser_free(parser)
                    throw IntentMarkError.parserUnavailable(reason: "extension '\(name)' is not registered")
                }
                cmark_parser_attach_syntax_extension(parser, syntaxExtension)
                if option == .tasklist { tasklist = UnsafeMutableRawPointer(syntaxExtension) }
            }
            return (parser, tasklist)
        }
        self.parser = parser
        self.arena = arena
        self.tasklistExtension = tasklist
    }

    // MARK: Feeding

    /// Feeds `bytes` (valid UTF-8, passed with its length: NUL bytes are input), in pieces of at
    /// most 1 GiB (`cmark_parser_feed` takes a `size_t` but keeps buffer sizes in 32-bit ints).
    /// Does nothing once a tree has taken the parser over.
    func feed(_ bytes: UnsafeBufferPointer<UInt8>) {
        guard let parser, let arena, let base = bytes.baseAddress, bytes.count > 0 else { return }
        let start = DispatchTime.now().uptimeNanoseconds
        base.withMemoryRebound(to: CChar.self, capacity: bytes.count) { pointer in
            arena.withCurrent {
                var offset = 0
                while offset < bytes.count {
                    let length = min(bytes.count - offset, 1 << 30)
                    cmark_parser_feed(parser, pointer + offset, length)
                    offset += length
                }
            }
        }
        LibraryParseClock.add(DispatchTime.now().uptimeNanoseconds &- start)
    }

    /// Walks the blocks read so far for a footnote definition (``holdsFootnoteDefinition``).
    func checkFootnoteDefinitions() {
        guard let parser else { return }
        holdsFootnoteDefinition = intentmark_parser_has_footnote_definition(parser)
    }

    /// The parser and the arena it allocates from, which the caller now owns (the arena must
    /// outlive the parser and its document); `nil` when they were handed over before.
    func handOver() -> (parser: OpaquePointer, arena: CmarkArena)? {
        defer {
            parser = nil
            arena = nil
        }
        guard let parser, let arena else { return nil }
        return (parser, arena)
    }

    deinit {
        if let parser, let arena { arena.withCurrent { cmark_parser_free(parser) } }
    }
}
