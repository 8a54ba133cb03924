import IntentModel

/// The lists of one RTF write (`{\*\listtable …}` and `{\*\listoverridetable …}`, RTF 1.9.1
/// "Lists"): one list and one override (`\lsN`) per outermost list, its nested lists as the deeper
/// levels — as word processors write a multilevel list, so that a nested list restarts its count
/// under each item and readers (pandoc) nest it. A nested list whose marker format or start
/// disagrees with the level already defined gets a list of its own.
///
/// Each level has the chain's marker format (`\levelnfc`: 0 decimal, 1 upper roman, 2 lower roman,
/// 3 upper letter, 4 lower letter, 23 bullet), start (`\levelstartat`) and text (`\leveltext`: the
/// bullet, or the level's number and the delimiter of the first marker seen); a one-level list is
/// a `\listsimple` list, a deeper one has the nine levels the spec requires (the last format
/// repeated below the chain).
struct RTFListTable {
    // MARK: Stored layout

    private struct Entry {
        var levels: [TextList]
        /// The delimiter of each level's markers (`.` or `)`).
        var delimiters: [String]
        /// The font control words of each level's numbers (`\\f0\\fs34`), from its first item.
        var numberFonts: [String?] = []
    }

    private var entries: [Entry] = []
    /// Entries by outermost list.
    private var lookup: [TextList: [Int]] = [:]

    /// Whether there are no lists.
    var isEmpty: Bool { entries.isEmpty }

    // MARK: Entries

    /// The `\ls` number (1-based) for a paragraph in the chain `lists` (outermost first, not
    /// empty), adding or extending a list as needed; `marker` is the item's marker text, whose last
    /// character (`.` or `)`) becomes the delimiter of the level when it is new.
    mutating func number(for lists: [TextList], marker: String) -> Int {
        guard let outermost = lists.first else { return 0 }
        let delimiter = marker.hasSuffix(")") ? ")" : "."
        for candidate in lookup[outermost] ?? [] {
            let levels = entries[candidate].levels
            let shared = min(levels.count, lists.count)
            guard (0..<shared).allSatisfy({ Self.sameLevel(levels[$0], lists[$0]) }) else { continue }
            while entries[candidate].levels.count < lists.count {
                entries[candidate].levels.append(lists[entries[candidate].levels.count])
                entries[candidate].delimiters.append(".")
            }
            if lists.count > levels.count { entries[candidate].delimiters[lists.count - 1] = delimiter }
            return candidate + 1
        }
        var delimiters = [String](repeating: ".", count: lists.count)
        delimiters[lists.count - 1] = delimiter
        entries.append(Entry(levels: lists, delimiters: delimiters))
        lookup[outermost, default: []].append(entries.count - 1)
        return entries.count
    }

    /// Sets the font of list `number`'s (1-based) `level`'s numbers, unless one is set: readers
    /// draw a number in its level's font (else in the font of the paragraph's last run, so a
    /// list item that ends in `code` would get a monospaced number).
    mutating func setNumberFont(_ font: String, list number: Int, level: Int) {
        guard entries.indices.contains(number - 1), level >= 0, level < 9 else { return }
        var fonts = entries[number - 1].numberFonts
        if fonts.count <= level { fonts += [String?](repeating: nil, count: level + 1 - fonts.count) }
        if fonts[level] == nil { fonts[level] = font }
        entries[number - 1].numberFonts = fonts
    }

    /// Whether two lists can share a level: same marker format and start.
    private static func sameLevel(_ left: TextList, _ right: TextList) -> Bool {
        left.markerFormat == right.markerFormat && left.startingItemNumber == right.startingItemNumber
    }

    // MARK: Writing

    /// Writes both tables (nothing when there are no lists).
    func write(to output: inout ByteOutput) {
        guard !entries.isEmpty else { return }
        output.append("{\\*\\listtable\n")
        for (offset, entry) in entries.enumerated() {
            let id = offset + 1
            output.append("{\\list\\listtemplateid")
            RTFEscaping.appendInteger(id, to: &output)
            let levelCount: Int
            if entry.levels.count <= 1 {
                output.append("\\listsimple")
                levelCount = 1
            } else {
                levelCount = 9
            }
            for level in 0..<levelCount {
                let last = min(level, entry.levels.count - 1)
                let list = last >= 0 ? entry.levels[last] : TextList(markerFormat: .disc)
                let delimiter = last >= 0 ? entry.delimiters[last] : "."
                let font = entry.numberFonts.indices.contains(last) ? entry.numberFonts[last] : nil
                writeLevel(list, level: level, delimiter: delimiter, font: font, to: &output)
            }
            output.append("{\\listname ;}\\listid")
            RTFEscaping.appendInteger(id, to: &output)
            output.append("}\n")
        }
        output.append("}\n{\\*\\listoverridetable")
        for offset in entries.indices {
            output.append("{\\listoverride\\listid")
            RTFEscaping.appendInteger(offset + 1, to: &output)
            output.append("\\listoverridecount0\\ls")
            RTFEscaping.appendInteger(offset + 1, to: &output)
            output.append(UInt8(ascii: "}"))
        }
        output.append("}\n")
    }

    private func writeLevel(_ list: TextList, level: Int, delimiter: String, font: String?, to output: inout ByteOutput) {
        let format = Self.numberFormat(list.markerFormat)
        output.append("{\\listlevel\\levelnfc")
        RTFEscaping.appendInteger(format, to: &output)
        output.append("\\levelnfcn")
        RTFEscaping.appendInteger(format, to: &output)
        output.append("\\leveljc0\\levelfollow0\\levelstartat")
        RTFEscaping.appendInteger(list.startingItemNumber, to: &output)
        if let bullet = Self.bullet(list.markerFormat) {
            output.append("{\\leveltext\\'01")
            RTFEscaping.appendScalar(bullet, to: &output)
            output.append(";}{\\levelnumbers;}")
        } else {
            // Length 2 (number, delimiter); \'0N is the placeholder of level N's number.
            output.append("{\\leveltext\\'02\\'0")
            RTFEscaping.appendInteger(level, to: &output)
            RTFEscaping.appendString(delimiter, to: &output)
            output.append(";}{\\levelnumbers\\'01;}")
        }
        if let font { output.append(font) }
        output.append("\\fi-360\\li")
        RTFEscaping.appendInteger(720 * (level + 1), to: &output)
        output.append(UInt8(ascii: "}"))
    }

    /// `\levelnfc` for a marker format (hexadecimal and octal have no RTF format: decimal).
    static func numberFormat(_ format: TextList.MarkerFormat) -> Int {
        switch format {
        case .decimal, .lowerHexadecimal, .upperHexadecimal, .octal: return 0
        case .upperRoman: return 1
        case .lowerRoman: return 2
        case .upperAlpha, .upperLatin: return 3
        case .lowerAlpha, .lowerLatin: return 4
        case .box, .check, .circle, .diamond, .disc, .hyphen, .square: return 23
        }
    }

    /// The bullet character of an unordered format, `nil` for a numbered one.
    static func bullet(_ format: TextList.MarkerFormat) -> UInt32? {
        switch format {
        case .disc: return 0x2022
        case .circle: return 0x25E6
        case .square: return 0x25AA
        case .diamond: return 0x25C6
        case .hyphen: return 0x2043
        case .box: return 0x2610
        case .check: return 0x2713
        case .decimal, .lowerHexadecimal, .upperHexadecimal, .octal, .upperRoman, .lowerRoman, .upperAlpha, .upperLatin,
            .lowerAlpha, .lowerLatin:
            return nil
        }
    }
}
