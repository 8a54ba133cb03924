import Foundation
import IntentLowering
import IntentModel
import MarkdownParsing
import SpecCorpus
import Testing

/// Lowering to each result-option combination, golden-tested over every parsing fixture, with both
/// layouts giving the same result.
@Suite("Lowering")
struct LoweringTests {

    static let combinations: [(name: String, options: ResultOptions)] = [
        ("rich", [.richText]), ("rich-list", [.richText, .list]), ("rich-table", [.richText, .table]),
        ("intents", [.presentationIntent]), ("plain-only", [.plainText]),
    ]

    @Test("lowered documents match the goldens, identical for both layouts", arguments: ParsingFixtures.names)
    func matchesGoldens(name: String) throws {
        var options = try ParsingFixtures.options(name)
        let source = try ParsingFixtures.source(name)
        let document = try IntentDocument(markdown: source, options: options)
        options.blockSeparation = .none
        let flat = try IntentDocument(markdown: source, options: options)
        var dumps = ""
        for (label, resultOptions) in Self.combinations {
            let lowered = document.lowered(to: resultOptions)
            if resultOptions != [.presentationIntent] {
                #expect(flat.lowered(to: resultOptions) == lowered, "\(label): layouts differ")
            }
            dumps += "=== \(label)\n" + lowered.runDump()
        }
        try Golden.expect(dumps, matches: "Lowering/\(name).lowered.txt")
    }

    @Test func richTextHasDisplayAttributesAndNoIntents() throws {
        let document = try IntentDocument(markdown: "# Title\n\n- one *two*\n- [x] done\n\n| a | b |\n|---|--:|\n| 1 | 2 |\n")
        let rich = document.lowered(to: .richText)
        #expect(rich.text == "Title\n• one two\n• ☑ done\na\tb\n1\t2\n")
        #expect(rich.runs.allSatisfy { $0.presentationIntent == nil && $0.inlinePresentationIntent.isEmpty })
        #expect(rich.runs.first?.display?.font == FontDescriptor(size: 28, weight: .bold))
        #expect(rich.runs.first { $0.text == "two" }?.display?.font?.isItalic == true)
        let list = document.lowered(to: [.richText, .list])
        #expect(list.text.hasPrefix("Title\n\t•\tone two\n\t•\t☑ done\n"))
        #expect(
            list.runs.first { $0.text.contains("one") }?.display?.paragraphStyle?.textLists == [TextList(markerFormat: .disc, identity: 2)])
        let table = document.lowered(to: [.richText, .table])
        #expect(table.text.hasSuffix("a\nb\n1\n2\n"))
        let cell = try #require(table.runs.first { $0.text == "2" })
        #expect(
            cell.display?.paragraphStyle?.textBlocks.first
                == TextTableBlock(table: 7, numberOfColumns: 2, row: 1, column: 1, isHeader: false, alignment: .right))
    }

    @Test("An item that begins with a nested list keeps its marker in rich text, with and without .list")
    func itemsStartingWithNestedBlocksKeepTheirMarkers() throws {
        let document = try IntentDocument(markdown: "1. first\n2. 1. nested a\n   2. nested b\n3. third\n\n- > quoted\n- - - deep\n")
        // Without `.list` the markers share the line, outermost first, as plain text writes them.
        let rich = document.lowered(to: .richText)
        #expect(rich.text == "1. first\n2. a. nested a\nb. nested b\n3. third\n• quoted\n• ◦ ▪ deep\n")
        #expect(document.plainText().contains("2. a. nested a"))
        // With `.list` a paragraph holds one marker: the outer item's is a paragraph of its own.
        let list = document.lowered(to: [.richText, .list])
        #expect(list.text == "\t1.\tfirst\n\t2.\t\n\ta.\tnested a\n\tb.\tnested b\n\t3.\tthird\n\t•\tquoted\n\t•\t\n\t◦\t\n\t▪\tdeep\n")
        let outer = try #require(list.runs.first { $0.text.hasPrefix("\t2.\t") })
        #expect(outer.display?.paragraphStyle?.textLists.count == 1)
        let inner = try #require(list.runs.first { $0.text.hasPrefix("\ta.\t") })
        #expect(inner.display?.paragraphStyle?.textLists.count == 2)
    }

    @Test("Rich text gives a paragraph whose first strong character is right-to-left that base writing direction")
    func rightToLeftParagraphsHaveTheirWritingDirection() throws {
        let document = try IntentDocument(markdown: "# כותרת\n\n«مرحبا» world\n\nEnglish שלום\n\n- פריט\n\n```\nשלום\n```\n")
        for options: ResultOptions in [.richText, [.richText, .list], [.richText, .list, .table]] {
            let rich = document.lowered(to: options)
            func direction(_ prefix: String) -> WritingDirection? {
                rich.runs.first { $0.text.contains(prefix) }?.display?.paragraphStyle?.baseWritingDirection
            }
            #expect(direction("כותרת") == .rightToLeft)
            #expect(direction("مرحبا") == .rightToLeft)
            #expect(direction("English") == nil || direction("English") == .natural)
            #expect(direction("פריט") == .rightToLeft)
            // Code keeps the natural direction.
            #expect(direction("שלום\n") != .rightToLeft)
        }
        // The direction survives the JSON form; a style without it reads as natural.
        let rich = document.lowered(to: .richText)
        #expect(try IntentDocument(jsonData: rich.jsonData()) == rich)
        let old = try JSONDecoder().decode(
            ParagraphStyle.self,
            from: Data(
                #"{"headIndent":1,"firstLineHeadIndent":0,"tailIndent":0,"paragraphSpacingBefore":0,"paragraphSpacing":0,"lineHeightMultiple":0,"alignment":"natural","textLists":[],"textBlocks":[]}"#
                    .utf8))
        #expect(old.baseWritingDirection == .natural)
        #expect(!String(decoding: try JSONEncoder().encode(old), as: UTF8.self).contains("baseWritingDirection"))
    }

    @Test("Lists nested deeper than 64 add no textLists entry, so a deep chain stays linear; indents still grow")
    func deepListsAreBoundedInTextLists() throws {
        let document = try IntentDocument(markdown: String(repeating: "- ", count: 200) + "x\n")
        let lowered = document.lowered(to: [.richText, .list])
        let styles = lowered.runs.compactMap { $0.display?.paragraphStyle }
        #expect(styles.count > 200)
        #expect(styles.allSatisfy { $0.textLists.count <= 64 })
        #expect(styles.map(\.textLists.count).max() == 64)
        let deepest = try #require(lowered.runs.first { $0.text.hasSuffix("x") }?.display?.paragraphStyle)
        let shallow = try #require(styles.first { $0.textLists.count == 64 })
        #expect(deepest.headIndent > shallow.headIndent)
    }

    @Test func formattingTagsApplyOnTopOfTheStyleSheet() throws {
        let document = try IntentDocument(markdown: "# Press <kbd>K</kbd>\n\n[<u>link</u>](u) <sup>2</sup> <mark>m</mark>\n")
        let rich = document.lowered(to: .richText)
        let key = try #require(rich.runs.first { $0.text == "K" }?.display)
        // The header's size and weight, with the keyboard's monospaced design.
        #expect(key.font == FontDescriptor(design: .monospaced, size: 28, weight: .bold))
        let link = try #require(rich.runs.first { $0.text == "link" }?.display)
        #expect(link.underlineStyle == .single)
        #expect(link.foregroundColor == StyleSheet.default.link.foregroundColor)
        #expect(rich.runs.first { $0.text == "2" }?.display?.superscript == 1)
        #expect(rich.runs.first { $0.text == "m" }?.display?.backgroundColor == .highlight)
        #expect(rich.runs.first { $0.text == "m" }?.display?.font == FontDescriptor(size: 17))
    }

    @Test func resultOptionsHaveApplesValuesAndImplications() {
        #expect(ResultOptions.plainText.rawValue == 1 && ResultOptions.richText.rawValue == 2 && ResultOptions.list.rawValue == 4)
        #expect(ResultOptions.table.rawValue == 8 && ResultOptions.presentationIntent.rawValue == 16)
        #expect(ResultOptions.list.implied == [.list, .richText])
        #expect(ResultOptions.presentationIntent.implied == [.presentationIntent, .richText, .list, .table])
        #expect(ResultOptions(list: "richText, table") == [.richText, .table])
        #expect(ResultOptions(list: "bold") == nil)
    }

    @Test func plainTextOnlyAndPresentationIntentKeepWhatTheySay() throws {
        let document = try IntentDocument(markdown: "- *a*\n")
        #expect(document.lowered(to: .plainText).text == "• a")
        #expect(document.lowered(to: .plainText).runs.allSatisfy { $0.attributes.isEmpty && $0.presentationIntent == nil })
        #expect(document.lowered(to: .presentationIntent) == document)
    }

    @Test func attributedStringsLowerToo() throws {
        let document = try IntentDocument(markdown: "**b**\n")
        let lowered = document.attributedString().lowered(to: .richText)
        #expect(String(lowered.characters) == "b\n")
        #expect(lowered.runs.first?[IntentMarkAttribute.FontAttribute.self]?.weight == .bold)
        #expect(document.attributedString().plainText() == "b")
    }
}
