import Foundation
import IntentModel
import IntentWriters
import MarkdownParsing
import SpecCorpus
import Testing

/// HTML written from the intent model, compared byte for byte with libcmark-gfm's own renderer
/// (the oracle, `cmark_render_html` with the same options) on every spec example, in safe and
/// unsafe mode and both block layouts; and with each example's own extension tags against the
/// spec's expected HTML.
@Suite("HTML conformance", .tags(.corpus))
struct HTMLConformanceTests {
    static let gfmFiles = [
        "cmark-gfm-0.29.0.gfm.6/spec.txt", "cmark-gfm-0.29.0.gfm.6/extensions.txt",
        "cmark-gfm-0.29.0.gfm.6/regression.txt", "cmark-gfm-0.29.0.gfm.6/smart_punct.txt",
    ]

    /// Examples of CommonMark 0.31.2 that libcmark-gfm 0.29.0.gfm.6 (CommonMark 0.29) renders
    /// differently, with the reason; listed in the README.
    static let commonMark031Deviations: [Int: String] = [
        28: "&#87654321; is out of range: 0.29 gives U+FFFD, 0.31 keeps it literal",
        173: "<textarea> starts an HTML block only since 0.31",
        356: "Unicode symbols (£, €) count as punctuation for emphasis flanking only since 0.31",
        627: "HTML comment syntax relaxed in 0.31",
        628: "HTML comment syntax relaxed in 0.31",
    ]

    struct Failure: CustomStringConvertible {
        var example: SpecExample
        var mode: String
        var expected: String
        var actual: String
        var description: String {
            "\(example.testDescription) [\(mode)]\n--- markdown\n\(example.markdown)--- expected\n\(expected)--- actual\n\(actual)"
        }
    }

    static func parsingOptions(file: String, extensions: MarkdownExtensions) -> MarkdownParsingOptions {
        // libcmark-gfm reads neither front matter nor GitHub alerts.
        MarkdownParsingOptions(
            extensions: extensions, smartPunctuation: file.hasSuffix("smart_punct.txt"), recognizesFrontMatter: false,
            recognizesGitHubAlerts: false)
    }

    /// Per-section pass counts, printed so the run reports them.
    static func report(_ file: String, _ results: [(section: String, passed: Bool)]) {
        var sections: [String: (passed: Int, total: Int)] = [:]
        var order: [String] = []
        for (section, passed) in results {
            if sections[section] == nil { order.append(section) }
            sections[section, default: (0, 0)].total += 1
            if passed { sections[section, default: (0, 0)].passed += 1 }
        }
        let passed = results.filter(\.passed).count
        var lines = ["\(file): \(passed)/\(results.count) identical"]
        for section in order {
            let counts = sections[section] ?? (0, 0)
            lines.append("  \(section): \(counts.passed)/\(counts.total)")
        }
        print(lines.joined(separator: "\n"))
    }

    @Test("HTML from the intent model equals libcmark-gfm's, safe and unsafe, both layouts", arguments: gfmFiles)
    func equalsLibcmarkGFM(file: String) throws {
        let examples = try SpecExamples.fixture(file)
        #expect(examples.count > 10)
        var failures: [Failure] = []
        var results: [(String, Bool)] = []
        for example in examples where !example.isDisabled {
            var passed = true
            for layout in BlockSeparation.allCases {
                var options = Self.parsingOptions(file: file, extensions: .all)
                options.blockSeparation = layout
                let document = try IntentDocument(markdown: example.markdown, options: options)
                for unsafe in [false, true] {
                    let expected = try ReferenceParser.html(example.markdown, options: options, unsafe: unsafe)
                    let actual = document.html(options: HTMLWritingOptions(unsafe: unsafe))
                    if actual != expected {
                        passed = false
                        failures.append(
                            Failure(example: example, mode: "\(unsafe ? "unsafe" : "safe"), \(layout)", expected: expected, actual: actual))
                    }
                }
            }
            results.append((example.section, passed))
        }
        Self.report(file, results)
        #expect(failures.isEmpty, "\(failures.count) differences; first: \(failures.first.map(\.description) ?? "")")
    }

    @Test("JSON and AttributedString round trips leave the HTML unchanged", arguments: gfmFiles)
    func roundTripsKeepTheHTML(file: String) throws {
        for example in try SpecExamples.fixture(file) where !example.isDisabled {
            let document = try IntentDocument(markdown: example.markdown, options: Self.parsingOptions(file: file, extensions: .all))
            let unsafe = HTMLWritingOptions(unsafe: true)
            let html = document.html(options: unsafe)
            let decoded = try IntentDocument(jsonData: document.jsonData())
            #expect(decoded.html(options: unsafe) == html, "JSON: \(example.testDescription)")
            let converted = IntentDocument(document.attributedString())
            #expect(converted.html(options: unsafe) == html, "AttributedString: \(example.testDescription)")
        }
    }

    @Test("each example's own extension tags give the spec's expected HTML", arguments: gfmFiles)
    func matchesTheSpecsExpectedHTML(file: String) throws {
        var failures: [Failure] = []
        var results: [(String, Bool)] = []
        for example in try SpecExamples.fixture(file) where !example.isDisabled {
            var extensions = file.hasSuffix("extensions.txt") ? MarkdownExtensions.all : []
            for tag in example.tags {
                if let option = MarkdownExtensions.named.first(where: { $0.name == tag })?.option { extensions.insert(option) }
            }
            let document = try IntentDocument(markdown: example.markdown, options: Self.parsingOptions(file: file, extensions: extensions))
            let actual = document.html(options: HTMLWritingOptions(unsafe: true, tagFilter: extensions.contains(.tagfilter)))
            let passed = example.html == "<IGNORE>\n" || actual == example.html
            if !passed { failures.append(Failure(example: example, mode: "spec", expected: example.html, actual: actual)) }
            results.append((example.section, passed))
        }
        Self.report(file + " (spec's expected HTML)", results)
        #expect(failures.isEmpty, "\(failures.count) differences; first: \(failures.first.map(\.description) ?? "")")
    }

    @Test func commonMark031DiffersOnlyWhereTheSystemLibraryIsOlder() throws {
        let file = "commonmark-spec-0.31.2/spec.txt"
        var unexpected: [Failure] = []
        var deviations: [Int] = []
        var results: [(String, Bool)] = []
        for example in try SpecExamples.fixture(file) {
            let document = try IntentDocument(
                markdown: example.markdown, options: MarkdownParsingOptions(extensions: [], recognizesFrontMatter: false))
            let actual = document.html(options: HTMLWritingOptions(unsafe: true, tagFilter: false))
            let passed = actual == example.html
            results.append((example.section, passed))
            if passed { continue }
            if Self.commonMark031Deviations[example.number] != nil {
                deviations.append(example.number)
            } else {
                unexpected.append(Failure(example: example, mode: "CommonMark 0.31.2", expected: example.html, actual: actual))
            }
        }
        Self.report(file, results)
        #expect(unexpected.isEmpty, "\(unexpected.count) unexpected differences; first: \(unexpected.first.map(\.description) ?? "")")
        #expect(deviations.sorted() == Self.commonMark031Deviations.keys.sorted())
    }
}

extension HTMLConformanceTests {
    @Test(
        "whole documents: the bundled documents, and the real-world document and spec text of the corpus when it is there",
        arguments: TestPaths.documents(plusCorpus: ["realworld/realworld-1mb.md", "commonmark-spec-0.31.2/spec.txt"]))
    func wholeDocumentsEqualLibcmarkGFM(url: URL) throws {
        let source = try String(contentsOf: url, encoding: .utf8)
        for layout in BlockSeparation.allCases {
            // libcmark-gfm reads the spec text's front matter as Markdown.
            let options = MarkdownParsingOptions(blockSeparation: layout, recognizesFrontMatter: false)
            let document = try IntentDocument(markdown: source, options: options)
            for unsafe in [false, true] {
                let expected = try ReferenceParser.html(source, options: options, unsafe: unsafe)
                let actual = document.html(options: HTMLWritingOptions(unsafe: unsafe))
                #expect(expected.utf8.count > 1000)
                if actual != expected {
                    let prefix = zip(actual.utf8, expected.utf8).prefix { $0 == $1 }.count
                    let context = String(decoding: Array(expected.utf8.dropFirst(max(0, prefix - 80)).prefix(200)), as: UTF8.self)
                    Issue.record(
                        "\(url.lastPathComponent) \(layout) unsafe=\(unsafe): first difference at byte \(prefix), near: \(context)")
                }
            }
        }
    }
}
