/// The link reference definitions an ``IncrementalMarkdownDocument`` gives a re-parsed region,
/// indexed by label, so that a region is parsed with only the definitions its brackets may refer
/// to — not every definition of the document, which would make each edit's cost grow with the
/// number of definitions.
///
/// Labels match as CommonMark matches them (case-insensitively, runs of white space as one
/// space) for ASCII labels; a region with a bracket holding any other character gets every
/// definition whose label has one (Unicode case folding is the parser's to decide).
struct DefinitionIndex: Sendable {
    /// Each definition's text (its lines, ending with a line feed), in the order that resolves
    /// labels as the whole document does.
    private var entries: [String] = []
    /// Entry indices by normalized ASCII label.
    private var byLabel: [String: [Int]] = [:]
    /// Entries whose label has a character outside ASCII.
    private var nonASCII: [Int] = []

    /// An index of `definitions`: stretches of lines separated by blank lines, each indexed
    /// under every label before a `]:` in it (a label may take lines of its own).
    init(_ definitions: String = "") {
        var current = ""
        for line in definitions.split(separator: "\n", omittingEmptySubsequences: false) {
            if line.allSatisfy({ $0 == " " || $0 == "\t" || $0 == "\r" }) {
                if !current.isEmpty { add(current) }
                current = ""
            } else {
                current += line + "\n"
            }
        }
        if !current.isEmpty { add(current) }
    }

    /// Whether there are no definitions.
    var isEmpty: Bool { entries.isEmpty }

    private mutating func add(_ definition: String) {
        // A stretch with no label is no definition (libcmark-gfm leaves the last line of some
        // HTML blocks out of their lines): it is not given to any region.
        let labels = LinkDefinitions.labelsBeforeColons(in: Array(definition.utf8), from: 0, acrossLines: true) ?? []
        guard !labels.isEmpty else { return }
        let index = entries.count
        entries.append(definition + "\n")
        var keys: [String] = []
        for label in labels {
            guard let key = DefinitionIndex.key(label) else {
                nonASCII.append(index)
                continue
            }
            keys.append(key)
        }
        for key in Set(keys) { byLabel[key, default: []].append(index) }
    }

    /// The definitions `region` may refer to, in resolution order, each ending with a line feed,
    /// but those of `excluded` labels (normalized).
    func definitions(for region: String, excluding excluded: Set<String> = []) -> String {
        var selected = Set<Int>()
        var wantsNonASCII = false
        for candidate in DefinitionIndex.bracketContents(of: region) {
            if let key = DefinitionIndex.key(candidate) {
                if let indices = byLabel[key], !excluded.contains(key) { selected.formUnion(indices) }
            } else {
                wantsNonASCII = true
            }
        }
        if wantsNonASCII { selected.formUnion(nonASCII) }
        return selected.sorted().map { entries[$0] }.joined()
    }

    /// Every definition, in order, but those under a label of `excluded` (normalized; one whose
    /// label is outside ASCII is dropped whenever `excluded` is not empty).
    func text(excluding excluded: Set<String>) -> String {
        var dropped = Set<Int>()
        for key in excluded { dropped.formUnion(byLabel[key] ?? []) }
        if !excluded.isEmpty { dropped.formUnion(nonASCII) }
        return entries.indices.filter { !dropped.contains($0) }.map { entries[$0] }.joined()
    }

    /// The normalized form of an ASCII label (letters lowercased, white space collapsed to one
    /// space, trimmed), or `nil` when it holds a character outside ASCII.
    static func key(_ label: some StringProtocol) -> String? {
        var result: [UInt8] = []
        var pendingSpace = false
        for byte in label.utf8 {
            guard byte < 0x80 else { return nil }
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                pendingSpace = !result.isEmpty
                continue
            }
            if pendingSpace { result.append(UInt8(ascii: " ")) }
            pendingSpace = false
            result.append((UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte)
        }
        return String(decoding: result, as: UTF8.self)
    }

    /// The bit of a normalized label (``key(_:)``) in a 64-bit set of labels: an FNV-1a hash of
    /// its bytes, modulo 64.
    static func labelBit(_ key: String) -> UInt64 {
        var hash = LabelHash()
        for byte in key.utf8 { hash.add(byte) }
        return hash.bit
    }

    /// The set of ``labelBit(_:)`` bits of every label the brackets of `text` may refer to (the
    /// contents ``bracketContents(of:)`` gives, normalized as ``key(_:)`` does, without making
    /// strings); every bit when one holds a byte outside ASCII. One pass over `text`.
    static func bracketLabelMask(of text: UnsafeBufferPointer<UInt8>) -> UInt64 {
        var mask: UInt64 = 0
        var hash: LabelHash? = nil
        var pendingSpace = false
        var started = false
        var escaped = false
        for byte in text {
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "[") {
                (hash, pendingSpace, started) = (LabelHash(), false, false)
                continue
            } else if byte == UInt8(ascii: "]"), let closed = hash {
                mask |= closed.bit
                hash = nil
                continue
            }
            // The byte is part of an open bracket's label (an escaping backslash too, as
            // `key(_:)` keeps it).
            guard hash != nil else { continue }
            if byte >= 0x80 { return UInt64.max }
            if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                pendingSpace = started
                continue
            }
            if pendingSpace { hash?.add(UInt8(ascii: " ")) }
            pendingSpace = false
            started = true
            hash?.add((UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte)
        }
        return mask
    }

    /// The text between each unescaped `[` and the next unescaped `]` with no `[` between: every
    /// label a reference in `text` may use.
    static func bracketContents(of text: String) -> [Substring] {
        var result: [Substring] = []
        var open: String.Index? = nil
        var escaped = false
        let utf8 = text.utf8
        var index = utf8.startIndex
        while index < utf8.endIndex {
            let byte = utf8[index]
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "[") {
                open = utf8.index(after: index)
            } else if byte == UInt8(ascii: "]"), let start = open {
                result.append(text[start..<index])
                open = nil
            }
            index = utf8.index(after: index)
        }
        return result
    }
}

extension DefinitionIndex {
    /// FNV-1a over a label's normalized bytes (``DefinitionIndex/labelBit(_:)``).
    fileprivate struct LabelHash {
        private var value: UInt64 = 0xcbf2_9ce4_8422_2325

        mutating func add(_ byte: UInt8) {
            value = (value ^ UInt64(byte)) &* 0x0000_0100_0000_01b3
        }

        var bit: UInt64 { 1 << (value % 64) }
    }
}
