import IntentModel
import MarkdownParsing

/// The conventions a document's Markdown source follows, learned for the blocks the writer
/// writes anew in it (``MarkdownWritingOptions/learnsConventions``).
///
/// Bullets, ordered-list delimiters and fence characters come from the block markup the parser
/// recorded in the blocks no edit touched; emphasis and strong delimiters, heading style and
/// hard-break style and list item indent from the source (``MarkdownParsing/MarkdownConventionCounts``, one more parse
/// of it, with its front matter blanked as the parser blanks it), and table padding from the text
/// of the tables that parse finds (``MarkdownTablePadding/isPadded(_:)``). For each, the spelling the source uses most wins; with no example or a tie, the
/// option stays.
enum MarkdownConventions {
    /// `options` with every convention the source of `document` shows.
    static func learned(_ options: MarkdownWritingOptions, from document: IntentDocument, map: MarkdownSourceMap) -> MarkdownWritingOptions
    {
        var learned = options
        var bullets: [ListItemDelimiter: Int] = [:]
        var ordered: [ListItemDelimiter: Int] = [:]
        var fences: [String: Int] = [:]
        // Only blocks as the source wrote them: inside a top-level block the source has and no
        // edit touched.
        for block in document.blockIDs
        where map.fingerprints[document.identity(of: document.topLevelBlock(of: block))]?.isEdited == false {
            let markup = document.markup(of: block)
            switch document.kind(of: block) {
            case .unorderedList: if let delimiter = markup?.listItemDelimiter { bullets[delimiter, default: 0] += 1 }
            case .orderedList: if let delimiter = markup?.listItemDelimiter { ordered[delimiter, default: 0] += 1 }
            case .codeBlock: if let fence = markup?.codeFence { fences[fence.character, default: 0] += 1 }
            case .paragraph, .header, .listItem, .blockQuote, .thematicBreak, .table, .tableHeaderRow, .tableRow, .tableCell:
                break
            @unknown default:
                break
            }
        }
        learned.bulletMarker =
            majority([.hyphen: bullets[.hyphen] ?? 0, .asterisk: bullets[.asterisk] ?? 0, .plus: bullets[.plus] ?? 0])
            ?? options.bulletMarker
        learned.orderedListDelimiter =
            majority([.period: ordered[.period] ?? 0, .parenthesis: ordered[.parenthesis] ?? 0]) ?? options.orderedListDelimiter
        learned.codeFenceCharacter = majority([.backtick: fences["`"] ?? 0, .tilde: fences["~"] ?? 0]) ?? options.codeFenceCharacter
        guard let counts = try? MarkdownConventionCounts(counting: frontMatterBlanked(document, map: map)) else { return learned }
        learned.emphasisMarker =
            majority([.asterisk: counts.asteriskEmphasis, .underscore: counts.underscoreEmphasis]) ?? options.emphasisMarker
        learned.strongMarker = majority([.asterisk: counts.asteriskStrong, .underscore: counts.underscoreStrong]) ?? options.strongMarker
        learned.headingStyle = majority([.atx: counts.atxHeadings, .setext: counts.setextHeadings]) ?? options.headingStyle
        learned.hardBreakStyle = majority([.backslash: counts.backslashBreaks, .spaces: counts.spaceBreaks]) ?? options.hardBreakStyle
        learned.listItemIndent = majority([.oneSpace: counts.oneSpaceItems, .tabStop: counts.tabStopItems]) ?? options.listItemIndent
        let source = map.source
        let padding = counts.tables.compactMap { range in
            range.upperBound <= source.count ? MarkdownTablePadding.isPadded(source[range]) : nil
        }
        learned.padsTableColumns =
            majority([true: padding.filter { $0 }.count, false: padding.filter { !$0 }.count]) ?? options.padsTableColumns
        return learned
    }

    /// The value counted most often, or `nil` when none was counted or two share the most.
    static func majority<Value: Hashable>(_ counts: [Value: Int]) -> Value? {
        guard let most = counts.values.max(), most > 0, counts.values.filter({ $0 == most }).count == 1 else { return nil }
        return counts.first { $0.value == most }?.key
    }

    /// The source as libcmark-gfm read it: its front matter blanked, so that `---` lines are not
    /// read as a setext underline.
    static func frontMatterBlanked(_ document: IntentDocument, map: MarkdownSourceMap) -> [UInt8] {
        guard let range = document.frontMatter?.sourceRange else { return map.source }
        return FrontMatterScanner.blanking(range, in: map.source)
    }
}
