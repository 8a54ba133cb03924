import Foundation
import IntentEditing
import IntentModel
import IntentWriters
import MarkdownParsing
import Testing

/// Blocks written anew into a document that remembers its Markdown source take the source's own
/// conventions (``IntentWriters/MarkdownWritingOptions/learnsConventions``).
@Suite("Conventions learned from the source")
struct LearnedConventionsTests {
    /// An author's file that writes everything the other way from the writer's defaults.
    static let source = """
        Notes
        =====

        Some _emphasis_, __strong__ words,\u{20}\u{20}
        and a break.

        * one
        * two

        ~~~
        code
        ~~~

        1) first
        2) second

        """

    /// Appends `markdown`'s blocks at the end of the source's document through the editing layer
    /// and writes it back with `options`.
    static func appending(_ markdown: String, options: MarkdownWritingOptions) throws -> String {
        var editable = EditableIntentDocument(try IntentDocument(markdown: source))
        let end = editable.utf16Count
        try editable.replace(NSRange(location: end, length: 0), with: try IntentDocument(markdown: markdown))
        return editable.document.markdown(options: options)
    }

    static let added = "## Added\n\nNew *em*, **strong**\\\nbreak.\n\n- a\n- b\n\n```\nx\n```\n\n1. n\n"

    @Test("new blocks follow the source's emphasis, strong, heading, break, bullet, delimiter and fence")
    func newBlocksFollowTheSource() throws {
        let written = try Self.appending(Self.added, options: MarkdownWritingOptions(keepsSourceDelimiters: false))
        #expect(written.hasPrefix(Self.source), "the source's blocks are kept byte for byte:\n\(written)")
        let new = String(written.dropFirst(Self.source.count))
        #expect(
            new == "\nAdded\n---\n\nNew _em_, __strong__  \nbreak.\n\n* a\n* b\n\n~~~\nx\n~~~\n\n1) n\n",
            "\(new.debugDescription)")
        // Read back, the new blocks say what was added.
        #expect(try IntentDocument(markdown: written).html() == IntentDocument(markdown: Self.source + "\n" + Self.added).html())
    }

    @Test("without learning, or with no example in the source, the options apply")
    func theOptionsApplyOtherwise() throws {
        let unlearned = try Self.appending(
            Self.added, options: MarkdownWritingOptions(keepsSourceDelimiters: false, learnsConventions: false))
        #expect(
            String(unlearned.dropFirst(Self.source.count))
                == "\n## Added\n\nNew *em*, **strong**\\\nbreak.\n\n- a\n- b\n\n```\nx\n```\n\n1. n\n")
        var editable = EditableIntentDocument(try IntentDocument(markdown: "Plain text.\n"))
        try editable.replace(NSRange(location: editable.utf16Count, length: 0), with: try IntentDocument(markdown: Self.added))
        let noExamples = editable.document.markdown(options: MarkdownWritingOptions(keepsSourceDelimiters: false))
        #expect(noExamples == "Plain text.\n\n## Added\n\nNew *em*, **strong**\\\nbreak.\n\n- a\n- b\n\n```\nx\n```\n\n1. n\n")
    }

    @Test("the counts: each spelling by the byte libcmark-gfm's node starts at; front matter is not a heading")
    func counts() throws {
        let counts = try MarkdownConventionCounts(counting: Array(Self.source.utf8))
        #expect(counts.underscoreEmphasis == 1 && counts.asteriskEmphasis == 0)
        #expect(counts.underscoreStrong == 1 && counts.asteriskStrong == 0)
        #expect(counts.setextHeadings == 1 && counts.atxHeadings == 0)
        #expect(counts.spaceBreaks == 1 && counts.backslashBreaks == 0)
        let mixed = try MarkdownConventionCounts(counting: Array("# A\n\n## B\n\nC\n-\n\n> *x* *y* _z_\n> **w**\\\n> v\n".utf8))
        #expect(mixed.atxHeadings == 2 && mixed.setextHeadings == 1)
        #expect(mixed.asteriskEmphasis == 2 && mixed.underscoreEmphasis == 1 && mixed.asteriskStrong == 1)
        #expect(mixed.backslashBreaks == 1)
        // Front matter's closing `---` under a line would read as a setext heading: the writer
        // blanks it before counting, so this source has no heading to learn from.
        var editable = EditableIntentDocument(try IntentDocument(markdown: "---\ntitle: x\n---\n\nText.\n"))
        try editable.replace(NSRange(location: editable.utf16Count, length: 0), with: try IntentDocument(markdown: "## New\n"))
        #expect(editable.document.markdown() == "---\ntitle: x\n---\n\nText.\n\n## New\n", "\(editable.document.markdown())")
    }

    @Test("an edited padded table keeps its columns' alignment: right-aligned cells padded on the left, centered on both sides")
    func tablePaddingFollowsAlignment() throws {
        let source = "| name  | count | mid  |\n|:------|------:|:----:|\n| apple |     1 |  x   |\n| kiwi  |    22 | yy   |\n"
        var editable = EditableIntentDocument(try IntentDocument(markdown: source))
        try editable.replace(NSRange(location: 0, length: 0), with: "Z")
        let written = editable.document.markdown()
        #expect(
            written == "| Zname | count | mid |\n| :---- | ----: | :-: |\n| apple |     1 |  x  |\n| kiwi  |    22 | yy  |\n", "\(written)")
        #expect(try IntentDocument(markdown: written).isEquivalent(to: editable.document))
    }

    @Test("a source whose tables line up gets its new tables lined up; padding keeps the table's reading")
    func tablePadding() throws {
        let padded = "| Name  | Qty |\n| :---- | --: |\n| apple |   3 |\n\nText.\n"
        var editable = EditableIntentDocument(try IntentDocument(markdown: padded))
        try editable.replace(
            NSRange(location: editable.utf16Count, length: 0),
            with: try IntentDocument(markdown: "| Fruit | 果物 |\n|:-:|-|\n| kiwi \\| fig | 🥝 |\n"))
        let written = editable.document.markdown()
        #expect(
            written == padded + "\n|    Fruit    | 果物 |\n| :---------: | ---- |\n| kiwi \\| fig | 🥝   |\n", "\(written)")
        #expect(
            try IntentDocument(markdown: written).html()
                == IntentDocument(markdown: padded + "\n| Fruit | 果物 |\n|:-:|-|\n| kiwi \\| fig | 🥝 |\n").html())
        // A source whose tables do not line up, or with none, keeps the writer's default.
        var compact = EditableIntentDocument(try IntentDocument(markdown: "| a | bb |\n| - | - |\n| ccc | d |\n"))
        try compact.replace(NSRange(location: compact.utf16Count, length: 0), with: try IntentDocument(markdown: "| x | yyy |\n|-|-|\n"))
        #expect(compact.document.markdown().hasSuffix("\n\n| x | yyy |\n| --- | --- |\n"), "\(compact.document.markdown())")
        // The option alone, on a table in a list item: the prefix stays, the pipes line up.
        let inItem = try IntentDocument(markdown: "- | a | bbbb |\n  | - | - |\n  | ccc | d |\n")
        #expect(
            inItem.markdown(options: MarkdownWritingOptions(preservesSource: false, padsTableColumns: true))
                == "- | a   | bbbb |\n  | --- | ---- |\n  | ccc | d    |\n")
        // What counts as padded: pipes in the same columns and a cell padded past one space.
        #expect(MarkdownTablePadding.isPadded(Array("| a | b |\n| - | - |\n".utf8)[...]) == nil)
        #expect(MarkdownTablePadding.isPadded(Array("| a  | b |\n| -- | - |\n".utf8)[...]) == true)
        #expect(MarkdownTablePadding.isPadded(Array("| a | b |\n| --- | - |\n".utf8)[...]) == false)
    }

    @Test("a source whose items start their text at the tab stop gets new items written so")
    func listItemIndent() throws {
        let written = try Self.edited("*   one\n*   two\n\n1.  first\n2.  second\n", at: "two", with: "new ")
        #expect(written == "*   one\n*   new two\n\n1.  first\n2.  second\n")
        let counts = try MarkdownConventionCounts(counting: Array("-   a\n-   b\n\n10. c\n\n1. d\n-\n    x\n".utf8))
        #expect(counts.tabStopItems == 2 && counts.oneSpaceItems == 1)
        #expect(
            try IntentDocument(markdown: "- a\n\n  b\n\n9. c\n10. d\n").markdown(
                options: MarkdownWritingOptions(preservesSource: false, listItemIndent: .tabStop))
                == "-   a\n\n    b\n\n9.  c\n10. d\n")
    }

    static func edited(_ source: String, at target: String, with replacement: String) throws -> String {
        let parsed = try IntentDocument(markdown: source)
        let text = parsed.text
        let found = try #require(text.range(of: target))
        var editable = EditableIntentDocument(parsed)
        try editable.replace(
            NSRange(location: text.utf16.distance(from: text.startIndex, to: found.lowerBound), length: 0), with: replacement)
        return editable.document.markdown()
    }
}
