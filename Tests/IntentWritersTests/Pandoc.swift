import Foundation
import IntentLowering
import IntentModel
import IntentWriters
import Testing

/// pandoc as an independent RTF reader for read-back tests: our RTF goes in, pandoc's plain text
/// and JSON AST come out, and what they hold is compared with the source document.
///
/// CI installs pandoc (`scripts/install-system-library`). Without it the tests fail, unless
/// `INTENTMARK_SKIP_PANDOC=1` says to skip them.
enum Pandoc {
    /// The `pandoc` on `PATH`, if any.
    static let executable: URL? = {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        for directory in path.split(separator: ":") {
            let candidate = URL(fileURLWithPath: String(directory)).appending(path: "pandoc")
            if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
        }
        return nil
    }()

    /// Whether read-back tests run: pandoc is installed, or it is not and skipping was not asked
    /// for (`INTENTMARK_SKIP_PANDOC=1`), so that the tests fail and say why.
    static var runsOrFails: Bool {
        executable != nil || ProcessInfo.processInfo.environment["INTENTMARK_SKIP_PANDOC"] != "1"
    }

    struct Failure: Error, CustomStringConvertible {
        var description: String
    }

    /// Runs `pandoc -f rtf -t FORMAT` on `rtf`.
    static func convert(_ rtf: Data, to format: String) throws -> String {
        guard let executable else {
            throw Failure(
                description:
                    "pandoc is not installed: install it (apt-get install pandoc; scripts/install-system-library does) or set INTENTMARK_SKIP_PANDOC=1 to skip the read-back tests"
            )
        }
        let input = FileManager.default.temporaryDirectory.appending(path: "intentmark-rtf-\(UUID().uuidString).rtf")
        try rtf.write(to: input)
        defer { try? FileManager.default.removeItem(at: input) }
        let process = Process()
        process.executableURL = executable
        process.arguments = ["-f", "rtf", "-t", format, "--wrap=none", input.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = FileHandle.nullDevice
        try process.run()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else { throw Failure(description: "pandoc exited with \(process.terminationStatus)") }
        return String(decoding: data, as: UTF8.self)
    }

    // MARK: - Words

    /// The words of `text`, lowercased: runs of letters and digits; everything else (punctuation,
    /// symbols, list bullets, table rules) separates. Characters outside the BMP and U+FFFD also
    /// separate: pandoc (2.17 and later) reads each half of a `\uN` surrogate pair as U+FFFD.
    /// Superscript and subscript digits (which pandoc writes for RTF `\super`/`\sub` digits) are
    /// words of their own, as ASCII digits: the expected side separates runs of display
    /// superscript (``spacingScripts(_:)``).
    static func words(_ text: String) -> [String] {
        var result: [String] = []
        var current = String.UnicodeScalarView()
        var currentIsScript = false
        for var scalar in text.lowercased().unicodeScalars {
            let script = scriptDigit(scalar)
            if script != nil || currentIsScript {
                if (script != nil) != currentIsScript, !current.isEmpty {
                    result.append(String(current))
                    current = String.UnicodeScalarView()
                }
                currentIsScript = script != nil
                if let script { scalar = script }
            }
            let isWordCharacter =
                scalar.value < 0x10000 && scalar.value != 0xFFFD
                && (scalar.properties.isAlphabetic || scalar.properties.numericType != nil)
            if isWordCharacter {
                current.append(scalar)
            } else if !current.isEmpty {
                result.append(String(current))
                current = String.UnicodeScalarView()
            }
        }
        if !current.isEmpty { result.append(String(current)) }
        return result
    }

    /// The ASCII digit of a superscript or subscript digit.
    static func scriptDigit(_ scalar: Unicode.Scalar) -> Unicode.Scalar? {
        switch scalar.value {
        case 0x2070: return "0"
        case 0x00B9: return "1"
        case 0x00B2: return "2"
        case 0x00B3: return "3"
        case 0x2074...0x2079: return Unicode.Scalar(scalar.value - 0x2074 + 0x34)
        case 0x2080...0x2089: return Unicode.Scalar(scalar.value - 0x2080 + 0x30)
        // The letters plain text writes raised or lowered (pandoc writes them `^n^`, `~x~`).
        case 0x2071: return "i"
        case 0x207F: return "n"
        case 0x2090: return "a"
        case 0x2091: return "e"
        case 0x2092: return "o"
        case 0x2093: return "x"
        case 0x2095: return "h"
        case 0x2096: return "k"
        case 0x2097: return "l"
        case 0x2098: return "m"
        case 0x2099: return "n"
        case 0x209A: return "p"
        case 0x209B: return "s"
        case 0x209C: return "t"
        default: return nil
        }
    }

    /// `document` with a space on both sides of every run in display superscript or subscript,
    /// so that its words split where pandoc's read-back (`2^n^`, `2⁷`) does.
    static func spacingScripts(_ document: IntentDocument) -> IntentDocument {
        guard document.runs.contains(where: { ($0.attributes.display?.superscript ?? 0) != 0 }) else { return document }
        var spaced = IntentDocument()
        for run in document.runs {
            var text = String(run.text)
            if (run.attributes.display?.superscript ?? 0) != 0 { text = " " + text + " " }
            spaced.append(
                text, presentationIntent: run.presentationIntent, inlinePresentationIntent: run.inlinePresentationIntent,
                attributes: run.attributes, blockMarkup: run.blockMarkup, inlineSpans: run.inlineSpans)
        }
        return spaced
    }

    /// `text` without the list marker at the start of each line, after indentation and quote
    /// bars (`•`, `-`, `1.`, `a)`, `iv.`):
    /// pandoc restarts an ordered list at a paragraph without a number (an item's second
    /// paragraph), so its numbers are not the source's; items are checked by count instead.
    static func strippingListMarkers(_ text: String) -> String {
        var lines: [Substring] = []
        for line in text.split(separator: "\n", omittingEmptySubsequences: false) {
            // Plain text prefixes quoted lines with "│ ".
            var rest = line.drop(while: { $0 == " " || $0 == "\t" || $0 == "│" })
            var stripped = false
            // An item that begins with a nested list shares its line with the nested item's
            // marker (`2. a. nested`): every marker of the line goes.
            while let space = rest.firstIndex(where: { $0 == " " || $0 == "\t" }) {
                let token = rest[..<space]
                let isBullet = ["•", "◦", "▪", "-", "*", "+"].contains(token)
                let isNumber =
                    token.count >= 2 && token.count <= 10 && (token.last == "." || token.last == ")")
                    && (token.dropLast().allSatisfy(\.isASCII)
                        && (token.dropLast().allSatisfy(\.isNumber) || token.dropLast().allSatisfy(\.isLetter)))
                    && token.count <= 8
                guard isBullet || isNumber else { break }
                rest = rest[space...].drop(while: { $0 == " " })
                stripped = true
            }
            lines.append(stripped ? rest : line)
        }
        return lines.joined(separator: "\n")
    }

    /// A precise account of how two word sequences differ: counts, the first difference with
    /// context, and the words missing or extra by count.
    static func wordDifference(expected: [String], actual: [String]) -> String? {
        guard expected != actual else { return nil }
        var first = 0
        while first < min(expected.count, actual.count), expected[first] == actual[first] { first += 1 }
        func context(_ words: [String]) -> String {
            words[max(0, first - 8)..<min(words.count, first + 12)].joined(separator: " ")
        }
        var counts: [String: Int] = [:]
        for word in expected { counts[word, default: 0] += 1 }
        for word in actual { counts[word, default: 0] -= 1 }
        let missing = counts.filter { $0.value > 0 }.sorted { $0.value > $1.value }.prefix(12).map { "\($0.key)×\($0.value)" }
        let extra = counts.filter { $0.value < 0 }.sorted { $0.value < $1.value }.prefix(12).map { "\($0.key)×\(-$0.value)" }
        return """
            words differ: \(expected.count) expected, \(actual.count) read back; first difference at word \(first)
              expected: … \(context(expected)) …
              read:     … \(context(actual)) …
              missing from the read-back: \(missing.joined(separator: ", "))
              extra in the read-back: \(extra.joined(separator: ", "))
            """
    }

    // MARK: - Structure

    /// What pandoc's AST holds: header levels and texts, list items, table cells, link targets.
    struct Structure {
        var headers: [(level: Int, text: String)] = []
        var listItems = 0
        var tableCells = 0
        var links: [String] = []
    }

    /// Walks pandoc's JSON AST (iteratively, in document order).
    static func structure(ofJSON json: String) throws -> Structure {
        let root = try JSONSerialization.jsonObject(with: Data(json.utf8))
        var result = Structure()
        var stack: [Any] = [root]
        while let node = stack.popLast() {
            if let array = node as? [Any] {
                stack.append(contentsOf: array.reversed())
                continue
            }
            guard let object = node as? [String: Any] else { continue }
            guard let type = object["t"] as? String else {
                if let blocks = object["blocks"] { stack.append(blocks) }
                continue
            }
            let content = object["c"]
            let parts = content as? [Any] ?? []
            switch type {
            case "Header":
                if parts.count == 3, let level = parts[0] as? Int { result.headers.append((level, text(ofInlines: parts[2]))) }
            case "BulletList":
                result.listItems += parts.count
            case "OrderedList":
                if parts.count == 2 { result.listItems += (parts[1] as? [Any])?.count ?? 0 }
            case "Table":
                // [attr, caption, colspecs, head [attr, rows], bodies [[attr, n, headRows, rows]], foot [attr, rows]]
                var rows: [Any] = []
                if parts.count == 6 {
                    rows += ((parts[3] as? [Any])?.last as? [Any]) ?? []
                    for body in parts[4] as? [Any] ?? [] {
                        let body = body as? [Any] ?? []
                        if body.count == 4 { rows += (body[2] as? [Any] ?? []) + (body[3] as? [Any] ?? []) }
                    }
                    rows += ((parts[5] as? [Any])?.last as? [Any]) ?? []
                }
                for row in rows { result.tableCells += ((row as? [Any])?.last as? [Any])?.count ?? 0 }
            case "Link":
                // A link whose text changes format is several Links to one target: one link here.
                if parts.count == 3, let target = parts[2] as? [Any], let url = target.first as? String, result.links.last != url {
                    result.links.append(url)
                }
            default:
                break
            }
            if let content { stack.append(content) }
        }
        return result
    }

    /// The text of an inline list: `Str`, `Code` and spaces.
    static func text(ofInlines inlines: Any) -> String {
        var text = ""
        var stack: [Any] = [inlines]
        while let node = stack.popLast() {
            if let array = node as? [Any] {
                stack.append(contentsOf: array.reversed())
            } else if let object = node as? [String: Any], let type = object["t"] as? String {
                switch type {
                case "Str": text += object["c"] as? String ?? ""
                case "Space", "SoftBreak", "LineBreak": text += " "
                case "Code": text += ((object["c"] as? [Any])?.last as? String) ?? ""
                default: if let content = object["c"] { stack.append(content) }
                }
            }
        }
        return text
    }

    /// The source's structure: header levels and texts, list items with text of their own — the
    /// innermost item of some text (a reader has nothing to make an empty item from, and pandoc
    /// drops the marker-only paragraph of an item that begins with a nested list) —, table cells,
    /// link targets (consecutive links to one target are one link, as on pandoc's side).
    static func structure(of document: IntentDocument) -> Structure {
        var result = Structure()
        var itemsWithText = Set<Int>()
        for run in document.runs where !run.attributes.isBlockSeparator && run.text.contains(where: { !$0.isWhitespace }) {
            for component in run.presentationIntent?.components ?? [] {
                if case .listItem = component.kind {
                    itemsWithText.insert(component.identity)
                    break
                }
            }
        }
        result.listItems = itemsWithText.count
        // Table cells: every row has as many as its table has columns (GFM pads a short row with
        // empty cells, and the RTF writer writes them).
        var columnsOfRow: [Int: Int] = [:]
        for run in document.runs {
            let components = run.presentationIntent?.components ?? []
            guard let row = components.first(where: { $0.kind.isTableRowKind }) else { continue }
            for component in components {
                if case .table(let columns) = component.kind { columnsOfRow[row.identity] = columns.count }
            }
        }
        result.tableCells = columnsOfRow.values.reduce(0, +)
        var headerTexts: [Int: (level: Int, text: String)] = [:]
        var headerOrder: [Int] = []
        var previousLink: String? = nil
        for run in document.runs {
            let link = run.attributes.link?.absoluteString ?? run.attributes.linkDestination
            if let link, link != previousLink, result.links.last != link { result.links.append(link) }
            if !run.attributes.isBlockSeparator { previousLink = link }
            guard !run.attributes.isBlockSeparator, let leaf = run.presentationIntent?.components.first,
                case .header(let level) = leaf.kind
            else { continue }
            if headerTexts[leaf.identity] == nil { headerOrder.append(leaf.identity) }
            headerTexts[leaf.identity, default: (level, "")].text += String(run.text)
        }
        result.headers = headerOrder.compactMap { headerTexts[$0] }
        return result
    }

    // MARK: - Read-back check

    /// Writes `document` as RTF, has pandoc read it, and records an issue for every word, header,
    /// list item, table cell or link that does not come back. Words are compared with the
    /// document's plain text with raw HTML kept (rich lowering keeps raw HTML as text).
    static func checkReadBack(of document: IntentDocument, label: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let rtf = RTFWriter().writeData(document)
        let plain = try convert(rtf, to: "plain")
        // RTF and plain text follow one rule for raw HTML (tags and comments dropped, `<br>` a
        // break, `<img>` its alt text), so the words pandoc reads are our plain text's words.
        let expectedWords = words(strippingListMarkers(spacingScripts(document).plainText()))
        let readWords = words(strippingListMarkers(plain))
        // No raw HTML shows: no comment, and none of the tags a README uses for layout (code
        // blocks may hold HTML as text, so only these are checked).
        for tag in ["<!--", "<img", "<br", "<details", "<summary", "<p align", "<sup>", "<kbd>"] {
            #expect(!plain.contains(tag), "\(label): \(tag) in pandoc's reading of the RTF", sourceLocation: sourceLocation)
        }
        if let difference = wordDifference(expected: expectedWords, actual: readWords) {
            Issue.record("\(label): \(difference)", sourceLocation: sourceLocation)
        }
        let read = try structure(ofJSON: convert(rtf, to: "json"))
        let expected = structure(of: document)
        let expectedHeaders = expected.headers.map { "\($0.level) \(words($0.text).joined(separator: " "))" }
        let readHeaders = read.headers.map { "\($0.level) \(words($0.text).joined(separator: " "))" }
        #expect(readHeaders == expectedHeaders, "\(label): headers", sourceLocation: sourceLocation)
        #expect(read.listItems == expected.listItems, "\(label): list items", sourceLocation: sourceLocation)
        #expect(read.tableCells == expected.tableCells, "\(label): table cells", sourceLocation: sourceLocation)
        #expect(read.links == expected.links, "\(label): links", sourceLocation: sourceLocation)
        print(
            "RTF read-back \(label): \(readWords.count)/\(expectedWords.count) words, \(read.headers.count)/\(expected.headers.count) headers, \(read.listItems)/\(expected.listItems) list items, \(read.tableCells)/\(expected.tableCells) table cells, \(read.links.count)/\(expected.links.count) links, \(rtf.count) bytes of RTF"
        )
    }
}

extension PresentationIntent.Kind {
    /// A table's header row or body row.
    fileprivate var isTableRowKind: Bool {
        switch self {
        case .tableHeaderRow, .tableRow: return true
        case .paragraph, .header, .orderedList, .unorderedList, .listItem, .codeBlock, .blockQuote, .thematicBreak, .table,
            .tableCell:
            return false
        }
    }
}
