import Foundation
import IntentEditing
import IntentLowering
import IntentModel
import IntentWriters
import MarkdownParsing

/// One output the complexity sweep times: a function from a parsed document to some bytes.
package struct ComplexityOutput: Sendable {
    /// The output's name (`html`, `plainText`, …).
    package var name: String
    /// Produces the output of a document (given with the Markdown it was parsed from, with the
    /// same options); returns its size in bytes (so the work cannot be optimised away).
    package var produce: @Sendable (_ markdown: String, _ document: IntentDocument) -> Int

    /// Every output: the run dump, JSON, HTML, plain text, rich-text and list lowering, Markdown,
    /// RTF, terminal and Foundation's `AttributedString`; and the editing layer: an
    /// ``IncrementalMarkdownDocument`` opened on the Markdown (which gathers its link reference
    /// definitions) and three characters typed: at a line's end, at a line's start, and at the end.
    package static let all: [ComplexityOutput] = [
        ComplexityOutput(name: "runs") { _, document in document.runDump().utf8.count },
        ComplexityOutput(name: "json") { _, document in (try? document.jsonData().count) ?? 0 },
        ComplexityOutput(name: "html") { _, document in HTMLWriter().writeData(document).count },
        ComplexityOutput(name: "plainText") { _, document in document.plainText().utf8.count },
        ComplexityOutput(name: "richText") { _, document in document.lowered(to: .richText).runCount },
        ComplexityOutput(name: "listLowering") { _, document in document.lowered(to: [.richText, .list, .table]).runCount },
        ComplexityOutput(name: "markdown") { _, document in
            document.markdown(options: MarkdownWritingOptions(preservesSource: false)).utf8.count
        },
        ComplexityOutput(name: "rtf") { _, document in RTFWriter().writeData(document).count },
        ComplexityOutput(name: "terminal") { _, document in
            TerminalRenderer(options: TerminalRenderingOptions(width: 80, usesEscapeSequences: false)).render(document).utf8.count
        },
        ComplexityOutput(name: "attributedString") { _, document in document.attributedString().characters.count },
        ComplexityOutput(name: "editing", produce: edited),
    ]

    /// The ``IncrementalMarkdownDocument`` of `markdown`, with `x` typed at the end of the line
    /// that holds its first third (an edit that keeps the block it lands in), then `x` typed at
    /// the start of the line that holds its second third (an edit that may turn a list item,
    /// quote or heading into a paragraph), then `x` appended at its end: its run count, or 0 when
    /// the parser refuses it. The shapes repeat their lines, so each edit lands in a place of the
    /// same kind at every size.
    private static func edited(_ markdown: String, _: IntentDocument) -> Int {
        var options = MarkdownParsingOptions()
        options.limits = .unlimited
        guard var document = try? IncrementalMarkdownDocument(source: markdown, options: options) else { return 0 }
        let utf16 = Array(markdown.utf16)
        let lineEnd = boundary(of: utf16, from: utf16.count / 3, forward: true)
        let lineStart = boundary(of: utf16, from: utf16.count * 2 / 3, forward: false) + 1
        guard (try? document.replace(NSRange(location: lineEnd, length: 0), with: "x")) != nil,
            (try? document.replace(NSRange(location: lineStart, length: 0), with: "x")) != nil,
            (try? document.replace(NSRange(location: utf16.count + 2, length: 0), with: "x")) != nil
        else { return 0 }
        return document.document.runs.count
    }

    /// The UTF-16 offset of the line break at or after `offset` (`forward`; the text's end when
    /// there is none), or of the one before it (otherwise; -1 when there is none).
    private static func boundary(of utf16: [UInt16], from offset: Int, forward: Bool) -> Int {
        var index = forward ? offset : offset - 1
        while index >= 0, index < utf16.count, utf16[index] != 10, utf16[index] != 13 { index += forward ? 1 : -1 }
        return min(index, utf16.count)
    }
}
