import Foundation
import MarkdownParsing

/// The inputs under `Fixtures/Parsing/`: `NAME.md`, with optional parse options in
/// `NAME.options.json` (a `MarkdownParsingOptions` in JSON; missing keys take the defaults).
public enum ParsingFixtures {
    /// `Fixtures/Parsing/`.
    public static let directory = TestPaths.fixtures.appending(path: "Parsing")

    /// The fixture names (file names without `.md`), sorted.
    public static let names: [String] = {
        let files = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        return files.filter { $0.hasSuffix(".md") }.map { String($0.dropLast(3)) }.sorted()
    }()

    /// The Markdown bytes of fixture `name`.
    public static func source(_ name: String) throws -> Data {
        try Data(contentsOf: directory.appending(path: name + ".md"))
    }

    /// The parse options of fixture `name`.
    public static func options(_ name: String) throws -> MarkdownParsingOptions {
        let url = directory.appending(path: name + ".options.json")
        guard FileManager.default.fileExists(atPath: url.path) else { return MarkdownParsingOptions() }
        return try JSONDecoder().decode(MarkdownParsingOptions.self, from: Data(contentsOf: url))
    }
}
