import Foundation
import IntentLowering
import IntentModel
import MarkdownParsing
import SpecCorpus
import Testing

/// Nested lists in rich-text lowering: every level indents its first line and its wrapped lines,
/// the marker hangs in the indent, and everything else inside an item (a second paragraph, a code
/// block, a quote) lines up with the item's text — in every style sheet preset, with `.list`
/// (`\t•\t` markers and `textLists`) and without (flattened `• ` markers).
///
/// The documents are generated (seeded, so reproducible): every paragraph starts with a label
/// saying what it is and how deep it is — `L3n7` an item's first paragraph at depth 3, `K` a code
/// line that is an item's first line, `P` a continuation paragraph, `C` a code line that is not,
/// `Q` a quote inside an item. All lengths are in points.
@Suite("Nested list indents")
struct NestedListIndentTests {

    /// The presets, and a hand-made sheet whose list and list-item slots have unusual indents (a
    /// list indent of its own, a marker not at the enclosing text's edge).
    static let sheets: [(name: String, sheet: StyleSheet)] = [
        ("default", .default), ("github", .github),
        (
            "custom",
            StyleSheet.default.with(\.list, TextStyle(headIndent: 4, firstLineHeadIndent: 10))
                .with(\.listItem, TextStyle(headIndent: 24, firstLineHeadIndent: 6, paragraphSpacing: 2))
        ),
    ]

    static let optionSets: [(name: String, options: ResultOptions)] = [("rich-list", [.richText, .list]), ("rich", [.richText])]

    // MARK: Paragraphs of lowered text

    /// One paragraph of lowered text: its text without the ending `"\n"`, and the paragraph style of
    /// every run in it, the line feed included.
    struct Paragraph {
        var text: String
        var styles: [ParagraphStyle?]
        var style: ParagraphStyle { styles.first.flatMap { $0 } ?? ParagraphStyle() }

        /// The label (`L2n5`), if the text has one: its first word that looks like a label.
        var label: (kind: Character, depth: Int)? {
            for word in text.split(whereSeparator: { $0 == " " || $0 == "\t" }) {
                guard let kind = word.first, "LKPCQ".contains(kind), let n = word.firstIndex(of: "n"),
                    let depth = Int(word[word.index(after: word.startIndex)..<n])
                else { continue }
                return (kind, depth)
            }
            return nil
        }
    }

    static func paragraphs(_ document: IntentDocument) -> [Paragraph] {
        var result: [Paragraph] = []
        var current = Paragraph(text: "", styles: [])
        for run in document.runs {
            let style = run.attributes.display?.paragraphStyle
            var rest = Substring(run.text)
            while let lineFeed = rest.firstIndex(of: "\n") {
                current.text += rest[..<lineFeed]
                current.styles.append(style)
                result.append(current)
                current = Paragraph(text: "", styles: [])
                rest = rest[rest.index(after: lineFeed)...]
            }
            if !rest.isEmpty {
                current.text += rest
                current.styles.append(style)
            }
        }
        if !current.styles.isEmpty { result.append(current) }
        return result
    }

    // MARK: Generated documents

    /// A small seeded generator (SplitMix64), so a failure can be reproduced from its seed.
    struct Generator {
        var state: UInt64
        mutating func next() -> UInt64 {
            state &+= 0x9E37_79B9_7F4A_7C15
            var z = state
            z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
            z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
            return z ^ (z >> 31)
        }
        mutating func below(_ bound: Int) -> Int { Int(next() % UInt64(bound)) }
        mutating func chance(_ percent: Int) -> Bool { below(100) < percent }
    }

    /// A nested-list document: lists up to `maxDepth` deep with labelled paragraphs, code blocks
    /// and quotes inside items, optionally all inside a block quote.
    static func generate(seed: UInt64, maxDepth: Int = 4, inQuote: Bool) -> String {
        var random = Generator(state: seed)
        var counter = 0
        var lines: [String] = []
        func label(_ kind: String, _ depth: Int) -> String {
            counter += 1
            return "\(kind)\(depth)n\(counter)"
        }
        func list(depth: Int, indent: String) {
            let ordered = random.chance(50)
            let start = depth == 1 ? 1 + random.below(4) : 1
            for item in 0..<(1 + random.below(3)) {
                let marker = ordered ? "\(start + item). " : "- "
                let inner = indent + String(repeating: " ", count: marker.count)
                if random.chance(15) {
                    // A code block as the item's first block: its first line carries the marker.
                    lines.append(indent + marker + "```")
                    lines.append(inner + label("K", depth) + " first")
                    lines.append(inner + label("C", depth) + " second")
                    lines.append(inner + "```")
                } else {
                    lines.append(indent + marker + label("L", depth) + " alpha beta")
                }
                for _ in 0..<random.below(3) {
                    lines.append("")
                    switch random.below(4) {
                    case 0:
                        lines.append(inner + label("P", depth) + " gamma")
                    case 1:
                        lines.append(inner + "```")
                        lines.append(inner + label("C", depth) + " code")
                        lines.append(inner + label("C", depth) + " more")
                        lines.append(inner + "```")
                    case 2:
                        lines.append(inner + "> " + label("Q", depth) + " quoted")
                    default:
                        if depth < maxDepth { list(depth: depth + 1, indent: inner) }
                    }
                }
                if depth < maxDepth, random.chance(40) { list(depth: depth + 1, indent: inner) }
            }
        }
        list(depth: 1, indent: "")
        if inQuote { lines = lines.map { $0.isEmpty ? ">" : "> " + $0 } }
        return lines.joined(separator: "\n") + "\n"
    }

    // MARK: Expected indents

    /// Where the text of an item at `depth` starts: the quote's indent, plus the list's and the
    /// item's head indents per level.
    static func textIndent(_ sheet: StyleSheet, depth: Int, base: Double) -> Double {
        base + Double(depth) * ((sheet.list.headIndent ?? 0) + (sheet.listItem.headIndent ?? 0))
    }

    /// Where the marker of an item at `depth` starts: its text indent less the hang.
    static func markerIndent(_ sheet: StyleSheet, depth: Int, base: Double) -> Double {
        textIndent(sheet, depth: depth, base: base) - ((sheet.listItem.headIndent ?? 0) - (sheet.listItem.firstLineHeadIndent ?? 0))
    }

    /// Every way `paragraphs` (lowered from a generated document with `sheet` and `options`)
    /// breaks the indent rules.
    static func violations(
        _ paragraphs: [Paragraph], sheet: StyleSheet, options: ResultOptions, inQuote: Bool
    ) -> [String] {
        var found: [String] = []
        let base = inQuote ? sheet.blockQuote.headIndent ?? 0 : 0
        let quote = sheet.blockQuote.headIndent ?? 0
        var markerIndents: [Int: Double] = [:]
        for paragraph in paragraphs {
            let style = paragraph.style
            let text = paragraph.text.debugDescription
            if Set(paragraph.styles).count > 1 { found.append("\(text): its runs have different paragraph styles") }
            guard let (kind, depth) = paragraph.label else { continue }
            if options.contains(.list), style.textLists.count != depth {
                found.append("\(text): \(style.textLists.count) text lists at depth \(depth)")
            }
            let head = style.headIndent
            let first = style.firstLineHeadIndent
            let expectedText = textIndent(sheet, depth: depth, base: base)
            switch kind {
            case "L", "K":
                // An item's first line: the marker hangs at the marker indent, the text at the head indent.
                let hasMarker =
                    options.contains(.list)
                    ? paragraph.text.hasPrefix("\t") && paragraph.text.dropFirst().contains("\t")
                    : paragraph.text.split(separator: " ").first.map { !$0.hasPrefix(String(kind)) } ?? false
                if !hasMarker { found.append("\(text): no marker") }
                if head != expectedText { found.append("\(text): head \(head), expected \(expectedText)") }
                let expectedMarker = markerIndent(sheet, depth: depth, base: base)
                if first != expectedMarker { found.append("\(text): first \(first), expected \(expectedMarker)") }
                if !(first < head) { found.append("\(text): the marker does not hang (first \(first), head \(head))") }
                markerIndents[depth] = first
                if let outer = markerIndents[depth - 1], !(outer < first) {
                    found.append("\(text): first \(first) not right of depth \(depth - 1)'s \(outer)")
                }
            case "P", "C":
                if head != expectedText || first != expectedText {
                    found.append("\(text): head \(head) first \(first), expected both \(expectedText)")
                }
            case "Q":
                if head != expectedText + quote || first != expectedText + quote {
                    found.append("\(text): head \(head) first \(first), expected both \(expectedText + quote)")
                }
            default:
                break
            }
        }
        return found
    }

    /// Each labelled paragraph's list depth and quote count after raising `lowered` with `sheet`,
    /// against the label's depth and the quotes around it (+1 for a `Q` paragraph).
    ///
    /// Raising reads nesting from the head indent alone, which the lowering keeps as it was. With
    /// flattened markers a quote inside an item is then ambiguous when the item indent is a whole
    /// number of quote indents (``StyleSheet/github``: 32 = 2 × 16 — one item level or two quote
    /// levels): such `Q` paragraphs are not compared there.
    static func raisingViolations(_ lowered: IntentDocument, sheet: StyleSheet, options: ResultOptions, inQuote: Bool) -> [String] {
        var found: [String] = []
        let raised = lowered.raised(styleSheet: sheet)
        let itemIndent = (sheet.list.headIndent ?? 0) + (sheet.listItem.headIndent ?? 0)
        let quoteIndent = sheet.blockQuote.headIndent ?? 0
        let quotesAreAmbiguous =
            !options.contains(.list) && quoteIndent > 0
            && itemIndent.truncatingRemainder(dividingBy: quoteIndent) == 0
        var seen = Set<String>()
        for run in raised.runs where !run.attributes.isBlockSeparator {
            let paragraph = Paragraph(text: String(run.text), styles: [])
            guard let (kind, depth) = paragraph.label, let word = run.text.split(separator: " ").first,
                seen.insert(String(word)).inserted, !(kind == "Q" && quotesAreAmbiguous)
            else { continue }
            let components = run.presentationIntent?.components ?? []
            let items = components.filter { if case .listItem = $0.kind { return true } else { return false } }.count
            let quotes = components.filter { if case .blockQuote = $0.kind { return true } else { return false } }.count
            let expectedQuotes = (inQuote ? 1 : 0) + (kind == "Q" ? 1 : 0)
            if items != depth || quotes != expectedQuotes {
                found.append("\(word): raised in \(items) items and \(quotes) quotes, expected \(depth) and \(expectedQuotes)")
            }
        }
        return found
    }

    // MARK: Property checks

    @Test("generated nested lists indent every level, hang markers and align continuations", arguments: [0, 1, 2])
    func generatedDocuments(sheetIndex: Int) throws {
        let (name, sheet) = Self.sheets[sheetIndex]
        var failures: [String] = []
        for seed in UInt64(1)...60 {
            for inQuote in [false, true] {
                let source = Self.generate(seed: seed, inQuote: inQuote)
                let document = try IntentDocument(markdown: source)
                for (label, options) in Self.optionSets {
                    let lowered = document.lowered(to: options, styleSheet: sheet)
                    let paragraphs = Self.paragraphs(lowered)
                    let labelled = paragraphs.filter { $0.label != nil }.count
                    #expect(labelled > 0, "\(name) seed \(seed) \(label): no labelled paragraphs")
                    var problems = Self.violations(paragraphs, sheet: sheet, options: options, inQuote: inQuote)
                    problems += Self.raisingViolations(lowered, sheet: sheet, options: options, inQuote: inQuote)
                    for problem in problems.prefix(3) {
                        failures.append("\(name) seed \(seed)\(inQuote ? " in quote" : "") \(label): \(problem)")
                    }
                }
            }
        }
        #expect(failures.isEmpty, "\(failures.count) problems:\n\(failures.prefix(30).joined(separator: "\n"))")
    }

    @Test("the issue's documents, with and without .list, in every preset", arguments: [0, 1, 2])
    func issueDocuments(sheetIndex: Int) throws {
        let (name, sheet) = Self.sheets[sheetIndex]
        let step = (sheet.list.headIndent ?? 0) + (sheet.listItem.headIndent ?? 0)
        let hang = (sheet.listItem.headIndent ?? 0) - (sheet.listItem.firstLineHeadIndent ?? 0)
        for (label, options) in Self.optionSets {
            let bullets = Self.paragraphs(
                try IntentDocument(markdown: "- One\n- Two\n  - Three\n  - Four\n\n    Second paragraph of Four\n- Five\n")
                    .lowered(to: options, styleSheet: sheet))
            func style(_ text: String) throws -> ParagraphStyle {
                try #require(bullets.first { $0.text.hasSuffix(text) }, "\(name) \(label): no \(text)").style
            }
            let one = try style("One")
            let four = try style("Four")
            let second = try style("Second paragraph of Four")
            #expect(one.firstLineHeadIndent == step - hang && one.headIndent == step, "\(name) \(label)")
            #expect(four.firstLineHeadIndent == 2 * step - hang && four.headIndent == 2 * step, "\(name) \(label)")
            #expect(one.firstLineHeadIndent < four.firstLineHeadIndent, "\(name) \(label): ◦ Four starts where • One does")
            #expect(second.firstLineHeadIndent == four.headIndent && second.headIndent == four.headIndent, "\(name) \(label)")
            #expect(try style("Five") == one, "\(name) \(label)")

            let ordered = Self.paragraphs(
                try IntentDocument(markdown: "1. a\n2. b\n   1. c\n\n   para\n").lowered(to: options, styleSheet: sheet))
            let b = try #require(ordered.first { $0.text.hasSuffix("b") }).style
            let c = try #require(ordered.first { $0.text.hasSuffix("c") }).style
            let para = try #require(ordered.first { $0.text == "para" }).style
            #expect(b.firstLineHeadIndent < c.firstLineHeadIndent && c.firstLineHeadIndent < c.headIndent, "\(name) \(label)")
            // "para" is b's second paragraph (after c's list): it lines up with b's text.
            #expect(para.firstLineHeadIndent == b.headIndent && para.headIndent == b.headIndent, "\(name) \(label)")
        }
    }

    @Test("default preset: 0/20 at level 1, 20/40 at level 2, 40/40 for level 2's continuations")
    func defaultNumbers() throws {
        let document = try IntentDocument(
            markdown: "- One\n  - Four\n\n    Second\n\n    ```\n    code\n    ```\n\n    > quote\n    - Deep\n")
        let paragraphs = Self.paragraphs(document.lowered(to: [.richText, .list]))
        let indents = paragraphs.map { "\($0.text.debugDescription) \($0.style.firstLineHeadIndent)/\($0.style.headIndent)" }
        #expect(
            indents == [
                #""\t•\tOne" 0.0/20.0"#, #""\t◦\tFour" 20.0/40.0"#, #""Second" 40.0/40.0"#, #""code" 40.0/40.0"#, #""" 40.0/40.0"#,
                #""quote" 56.0/56.0"#, #""\t▪\tDeep" 40.0/60.0"#,
            ])
    }

    @Test("the RTF writer's list indents agree: \\li is the head indent, \\fi hangs the marker one level")
    func agreesWithRTFListIndents() throws {
        // RTFRenderer writes a list paragraph as \li = headIndent, \fi = −headIndent / depth for a
        // marker paragraph, 0 for a continuation; outside quotes and with the presets the lowering's
        // first-line indent is that same position.
        for (name, sheet) in Self.sheets where name != "custom" {
            for seed in UInt64(1)...20 {
                let document = try IntentDocument(markdown: Self.generate(seed: seed, inQuote: false))
                for paragraph in Self.paragraphs(document.lowered(to: [.richText, .list, .table], styleSheet: sheet)) {
                    let style = paragraph.style
                    let depth = style.textLists.count
                    guard depth > 0, let (kind, _) = paragraph.label, kind != "Q" else { continue }
                    let rtfFirst = kind == "L" || kind == "K" ? style.headIndent - style.headIndent / Double(depth) : style.headIndent
                    #expect(style.firstLineHeadIndent == rtfFirst, "\(name) seed \(seed): \(paragraph.text.debugDescription)")
                }
            }
        }
    }

    @Test func orderedStartsAndThematicBreaksInItemsKeepTheirMarkers() throws {
        let lowered = try IntentDocument(markdown: "3. a\n4. b\n   1. c\n- ***\n").lowered(to: [.richText, .list])
        let paragraphs = Self.paragraphs(lowered)
        #expect(paragraphs.first?.style.textLists.first?.startingItemNumber == 3)
        let c = try #require(paragraphs.first { $0.text.hasSuffix("c") })
        #expect(c.style.textLists.map(\.startingItemNumber) == [3, 1])
        // The marker comes first, the rule after it.
        let rule = try #require(paragraphs.last)
        #expect(rule.text == "\t•\t" + PlainTextOptions.default.thematicBreak)
        #expect(rule.style.firstLineHeadIndent == 0 && rule.style.headIndent == 20)
    }

    @Test func aCodeBlockAsAnItemsFirstBlockHangsOnlyItsFirstLine() throws {
        let document = try IntentDocument(markdown: "- a\n  - ```\n    one\n    two\n    ```\n")
        for (label, options) in Self.optionSets {
            let paragraphs = Self.paragraphs(document.lowered(to: options))
            let one = try #require(paragraphs.first { $0.text.hasSuffix("one") }, "\(label)")
            let two = try #require(paragraphs.first { $0.text == "two" }, "\(label)")
            #expect(one.style.firstLineHeadIndent == 20 && one.style.headIndent == 40, "\(label)")
            #expect(two.style.firstLineHeadIndent == 40 && two.style.headIndent == 40, "\(label)")
        }
    }

    @Test func aTableAsAnItemsFirstBlockHangsOnlyItsFirstRowOrCell() throws {
        let document = try IntentDocument(markdown: "- | a | b |\n  |---|---|\n  | 1 | 2 |\n")
        let expectations: [(ResultOptions, [String])] = [
            (.richText, [#""• a\tb" 0.0/20.0"#, #""1\t2" 20.0/20.0"#]),
            ([.richText, .list], [#""\t•\ta\tb" 0.0/20.0"#, #""1\t2" 20.0/20.0"#]),
            ([.richText, .table], [#""• a" 0.0/20.0"#, #""b" 20.0/20.0"#, #""1" 20.0/20.0"#, #""2" 20.0/20.0"#]),
        ]
        for (options, expected) in expectations {
            let paragraphs = Self.paragraphs(document.lowered(to: options))
            // A flattened row is one paragraph: every cell of the marker's row has its style.
            for paragraph in paragraphs {
                #expect(Set(paragraph.styles).count == 1, "\(options.rawValue) \(paragraph.text.debugDescription)")
            }
            let indents = paragraphs.map { "\($0.text.debugDescription) \($0.style.firstLineHeadIndent)/\($0.style.headIndent)" }
            #expect(indents == expected, "\(options.rawValue)")
        }
    }

    // MARK: Goldens

    /// The golden document: the issue's two lists, then a code block, a quote and a third level
    /// inside items, all once more inside a block quote.
    static let goldenSource = """
        - One
        - Two
          - Three
          - Four

            Second paragraph of Four

            ```
            code in Four
            ```

            > quote in Four
            - Deep
        - Five

        1. a
        2. b
           1. c

           para

        > - quoted
        >   1. nested
        >
        >   continuation

        """

    /// One line per paragraph: its text and its whole paragraph style.
    static func paragraphDump(_ document: IntentDocument) -> String {
        var dump = ""
        for paragraph in paragraphs(document) {
            let style = paragraph.style
            let number = { (value: Double) in value == value.rounded() ? String(Int(value)) : String(value) }
            dump += paragraph.text.debugDescription + " first \(number(style.firstLineHeadIndent)) head \(number(style.headIndent))"
            dump +=
                " tail \(number(style.tailIndent)) before \(number(style.paragraphSpacingBefore)) after \(number(style.paragraphSpacing))"
            if style.lineHeightMultiple != 0 { dump += " lineHeight \(number(style.lineHeightMultiple))" }
            if style.alignment != .natural { dump += " \(style.alignment.rawValue)" }
            if !style.textLists.isEmpty {
                dump +=
                    " lists ["
                    + style.textLists.map { "\($0.markerFormat.rawValue) from \($0.startingItemNumber)" }
                    .joined(separator: ", ") + "]"
            }
            dump += "\n"
        }
        return dump
    }

    /// Golden: `Fixtures/Lowering/NestedListIndents/SHEET.txt`, the paragraph styles of
    /// ``goldenSource`` lowered with and without `.list`. `INTENTMARK_RECORD_GOLDENS=1` rewrites and
    /// fails.
    @Test("paragraph styles of a nested-list document match the goldens", arguments: ["default", "github"])
    func matchesGoldens(name: String) throws {
        let sheet = try #require(Self.sheets.first { $0.name == name }).sheet
        let document = try IntentDocument(markdown: Self.goldenSource)
        var dump = ""
        for (label, options) in Self.optionSets {
            dump += "=== \(label)\n" + Self.paragraphDump(document.lowered(to: options, styleSheet: sheet))
        }
        try Golden.expect(dump, matches: "Lowering/NestedListIndents/\(name).txt")
    }
}
