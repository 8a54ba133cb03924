import Foundation
import IntentModel
import IntentWriters
import SpecCorpus
import Testing

@testable import MarkdownParsing

/// libcmark-gfm keeps the characters its inline parser stops at in process-wide tables, which each
/// inline pass sets for its own extensions and clears when it ends: parses with different
/// extensions, one after another and on many threads at once, must each see exactly their own
/// extensions' characters.
@Suite("Inline pass across threads")
struct InlinePassConcurrencyTests {
    /// `~` is a special character of strikethrough, skipped when the flanking of `_` is judged;
    /// `w` and `:` are autolink's.
    static let source = "a~_b_ ~~s~~ www.example.com\n"
    static let gfmHTML = "<p>a~_b_ <del>s</del> <a href=\"http://www.example.com\">www.example.com</a></p>\n"
    static let commonMarkHTML = "<p>a~<em>b</em> ~~s~~ www.example.com</p>\n"

    static func html(_ extensions: MarkdownExtensions) throws -> String {
        try IntentDocument(markdown: source, options: MarkdownParsingOptions(extensions: extensions)).html()
    }

    /// The HTML is libcmark-gfm's own for each set of extensions (checked with a C program
    /// linking the same library).
    @Test func eachParseSeesItsOwnExtensionsCharacters() throws {
        // Alternating, so that each parse follows one with other characters set.
        for _ in 0..<3 {
            #expect(try Self.html(.all) == Self.gfmHTML)
            #expect(try Self.html([]) == Self.commonMarkHTML)
            #expect(try Self.html([.table, .tasklist]) == Self.commonMarkHTML)
            #expect(try Self.html(.all) == Self.gfmHTML)
            #expect(try Self.html([.strikethrough]) == "<p>a~_b_ <del>s</del> www.example.com</p>\n")
            #expect(
                try Self.html([.autolink])
                    == "<p>a~<em>b</em> ~~s~~ <a href=\"http://www.example.com\">www.example.com</a></p>\n")
        }
    }

    @Test func parsesWithDifferentExtensionsAtOnceMatchSerialResults() async throws {
        let sets: [MarkdownExtensions] = [.all, [], .all, [.table], .all, [.strikethrough], .all, [.autolink]]
        let serial = try sets.map { try Self.html($0) }
        #expect(serial[0] == Self.gfmHTML && serial[1] == Self.commonMarkHTML)
        let differing = try await withThrowingTaskGroup(of: Int.self) { group in
            for (index, extensions) in sets.enumerated() {
                group.addTask {
                    var differences = 0
                    for _ in 0..<300 where try Self.html(extensions) != serial[index] { differences += 1 }
                    return differences
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(differing == 0)
    }

    #if os(Linux)
        /// On Linux, with libcmark-gfm linked dynamically (as tests and the default builds link
        /// it), the library's calls that switch its special characters reach CmarkInlinePass, and
        /// inline passes run at once instead of one after another.
        @Test func inlinePassesRunConcurrentlyOnLinux() {
            #expect(CmarkRegistry.inlinePassMode == .concurrent)
        }
    #endif

    /// Whole documents (the spec examples of each file joined, and the bundled documents), parsed
    /// on four threads at once — each with every extension, so that their
    /// inline passes overlap, or with none, so that the characters are switched between them —
    /// equal their serial parses.
    @Test func wholeDocumentsParsedAtOnceEqualSerialParses() async throws {
        // The bundled documents, and each spec file's examples joined into one document.
        let texts =
            try TestPaths.bundledDocuments.map { try String(contentsOf: $0, encoding: .utf8) }
            + SpecExamples.fixtureFiles.map { try SpecExamples.fixture($0).map(\.markdown).joined(separator: "\n") }
        let sets: [MarkdownExtensions] = [.all, .all, .all, []]
        let serial = try sets.map { extensions in
            try texts.map { try IntentDocument(markdown: $0, options: MarkdownParsingOptions(extensions: extensions)) }
        }
        let differing = try await withThrowingTaskGroup(of: Int.self) { group in
            for (index, extensions) in sets.enumerated() {
                group.addTask {
                    var differences = 0
                    for round in 0..<6 {
                        for (offset, text) in texts.enumerated().reversed() where (offset + round) % 2 == 0 {
                            let document = try IntentDocument(markdown: text, options: MarkdownParsingOptions(extensions: extensions))
                            if document != serial[index][offset] { differences += 1 }
                        }
                    }
                    return differences
                }
            }
            return try await group.reduce(0, +)
        }
        #expect(differing == 0)
    }
}
