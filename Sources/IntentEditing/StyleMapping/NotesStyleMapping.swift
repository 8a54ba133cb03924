import Foundation
import IntentModel

/// The reference mapping, for a notes-style editor (the paragraph and character styles of
/// Apple Notes): used in tests and as an example of ``EditorStyleMapping``.
///
/// | intent | paragraph style |
/// |---|---|
/// | `header(level: 1)` | `title` |
/// | `header(level: 2)` | `heading` |
/// | `header(level: 3…6)` | `subheading` (the smallest heading style) |
/// | `paragraph`, HTML block, footnote text | `body` |
/// | `codeBlock` | `monospaced`, one paragraph per line |
/// | item of an unordered list written with `-` | `dashedList` |
/// | item of another unordered list | `bulletedList` |
/// | item of an ordered list | `numberedList` |
/// | task item | `checklist(isChecked:)` |
/// | paragraph in a block quote | `blockQuote` |
/// | table cell | `body`, one paragraph per cell (Notes' styles have no table) |
/// | thematic break | an empty `body` paragraph |
///
/// A list inside a block quote keeps its list style (the quote is not kept); list depth becomes
/// the indentation level. Character styles: `stronglyEmphasized` ↔ `bold`, `emphasized` ↔
/// `italic`, `code` ↔ `code`, `strikethrough` ↔ `strikethrough`, an underline display attribute ↔
/// `underline`, a link ↔ `link(URL)`; other inline intents (raw HTML) are plain text.
public struct NotesStyleMapping: EditorStyleMapping {
    /// The paragraph styles of a notes editor.
    public enum ParagraphStyle: Hashable, Sendable, Codable {
        /// The note's title (a level 1 header).
        case title
        /// A heading (level 2).
        case heading
        /// A subheading (level 3; levels 4–6 degrade to it).
        case subheading
        /// Body text.
        case body
        /// Monospaced text (a line of a code block).
        case monospaced
        /// An item of a bulleted list.
        case bulletedList
        /// An item of a dashed list.
        case dashedList
        /// An item of a numbered list.
        case numberedList
        /// A checklist item, checked or not.
        case checklist(isChecked: Bool)
        /// A block quote paragraph.
        case blockQuote
    }

    /// The character styles of a notes editor.
    public enum CharacterStyle: Hashable, Sendable, Codable {
        /// Bold.
        case bold
        /// Italic.
        case italic
        /// Underlined.
        case underline
        /// Struck through.
        case strikethrough
        /// Inline code (monospaced).
        case code
        /// A link.
        case link(URL)
    }

    /// Creates the mapping.
    public init() {}

    /// See ``EditorStyleMapping/paragraphFormat(for:markup:)`` and the table above.
    public func paragraphFormat(for intent: PresentationIntent?, markup: [Int: BlockMarkup]) -> ParagraphFormat<ParagraphStyle> {
        guard let components = intent?.components, let leaf = components.first else { return ParagraphFormat(.body) }
        let listDepth = components.filter { component in
            switch component.kind {
            case .orderedList, .unorderedList: return true
            default: return false
            }
        }.count
        let indent = max(0, listDepth - 1)
        switch leaf.kind {
        case .header(let level):
            switch level {
            case ...1: return ParagraphFormat(.title)
            case 2: return ParagraphFormat(.heading)
            default: return ParagraphFormat(.subheading)
            }
        case .codeBlock:
            return ParagraphFormat(.monospaced, indentLevel: indent)
        case .tableCell, .thematicBreak, .tableRow, .tableHeaderRow, .table:
            return ParagraphFormat(.body)
        case .paragraph, .listItem, .blockQuote, .orderedList, .unorderedList:
            break
        @unknown default:
            break
        }
        // The innermost list item decides; else a quote; else body.
        for (position, component) in components.enumerated() {
            switch component.kind {
            case .listItem:
                if let checked = markup[component.identity]?.isTaskChecked {
                    return ParagraphFormat(.checklist(isChecked: checked), indentLevel: indent)
                }
                let list = position + 1 < components.count ? components[position + 1] : nil
                if case .orderedList? = list?.kind { return ParagraphFormat(.numberedList, indentLevel: indent) }
                if let list, markup[list.identity]?.listItemDelimiter == .hyphen {
                    return ParagraphFormat(.dashedList, indentLevel: indent)
                }
                return ParagraphFormat(.bulletedList, indentLevel: indent)
            case .blockQuote:
                if markup[component.identity]?.footnoteLabel != nil { return ParagraphFormat(.body) }
                return ParagraphFormat(.blockQuote)
            default:
                continue
            }
        }
        return ParagraphFormat(.body)
    }

    /// See ``EditorStyleMapping/blocks(for:)``: a list paragraph at indentation `n` is nested
    /// `n + 1` lists deep (outer levels as lists of the same kind).
    public func blocks(for format: ParagraphFormat<ParagraphStyle>) -> [BlockDescription] {
        let levels = max(0, format.indentLevel) + 1
        func listChain(_ list: BlockDescription, item: BlockDescription) -> [BlockDescription] {
            var chain = [BlockDescription(.paragraph)]
            for _ in 0..<levels {
                chain.append(item)
                chain.append(list)
            }
            return chain
        }
        let plainItem = BlockDescription(.listItem(ordinal: 1))
        switch format.style {
        case .title: return [BlockDescription(.header(level: 1))]
        case .heading: return [BlockDescription(.header(level: 2))]
        case .subheading: return [BlockDescription(.header(level: 3))]
        case .body: return [BlockDescription(.paragraph)]
        case .monospaced: return [BlockDescription(.codeBlock(languageHint: nil))]
        case .blockQuote: return [BlockDescription(.paragraph), BlockDescription(.blockQuote)]
        case .bulletedList:
            return listChain(
                BlockDescription(.unorderedList, markup: BlockMarkup(listItemDelimiter: .asterisk, isTight: true)), item: plainItem)
        case .dashedList:
            return listChain(
                BlockDescription(.unorderedList, markup: BlockMarkup(listItemDelimiter: .hyphen, isTight: true)), item: plainItem)
        case .numberedList:
            return listChain(
                BlockDescription(.orderedList, markup: BlockMarkup(listItemDelimiter: .period, isTight: true)), item: plainItem)
        case .checklist(let checked):
            var chain = listChain(
                BlockDescription(.unorderedList, markup: BlockMarkup(listItemDelimiter: .hyphen, isTight: true)), item: plainItem)
            chain[1] = BlockDescription(.listItem(ordinal: 1), markup: BlockMarkup(isTaskChecked: checked))
            return chain
        }
    }

    /// See ``EditorStyleMapping/characterStyles(for:attributes:)``.
    public func characterStyles(for inline: InlinePresentationIntent, attributes: RunAttributes) -> Set<CharacterStyle> {
        var styles = Set<CharacterStyle>()
        if inline.contains(.stronglyEmphasized) { styles.insert(.bold) }
        if inline.contains(.emphasized) { styles.insert(.italic) }
        if inline.contains(.code) { styles.insert(.code) }
        if inline.contains(.strikethrough) { styles.insert(.strikethrough) }
        if let underline = attributes.display?.underlineStyle, !underline.isEmpty { styles.insert(.underline) }
        if let link = attributes.link ?? attributes.linkDestination.flatMap({ URL(string: $0) }) { styles.insert(.link(link)) }
        return styles
    }

    /// See ``EditorStyleMapping/inlineIntents(for:)``.
    public func inlineIntents(for styles: Set<CharacterStyle>) -> (InlinePresentationIntent, RunAttributes) {
        var inline = InlinePresentationIntent()
        var attributes = RunAttributes()
        for style in styles {
            switch style {
            case .bold: inline.insert(.stronglyEmphasized)
            case .italic: inline.insert(.emphasized)
            case .code: inline.insert(.code)
            case .strikethrough: inline.insert(.strikethrough)
            case .underline:
                var display = attributes.display ?? DisplayAttributes()
                display.underlineStyle = .single
                attributes.display = display
            case .link(let url):
                attributes.link = url
            }
        }
        return (inline, attributes)
    }

    /// Monospaced paragraphs are lines of one code block.
    public func joinsLines(of style: ParagraphStyle) -> Bool { style == .monospaced }
}
