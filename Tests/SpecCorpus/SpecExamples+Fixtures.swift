import Foundation

// The spec examples as data in the repository: `Fixtures/Spec/<dir>/<name>.json`, one file per
// spec file of the shared corpus, written by `scripts/extract-spec-fixtures` (which compiles this
// file and `SpecExamples.swift` into the extractor, so the tests and the script share one reader
// and one writer). Provenance and licences: `Fixtures/Spec/README.md`.
extension SpecExamples {
    /// The spec files the fixtures hold, relative to the corpus (and, with `.json` for `.txt`, to
    /// `Fixtures/Spec/`).
    public static let fixtureFiles = [
        "cmark-gfm-0.29.0.gfm.13/extensions-full-info-string.txt",
        "cmark-gfm-0.29.0.gfm.13/extensions-table-prefer-style-attributes.txt",
        "cmark-gfm-0.29.0.gfm.13/extensions.txt",
        "cmark-gfm-0.29.0.gfm.13/regression.txt",
        "cmark-gfm-0.29.0.gfm.13/smart_punct.txt",
        "cmark-gfm-0.29.0.gfm.13/spec.txt",
        "cmark-gfm-0.29.0.gfm.6/extensions-full-info-string.txt",
        "cmark-gfm-0.29.0.gfm.6/extensions-table-prefer-style-attributes.txt",
        "cmark-gfm-0.29.0.gfm.6/extensions.txt",
        "cmark-gfm-0.29.0.gfm.6/regression.txt",
        "cmark-gfm-0.29.0.gfm.6/smart_punct.txt",
        "cmark-gfm-0.29.0.gfm.6/spec.txt",
        "commonmark-spec-0.31.2/spec.txt",
    ]

    /// The fixture of a spec file: `cmark-gfm-0.29.0.gfm.6/spec.txt` →
    /// `cmark-gfm-0.29.0.gfm.6/spec.json` (relative to `Fixtures/Spec/`).
    public static func fixturePath(_ file: String) -> String {
        (file.hasSuffix(".txt") ? String(file.dropLast(4)) : file) + ".json"
    }

    /// Reads the examples of a spec file from its fixture under `directory`.
    /// - Parameters:
    ///   - file: The spec file, relative to the corpus (`cmark-gfm-0.29.0.gfm.6/spec.txt`); each
    ///     example's ``SpecExample/file`` is this, as ``load(_:)`` sets it.
    ///   - directory: The folder holding the fixtures (`Fixtures/Spec/`).
    /// - Throws: A file error, or ``SpecFixtureError`` when the file is not an array of examples.
    public static func fixture(_ file: String, in directory: URL) throws -> [SpecExample] {
        let url = directory.appending(path: fixturePath(file))
        let object = try JSONSerialization.jsonObject(with: Data(contentsOf: url))
        guard let entries = object as? [[String: Any]] else { throw SpecFixtureError(file: file, detail: "not an array of objects") }
        return try entries.enumerated().map { index, entry in
            guard let number = entry["number"] as? Int, let line = entry["line"] as? Int,
                let section = entry["section"] as? String, let markdown = entry["markdown"] as? String,
                let html = entry["html"] as? String, let tags = entry["tags"] as? [String]
            else { throw SpecFixtureError(file: file, detail: "entry \(index) lacks a field") }
            return SpecExample(file: file, number: number, line: line, section: section, markdown: markdown, html: html, tags: tags)
        }
    }

    /// The fixture text of `examples`: a JSON array, one object per example with the keys
    /// `html`, `line`, `markdown`, `number`, `section` and `tags` in that (sorted) order, each on
    /// its own line. Deterministic: the same examples give the same bytes. Control characters and
    /// invisible spaces are escaped (`\u00a0`), so nothing in the file depends on an editor or git
    /// keeping them; other text is UTF-8 as is.
    public static func fixtureJSON(_ examples: [SpecExample]) -> String {
        var lines: [String] = []
        for (index, example) in examples.enumerated() {
            let tags = example.tags.map(jsonString).joined(separator: ", ")
            lines.append("  {")
            lines.append("    \"html\": \(jsonString(example.html)),")
            lines.append("    \"line\": \(example.line),")
            lines.append("    \"markdown\": \(jsonString(example.markdown)),")
            lines.append("    \"number\": \(example.number),")
            lines.append("    \"section\": \(jsonString(example.section)),")
            lines.append("    \"tags\": [\(tags)]")
            lines.append(index == examples.count - 1 ? "  }" : "  },")
        }
        return lines.isEmpty ? "[]\n" : "[\n" + lines.joined(separator: "\n") + "\n]\n"
    }

    /// Scalars written as `\uXXXX` besides the C0 and C1 controls: spaces and marks that do not
    /// show (no-break, zero-width and other Unicode spaces, line and paragraph separators, the
    /// byte-order mark).
    private static let invisibleScalars: Set<UInt32> = Set(
        [0x00A0, 0x00AD, 0x034F, 0x061C, 0x1680, 0x180E, 0x205F, 0x3000, 0xFEFF] + Array(0x2000...0x200F) + Array(0x2028...0x202F)
            + Array(0x2060...0x206F))

    /// `text` as a JSON string literal.
    private static func jsonString(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "\n": result += "\\n"
            case "\r": result += "\\r"
            case "\t": result += "\\t"
            default:
                let value = scalar.value
                if value < 0x20 || (0x7F...0x9F).contains(value) || invisibleScalars.contains(value) {
                    let hex = String(value, radix: 16)
                    result += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
                } else {
                    result.unicodeScalars.append(scalar)
                }
            }
        }
        return result + "\""
    }
}
