import Foundation
import IntentModel
import MarkdownParsing
import SpecCorpus
import Testing

@testable import IntentLowering

/// Raising (display attributes → intents) as the inverse of rich lowering: lower with the default
/// style sheet, raise, and compare what every letter and digit of the text says.
///
/// Lowering is lossy, so the comparison is on **letter intents**: for each letter or digit of the
/// text, in order — the leaf kind (`p`, `h1`…`h6`, `code`; a table cell is `cell` only with
/// `.table`, else `p`), the enclosing lists outermost first (with `.list`: ordered or not and the
/// item's ordinal; flattened: only how many), the block-quote depth, the table row and column (with `.table`), the inline
/// intents emphasized/strong/code/strikethrough, and whether it is in a link. Identities, block
/// boundaries between leaves of the same kind, separators, soft breaks, raw HTML, images and
/// markup are not compared. What lowering cannot carry is normalised on the original's side, as
/// the reader of the lowered text sees it: display strikethrough and monospaced fonts (from
/// `<s>`, `<kbd>`) count as the intents; an image description is emphasized (the image style is
/// italic); a leaf whose every letter is code is a `code` leaf without the code intent; strong
/// emphasis in a header is not compared (bold headers look the same); a flattened table's header
/// row is strong (semibold text); a thematic break has no letters.
@Suite("Raising")
struct RaisingTests {
    static let combinations: [(name: String, options: ResultOptions)] = [
        ("rich", [.richText]), ("rich-list", [.richText, .list]), ("rich-table", [.richText, .table]),
    ]

    struct LetterIntent: Hashable, CustomStringConvertible {
        var character: Character
        var leaf: String
        var lists: [String]
        var quotes: Int
        var inline: UInt
        var isLink: Bool
        var description: String {
            "\(character) \(leaf) lists=\(lists) quotes=\(quotes) inline=\(inline)\(isLink ? " link" : "")"
        }
    }

    static let comparedBits =
        InlinePresentationIntent.emphasized.rawValue | InlinePresentationIntent.stronglyEmphasized.rawValue
        | InlinePresentationIntent.code.rawValue | InlinePresentationIntent.strikethrough.rawValue

    /// The name of a run's leaf (`p`, `h2`, `code`, `cell row 1 col 0`) and its identity; a
    /// flattened table row (without `.table`) is the leaf of its cells.
    static func leafName(_ components: [PresentationIntent.IntentType], options: ResultOptions) -> (String, Int) {
        var leaf = "p"
        var leafIdentity = 0
        if let first = components.first {
            leafIdentity = first.identity
            switch first.kind {
            case .header(let level): leaf = "h\(level)"
            case .codeBlock: leaf = "code"
            case .tableCell(let column):
                if options.contains(.table) {
                    var row = "?"
                    if components.count > 1 {
                        switch components[1].kind {
                        case .tableHeaderRow: row = "head"
                        case .tableRow(let index): row = "row \(index)"
                        default: break
                        }
                    }
                    leaf = "cell \(row) col \(column)"
                } else if components.count > 1 {
                    // A flattened row is one line: the row is the leaf.
                    leafIdentity = components[1].identity
                }
            case .paragraph, .listItem, .orderedList, .unorderedList, .blockQuote, .thematicBreak, .table,
                .tableHeaderRow, .tableRow:
                break
            }
        }
        return (leaf, leafIdentity)
    }

    /// The lists (`ol 2`, `ul 1`, or `li` when flattened) and the quote depth around a run.
    static func containerNames(_ components: [PresentationIntent.IntentType], options: ResultOptions) -> ([String], Int) {
        var lists: [String] = []
        var quotes = 0
        for (index, component) in components.enumerated().reversed() {
            switch component.kind {
            case .blockQuote: quotes += 1
            case .listItem(let ordinal):
                var ordered = false
                if index + 1 < components.count, case .orderedList = components[index + 1].kind { ordered = true }
                // Flattened lists write only the innermost item's marker: their depth is compared.
                lists.append(options.contains(.list) ? (ordered ? "ol" : "ul") + " \(ordinal)" : "li")
            default: break
            }
        }
        return (lists, quotes)
    }

    /// A run's compared inline bits; `isOriginal` adds what lowering turns display attributes into
    /// (strikethrough, monospaced code, images as emphasis, a flattened header row as strong).
    static func comparedBits(
        of run: IntentDocument.Run, components: [PresentationIntent.IntentType], options: ResultOptions, isOriginal: Bool
    ) -> UInt {
        var bits = run.inlinePresentationIntent.rawValue & comparedBits
        if isOriginal {
            if let strike = run.attributes.display?.strikethroughStyle, !strike.isEmpty {
                bits |= InlinePresentationIntent.strikethrough.rawValue
            }
            if run.attributes.display?.font?.design == .monospaced { bits |= InlinePresentationIntent.code.rawValue }
            if run.attributes.imageSource != nil || run.attributes.imageURL != nil {
                bits |= InlinePresentationIntent.emphasized.rawValue
            }
            // A flattened header row is a line of semibold text.
            if !options.contains(.table), components.count > 1, case .tableHeaderRow = components[1].kind {
                bits |= InlinePresentationIntent.stronglyEmphasized.rawValue
            }
        }
        return bits
    }

    /// The letter intents of `document`; `isOriginal` applies the normalisations described above.
    static func letterIntents(_ document: IntentDocument, options: ResultOptions, isOriginal: Bool) -> [LetterIntent] {
        var result: [LetterIntent] = []
        var leafOfLetter: [Int] = []
        var codeLetters: [Int: (all: Int, code: Int)] = [:]
        for run in document.runs {
            let components = run.presentationIntent?.components ?? []
            let (leaf, leafIdentity) = leafName(components, options: options)
            let (lists, quotes) = containerNames(components, options: options)
            var bits = comparedBits(of: run, components: components, options: options, isOriginal: isOriginal)
            if leaf.hasPrefix("h") { bits &= ~InlinePresentationIntent.stronglyEmphasized.rawValue }
            let isLink = run.attributes.link != nil || run.attributes.linkDestination != nil
            if run.attributes.isBlockSeparator || run.attributes.isPlaceholder { continue }
            for character in run.text where character.isLetter || character.isNumber {
                result.append(LetterIntent(character: character, leaf: leaf, lists: lists, quotes: quotes, inline: bits, isLink: isLink))
                leafOfLetter.append(leafIdentity)
                codeLetters[leafIdentity, default: (0, 0)].all += 1
                if bits & InlinePresentationIntent.code.rawValue != 0 || leaf == "code" {
                    codeLetters[leafIdentity, default: (0, 0)].code += 1
                }
            }
        }
        // A leaf all in code is a code leaf (lowering gives both the same monospaced lines).
        for index in result.indices {
            let counts = codeLetters[leafOfLetter[index]] ?? (0, 0)
            if counts.all == counts.code, !result[index].leaf.hasPrefix("cell") {
                result[index].leaf = "code"
                result[index].inline &= ~InlinePresentationIntent.code.rawValue
                result[index].inline &= ~InlinePresentationIntent.stronglyEmphasized.rawValue
                result[index].inline &= ~InlinePresentationIntent.emphasized.rawValue
            }
        }
        return result
    }

    /// `nil` when lowering `document` to `options` and raising gives the same letter intents, or a
    /// description of the first difference.
    static func difference(_ document: IntentDocument, options: ResultOptions) -> String? {
        let raised = document.lowered(to: options).raised()
        // Lowering shows raw HTML as plain text does (tags and comments gone) and alerts with their
        // titles: the letters to raise are those of the rendered document.
        let expected = letterIntents(document.renderingRawHTML().showingAlertTitles(), options: options, isOriginal: true)
        let actual = letterIntents(raised, options: options, isOriginal: false)
        if expected == actual { return nil }
        let first = zip(expected, actual).prefix { $0 == $1 }.count
        let context = String(expected[max(0, first - 20)..<min(expected.count, first + 10)].map(\.character))
        return "letter \(first) of \(expected.count) (\(actual.count) raised) near \"\(context)\": expected "
            + (first < expected.count ? expected[first].description : "end") + ", raised "
            + (first < actual.count ? actual[first].description : "end")
    }

    @Test("lowering then raising keeps the letter intents of every fixture", arguments: ParsingFixtures.names)
    func fixturesRoundTrip(name: String) throws {
        let document = try IntentDocument(markdown: ParsingFixtures.source(name), options: ParsingFixtures.options(name))
        guard document.runs.contains(where: { $0.presentationIntent != nil }) else { return }
        for (label, options) in Self.combinations {
            if let difference = Self.difference(document, options: options) {
                Issue.record("\(name) \(label): \(difference)")
            }
        }
    }

    @Test(
        "lowering then raising keeps the letter intents of the spec examples",
        arguments: ["cmark-gfm-0.29.0.gfm.6/spec.txt", "cmark-gfm-0.29.0.gfm.6/extensions.txt"])
    func specExamplesRoundTrip(file: String) throws {
        var failures: [String] = []
        var count = 0
        for example in try SpecExamples.fixture(file) where !example.isDisabled {
            let document = try IntentDocument(markdown: example.markdown)
            for (label, options) in Self.combinations {
                count += 1
                if let difference = Self.difference(document, options: options) {
                    failures.append("\(example.testDescription) \(label): \(difference)")
                }
            }
        }
        print("raising \(file): \(count - failures.count)/\(count) identical")
        #expect(failures.isEmpty, "\(failures.count) differences:\n\(failures.prefix(40).joined(separator: "\n"))")
    }

    @Test("Items that begin with a nested list raise back with every marker's item, and marker-like text stays text")
    func itemsStartingWithNestedListsRaiseBack() throws {
        for markdown in [
            "1. first\n2. 1. nested a\n   2. nested b\n3. third\n", "- x\n  - a. b\n", "- a. b\n", "- - - deep\n  - next\n",
            "- > quoted\n- plain\n",
        ] {
            let document = try IntentDocument(markdown: markdown)
            for (label, options) in Self.combinations {
                #expect(Self.difference(document, options: options) == nil, "\(markdown.debugDescription) \(label)")
            }
        }
    }

    @Test func aBoldLargerParagraphIsAHeaderAndMarkersGo() throws {
        var rich = IntentDocument()
        let big = DisplayAttributes(font: FontDescriptor(size: 24, weight: .bold))
        rich.append("Title", attributes: RunAttributes(display: big))
        rich.append("\nplain ")
        rich.append("bold", attributes: RunAttributes(display: DisplayAttributes(font: FontDescriptor(size: 17, weight: .bold))))
        rich.append("\n")
        let raised = rich.raised()
        #expect(raised.text == "Title\nplain bold\n")
        #expect(raised.runs.first?.presentationIntent?.components.first?.kind == .header(level: 2))
        #expect(raised.runs.first { $0.text == "bold" }?.inlinePresentationIntent == .stronglyEmphasized)
    }

    @Test func listsTablesAndTasksComeBack() throws {
        let source = "1. one\n2. [x] two\n   - inner\n\n| a | b |\n|:-:|--:|\n| 1 | 2 |\n"
        let document = try IntentDocument(markdown: source)
        let raised = document.lowered(to: [.richText, .list, .table]).raised()
        #expect(raised.text == "one\ntwo\ninner\na\tb\n1\t2\n")
        let two = try #require(raised.runs.first { $0.text == "two" })
        #expect(two.presentationIntent?.components.map(\.kind) == [.paragraph, .listItem(ordinal: 2), .orderedList])
        #expect(two.blockMarkup.values.first?.isTaskChecked == true)
        let inner = try #require(raised.runs.first { $0.text == "inner" })
        #expect(
            inner.presentationIntent?.components.map(\.kind)
                == [.paragraph, .listItem(ordinal: 1), .unorderedList, .listItem(ordinal: 2), .orderedList])
        let cell = try #require(raised.runs.first { $0.text == "2" })
        #expect(
            cell.presentationIntent?.components.map(\.kind)
                == [
                    .tableCell(columnIndex: 1), .tableRow(rowIndex: 1),
                    .table(columns: [.init(alignment: .center), .init(alignment: .right)]),
                ])
    }

    @Test func attributedStringsRaiseToo() throws {
        let rich = try IntentDocument(markdown: "# T\n\n`code`x\n").lowered(to: .richText).attributedString()
        let raised = IntentDocument(rich.raised())
        #expect(raised.runs.first?.presentationIntent?.components.first?.kind == .header(level: 1))
        #expect(raised.runs.first { $0.text == "code" }?.inlinePresentationIntent == .code)
    }
}
