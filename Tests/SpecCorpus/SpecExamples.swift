import Foundation

/// One example of a CommonMark/GFM spec file (format: shared/corpus/FORMAT.md).
public struct SpecExample: Sendable {
    /// The spec file's path relative to the corpus.
    public var file: String
    /// The example's number in its file (from 1).
    public var number: Int
    /// The line of the example's opening fence (from 1).
    public var line: Int
    /// The heading the example is under.
    public var section: String
    /// The example's Markdown.
    public var markdown: String
    /// The HTML the spec expects.
    public var html: String
    /// The example's tags (`disabled`, extension names).
    public var tags: [String]

    /// Whether the spec marks the example disabled.
    public var isDisabled: Bool { tags.contains("disabled") }
    /// File, number, line and section, for test names.
    public var testDescription: String { "\(file) #\(number) (line \(line)) \(section)" }
}

/// Reads spec files in the format of `shared/corpus/FORMAT.md`.
public enum SpecExamples {
    /// Reads every example of a spec file, numbered from 1 in file order (disabled ones included).
    /// Splits on bytes, so `\r` inside examples is kept; `→` becomes a tab.
    public static func load(_ url: URL) throws -> [SpecExample] {
        let data = try Data(contentsOf: url)
        let fence = String(repeating: "`", count: 32)
        var examples: [SpecExample] = []
        var section = ""
        var state = 0  // 0 prose, 1 markdown, 2 html
        var markdown: [UInt8] = []
        var html: [UInt8] = []
        var tags: [String] = []
        var startLine = 0
        var lineNumber = 0
        var lineStart = 0
        let bytes = [UInt8](data)
        var index = 0
        func finishLine(_ line: ArraySlice<UInt8>) {
            lineNumber += 1
            let text = String(decoding: line, as: UTF8.self)
            let stripped = text.trimmingCharacters(in: .whitespaces)
            switch state {
            case 0:
                if stripped.hasPrefix(fence + " example") {
                    state = 1
                    startLine = lineNumber
                    tags = stripped.dropFirst(fence.count + 8).split(separator: " ").map(String.init)
                    markdown = []
                    html = []
                } else if text.hasPrefix("#") {
                    let hashes = text.prefix { $0 == "#" }
                    if text.dropFirst(hashes.count).hasPrefix(" ") {
                        section = text.dropFirst(hashes.count).trimmingCharacters(in: .whitespaces)
                    }
                }
            case 1:
                if stripped == "." {
                    state = 2
                } else {
                    markdown.append(contentsOf: line)
                    markdown.append(UInt8(ascii: "\n"))
                }
            default:
                if stripped == fence {
                    state = 0
                    let arrow = "\u{2192}"
                    examples.append(
                        SpecExample(
                            file: url.deletingLastPathComponent().lastPathComponent + "/" + url.lastPathComponent,
                            number: examples.count + 1, line: startLine, section: section,
                            markdown: String(decoding: markdown, as: UTF8.self).replacingOccurrences(of: arrow, with: "\t"),
                            html: String(decoding: html, as: UTF8.self).replacingOccurrences(of: arrow, with: "\t"),
                            tags: tags))
                } else {
                    html.append(contentsOf: line)
                    html.append(UInt8(ascii: "\n"))
                }
            }
        }
        while index < bytes.count {
            if bytes[index] == UInt8(ascii: "\n") {
                finishLine(bytes[lineStart..<index])
                lineStart = index + 1
            }
            index += 1
        }
        if lineStart < bytes.count { finishLine(bytes[lineStart..<bytes.count]) }
        return examples
    }
}
