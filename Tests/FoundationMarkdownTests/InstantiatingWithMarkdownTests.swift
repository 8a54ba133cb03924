// Code written for Apple platforms, as Apple's documentation writes it. This target's only
// import besides Testing is Foundation: on Linux, Package.swift imports IntentMark into it
// implicitly (`-import-module IntentMark`), which is what `import IntentMark` in an app's file
// does; on Apple platforms the same sources test Foundation's own parser. The expected results are
// Apple's: the runs and attributes its documentation describes, nothing between blocks,
// `components` innermost first, identities numbered from 1 in document order.
//
// `scripts/check-darwin-branch` also compiles these files against the stand-in of Apple's
// declarations, so they use only Apple's API.

import Foundation
import Testing

@Suite("Foundation's Markdown initializers, as Apple documents them")
struct InstantiatingWithMarkdownTests {
    /// https://developer.apple.com/documentation/foundation/instantiating-attributed-strings-with-markdown-syntax
    @Test("the article's example: a link read from the parsed string, in five runs")
    func articleExample() throws {
        var printed: String?
        if let attString = try? AttributedString(
            markdown: "See the *latest* news at [our website](https://example.com)."),
            let websiteRange = attString.range(of: "our website"),
            let link = attString[websiteRange].link
        {
            print("\(link)")  // Prints "https://example.com".
            printed = "\(link)"
        }
        #expect(printed == "https://example.com")

        // "In this example, attString contains five runs".
        let attString = try AttributedString(markdown: "See the *latest* news at [our website](https://example.com).")
        let runs = attString.runs.map { (String(attString[$0.range].characters), $0.inlinePresentationIntent, $0.link) }
        #expect(runs.map(\.0) == ["See the ", "latest", " news at ", "our website", "."])
        #expect(runs.map(\.1) == [nil, .emphasized, nil, nil, nil])
        #expect(runs.map(\.2) == [nil, nil, nil, URL(string: "https://example.com"), nil])
        // With the full syntax every run is in the one paragraph.
        for run in attString.runs {
            #expect(run.presentationIntent?.components.map(\.kind) == [.paragraph])
            #expect(run.presentationIntent?.components.first?.identity == 1)
        }
    }

    /// https://developer.apple.com/documentation/foundation/attributedstring/init(markdown:options:baseurl:)-52n3u
    @Test("blocks: nothing between them, intents innermost first, identities in document order")
    func blocks() throws {
        let markdown = "# Hello\n## Header2\nhello **world**\n* first\n* second\n> test `print(\"hello world\")`\n"
        let attributedString = try AttributedString(markdown: markdown)
        #expect(String(attributedString.characters) == "HelloHeader2hello worldfirstsecondtest print(\"hello world\")")

        var blocks: [(String, [PresentationIntent.Kind], [Int])] = []
        for (intent, range) in attributedString.runs[\.presentationIntent] {
            guard let intent else { continue }
            blocks.append((String(attributedString[range].characters), intent.components.map(\.kind), intent.components.map(\.identity)))
        }
        #expect(blocks.map(\.0) == ["Hello", "Header2", "hello world", "first", "second", "test print(\"hello world\")"])
        #expect(
            blocks.map(\.1) == [
                [.header(level: 1)], [.header(level: 2)], [.paragraph],
                [.paragraph, .listItem(ordinal: 1), .unorderedList], [.paragraph, .listItem(ordinal: 2), .unorderedList],
                [.paragraph, .blockQuote],
            ])
        #expect(blocks.map(\.2) == [[1], [2], [3], [6, 5, 4], [8, 7, 4], [10, 9]])

        let bold = try #require(attributedString.range(of: "world"))
        #expect(attributedString[bold].inlinePresentationIntent == .stronglyEmphasized)
        let code = try #require(attributedString.range(of: "print(\"hello world\")"))
        #expect(attributedString[code].inlinePresentationIntent == .code)
    }

    @Test("tables: cells hold their text directly, unaligned columns are left")
    func tables() throws {
        let attributedString = try AttributedString(markdown: "| row1 | row2 |\n| ---- | ---: |\n| 34 | 135 |\n")
        var cells: [(String, [PresentationIntent.Kind])] = []
        for (intent, range) in attributedString.runs[\.presentationIntent] {
            cells.append((String(attributedString[range].characters), intent?.components.map(\.kind) ?? []))
        }
        let columns = [PresentationIntent.TableColumn(alignment: .left), PresentationIntent.TableColumn(alignment: .right)]
        #expect(cells.map(\.0) == ["row1", "row2", "34", "135"])
        #expect(
            cells.map(\.1) == [
                [.tableCell(columnIndex: 0), .tableHeaderRow, .table(columns: columns)],
                [.tableCell(columnIndex: 1), .tableHeaderRow, .table(columns: columns)],
                [.tableCell(columnIndex: 0), .tableRow(rowIndex: 1), .table(columns: columns)],
                [.tableCell(columnIndex: 1), .tableRow(rowIndex: 1), .table(columns: columns)],
            ])
    }

    @Test("a code block's text ends with its newline and names its language")
    func codeBlocks() throws {
        let attributedString = try AttributedString(markdown: "```swift\nlet x = 1\n```\n")
        #expect(String(attributedString.characters) == "let x = 1\n")
        let intent = try #require(attributedString.runs.first?.presentationIntent)
        #expect(intent.components.map(\.kind) == [.codeBlock(languageHint: "swift")])
    }

    /// https://developer.apple.com/documentation/foundation/attributedstring/markdownparsingoptions/interpretedsyntax-swift.enum/inlineonlypreservingwhitespace
    @Test("inline-only syntax: no block intents; whitespace kept when asked")
    func inlineOnly() throws {
        let options = AttributedString.MarkdownParsingOptions(interpretedSyntax: .inlineOnlyPreservingWhitespace)
        let message = try AttributedString(markdown: "**Hello**\nworld", options: options)
        #expect(String(message.characters) == "Hello\nworld")
        #expect(message.runs.allSatisfy { $0.presentationIntent == nil })
        let hello = try #require(message.range(of: "Hello"))
        #expect(message[hello].inlinePresentationIntent == .stronglyEmphasized)

        let collapsed = try AttributedString(
            markdown: "# Not a header\n\nnext", options: AttributedString.MarkdownParsingOptions(interpretedSyntax: .inlineOnly))
        #expect(collapsed.runs.allSatisfy { $0.presentationIntent == nil })
        #expect(String(collapsed.characters).contains("# Not a header"))
    }

    /// https://developer.apple.com/documentation/foundation/attributedstring/markdownparsingoptions
    @Test("options: Apple's members and defaults")
    func options() {
        let options = AttributedString.MarkdownParsingOptions()
        #expect(options.allowsExtendedAttributes == false)
        #expect(options.interpretedSyntax == .full)
        #expect(options.failurePolicy == .throwError)
        #expect(options.languageCode == nil)
        #expect(options.appliesSourcePositionAttributes == false)
    }

    @Test("language code and source positions")
    func languageAndPositions() throws {
        let options = AttributedString.MarkdownParsingOptions(languageCode: "en", appliesSourcePositionAttributes: true)
        let attributedString = try AttributedString(markdown: "This is *emphasized*.", options: options)
        #expect(attributedString.runs.allSatisfy { $0.languageIdentifier == "en" })
        let emphasized = try #require(attributedString.range(of: "emphasized"))
        let position = try #require(attributedString[emphasized].runs.first?.markdownSourcePosition)
        // "the run `emphasized` starts at column 10" (columns are 1-based UTF-8 offsets).
        #expect(position.startLine == 1 && position.startColumn == 10)
    }

    /// https://developer.apple.com/documentation/foundation/attributedstring/init(contentsof:options:baseurl:)
    @Test("from Data and from a file")
    func dataAndFiles() throws {
        let fromData = try AttributedString(markdown: Data("Read *this*.".utf8))
        #expect(String(fromData.characters) == "Read this.")

        let url = FileManager.default.temporaryDirectory.appending(path: "foundation-markdown-\(UUID().uuidString).md")
        try Data("[Docs](guide.md)\n".utf8).write(to: url)
        defer { try? FileManager.default.removeItem(at: url) }
        let fromFile = try AttributedString(contentsOf: url, baseURL: URL(string: "https://example.com/docs/"))
        #expect(fromFile.runs.first?.link == URL(string: "https://example.com/docs/guide.md"))
    }
}

@Suite("Foundation's Markdown initializers: errors")
struct MarkdownInitializerErrorTests {
    /// https://developer.apple.com/documentation/foundation/attributedstring/init(contentsof:options:baseurl:)
    @Test("a missing file is Foundation's file error")
    func missingFile() {
        let url = URL(fileURLWithPath: "/nonexistent-\(UUID().uuidString).md")
        #expect(throws: CocoaError.self) { try AttributedString(contentsOf: url) }
        do {
            _ = try AttributedString(contentsOf: url)
        } catch let error as CocoaError {
            #expect(error.code == .fileReadNoSuchFile)
        } catch {
            Issue.record("unexpected error \(error)")
        }
    }

    @Test("invalid UTF-8 fails with a message that says so; the repair policy repairs it")
    func invalidUTF8() throws {
        let bytes = Data([0x48, 0x69, 0x20, 0xFF, 0x21])
        do {
            _ = try AttributedString(markdown: bytes)
            Issue.record("invalid UTF-8 was accepted")
        } catch {
            #expect(error.localizedDescription.contains("UTF-8"))
        }
        let repaired = try AttributedString(
            markdown: bytes, options: AttributedString.MarkdownParsingOptions(failurePolicy: .returnPartiallyParsedIfPossible))
        #expect(String(repaired.characters) == "Hi \u{FFFD}!")
    }
}
