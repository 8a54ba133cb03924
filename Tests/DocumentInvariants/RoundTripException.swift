import IntentModel
import MarkdownParsing

/// Why the Markdown round trip of a document may not be exact: a limit of Markdown itself (see the
/// README's "Markdown writer" section and ``IntentWriters/MarkdownWriter``), or an open bug already
/// recorded as a fixture in `Fixtures/Fuzz/` (listed in its README). The fuzz driver does not stop
/// on these, so that a run goes on to find new failures.
public enum RoundTripException: String, Sendable, CaseIterable {
    /// Limit: emphasis nested three deep (`*`/`**` spans in each other) with only punctuation
    /// between the delimiters; CommonMark's two delimiter characters cannot keep three levels apart.
    case emphasisNestedThreeDeep
    /// Limit: two strikethrough spans that touch read back as one.
    case touchingStrikethroughs
    /// Limit: NUL reads back as U+FFFD, and U+FFFD in the text may come from NUL or invalid input.
    case replacementCharacter
    /// Limit (libcmark-gfm's footnotes): a footnote definition that nothing in the document
    /// references (it was referenced only from a definition libcmark-gfm dropped as unreferenced,
    /// as in `[^r]:[^t]⏎[^t]:`) is dropped when the written Markdown is read back
    /// (`Fixtures/Fuzz/unreferenced-footnote-definition`).
    case unreferencedFootnoteDefinition
    /// Open writer bug: in whitespace-preserving inline-only documents, the whitespace after a
    /// line ending (kept in the soft or hard break's run) is not written (`Fixtures/Fuzz/preserved-indentation`).
    case preservedIndentationAfterLineBreak
    /// Open parser bug: inline-only syntax escapes a line that starts with three backticks or
    /// tildes even when it cannot open a fence, which turns a code span into literal text
    /// (`Fixtures/Fuzz/inline-only-backtick-line`).
    case inlineOnlyFenceLikeLine

    /// Open writer bug: inline HTML that could start an HTML block (`<div>`, `<td>`, `<!--`, or
    /// any tag at the start of a paragraph), at the start of a paragraph or after a line break in
    /// one, is written at the start of a line, where it does start one
    /// (`Fixtures/Fuzz/open/inline-html-at-line-start`, `inline-html-starting-a-paragraph`).
    case inlineHTMLAtLineStart
    /// Open writer bug: a paragraph line made of `|`, `:` and `-` after one whose `|` the writer
    /// escapes reads back as a table (`Fixtures/Fuzz/open/paragraph-becomes-table`).
    case tableDelimiterLikeLine
    /// Open writer bug: emphasis, strong emphasis or strikethrough nested in or touching another
    /// such span can get delimiters that read back differently (`*s*i*t*` for `_s*i*t_`;
    /// `Fixtures/Fuzz/open/nested-emphasis*`, `emphasis-touching-strikethrough`).
    case nestedOrTouchingDelimiterSpans
    /// Open writer bug: a code block whose info string starts with the fence character (`~~~ ~`)
    /// is written with the info string run into the fence (`~~~~`), so the closing fence is
    /// shorter than the opening one and the info string loses a character
    /// (`Fixtures/Fuzz/open/empty-code-block-info`, `code-block-info-starting-with-tilde`).
    case codeBlockInfoStartingWithFenceCharacter
    /// Open writer bug: list items nested in each other with nothing else on their first line are
    /// written `- - -`, which is a thematic break (`Fixtures/Fuzz/open/nested-empty-list-items`).
    case nestedListMarkersFormThematicBreak
    /// Open writer bug: hard line breaks in a row (one run, `\u{2028}\u{2028}` in layout `.none`)
    /// are written as one break (`Fixtures/Fuzz/open/adjacent-hard-breaks`).
    case adjacentHardBreaks

    /// Whether this is a limit of Markdown (`true`) or a bug to fix (`false`).
    public var isSyntaxLimit: Bool {
        switch self {
        case .emphasisNestedThreeDeep, .touchingStrikethroughs, .replacementCharacter, .unreferencedFootnoteDefinition:
            return true
        case .preservedIndentationAfterLineBreak, .inlineOnlyFenceLikeLine, .inlineHTMLAtLineStart,
            .tableDelimiterLikeLine, .nestedOrTouchingDelimiterSpans, .codeBlockInfoStartingWithFenceCharacter,
            .nestedListMarkersFormThematicBreak, .adjacentHardBreaks:
            return false
        }
    }

    // MARK: - Classification

    /// The first exception that explains a failed round trip, or `nil`.
    /// - Parameters:
    ///   - document: The document whose round trip failed.
    ///   - options: The options it was parsed (and re-parsed) with.
    ///   - written: The Markdown written for it.
    /// - Returns: The exception that explains the failure, if any.
    public static func classify(
        _ document: IntentDocument, options: MarkdownParsingOptions, written: String
    ) -> RoundTripException? {
        if document.text.unicodeScalars.contains(where: { $0 == "\u{0}" || $0 == "\u{FFFD}" }) {
            return .replacementCharacter
        }
        var definitions = Set<String>()
        var references = Set<String>()
        for run in document.runs {
            if let reference = run.footnoteReference { references.insert(reference) }
            for markup in run.blockMarkup.values { if let label = markup.footnoteLabel { definitions.insert(label) } }
        }
        if !definitions.isSubset(of: references) { return .unreferencedFootnoteDefinition }
        var previousStrikethrough: Int?
        for run in document.runs {
            let spans = run.inlineSpans?.spans ?? []
            if spans.filter({ $0.kind == .emphasis || $0.kind == .strongEmphasis }).count >= 3 {
                return .emphasisNestedThreeDeep
            }
            let strikethrough = spans.first { $0.kind == .strikethrough }?.identity
            if let strikethrough, let previousStrikethrough, strikethrough != previousStrikethrough, !run.text.isEmpty {
                return .touchingStrikethroughs
            }
            if !run.text.isEmpty { previousStrikethrough = strikethrough }
        }
        if options.interpretedSyntax == .inlineOnlyPreservingWhitespace,
            document.runs.contains(where: {
                !$0.inlinePresentationIntent.isDisjoint(with: [.softBreak, .lineBreak]) && $0.text != "\n" && $0.text != "\r\n" && $0.text != "\r"
            })
        {
            return .preservedIndentationAfterLineBreak
        }
        if options.interpretedSyntax != .full,
            written.split(separator: "\n").contains(where: {
                let line = $0.drop { $0 == " " }
                return line.hasPrefix("```") || line.hasPrefix("~~~")
            })
        {
            return .inlineOnlyFenceLikeLine
        }
        if document.runs.contains(where: { run in
            run.inlinePresentationIntent.contains(.lineBreak)
                && run.text.unicodeScalars.filter({ $0 == "\n" || $0 == "\u{2028}" }).count > 1
        }) {
            return .adjacentHardBreaks
        }
        let delimiterKinds: Set<InlineSpan.Kind> = [.emphasis, .strongEmphasis, .strikethrough]
        var previous: (spans: [Int], isBreak: Bool, block: Int?)?
        for run in document.runs where !run.text.isEmpty {
            let delimiters = (run.inlineSpans?.spans ?? []).filter { delimiterKinds.contains($0.kind) }.map(\.identity)
            if delimiters.count >= 2 { return .nestedOrTouchingDelimiterSpans }
            if let previous, !previous.spans.isEmpty, !delimiters.isEmpty, previous.spans != delimiters {
                return .nestedOrTouchingDelimiterSpans
            }
            let block = run.presentationIntent?.components.first?.identity
            if run.inlinePresentationIntent.contains(.inlineHTML), previous == nil || previous?.isBreak == true || previous?.block != block {
                return .inlineHTMLAtLineStart
            }
            if case .codeBlock(let hint)? = run.presentationIntent?.components.first?.kind,
                let first = hint?.first, first == "~" || first == "`"
            {
                return .codeBlockInfoStartingWithFenceCharacter
            }
            previous = (delimiters, !run.inlinePresentationIntent.isDisjoint(with: [.softBreak, .lineBreak]), block)
        }
        if written.split(separator: "\n").contains(where: { line in
            let marks = line.filter { $0 != " " && $0 != "\t" }
            return marks.count >= 3 && Set(marks).count == 1 && (marks.first == "-" || marks.first == "*" || marks.first == "_")
        }), !document.runs.contains(where: {
            if case .thematicBreak? = $0.presentationIntent?.components.first?.kind { return true }
            return false
        }) {
            return .nestedListMarkersFormThematicBreak
        }
        if options.extensions.contains(.table),
            written.split(separator: "\n").contains(where: { line in
                line.contains("-") && line.allSatisfy { $0 == "|" || $0 == ":" || $0 == "-" || $0 == " " || $0 == "\\" }
            })
        {
            return .tableDelimiterLikeLine
        }
        return nil
    }
}
