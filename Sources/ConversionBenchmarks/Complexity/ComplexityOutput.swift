import Foundation
import IntentLowering
import IntentModel
import IntentWriters

/// One output the complexity sweep times: a function from a parsed document to some bytes.
package struct ComplexityOutput: Sendable {
    /// The output's name (`html`, `plainText`, …).
    package var name: String
    /// Produces the output; returns its size in bytes (so the work cannot be optimised away).
    package var produce: @Sendable (IntentDocument) -> Int

    /// Every output: the run dump, JSON, HTML, plain text, rich-text and list lowering, Markdown,
    /// RTF, terminal and Foundation's `AttributedString`.
    package static let all: [ComplexityOutput] = [
        ComplexityOutput(name: "runs") { $0.runDump().utf8.count },
        ComplexityOutput(name: "json") { (try? $0.jsonData().count) ?? 0 },
        ComplexityOutput(name: "html") { HTMLWriter().writeData($0).count },
        ComplexityOutput(name: "plainText") { $0.plainText().utf8.count },
        ComplexityOutput(name: "richText") { $0.lowered(to: .richText).runCount },
        ComplexityOutput(name: "listLowering") { $0.lowered(to: [.richText, .list, .table]).runCount },
        ComplexityOutput(name: "markdown") { $0.markdown(options: MarkdownWritingOptions(preservesSource: false)).utf8.count },
        ComplexityOutput(name: "rtf") { RTFWriter().writeData($0).count },
        ComplexityOutput(name: "terminal") {
            TerminalRenderer(options: TerminalRenderingOptions(width: 80, usesEscapeSequences: false)).render($0).utf8.count
        },
        ComplexityOutput(name: "attributedString") { $0.attributedString().characters.count },
    ]
}
