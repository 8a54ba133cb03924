import Foundation
import IntentMark
import SpecCorpus
import Testing

/// The command line's conventions, as pandoc and cmark-gfm users type them.
@Suite("intentmark conventions", .tags(.corpus))
struct ConventionTests {
    static let documents = CLITests.packageRoot.appending(path: "Fixtures/Documents")

    static func temporaryFile(_ name: String, _ contents: String) throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appending(path: "intentmark-conventions-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let url = directory.appending(path: name)
        try Data(contents.utf8).write(to: url)
        return url
    }

    /// Removes a file made by ``temporaryFile(_:_:)`` with its folder.
    static func removeTemporaryFile(_ url: URL) {
        try? FileManager.default.removeItem(at: url.deletingLastPathComponent())
    }

    @Test("intentmark FILE converts as convert FILE; -t is --to; format aliases name the same output")
    func fileAndAliases() throws {
        let file = Self.documents.appending(path: "field-guide.md").path
        let convert = try CLITests.run(["convert", file, "--to", "html"])
        #expect(convert.status == 0)
        #expect(try CLITests.run([file, "-t", "html"]).output == convert.output)
        #expect(try CLITests.run(["-t", "htm", file]).output == convert.output)
        let markdown = try CLITests.run([file, "--to", "markdown"]).output
        for alias in ["md", "gfm", "commonmark", "MD"] {
            #expect(try CLITests.run([file, "-t", alias]).output == markdown, "\(alias)")
        }
        let plain = try CLITests.run([file, "--to", "plain"]).output
        for alias in ["txt", "text"] { #expect(try CLITests.run([file, "-t", alias]).output == plain, "\(alias)") }
        #expect(try CLITests.run([file]).output == CLITests.run(["convert", file]).output)
    }

    @Test("-f json reads the document form back: Markdown → JSON → HTML equals Markdown → HTML")
    func fromJSON() throws {
        let files = CLITests.documents()
        #expect(!files.isEmpty)
        for file in files {
            let json = try CLITests.run([file.path, "-t", "json"])
            #expect(json.status == 0)
            let stored = try Self.temporaryFile("document.json", json.output)
            defer { Self.removeTemporaryFile(stored) }
            let fromJSON = try CLITests.run(["-f", "json", stored.path, "-t", "html"])
            #expect(fromJSON.status == 0, "\(fromJSON.standardError)")
            #expect(fromJSON.output == (try CLITests.run([file.path, "-t", "html"])).output, "\(file.lastPathComponent)")
            #expect(try CLITests.run(["--from", "json", "-t", "html"], input: Data(json.output.utf8)).output == fromJSON.output)
        }
    }

    @Test("-e NAME enables extensions as cmark-gfm's -e does: the first replaces the default set")
    func extensionsAsCmarkGFM() throws {
        let input = Data("~~gone~~ and www.example.com\n".utf8)
        let all = try CLITests.run(["-t", "html"], input: input).output
        #expect(all.contains("<del>") && all.contains("<a href"))
        let onlyStrikethrough = try CLITests.run(["-t", "html", "-e", "strikethrough"], input: input).output
        #expect(onlyStrikethrough.contains("<del>") && !onlyStrikethrough.contains("<a href"))
        let both = try CLITests.run(["-t", "html", "-e", "strikethrough", "--extension", "autolink"], input: input).output
        #expect(both == all)
    }

    @Test("Several inputs are one document: Markdown joined by a blank line, JSON appended")
    func severalInputs() throws {
        let first = try Self.temporaryFile("a.md", "# One\n\n- a")
        defer { Self.removeTemporaryFile(first) }
        let second = try Self.temporaryFile("b.md", "- b\n\n[rel](c.md)\n")
        defer { Self.removeTemporaryFile(second) }
        let joined = try CLITests.run([first.path, second.path, "-t", "md"])
        #expect(joined.status == 0)
        #expect(joined.output == (try CLITests.run(["-t", "md"], input: Data("# One\n\n- a\n\n- b\n\n[rel](c.md)\n".utf8))).output)
        let firstJSON = try Self.temporaryFile("a.json", try CLITests.run([first.path, "-t", "json"]).output)
        defer { Self.removeTemporaryFile(firstJSON) }
        let secondJSON = try Self.temporaryFile("b.json", try CLITests.run([second.path, "-t", "json"]).output)
        defer { Self.removeTemporaryFile(secondJSON) }
        let appended = try CLITests.run(["-f", "json", firstJSON.path, secondJSON.path, "-t", "html"])
        #expect(appended.status == 0, "\(appended.standardError)")
        #expect(appended.output.contains("<h1>One</h1>") && appended.output.contains("<li>b</li>"))
        // Invalid UTF-8 in the second file is reported in that file, at its offset there.
        let bad = try Self.temporaryFile("bad.md", "")
        defer { Self.removeTemporaryFile(bad) }
        try Data([0x61, 0x62, 0xFF, 0xFE]).write(to: bad)
        let invalid = try CLITests.run([first.path, bad.path, "-t", "html"])
        #expect(invalid.status == 1)
        #expect(
            invalid.standardError
                == "intentmark: cannot read \(bad.path): not valid UTF-8 (first invalid byte at offset 2; --repair-utf8 replaces it)\n")
    }

    @Test("Unknown formats, extensions and commands are usage errors naming what exists")
    func usageErrors() throws {
        let file = Self.documents.appending(path: "field-guide.md").path
        let format = try CLITests.run([file, "-t", "pdf"])
        #expect(format.status == 64)
        #expect(format.standardError.contains("markdown (md, gfm, commonmark)"))
        let from = try CLITests.run([file, "-f", "docx"])
        #expect(from.status == 64)
        #expect(from.standardError.contains("json"))
        let ext = try CLITests.run([file, "-e", "tables"])
        #expect(ext.status == 64)
        #expect(ext.standardError.contains("table, strikethrough"))
        let command = try CLITests.run(["conver", file])
        #expect(command.status == 64)
        #expect(command.standardError.contains("neither a command"))
        // A missing file that looks like a path fails as `convert` fails on it: status 1.
        let missing = try CLITests.run(["missing-input.md", "-t", "html"])
        let missingWithConvert = try CLITests.run(["convert", "missing-input.md", "-t", "html"])
        #expect(missing.status == 1 && missingWithConvert.status == 1)
        #expect(missing.standardError == missingWithConvert.standardError)
    }

    @Test("Honest flags: an output extension no format writes, or an option that does not apply to the output, is a usage error")
    func honestFlags() throws {
        let file = Self.documents.appending(path: "field-guide.md").path
        let directory = FileManager.default.temporaryDirectory.appending(path: "intentmark-honest-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let pdf = directory.appending(path: "out.pdf").path
        let cases: [([String], String)] = [
            ([file, "-o", pdf], "cannot write .pdf files (-o \(pdf)): intentmark writes json (.json), runs, plain (.txt, .text), html"),
            ([file, "-t", "html", "-o", directory.appending(path: "out.docx").path], "cannot write .docx files"),
            ([file, "-o", directory.appending(path: "out.foo").path], "cannot tell the format from '.foo'"),
            ([file, "-t", "markdown", "--width", "40"], "--width does not apply to --to markdown: it applies to --to terminal"),
            ([file, "-t", "plain", "--color", "always"], "--color does not apply to --to plain: it applies to --to terminal"),
            (
                [file, "-t", "html", "--style", "github"],
                "--style does not apply to --to html: it applies to --to rtf (json, runs and markdown with --result-options)"
            ),
            ([file, "-t", "json", "--style", "github"], "--style does not apply to --to json"),
            (
                [file, "-t", "html", "--result-options", "plainText"],
                "--result-options does not apply to --to html: it applies to --to json, runs, markdown"
            ),
            ([file, "-t", "rtf", "--unsafe"], "--unsafe does not apply to --to rtf: it applies to --to html"),
            (
                [file, "-t", "html", "--base-url", "https://example.com/"],
                "--base-url does not apply to --to html: it applies to --to json, runs, rtf, terminal"
            ),
            ([file, "-t", "md", "--base-url", "https://example.com/"], "--base-url does not apply to --to markdown"),
            (["-f", "json", "-", "-t", "rtf", "--base-url", "https://example.com/"], "--base-url is a Markdown parsing option"),
            (["-f", "json", "-", "-t", "html", "--smart"], "--smart is a Markdown parsing option; it does not apply to -f json input"),
            (["-f", "json", "-", "-t", "html", "-e", "table"], "-e is a Markdown parsing option"),
            (["apply", file, file, "-j", "2"], "-j/--jobs applies to convert into a directory, not to apply"),
        ]
        for (arguments, message) in cases {
            let result = try CLITests.run(arguments, input: Data("{}".utf8))
            #expect(result.status == 64, "\(arguments)")
            #expect(result.standardError.hasPrefix("intentmark: \(message)"), "\(arguments): \(result.standardError)")
            #expect(result.standardOutput.isEmpty)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: directory.path).isEmpty)
        // What does apply still works: a style sheet with result options, --width for the terminal.
        #expect(try CLITests.run([file, "-t", "json", "--style", "github", "--result-options", "richText"]).status == 0)
        #expect(try CLITests.run([file, "-t", "terminal", "--width", "40", "--color", "never"]).status == 0)
        // An unknown style-sheet key is named.
        let sheet = directory.appending(path: "sheet.json")
        try Data(#"{"headr1": {}}"#.utf8).write(to: sheet)
        let style = try CLITests.run([file, "-t", "rtf", "--style", sheet.path])
        #expect(style.status == 64)
        #expect(style.standardError.hasPrefix("intentmark: --style \(sheet.path): unknown slot 'headr1' (slots: body, header1,"))
    }

    @Test("The run dump names inline intents instead of printing raw values")
    func runDumpNamesInlineIntents() throws {
        let result = try CLITests.run(["-t", "runs"], input: Data("*a* **`b`**\nc\n".utf8))
        #expect(result.output.contains("\tinlinePresentationIntent = emphasized\n"))
        #expect(result.output.contains("\tinlinePresentationIntent = stronglyEmphasized, code\n"))
        #expect(result.output.contains("\tinlinePresentationIntent = softBreak\n"))
        #expect(!result.output.contains("rawValue"))
    }

    @Test("No output of a document read from a file carries file:// unless --base-url is given")
    func noFileURLsWithoutABase() throws {
        let directory = FileManager.default.temporaryDirectory.appending(path: "intentmark-links-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let links = directory.appending(path: "links.md")
        try Data("[top](#intro) [doc](docs/a%20b.md) ![i](img/ä.png) [mix](./Nächste%20Termine.md)\n".utf8).write(to: links)
        var files = try FileManager.default.contentsOfDirectory(atPath: Self.documents.path).filter { $0.hasSuffix(".md") }
            .map { Self.documents.appending(path: $0) }
        files.append(links)
        for file in files {
            for format in ["json", "runs", "html", "plain", "markdown", "rtf"] {
                let result = try CLITests.run([file.path, "-t", format])
                #expect(result.status == 0)
                #expect(!result.output.contains("file:"), "\(file.lastPathComponent) → \(format)")
            }
            let terminal = try CLITests.run([file.path, "-t", "terminal", "--color", "always"])
            #expect(!terminal.output.contains("file:"), "\(file.lastPathComponent) → terminal")
        }
        let based = try CLITests.run([links.path, "-t", "json", "--base-url", "https://example.com/docs/"])
        #expect(based.output.contains(#""link":"https://example.com/docs/#intro""#))
        #expect(try CLITests.run([links.path, "-t", "json"]).output.contains(#""link":"./N%C3%A4chste%20Termine.md""#))
    }
}
