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
    /// Limit: emphasis spans that touch inside an emphasis span of the same kind would need three
    /// delimiter characters (`Fixtures/Fuzz/nested-emphasis-touching`).
    case touchingSpansInsideSameKind
    /// Limit (libcmark-gfm's footnotes): a footnote definition that holds footnote references is
    /// written where libcmark-gfm put it, after the text, so its references come last and the
    /// back-references are numbered in another order (`Fixtures/Fuzz/footnote-reference-inside-definition`).
    case footnoteReferenceInsideDefinition
    /// Limit of libcmark-gfm: emphasis whose text ends in punctuation, directly followed by a
    /// strikethrough, does not close (`*a.*~~b~~` reads `*a.*` and a strikethrough), whatever the
    /// delimiters (`Fixtures/Fuzz/emphasis-touching-strikethrough`); nor does emphasis that ends
    /// in a nested span's delimiter (`_**s**_~~j~~`, `Fixtures/Fuzz/nested-emphasis-before-strikethrough`),
    /// and, mirrored, emphasis right after a strikethrough does not open when its text starts with
    /// punctuation or a nested span (`~~h~~_**t**_`, `Fixtures/Fuzz/nested-emphasis-after-strikethrough`).
    case emphasisBeforeStrikethrough
    /// Limit of libcmark-gfm's footnotes: a footnote reference inside a definition that
    /// libcmark-gfm drops (unreferenced) still counts among the back-references of the footnote it
    /// names, though it is in no document; written out, that reference is gone, and so is the
    /// back-reference (`Fixtures/Fuzz/reference-in-dropped-footnote-definition`); it also takes
    /// the footnote's number, so the footnotes are numbered out of their order in the text
    /// (`Fixtures/Fuzz/footnote-numbered-by-dropped-definition`).
    case referenceInDroppedFootnoteDefinition

    /// Whether this is a limit of Markdown (`true`) or an open bug to fix (`false`).
    public var isSyntaxLimit: Bool {
        switch self {
        case .emphasisNestedThreeDeep, .touchingStrikethroughs, .replacementCharacter, .unreferencedFootnoteDefinition,
            .touchingSpansInsideSameKind, .emphasisBeforeStrikethrough, .footnoteReferenceInsideDefinition,
            .referenceInDroppedFootnoteDefinition:
            return true
        }
    }

    // MARK: - Classification

    /// The first exception that explains a failed round trip, or `nil`.
    /// - Parameters:
    ///   - document: The document whose round trip failed.
    ///   - options: The options it was parsed (and re-parsed) with.
    ///   - written: The Markdown written for it.
    ///   - expectedHTML: libcmark-gfm's HTML of the source, when it was rendered.
    /// - Returns: The exception that explains the failure, if any.
    public static func classify(
        _ document: IntentDocument, options: MarkdownParsingOptions, written: String, expectedHTML: String? = nil
    ) -> RoundTripException? {
        if document.text.unicodeScalars.contains(where: { $0 == "\u{0}" || $0 == "\u{FFFD}" }) {
            return .replacementCharacter
        }
        return footnoteException(document, expectedHTML: expectedHTML) ?? nestedSpanException(document)
            ?? touchingDelimiterException(document)
    }

    /// Footnotes the round trip cannot keep: an unreferenced definition, a reference inside a
    /// definition, a reference in a definition libcmark-gfm dropped (seen in its HTML).
    private static func footnoteException(_ document: IntentDocument, expectedHTML: String?) -> RoundTripException? {
        var definitions = Set<String>()
        var references = Set<String>()
        for run in document.runs {
            if let reference = run.footnoteReference { references.insert(reference) }
            for markup in run.blockMarkup.values { if let label = markup.footnoteLabel { definitions.insert(label) } }
        }
        if !definitions.isSubset(of: references) { return .unreferencedFootnoteDefinition }
        for run in document.runs where run.footnoteReference != nil {
            if run.blockMarkup.values.contains(where: { $0.footnoteLabel != nil }) { return .footnoteReferenceInsideDefinition }
        }
        if let expectedHTML {
            // More back-references than references: some came from a definition libcmark-gfm dropped.
            let backReferences = expectedHTML.components(separatedBy: "data-footnote-backref ").count - 1
            var references = Set<Int>()
            for run in document.runs {
                for span in run.inlineSpans?.spans ?? [] where span.kind == .footnoteReference { references.insert(span.identity) }
            }
            if backReferences > references.count { return .referenceInDroppedFootnoteDefinition }
            // Footnotes are numbered by first reference; a number that first appears out of order
            // was taken by a reference in a dropped definition (`[^i]:[^a]` before `[^b][^a]`:
            // `a` is 1, `b` 2).
            var highest = 0
            for piece in expectedHTML.components(separatedBy: "data-footnote-ref>").dropFirst() {
                guard let number = Int(piece.prefix { $0.isNumber }) else { continue }
                if number > highest + 1 { return .referenceInDroppedFootnoteDefinition }
                highest = max(highest, number)
            }
        }
        return nil
    }

    /// Emphasis nested three deep, or two strikethroughs touching.
    private static func nestedSpanException(_ document: IntentDocument) -> RoundTripException? {
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
        return nil
    }

    /// Touching delimiter spans the writer cannot separate: inside a shared outer span of the
    /// same kind, or emphasis ending in punctuation (or closing two spans) before a strikethrough,
    /// and the mirror.
    private static func touchingDelimiterException(_ document: IntentDocument) -> RoundTripException? {
        let delimiterKinds: Set<InlineSpan.Kind> = [.emphasis, .strongEmphasis, .strikethrough]
        var previous: (spans: [InlineSpan], text: Substring, block: Int?)?
        for run in document.runs where !run.text.isEmpty {
            let delimiters = (run.inlineSpans?.spans ?? []).filter { delimiterKinds.contains($0.kind) }.reversed()
            let spans = Array(delimiters)
            let block = run.presentationIntent?.components.first?.identity
            if let previous, previous.block == block, !previous.spans.isEmpty, !spans.isEmpty, previous.spans != spans {
                // Touching spans inside a shared outer span of the same kind.
                if let outer = previous.spans.first, spans.first == outer,
                    let innerKind = previous.spans.last?.kind, innerKind == outer.kind || spans.last?.kind == outer.kind
                {
                    return .touchingSpansInsideSameKind
                }
                // Emphasis ending in punctuation, then a strikethrough.
                if let last = previous.text.unicodeScalars.last, last.properties.generalCategory.isPunctuationOrSymbol,
                    previous.spans.last?.kind != .strikethrough, spans.last?.kind == .strikethrough
                {
                    return .emphasisBeforeStrikethrough
                }
            }
            if let previous, previous.block == block {
                // The same where the punctuation is a delimiter: emphasis closing two spans at once
                // before a strikethrough opens (`_**s**_~~j~~`), or, mirrored, a strikethrough
                // closing before emphasis that opens two spans or starts with punctuation.
                let emphasisKinds: Set<InlineSpan.Kind> = [.emphasis, .strongEmphasis]
                let closing = previous.spans.filter { !spans.contains($0) }
                let opening = spans.filter { !previous.spans.contains($0) }
                let closingEmphasis = closing.filter { emphasisKinds.contains($0.kind) }.count
                let openingEmphasis = opening.filter { emphasisKinds.contains($0.kind) }.count
                let startsWithPunctuation = run.text.unicodeScalars.first?.properties.generalCategory.isPunctuationOrSymbol ?? false
                if closingEmphasis >= 2, opening.contains(where: { $0.kind == .strikethrough }) {
                    return .emphasisBeforeStrikethrough
                }
                if closing.contains(where: { $0.kind == .strikethrough }),
                    openingEmphasis >= 2 || (openingEmphasis == 1 && startsWithPunctuation)
                {
                    return .emphasisBeforeStrikethrough
                }
            }
            previous = (spans, run.text, block)
        }
        return nil
    }
}

extension Unicode.GeneralCategory {
    /// ASCII and Unicode punctuation and symbols (what CommonMark's flanking rules count).
    var isPunctuationOrSymbol: Bool {
        switch self {
        case .connectorPunctuation, .dashPunctuation, .openPunctuation, .closePunctuation, .initialPunctuation,
            .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol, .modifierSymbol, .otherSymbol:
            return true
        default:
            return false
        }
    }
}
