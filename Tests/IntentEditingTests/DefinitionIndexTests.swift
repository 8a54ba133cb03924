import Foundation
import IntentModel
import MarkdownParsing
import Testing

@testable import IntentEditing

/// Labels are keyed as libcmark-gfm normalizes them, so that a re-parsed region is given every
/// definition its brackets may use, and a changed definition re-parses only the blocks that
/// may use it.
@Suite("Definition index")
struct DefinitionIndexTests {
    @Test("Labels that fold to ASCII have a key; others have none")
    func keys() {
        #expect(DefinitionIndex.key("Foo  \t Bar") == "foo bar")
        #expect(DefinitionIndex.key("Straße") == "strasse")
        #expect(DefinitionIndex.key("ẞ") == "ss")
        #expect(DefinitionIndex.key("\u{FB01}le") == "file")
        #expect(DefinitionIndex.key("\u{212A}elvin") == "kelvin")
        #expect(DefinitionIndex.key("ΑΓΩ") == nil)
        #expect(DefinitionIndex.key("café") == nil)
        #expect(DefinitionIndex.mayBeOne(of: ["ss"], "SS"))
        #expect(DefinitionIndex.mayBeOne(of: ["ss"], "ß"))
        #expect(!DefinitionIndex.mayBeOne(of: ["ss"], "αγω"))
    }

    @Test("A definition whose label folds to ASCII is given to a region that spells the label otherwise")
    func foldedLabels() throws {
        // The definition's lines belong to the heading's element: an edit in the last paragraph
        // re-parses that paragraph alone, with the definitions its brackets may use before it.
        for source in ["# Title\n\n[ẞ]: /url\n\nIntro.\n\nText [SS] here.\n", "# Title\n\n[SS]: /url\n\nIntro.\n\nText [ẞ] here.\n"] {
            var incremental = try IncrementalMarkdownDocument(source: source)
            let location = (source as NSString).range(of: "Text").location
            try incremental.replace(NSRange(location: location, length: 4), with: "Test")
            #expect(incremental.lastChange.reparsedBlocks.count == 1)
            let expected = try IntentDocument(markdown: incremental.source)
            #expect(incremental.lastChange.fullParseReason == nil)
            #expect(incremental.document.isEquivalent(to: expected), "\(incremental.document.html()) vs \(expected.html())")
            #expect(incremental.document.html().contains("<a href=\"/url\">"))
        }
    }

    @Test("A changed definition does not re-parse blocks whose brackets fold outside ASCII")
    func nonASCIIBracketsAreNotDependents() throws {
        let source = "See [ΑΓΩ] and […].\n\nUse [foo].\n\n"
        var incremental = try IncrementalMarkdownDocument(source: source)
        try incremental.replace(NSRange(location: source.utf16.count, length: 0), with: "[foo]: /url\n")
        #expect(incremental.lastChange.fullParseReason == nil)
        #expect(incremental.document.isEquivalent(to: try IntentDocument(markdown: incremental.source)))
        #expect(incremental.elements(referringTo: ["foo"]).count == 1)
    }
}

extension DefinitionIndexTests {
    @Test("Blocks parsed with a definition the document did not have are not parsed again; blocks before them are")
    func newDefinitionsResolveInsideTheirRegion() throws {
        let source = "Intro [a].\n\nMiddle.\n\n"
        var incremental = try IncrementalMarkdownDocument(source: source)
        try incremental.replace(NSRange(location: source.utf16.count, length: 0), with: "More [a].\n\n[a]: /u\n")
        #expect(incremental.lastChange.fullParseReason == nil)
        #expect(incremental.document.isEquivalent(to: try IntentDocument(markdown: incremental.source)))
        #expect(incremental.document.html() == "<p>Intro <a href=\"/u\">a</a>.</p>\n<p>Middle.</p>\n<p>More <a href=\"/u\">a</a>.</p>\n")
        // The region (the last paragraph and the new text) once, and the first paragraph, which
        // was parsed without the definition: each byte once.
        #expect(incremental.lastUpdate == .partial(reparsedBytes: incremental.sourceUTF8Count, reparsedBlocks: 3))

        // A label the document already defined: the region was parsed without its definitions,
        // and the first one wins, so the region's blocks that use it are parsed again.
        let defined = "[a]: /old\n\nIntro [a].\n\nMiddle.\n\n"
        var redefined = try IncrementalMarkdownDocument(source: defined)
        try redefined.replace(NSRange(location: defined.utf16.count, length: 0), with: "More [a].\n\n[a]: /new\n")
        #expect(redefined.lastChange.fullParseReason == nil)
        #expect(redefined.document.isEquivalent(to: try IntentDocument(markdown: redefined.source)))
        #expect(!redefined.document.html().contains("/new"))
    }
}
