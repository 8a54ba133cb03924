// Generates Sources/IntentLowering/Unicode/UnicodeTables.swift from the Unicode Character
// Database: extracted/DerivedEastAsianWidth.txt, emoji/emoji-data.txt and
// extracted/DerivedBidiClass.txt (Debian's `unicode-data` package puts them in /usr/share/unicode).
//
//     swift scripts/GenerateUnicodeTables.swift [UCD-DIRECTORY] > Sources/IntentLowering/Unicode/UnicodeTables.swift
//
// (`scripts/generate-unicode-tables` does both steps.) Tests/IntentLoweringTests/UnicodeTablesTests
// checks the checked-in tables against the same files, code point by code point.
import Foundation

let directory = CommandLine.arguments.count > 1 ? CommandLine.arguments[1] : "/usr/share/unicode"

/// Short value names by long name for a property (`bc`, `ea`), from PropertyValueAliases.txt: the
/// `@missing` lines spell values long (`Right_To_Left`), the listed lines short (`R`).
func aliases(of property: String) -> [String: String] {
    guard let text = try? String(contentsOfFile: directory + "/PropertyValueAliases.txt", encoding: .utf8) else { return [:] }
    var result: [String: String] = [:]
    for line in text.split(separator: "\n") {
        let fields = line.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        if fields.count >= 3, fields[0] == property { result[fields[2]] = fields[1] }
    }
    return result
}

/// The `# @missing` defaults, then every listed line, of a UCD property file: value per code point
/// (short value names; `property` names the aliases for the long names of `@missing` lines).
func load(_ path: String, property: String, default fallback: String) -> (values: [String], version: String) {
    let shortNames = aliases(of: property)
    guard let text = try? String(contentsOfFile: directory + "/" + path, encoding: .utf8) else {
        FileHandle.standardError.write("cannot read \(directory)/\(path) (apt-get install unicode-data)\n".data(using: .utf8)!)
        exit(1)
    }
    var values = [String](repeating: fallback, count: 0x110000)
    var version = ""
    func assign(_ field: Substring, _ value: String) {
        let bounds = field.split(separator: ".", omittingEmptySubsequences: true).compactMap { UInt32($0, radix: 16) }
        guard let first = bounds.first, let last = bounds.last else { return }
        for code in first...last { values[Int(code)] = value }
    }
    let lines = text.split(separator: "\n", omittingEmptySubsequences: false)
    if let first = lines.first, let range = first.range(of: #"\d+\.\d+\.\d+"#, options: .regularExpression) {
        version = String(first[range])
    }
    // Defaults first (they cover ranges that the listed lines then refine).
    for line in lines where line.hasPrefix("# @missing:") {
        let fields = line.dropFirst("# @missing:".count).split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard fields.count >= 2 else { continue }
        assign(Substring(fields[0]), shortNames[fields[1]] ?? fields[1])
    }
    for line in lines {
        let content = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let fields = content.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard fields.count >= 2, !fields[0].isEmpty else { continue }
        assign(Substring(fields[0]), fields[1])
    }
    return (values, version)
}

/// Ranges where `predicate` holds, as `start, end` pairs (inclusive).
func ranges(_ predicate: (Int) -> Bool) -> [(UInt32, UInt32)] {
    var result: [(UInt32, UInt32)] = []
    var start: Int? = nil
    for code in 0..<0x110000 {
        if predicate(code) {
            if start == nil { start = code }
        } else if let begin = start {
            result.append((UInt32(begin), UInt32(code - 1)))
            start = nil
        }
    }
    if let begin = start { result.append((UInt32(begin), 0x10FFFF)) }
    return result
}

let width = load("extracted/DerivedEastAsianWidth.txt", property: "ea", default: "N")
// emoji-data.txt lists several properties; keep only Emoji_Presentation.
var emojiPresentation = [Bool](repeating: false, count: 0x110000)
if let text = try? String(contentsOfFile: directory + "/emoji/emoji-data.txt", encoding: .utf8) {
    for line in text.split(separator: "\n") {
        let content = line.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
        let fields = content.split(separator: ";").map { $0.trimmingCharacters(in: .whitespaces) }
        guard fields.count == 2, fields[1] == "Emoji_Presentation" else { continue }
        let bounds = fields[0].split(separator: ".").compactMap { UInt32($0, radix: 16) }
        guard let first = bounds.first, let last = bounds.last else { continue }
        for code in first...last { emojiPresentation[Int(code)] = true }
    }
}
let bidi = load("extracted/DerivedBidiClass.txt", property: "bc", default: "L")
guard width.version == bidi.version else {
    FileHandle.standardError.write("versions differ: \(width.version) and \(bidi.version)\n".data(using: .utf8)!)
    exit(1)
}

let wide = ranges { width.values[$0] == "W" || width.values[$0] == "F" || emojiPresentation[$0] }
let leftToRight = ranges { bidi.values[$0] == "L" }
let rightToLeft = ranges { bidi.values[$0] == "R" || bidi.values[$0] == "AL" }

func table(_ name: String, _ doc: String, _ pairs: [(UInt32, UInt32)]) -> String {
    var out = "    /// \(doc)\n    /// \(pairs.count) ranges, as inclusive `first, last` pairs in ascending order.\n"
    out += "    static let \(name): [UInt32] = [\n"
    var line = "       "
    for (first, last) in pairs {
        let item = String(format: " 0x%X, 0x%X,", first, last)
        if line.count + item.count > 120 {
            out += line + "\n"
            line = "       "
        }
        line += item
    }
    out += line + "\n    ]\n"
    return out
}

print(
    """
    // Generated by scripts/generate-unicode-tables from the Unicode Character Database \(width.version)
    // (extracted/DerivedEastAsianWidth.txt, emoji/emoji-data.txt, extracted/DerivedBidiClass.txt).
    // Do not edit: regenerate, and UnicodeTablesTests checks the result against the same files.
    // swift-format-ignore-file

    /// Unicode character properties that Swift's standard library does not expose, as sorted range
    /// tables generated from the Unicode Character Database (version ``version``): East Asian Width
    /// with Emoji_Presentation (for terminal cells) and strong bidirectional classes (for a
    /// paragraph's writing direction).
    enum UnicodeTables {
        /// The Unicode version the tables come from.
        static let version = "\(width.version)"

    """)
print(table("wide", "Code points with East_Asian_Width W or F, or Emoji_Presentation=Yes: two terminal cells.", wide))
print(table("leftToRight", "Code points with Bidi_Class L (strong left-to-right).", leftToRight))
print(table("rightToLeft", "Code points with Bidi_Class R or AL (strong right-to-left).", rightToLeft), terminator: "")
print("}")
