import Foundation
import IntentModel
import MarkdownParsing
import SpecCorpus
import Testing

@testable import IntentEditing

/// Edits found to leave the incremental document unlike a full parse, each kept as found: link
/// reference definitions with CRLF line ends, used in footnotes, inside list items and block
/// quotes that an edit elsewhere makes or unmakes, and footnote definitions defined twice.
@Suite("Definition edits that once differed from a full parse")
struct DefinitionEditRegressionTests {
    enum Step {
        case replace(Int, Int, String)
        case append(String)
    }

    static let cases: [(source: String, steps: [Step])] = [
        // A CRLF definition whose title is on the next line.
        ("para\n\n[foo]\n\n[foo]: /u\r\n\"t\"\r\n", [.replace(11, 0, "x")]),
        ("[foo]: /u\r\n\"t\"\r\n\r\n[foo]\n", [.append("")]),
        ("para\n\n[foo]\n\n[foo]: /u\r\n\"t\"\n", [.replace(11, 0, "x")]),
        ("", [.append("[SS]:0\r\n\"e\"\r\n\r\ne[SS]"), .append("\n")]),
        // A footnote definition that uses a link whose definition arrives, changes or goes.
        ("See [foo] and [^1].\n\n[^1]: note [foo]\n\n", [.append("[foo]: /u\n")]),
        ("[foo] [^1]\n\n[^1]: [foo]\n\n[foo]: /u\n", [.replace(32, 1, "v")]),
        ("[foo] [^1]\n\n[^1]: [foo]\n\n[foo]: /u\n", [.replace(25, 10, "")]),
        ("", [.append("[^1]\n[^1]:[foo]\n\n[foo]:/")]),
        // A definition in a list item that an edit before it makes paragraph text.
        ("x\n\n2. [o]: /u\n\n[o]\n", [.replace(1, 1, "")]),
        ("1. x\n2. [s]:0", [.replace(0, 2, "")]),
        ("a|b\n-|-\nx\n2. [o]: /u\n", [.replace(4, 4, "")]),
        // A definition in a block quote that an edit before it makes.
        (">a\n>[foo]: /u\n\n[foo]\n", [.replace(0, 1, "")]),
        ("[foo]\n\n>a\n>[foo]: /u\n", [.replace(7, 0, "x")]),
        // Footnote definitions defined twice, or holding links.
        ("```\n```\n[^1]\n\na\n[^1]:\n[^1]:", [.replace(21, 0, "x")]),
        ("[^1]\n\n:\r[^1]:\n[^1]:", [.replace(13, 0, ":")]),
        ("[foo]:''\n\n[^1]:[^1] [foo]", [.replace(7, 0, "\n")]),
        // A definition in a block quote or list item whose destination or title is on a later line.
        ("[foo]\n\n> [foo]: /u\n> \"t\"\n", [.replace(21, 1, "s")]),
        ("[foo]\n\n> [foo]:\n/u\n", [.replace(17, 1, "v")]),
        ("[foo]\n\n> [foo]:\n/u\n", [.replace(18, 0, "x y")]),
        ("- [o]:\n\"", [.replace(7, 0, "\n")]),
        ("[foo]\n\n> [foo]:\n", [.append("> /u\n")]),
        ("[foo]\n\n> [foo]: /u\n", [.append("> \"t\"\n")]),
        ("", [.append("[foo]\n\n>[foo]:\n>u")]),
        // An edit in the quote's paragraph before a definition, or one that makes it code.
        ("[foo]\n\n> a\n>\n> [foo]: /u\n", [.replace(12, 0, "b")]),
        (">\n>[1]:d", [.replace(1, 1, "[\n")]),
        ("[foo]\n\n> a\n> [foo]: /u\n", [.replace(9, 0, "    ")]),
        // A table delimiter row made or unmade under a definition.
        ("[foo]\n\n> [foo]: /u\n> -\n", [.replace(21, 0, "|")]),
        ("[foo]\n\n> [foo]: /u\n> |-|\n", [.replace(22, 1, "x")]),
        ("- [o]:u\n  -\n]", [.replace(10, 0, "|")]),
        // A first edit right, then an edit of the paragraph that uses the label.
        ("- [foo]: /u\n\"lazy title\"\n\n[foo]\n", [.replace(21, 0, "  "), .replace(28, 0, "-")]),
        ("> [foo]:\n/u\n\n[foo]\n", [.replace(10, 2, "\n\n"), .replace(19, 0, "]")]),
        ("- - [foo]: /u\n    \"t\"\n\n[foo]\n", [.replace(14, 0, "\r"), .replace(30, 0, "[")]),
        ("1. > [foo]: /u\n   > \"t\"\n\n[foo]\n", [.replace(16, 2, ":"), .replace(29, 1, "> ")]),
        ("1.\n2. [s]:1", [.replace(0, 1, "[]:\n\n")]),
        // A footnote that only it refers to, holding a link whose definition goes, changes or comes.
        ("[^1]: [foo] [^1]\n\n[foo]: /d\n", [.replace(18, 10, "")]),
        ("[^1]: [foo] [^1]\n\n[foo]: /d\n", [.replace(26, 1, "e")]),
        ("[^1]: [foo] [^1]\n\n", [.append("[foo]: /d\n")]),
        ("[^0]:[^1]:[FOO]\n\n[^1]", [.replace(17, 0, "[Foo]:w\n")]),
        // Found by the property test below: a definition removed by a bracket typed into its
        // label; a title whose second line, lazily continued, starts with spaces; a label that
        // an edit makes start on the line before; a footnote that only its own `[^1  ]` used.
        ("para\n\n[foo]\n\n[foo]: /u\n", [.replace(16, 0, "[")]),
        ("[foo]\n\n> [foo]: /u\n> \"\n  \"\n> ", [.replace(22, 1, "\r")]),
        ("1. > \r\nfoo]: /u\n   > \"t\"\n\n[foo]\n", [.replace(5, 0, "[")]),
        ("[^1]: [foo] [^1  ]\n\n[foo]: /d\n", [.replace(13, 1, "-")]),
    ]

    @Test("Each edit gives what a full parse gives", arguments: cases.indices)
    func editEqualsFullParse(index: Int) throws {
        let (source, steps) = Self.cases[index]
        var incremental = try IncrementalMarkdownDocument(source: source)
        for step in steps {
            switch step {
            case .replace(let location, let length, let text):
                try incremental.replace(NSRange(location: location, length: length), with: text)
            case .append(let text): try incremental.append(text)
            }
            let expected = try IntentDocument(markdown: incremental.source)
            #expect(
                incremental.document.isEquivalent(to: expected),
                "\(source.debugDescription) then \(step): \(incremental.document.html().debugDescription) vs \(expected.html().debugDescription)"
            )
        }
    }
}

extension DefinitionEditRegressionTests {
    /// Small documents with definitions inside list items, block quotes and footnotes, with
    /// titles and destinations on later lines, CRLF and CR line ends.
    static let templates = [
        "[foo]\n\n> [foo]: /u\n> \"t\"\n", "[foo]\n\n> [foo]:\n/u\n", "- [o]: /u\n  \"t\"\n\n[o]\n", "[foo]\n\n> a\n>\n> [foo]: /u\n",
        "1. > [foo]: /u\n   > \"t\"\n\n[foo]\n", "- - [foo]: /u\n    \"t\"\n\n[foo]\n", "x\n\n2. [o]: /u\n\n[o]\n",
        "[foo]\n\n> [foo]: /u\n> |-|\n", "para\n\n[foo]\n\n[foo]: /u\r\n\"t\"\r\n", "[^1]: [foo] [^1]\n\n[foo]: /d\n",
        "See [foo] and [^1].\n\n[^1]: note [foo]\n\n[foo]: /u\n", "> > [bar]:\n> > /b\n\n[bar] [BAR]\n", "[a]\r\r> [a]: /x\r> 't'\r",
        "para\n\n[foo]\n\n[foo]: /u\n\"t\"\n", "- [a]: /x\n- [b]: /y\n\n[a] [b]\n", "> - [q]: /q\n>   'title'\n\n[q]\n",
    ]

    @Test("Random edits in and around definitions inside containers equal a full parse (property)")
    func randomEditsAroundContainedDefinitions() throws {
        var generator = SeededRandom(seed: 0xDEF5)
        let snippets = [
            "", "x", " ", "  ", "    ", "\n", "\n\n", "\r\n", "\r", ">", "> ", "- ", "2. ", "|", "-", "\"", ":", "[", "]", "/v",
        ]
        var edits = 0
        for template in Self.templates {
            for _ in 0..<100 {
                var incremental = try IncrementalMarkdownDocument(source: template)
                for _ in 0..<3 {
                    let count = incremental.sourceUTF16Count
                    let location = Int.random(in: 0...count, using: &generator)
                    let length = Int.random(in: 0...min(2, count - location), using: &generator)
                    let snippet = snippets.randomElement(using: &generator) ?? ""
                    let range = NSRange(location: location, length: length)
                    // Whole characters only (a CRLF pair is one).
                    guard let swiftRange = Range(range, in: incremental.source),
                        NSRange(swiftRange, in: incremental.source) == range
                    else { continue }
                    try incremental.replace(range, with: snippet)
                    let expected = try IntentDocument(markdown: incremental.source)
                    #expect(
                        incremental.document.isEquivalent(to: expected),
                        "\(template.debugDescription): \(snippet.debugDescription) at \(location),\(length) gave \(incremental.source.debugDescription): \(incremental.document.html().debugDescription) vs \(expected.html().debugDescription)"
                    )
                    edits += 1
                }
            }
        }
        #expect(edits > 3_000)
    }

    @Test("Every two-chunk split of those documents streams to what a full parse gives (property)")
    func everySplitStreams() throws {
        var splits = 0
        for template in Self.templates {
            let characters = Array(template)
            for cut in 0...characters.count {
                var stream = try StreamingMarkdownDocument(minimumParseInterval: .zero)
                try stream.append(String(characters[..<cut]))
                try stream.append(String(characters[cut...]))
                try stream.finish()
                let expected = try IntentDocument(markdown: template)
                #expect(stream.document.isEquivalent(to: expected), "\(template.debugDescription) cut at \(cut)")
                splits += 1
            }
        }
        #expect(splits > 200)
    }
}

extension DefinitionEditRegressionTests {
    /// `Fixtures/Editing/definition-edits.json`.
    struct RecordedCases: Decodable {
        var edits: [[EditCase]]
        var streams: [[String]]

        /// A source, or a list of `[location, length, text]` replacements.
        enum EditCase: Decodable {
            case source(String)
            case replacements([[Replacement]])

            init(from decoder: any Decoder) throws {
                let container = try decoder.singleValueContainer()
                if let source = try? container.decode(String.self) {
                    self = .source(source)
                } else {
                    self = .replacements(try container.decode([[Replacement]].self))
                }
            }
        }

        /// A location or length (a number) or text.
        enum Replacement: Decodable {
            case number(Int)
            case text(String)

            init(from decoder: any Decoder) throws {
                let container = try decoder.singleValueContainer()
                if let number = try? container.decode(Int.self) {
                    self = .number(number)
                } else {
                    self = .text(try container.decode(String.self))
                }
            }
        }
    }

    @Test("Recorded edits and streams around definitions give what a full parse gives")
    func recordedCases() throws {
        let url = TestPaths.fixtures.appending(path: "Editing/definition-edits.json")
        let recorded = try JSONDecoder().decode(RecordedCases.self, from: Data(contentsOf: url))
        var checked = 0
        for edit in recorded.edits {
            guard edit.count == 2, case .source(let source) = edit[0], case .replacements(let replacements) = edit[1] else {
                Issue.record("a malformed case: \(edit)")
                continue
            }
            var incremental = try IncrementalMarkdownDocument(source: source)
            for replacement in replacements {
                guard replacement.count == 3, case .number(let location) = replacement[0], case .number(let length) = replacement[1],
                    case .text(let text) = replacement[2]
                else {
                    Issue.record("a malformed replacement in \(source.debugDescription)")
                    break
                }
                if location < 0 {
                    try incremental.append(text)
                } else {
                    try incremental.replace(NSRange(location: location, length: length), with: text)
                }
                let expected = try IntentDocument(markdown: incremental.source)
                #expect(
                    incremental.document.isEquivalent(to: expected),
                    "\(source.debugDescription), \(location),\(length) with \(text.debugDescription): \(incremental.document.html().debugDescription) vs \(expected.html().debugDescription)"
                )
                checked += 1
            }
        }
        for chunks in recorded.streams {
            for interval in [Duration.zero, .milliseconds(16)] {
                var stream = try StreamingMarkdownDocument(minimumParseInterval: interval)
                for chunk in chunks { try stream.append(chunk) }
                try stream.finish()
                let expected = try IntentDocument(markdown: chunks.joined())
                #expect(stream.document.isEquivalent(to: expected), "\(chunks) at \(interval)")
                checked += 1
            }
        }
        #expect(checked > 150)
    }
}
