import Foundation
import IntentModel
import Testing

@Suite("IntentDocument")
struct IntentDocumentTests {
    /// A document built by hand: a header, then a bullet list with a linked, emphasized word.
    static func handMade() -> IntentDocument {
        var document = IntentDocument()
        let header = PresentationIntent(.header(level: 1), identity: 1)
        document.append("Title", presentationIntent: header)
        document.append("\n", presentationIntent: header, attributes: RunAttributes(isBlockSeparator: true))
        let list = PresentationIntent(.unorderedList, identity: 2)
        let item = PresentationIntent(.listItem(ordinal: 1), identity: 3, parent: list)
        let paragraph = PresentationIntent(.paragraph, identity: 4, parent: item)
        let markup = [2: BlockMarkup(listItemDelimiter: .plus, isTight: true)]
        document.append("see ", presentationIntent: paragraph, blockMarkup: markup)
        document.append(
            "日本", presentationIntent: paragraph, inlinePresentationIntent: .emphasized,
            attributes: RunAttributes(link: URL(string: "https://example.com"), linkDestination: "https://example.com"),
            blockMarkup: markup)
        document.append(
            "\n", presentationIntent: paragraph, attributes: RunAttributes(isBlockSeparator: true), blockMarkup: markup)
        return document
    }

    /// Equivalence compares text byte for byte (not by canonical equivalence, as `String`'s `==`
    /// does) and attributes run by run, each pair of attribute sets on its own.
    @Test func equivalenceComparesBytesAndEachPairOfAttributeSets() {
        func document(_ texts: [(String, URL?)]) -> IntentDocument {
            var document = IntentDocument()
            let paragraph = PresentationIntent(.paragraph, identity: 1)
            for (text, link) in texts { document.append(text, presentationIntent: paragraph, attributes: RunAttributes(link: link)) }
            return document
        }
        // The same marks in another order: canonically equivalent, five bytes each, not the same text.
        #expect("a\u{301}\u{327}" == "a\u{327}\u{301}")
        #expect(!document([("a\u{301}\u{327}", nil)]).isEquivalent(to: document([("a\u{327}\u{301}", nil)])))
        let one = URL(string: "https://one.example")
        let two = URL(string: "https://two.example")
        let linked = document([("a", one), ("b", nil), ("c", one)])
        #expect(linked.isEquivalent(to: document([("a", one), ("b", nil), ("c", one)])))
        // The first two pairs of sets match; the third pairs the first set with another link.
        #expect(!linked.isEquivalent(to: document([("a", one), ("b", nil), ("c", two)])))
        #expect(
            linked.equivalenceFailure(comparedTo: document([("a", one), ("b", nil), ("c", two)]))?.hasPrefix("attributes differ") == true)
    }

    @Test func appendingMergesEqualRunsAndKeepsDistinctOnes() {
        var document = IntentDocument()
        let paragraph = PresentationIntent(.paragraph, identity: 1)
        document.append("a", presentationIntent: paragraph)
        document.append("b", presentationIntent: paragraph)
        document.append("c", presentationIntent: PresentationIntent(.paragraph, identity: 2))
        document.append("")
        #expect(document.text == "abc")
        #expect(document.runs.map { String($0.text) } == ["ab", "c"])
    }

    @Test func runsReportRangesIntentsAndMarkup() throws {
        let document = Self.handMade()
        #expect(document.runCount == 5)
        let word = document.runs[3]
        #expect(word.text == "日本")
        #expect(word.utf8Range == 10..<16)
        #expect(document.utf16Range(of: word) == 10..<12)
        #expect(word.presentationIntent?.debugDescription == "[paragraph (id 4), listItem 1 (id 3), unorderedList (id 2)]")
        #expect(word.inlinePresentationIntent == .emphasized)
        #expect(word.link == URL(string: "https://example.com"))
        #expect(word.listItemDelimiter == .plus)
        #expect(document.runs[0].listItemDelimiter == nil)
    }

    @Test("AttributedString round trip keeps runs that begin or end inside a character")
    func attributedStringKeepsRunsInsideCharacters() {
        // `attributedString()` sets attributes over UTF-8 ranges of one string per block: a run
        // boundary inside a grapheme (an emphasised combining mark, half a flag, a CR LF) must
        // survive as it did when every run was its own appended string.
        let paragraph = PresentationIntent(.paragraph, identity: 1)
        for (first, second) in [("w", "\u{0655}"), ("e", "\u{301}x"), ("🇫", "🇷"), ("a\r", "\nb"), ("👨", "\u{200D}👩")] {
            var document = IntentDocument()
            document.append(first, presentationIntent: paragraph)
            document.append(second, presentationIntent: paragraph, inlinePresentationIntent: .emphasized)
            document.append("!", presentationIntent: paragraph, inlinePresentationIntent: .stronglyEmphasized)
            let attributed = document.attributedString()
            #expect(String(attributed.characters) == document.text)
            #expect(IntentDocument(attributed) == document, "\(first.debugDescription) + \(second.debugDescription)")
        }
    }

    @Test func equalityComparesValuesNotStorage() {
        let a = Self.handMade()
        var b = IntentDocument()
        b.append(a)
        #expect(a == b)
        #expect(a.hashValue == b.hashValue)
        var c = a
        c.append("x")
        #expect(a != c)
        var d = IntentDocument()
        d.append("Title", presentationIntent: PresentationIntent(.header(level: 1), identity: 99))
        var e = IntentDocument()
        e.append("Title", presentationIntent: PresentationIntent(.header(level: 1), identity: 1))
        #expect(d != e)
    }

    @Test func jsonRoundTripGivesAnEqualDocument() throws {
        let document = Self.handMade()
        let data = try document.jsonData()
        #expect(try IntentDocument(jsonData: data) == document)
        let json = String(decoding: data, as: UTF8.self)
        #expect(json.hasPrefix(#"{"format": "intentmark-document", "version": 3,"#))
    }

    @Test func aNewerFormatVersionFailsClearly() {
        let json = #"{"format": "intentmark-document", "version": 5, "runs": []}"#
        #expect(throws: IntentMarkError.unsupportedFormatVersion(found: 5, newestSupported: 4)) {
            try IntentDocument(jsonData: Data(json.utf8))
        }
    }

    @Test func otherFormatsAndMalformedJSONFailClearly() {
        #expect(throws: IntentMarkError.invalidDocumentJSON(reason: "format is 'other', expected 'intentmark-document'")) {
            try IntentDocument(jsonData: Data(#"{"format": "other", "version": 1, "runs": []}"#.utf8))
        }
        #expect(throws: IntentMarkError.invalidDocumentJSON(reason: "version 0 does not exist (versions start at 1)")) {
            try IntentDocument(jsonData: Data(#"{"format": "intentmark-document", "version": 0, "runs": []}"#.utf8))
        }
        do {
            _ = try IntentDocument(jsonData: Data(#"{"format": "intentmark-document", "version": 1, "runs": [{"intent": []}]}"#.utf8))
            Issue.record("a run without text decoded")
        } catch let error as IntentMarkError {
            guard case .invalidDocumentJSON(let reason) = error else {
                Issue.record("wrong error \(error)")
                return
            }
            #expect(reason.contains("runs") && reason.contains("text"))
        } catch {
            Issue.record("untyped error \(error)")
        }
        #expect(throws: IntentMarkError.self) { try IntentDocument(jsonData: Data("not json".utf8)) }
    }

    @Test func blockMarkupMustNameAnIdentityOfTheRun() {
        let json =
            #"{"format":"intentmark-document","version":1,"runs":[{"text":"a","intent":[{"kind":"paragraph","identity":1}],"blockMarkup":{"7":{"isTight":true}}}]}"#
        #expect(throws: IntentMarkError.self) { try IntentDocument(jsonData: Data(json.utf8)) }
    }

    @Test func attributedStringRoundTripKeepsEveryRun() {
        let document = Self.handMade()
        let attributed = document.attributedString()
        #expect(String(attributed.characters) == document.text)
        let runs = Array(attributed.runs)
        #expect(runs.count == document.runCount)
        #expect(runs[3][IntentMarkAttribute.InlinePresentationIntentAttribute.self] == .emphasized)
        #expect(runs[3].link == URL(string: "https://example.com"))
        #expect(IntentDocument(attributed) == document)
    }

    @Test func runDumpEscapesControlCharacters() {
        var document = IntentDocument()
        document.append("a\tb\u{2028}c\\\n")
        #expect(document.runDump() == "a\\tb\\u{2028}c\\\\\\n {\n}\n")
    }
}

extension IntentDocumentTests {
    static func styled() -> IntentDocument {
        var document = IntentDocument()
        let paragraph = PresentationIntent(.paragraph, identity: 1)
        let display = DisplayAttributes(
            font: FontDescriptor(design: .monospaced, size: 15, weight: .semibold, isItalic: true),
            foregroundColor: DisplayColor(rgb: 0x0969DA, name: "link"), backgroundColor: DisplayColor(rgb: 0xFFF8C5, alpha: 0.5),
            underlineStyle: [.single, .byWord], strikethroughStyle: .double, baselineOffset: 4, superscript: 1,
            paragraphStyle: ParagraphStyle(
                headIndent: 24, firstLineHeadIndent: 12, paragraphSpacing: 8, alignment: .center,
                textLists: [TextList(markerFormat: .decimal, startingItemNumber: 3, identity: 2)],
                textBlocks: [TextTableBlock(table: 5, numberOfColumns: 2, row: 0, column: 1, isHeader: true, alignment: .right)]))
        document.append("styled", presentationIntent: paragraph, attributes: RunAttributes(display: display))
        document.append(" plain", presentationIntent: paragraph)
        return document
    }

    @Test func displayAttributesSurviveJSONAndAttributedString() throws {
        let document = Self.styled()
        #expect(document.runs.first?.display?.font?.size == 15)
        #expect(try IntentDocument(jsonData: document.jsonData()) == document)
        let attributed = document.attributedString()
        #expect(attributed.runs.first?[IntentMarkAttribute.UnderlineStyleAttribute.self] == [.single, .byWord])
        #expect(IntentDocument(attributed) == document)
        #expect(document.runDump().contains("font monospaced 15pt semibold italic; foreground link; background #FFF8C580"))
    }

    @Test func appleRawValuesAndNames() {
        #expect(UnderlineStyle.double.rawValue == 0x09 && UnderlineStyle.byWord.rawValue == 0x8000)
        #expect(TextList.MarkerFormat.lowerRoman.rawValue == "{lower-roman}" && TextList.MarkerFormat.lowerRoman.isOrdered)
        #expect(!TextList.MarkerFormat.disc.isOrdered)
        #expect(FontDescriptor.Weight.bold.value == 0.4 && FontDescriptor.Weight.semibold < .bold)
        #expect(DisplayColor(rgb: 0x0969DA).hexString == "#0969DA")
        #expect(RunAttributes(display: DisplayAttributes()).display == nil)
    }
}
