import Foundation
import IntentModel
import MarkdownParsing
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
