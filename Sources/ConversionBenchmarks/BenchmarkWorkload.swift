import Foundation
import IntentLowering
import IntentModel
import IntentWriters
import MarkdownParsing

/// One input prepared for timing: its text, its UTF-8 bytes and, once a task needs them, the parsed
/// `IntentDocument` and libcmark-gfm tree. ``run(_:)`` performs one task once, the same way for
/// in-process timing, the size sweep and the memory children.
package final class BenchmarkWorkload {
    // MARK: - Stored layout

    /// The input as a `String` (invalid UTF-8 repaired).
    package let text: String
    /// The same as UTF-8 bytes, for libcmark-gfm.
    package let bytes: [UInt8]
    /// Parsing options (extensions) for both the library and the baselines.
    package let options: MarkdownParsingOptions
    private let repaired: MarkdownParsingOptions
    private var parsedDocument: IntentDocument?
    private var parsedTree: ReferenceTree?

    // MARK: - Initialisers

    /// Prepares `markdown` (UTF-8; invalid bytes are repaired).
    package init(markdown: Data, options: MarkdownParsingOptions = .default) {
        text = String(decoding: markdown, as: UTF8.self)
        bytes = Array(text.utf8)
        self.options = options
        var repaired = options
        repaired.failurePolicy = .returnPartiallyParsedIfPossible
        self.repaired = repaired
    }

    // MARK: - Running

    /// The input size in megabytes (10⁶ bytes): throughputs divide this by seconds.
    package var megabytes: Double { Double(bytes.count) / 1_000_000 }

    /// The parsed document the writing stages start from (parsed on first use).
    /// - Throws: The parser's errors.
    package func document() throws -> IntentDocument {
        if let parsedDocument { return parsedDocument }
        let document = try IntentDocument(markdown: text, options: repaired)
        parsedDocument = document
        return document
    }

    /// Builds what `task` starts from (the document, the C tree) so that ``run(_:)`` times the
    /// task alone.
    /// - Throws: The parser's errors.
    package func prepare(_ task: BenchmarkTask) throws {
        if task.needsDocument { _ = try document() }
        if task == .baseline(.html), parsedTree == nil {
            parsedTree = try bytes.withUnsafeBufferPointer { try ReferenceTree(parsing: $0, options: options) }
        }
    }

    /// Performs `task` once on this input, discarding its output.
    /// - Throws: The parser's errors.
    package func run(_ task: BenchmarkTask) throws {
        try prepare(task)
        switch task {
        case .stage(let stage):
            switch stage {
            case .parse:
                var serial = repaired
                serial.maximumParsingThreads = 1
                _ = try IntentDocument(markdown: text, options: serial)
            case .parseParallel:
                _ = try IntentDocument(markdown: text, options: repaired)
            case .parseNone:
                var flat = repaired
                flat.blockSeparation = .none
                flat.maximumParsingThreads = 1
                _ = try IntentDocument(markdown: text, options: flat)
            case .html:
                _ = HTMLWriter().writeData(try document())
            case .plain:
                _ = try document().plainText()
            case .rich:
                _ = try document().lowered(to: .richText)
            case .attributedString:
                _ = IntentDocument(try document().attributedString())
            case .markdown:
                // Every block written anew (from source, writing is a copy of the source).
                _ = try document().markdown(options: MarkdownWritingOptions(preservesSource: false))
            case .rtf:
                _ = RTFWriter().writeData(try document())
            case .json:
                _ = try document().jsonData()
            }
        case .baseline(let baseline):
            switch baseline {
            case .parse:
                _ = try bytes.withUnsafeBufferPointer { try ReferenceTree(parsing: $0, options: options) }
            case .parseAndHTML:
                _ = try bytes.withUnsafeBufferPointer { try ReferenceTree(parsing: $0, options: options).renderHTMLByteCount() }
            case .html:
                _ = parsedTree?.renderHTMLByteCount()
            }
        }
    }
}
