import Foundation
import IntentModel
import Testing

@testable import IntentLowering

/// The generated Unicode tables against the Unicode Character Database they were generated from
/// (Debian's `unicode-data` package, which `scripts/install-system-library` installs; another
/// directory with `INTENTMARK_UNICODE_DATA`): every code point, and the version.
@Suite("Unicode tables")
struct UnicodeTablesTests {
    static let directory = URL(
        fileURLWithPath: ProcessInfo.processInfo.environment["INTENTMARK_UNICODE_DATA"] ?? "/usr/share/unicode")

    struct MissingData: Error, CustomStringConvertible {
        var description: String
    }

    /// Value per code point of a UCD property file: the `@missing` defaults (long value names,
    /// mapped to short ones by `aliases`), then the listed lines.
    static func load(_ path: String, aliases: [String: String]) throws -> (values: [Substring], version: String) {
        let url = directory.appending(path: path)
        guard let text = try? String(contentsOf: url, encoding: .utf8) else {
            throw MissingData(
                description: "cannot read \(url.path): install Debian's unicode-data (scripts/install-system-library does)")
        }
        var values = [Substring](repeating: "", count: 0x110000)
        func assign(_ field: Substring, _ value: Substring) {
            let bounds = field.split(separator: ".").compactMap { UInt32($0.trimmingCharacters(in: .whitespaces), radix: 16) }
            guard let first = bounds.first, let last = bounds.last else { return }
            for code in first...last { values[Int(code)] = value }
        }
        let lines = text.split(separator: "\n")
        for line in lines where line.hasPrefix("# @missing:") {
            let fields = line.dropFirst(11).split(separator: ";")
            guard fields.count == 2 else { continue }
            let long = fields[1].trimmingCharacters(in: .whitespaces)
            assign(fields[0], Substring(aliases[long] ?? long))
        }
        for line in lines where !line.hasPrefix("#") {
            let fields = (line.split(separator: "#").first ?? "").split(separator: ";")
            guard fields.count >= 2 else { continue }
            assign(fields[0], Substring(fields[1].trimmingCharacters(in: .whitespaces)))
        }
        let version = lines.first.flatMap { $0.firstMatch(of: /\d+\.\d+\.\d+/) }.map { String($0.output) } ?? ""
        return (values, version)
    }

    static func aliases(_ property: String) throws -> [String: String] {
        var result: [String: String] = [:]
        let text = try String(contentsOf: directory.appending(path: "PropertyValueAliases.txt"), encoding: .utf8)
        for line in text.split(separator: "\n") {
            let fields = line.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            if fields.count >= 3, fields[0] == property { result[fields[2]] = fields[1] }
        }
        return result
    }

    @Test("wide code points are East Asian Width W or F, or Emoji_Presentation, of the stated Unicode version")
    func wideTableMatchesTheData() throws {
        let width = try Self.load("extracted/DerivedEastAsianWidth.txt", aliases: Self.aliases("ea"))
        #expect(width.version == UnicodeTables.version)
        #expect(TerminalCellWidth.unicodeVersion == width.version)
        var emoji = [Bool](repeating: false, count: 0x110000)
        let data = try String(contentsOf: Self.directory.appending(path: "emoji/emoji-data.txt"), encoding: .utf8)
        for line in data.split(separator: "\n") where !line.hasPrefix("#") {
            let fields = (line.split(separator: "#").first ?? "").split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
            guard fields.count == 2, fields[1] == "Emoji_Presentation" else { continue }
            let bounds = fields[0].split(separator: ".").compactMap { UInt32($0, radix: 16) }
            for code in bounds[0]...bounds[bounds.count - 1] { emoji[Int(code)] = true }
        }
        var mismatches: [String] = []
        for code in 0..<0x110000 {
            guard let scalar = Unicode.Scalar(UInt32(code)) else { continue }
            let expected = width.values[code] == "W" || width.values[code] == "F" || emoji[code]
            if UnicodeTables.isWide(scalar) != expected { mismatches.append(String(code, radix: 16)) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) code points differ, first \(mismatches.prefix(10))")
    }

    @Test("strong directions are Bidi_Class L, and R or AL, of the stated Unicode version")
    func directionTablesMatchTheData() throws {
        let bidi = try Self.load("extracted/DerivedBidiClass.txt", aliases: Self.aliases("bc"))
        #expect(bidi.version == UnicodeTables.version)
        var mismatches: [String] = []
        for code in 0..<0x110000 {
            guard let scalar = Unicode.Scalar(UInt32(code)) else { continue }
            let expected: UnicodeTables.StrongDirection?
            switch bidi.values[code] {
            case "L": expected = .leftToRight
            case "R", "AL": expected = .rightToLeft
            default: expected = nil
            }
            if UnicodeTables.strongDirection(of: scalar) != expected { mismatches.append(String(code, radix: 16)) }
        }
        #expect(mismatches.isEmpty, "\(mismatches.count) code points differ, first \(mismatches.prefix(10))")
    }

    @Test("terminal cell widths follow the data: 🖋 and 🌡 one cell, with the emoji selector two")
    func cellWidthsFollowTheData() {
        #expect(TerminalCellWidth.of("🖋") == 1)
        #expect(TerminalCellWidth.of("🌡") == 1)
        #expect(TerminalCellWidth.of("🖋\u{FE0F}") == 2)
        #expect(TerminalCellWidth.of("😀") == 2)
        #expect(TerminalCellWidth.of("☺\u{FE0E}") == 1)
        #expect(TerminalCellWidth.of("🇩🇪") == 2)
        #expect(TerminalCellWidth.of("⌚") == 2)  // U+231A: East Asian Width W
        #expect(TerminalCellWidth.of("각") == 2)
        #expect(TerminalCellWidth.of("\u{1100}\u{1161}") == 2)  // a syllable of conjoining jamo
        #expect(TerminalCellWidth.of("a\u{200B}b") == 2)
        #expect(TerminalCellWidth.of("\u{3400}\u{20000}") == 4)
    }

    @Test("the first strong character decides a paragraph's direction; isolates and neutrals are skipped")
    func firstStrongCharacterDecides() {
        #expect(WritingDirection.firstStrong(in: "123 שלום world") == .rightToLeft)
        #expect(WritingDirection.firstStrong(in: "hello שלום") == .leftToRight)
        #expect(WritingDirection.firstStrong(in: "«مرحبا»") == .rightToLeft)
        #expect(WritingDirection.firstStrong(in: "\u{2067}שלום\u{2069} ok") == .leftToRight)
        #expect(WritingDirection.firstStrong(in: "123 …") == .natural)
        #expect(WritingDirection.firstStrong(in: "Ω") == .leftToRight)
        #expect(WritingDirection.firstStrong(in: "ދިވެހި") == .rightToLeft)  // Thaana
    }

    @Test("right-to-left text is found anywhere, and only characters of Bidi_Class R or AL count")
    func rightToLeftAnywhere() {
        #expect(!WritingDirection.holdsRightToLeft("plain ASCII text"))
        #expect(!WritingDirection.holdsRightToLeft("a — b 漢字 🙂 Ω ü"))
        #expect(!WritingDirection.holdsRightToLeft("\u{05BF}\u{0591}"))  // Hebrew points: NSM, not R
        #expect(WritingDirection.holdsRightToLeft("ok then שלום"))
        #expect(WritingDirection.holdsRightToLeft("x ع"))
        #expect(WritingDirection.holdsRightToLeft("🙂 \u{10900}"))  // Phoenician, four bytes
        #expect(WritingDirection.holdsRightToLeft(String(repeating: "a", count: 10_000) + "ދ"))
    }
}
