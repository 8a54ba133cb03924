import Foundation
import IntentEditing
import IntentModel
import IntentWriters
import MarkdownParsing
import SpecCorpus
import Testing

@Suite("Style mapping")
struct StyleMappingTests {
    typealias Style = NotesStyleMapping.ParagraphStyle
    let notes = NotesStyleMapping()

    @Test("Every block kind gets a notes style; degraded ones as documented; no text lost")
    func intentsToStyles() throws {
        let markdown = """
            # T1

            ## T2

            ##### T5

            Body with **bold**, *italic*, `code`, ~~gone~~ and [link](https://example.com).

            ```
            line one
            line two
            ```

            * bullet
              * nested
            - dash
            1. first
            - [ ] open
            - [x] done

            > quoted

            | a | b |
            | - | - |
            | c | d |

            ---

            """
        let paragraphs = notes.styledParagraphs(of: try IntentDocument(markdown: markdown))
        let summary = paragraphs.map { "\($0.format.style)/\($0.format.indentLevel):\($0.text)" }
        #expect(
            summary == [
                "title/0:T1", "heading/0:T2", "subheading/0:T5",
                "body/0:Body with bold, italic, code, gone and link.",
                "monospaced/0:line one", "monospaced/0:line two",
                "bulletedList/0:bullet", "bulletedList/1:nested", "dashedList/0:dash", "numberedList/0:first",
                "checklist(isChecked: false)/0:open", "checklist(isChecked: true)/0:done",
                "blockQuote/0:quoted", "body/0:a", "body/0:b", "body/0:c", "body/0:d", "body/0:",
            ])
        let body = paragraphs[3].runs
        #expect(body.contains(StyledRun("bold", styles: [.bold])))
        #expect(body.contains(StyledRun("italic", styles: [.italic])))
        #expect(body.contains(StyledRun("code", styles: [.code])))
        #expect(body.contains(StyledRun("gone", styles: [.strikethrough])))
        #expect(body.contains { $0.text == "link" && $0.styles == [.link(URL(string: "https://example.com")!)] })
    }

    @Test("Styles back to intents: lists grouped and nested, code lines joined, quotes joined")
    func stylesToIntents() throws {
        let paragraphs: [StyledParagraph<Style, NotesStyleMapping.CharacterStyle>] = [
            StyledParagraph(ParagraphFormat(.title), runs: [StyledRun("Groceries")]),
            StyledParagraph(ParagraphFormat(.checklist(isChecked: true)), runs: [StyledRun("apples")]),
            StyledParagraph(
                ParagraphFormat(.checklist(isChecked: false)), runs: [StyledRun("fresh", styles: [.italic]), StyledRun(" bread")]),
            StyledParagraph(ParagraphFormat(.numberedList), runs: [StyledRun("one")]),
            StyledParagraph(ParagraphFormat(.numberedList, indentLevel: 1), runs: [StyledRun("one.one")]),
            StyledParagraph(ParagraphFormat(.numberedList), runs: [StyledRun("two")]),
            StyledParagraph(ParagraphFormat(.monospaced), runs: [StyledRun("a = 1")]),
            StyledParagraph(ParagraphFormat(.monospaced), runs: [StyledRun("b = 2")]),
            StyledParagraph(ParagraphFormat(.blockQuote), runs: [StyledRun("q1")]),
            StyledParagraph(ParagraphFormat(.blockQuote), runs: [StyledRun("q2", styles: [.underline])]),
        ]
        let document = notes.document(from: paragraphs)
        #expect(
            document.html() == """
                <h1>Groceries</h1>
                <ul>
                <li><input type="checkbox" checked="" disabled="" /> apples</li>
                <li><input type="checkbox" disabled="" /> <em>fresh</em> bread</li>
                </ul>
                <ol>
                <li>one
                <ol>
                <li>one.one</li>
                </ol>
                </li>
                <li>two</li>
                </ol>
                <pre><code>a = 1
                b = 2
                </code></pre>
                <blockquote>
                <p>q1</p>
                <p>q2</p>
                </blockquote>

                """)
        // And back: the same paragraphs.
        #expect(notes.styledParagraphs(of: document) == paragraphs)
    }

    @Test("Normalising is idempotent over the parsing fixtures, and keeps every character of the text")
    func normalisationIsIdempotent() throws {
        for name in ParsingFixtures.names {
            let document = try IntentDocument(markdown: ParsingFixtures.source(name), options: ParsingFixtures.options(name))
            let once = notes.normalized(document)
            let twice = notes.normalized(once)
            #expect(twice.isEquivalent(to: once), "\(name)")
            // Every character (whitespace aside: separators become paragraph ends) in order.
            let characters = { (text: String) in text.unicodeScalars.filter { !$0.properties.isWhitespace && $0 != "\u{2028}" } }
            let kept = notes.styledParagraphs(of: document).map(\.text).joined()
            let text = document.runs.filter { !$0.attributes.isBlockSeparator && !$0.attributes.isPlaceholder }
                .map { String($0.text) }.joined()
            #expect(String(String.UnicodeScalarView(characters(kept))) == String(String.UnicodeScalarView(characters(text))), "\(name)")
        }
    }
}
