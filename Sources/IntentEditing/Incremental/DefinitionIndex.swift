import Foundation

/// The link reference definitions an ``IncrementalMarkdownDocument`` gives a re-parsed region,
/// indexed by label, so that a region is parsed with only the definitions its brackets may refer
/// to — not every definition of the document, which would make each edit's cost grow with the
/// number of definitions.
///
/// Labels match as CommonMark matches them (Unicode case folding, runs of white space as one
/// space) for labels that fold to ASCII (``key(_:)``); a region with a bracket that folds to
/// anything else gets every definition whose label does too (which of those match is the
/// parser's to decide).
struct DefinitionIndex: Sendable {
    /// Each definition's text (its lines, ending with a line feed), in the order that resolves
    /// labels as the whole document does.
    private var entries: [String] = []
    /// Entry indices by normalized ASCII label.
    private var byLabel: [String: [Int]] = [:]
    /// Entries with a label that has no ``key(_:)`` (it folds to text outside ASCII).
    private var nonASCII: [Int] = []

    /// An index of `definitions`: stretches of lines separated by blank lines, each indexed
    /// under every label before a `]:` in it (a label may take lines of its own).
    init(_ definitions: String = "") {
        // Lines split at line feeds, over the UTF-8 bytes (each stretch decoded once).
        let bytes = Array(definitions.utf8)
        var stretchStart: Int? = nil
        var stretchEnd = 0
        var lineStart = 0
        func closeStretch() {
            if let start = stretchStart { add(String(decoding: bytes[start..<stretchEnd], as: UTF8.self) + "\n") }
            stretchStart = nil
        }
        while lineStart <= bytes.count {
            let lineEnd = bytes[lineStart...].firstIndex(of: UInt8(ascii: "\n")) ?? bytes.count
            let blank = bytes[lineStart..<lineEnd].allSatisfy {
                $0 == UInt8(ascii: " ") || $0 == UInt8(ascii: "\t") || $0 == UInt8(ascii: "\r")
            }
            if blank {
                closeStretch()
            } else {
                stretchStart = stretchStart ?? lineStart
                stretchEnd = lineEnd
            }
            lineStart = lineEnd + 1
        }
        closeStretch()
    }

    /// Whether there are no definitions.
    var isEmpty: Bool { entries.isEmpty }

    /// Whether a definition is indexed under the normalized label `key`.
    func defines(_ key: String) -> Bool { byLabel[key] != nil }

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
        guard !entries.isEmpty else { return "" }
        var selected = Set<Int>()
        var wantsNonASCII = false
        var wantsAll = false
        DefinitionIndex.forEachBracketContent(of: region) { candidate in
            if DefinitionIndex.mayHoldQuoteMarker(candidate) {
                wantsAll = true
                return false
            }
            if let key = DefinitionIndex.key(utf8: candidate) {
                if let indices = byLabel[key], !excluded.contains(key) { selected.formUnion(indices) }
            } else {
                wantsNonASCII = true
            }
            return true
        }
        // A bracket whose label is not known gets every definition but the excluded labels'.
        if wantsAll { return text(excluding: excluded) }
        if wantsNonASCII { selected.formUnion(nonASCII) }
        return selected.sorted().map { entries[$0] }.joined()
    }

    /// Every definition, in order, but those under a label of `excluded` (normalized).
    func text(excluding excluded: Set<String>) -> String {
        var dropped = Set<Int>()
        for key in excluded { dropped.formUnion(byLabel[key] ?? []) }
        return entries.indices.filter { !dropped.contains($0) }.map { entries[$0] }.joined()
    }

    /// The normalized form of a label that libcmark-gfm's normalization (Unicode case folding,
    /// runs of white space as one space, trimmed) makes ASCII: letters lowercased, white space
    /// collapsed; the few characters whose full case folding is ASCII (`ß` and `ẞ` → `ss`, `ſ` →
    /// `s`, the Kelvin sign → `k`, the ligatures U+FB00–U+FB06) folded as it folds them (Unicode's
    /// `CaseFolding.txt`, statuses C and F). `nil` for a label with any other character outside
    /// ASCII: it folds to text outside ASCII, so it never matches a label with a key.
    static func key(_ label: some StringProtocol) -> String? {
        key(utf8: label.utf8)
    }

    /// ``key(_:)`` of a label given as UTF-8 bytes.
    static func key(utf8 label: some Collection<UInt8>) -> String? {
        var isASCII = true
        let key = String(unsafeUninitializedCapacity: label.count) { buffer in
            var count = 0
            var pendingSpace = false
            for byte in label {
                guard byte < 0x80 else {
                    isASCII = false
                    return 0
                }
                if byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                    pendingSpace = count > 0
                    continue
                }
                if pendingSpace {
                    buffer[count] = UInt8(ascii: " ")
                    count += 1
                }
                pendingSpace = false
                buffer[count] = (UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte
                count += 1
            }
            return count
        }
        return isASCII ? key : foldedKey(String(decoding: label, as: UTF8.self))
    }

    /// ``key(_:)`` of a label with a byte outside ASCII: its characters that fold to ASCII
    /// folded first, or `nil` when another one is left.
    private static func foldedKey(_ label: some StringProtocol) -> String? {
        var folded = ""
        for scalar in label.unicodeScalars {
            switch scalar.value {
            case 0..<0x80: folded.unicodeScalars.append(scalar)
            case 0xDF, 0x1E9E: folded += "ss"
            case 0x17F: folded += "s"
            case 0x212A: folded += "k"
            case 0xFB00: folded += "ff"
            case 0xFB01: folded += "fi"
            case 0xFB02: folded += "fl"
            case 0xFB03: folded += "ffi"
            case 0xFB04: folded += "ffl"
            case 0xFB05, 0xFB06: folded += "st"
            default: return nil
            }
        }
        return key(folded)
    }

    /// Whether a label (a definition's, or a bracket's text) may be one of `keys` (normalized,
    /// ``key(_:)``): a label without a key folds outside ASCII and is none of them.
    static func mayBeOne(of keys: Set<String>, _ label: some StringProtocol) -> Bool {
        if mayHoldQuoteMarker(label.utf8) { return true }
        return key(label).map(keys.contains) ?? false
    }

    /// Whether a bracket's text has a line end followed (after spaces and tabs) by `>`: in a
    /// block quote that is the next line's marker, which is no part of the label, and elsewhere
    /// it may be text of it; which label the bracket names is not known here, so it may be any.
    static func mayHoldQuoteMarker(_ label: some Collection<UInt8>) -> Bool {
        var afterLineEnd = false
        for byte in label {
            if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") {
                afterLineEnd = true
            } else if byte == UInt8(ascii: ">"), afterLineEnd {
                return true
            } else if byte != UInt8(ascii: " "), byte != UInt8(ascii: "\t") {
                afterLineEnd = false
            }
        }
        return false
    }

    /// ``mayBeOne(of:_:)`` for a label given as UTF-8 bytes.
    static func mayBeOne(of keys: Set<String>, utf8 label: some Collection<UInt8>) -> Bool {
        if mayHoldQuoteMarker(label) { return true }
        return key(utf8: label).map(keys.contains) ?? false
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
        guard let base = text.baseAddress else { return 0 }
        var mask: UInt64 = 0
        var hash: LabelHash? = nil
        var pendingSpace = false
        var started = false
        var escaped = false
        var afterLineEnd = false
        var index = 0
        while index < text.count {
            if hash == nil, !escaped {
                // Outside a bracket only an unescaped `[` matters: `memchr` finds the next `[`,
                // escaped when an odd run of backslashes ends just before it (the byte at `index`
                // is not escaped, so no run from before it counts).
                guard let found = memchr(base + index, Int32(UInt8(ascii: "[")), text.count - index) else { break }
                let open = UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) - base
                var backslashes = 0
                while open - backslashes - 1 >= index, base[open - backslashes - 1] == UInt8(ascii: "\\") { backslashes += 1 }
                if backslashes % 2 == 0 { (hash, pendingSpace, started, afterLineEnd) = (LabelHash(), false, false, false) }
                index = open + 1
                continue
            }
            let byte = text[index]
            index += 1
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "[") {
                (hash, pendingSpace, started, afterLineEnd) = (LabelHash(), false, false, false)
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
                if byte == UInt8(ascii: "\n") || byte == UInt8(ascii: "\r") { afterLineEnd = true }
                continue
            }
            // A quote's marker on the label's next line (``mayHoldQuoteMarker(_:)``): any label.
            if byte == UInt8(ascii: ">"), afterLineEnd { return UInt64.max }
            afterLineEnd = false
            if pendingSpace { hash?.add(UInt8(ascii: " ")) }
            pendingSpace = false
            started = true
            hash?.add((UInt8(ascii: "A")...UInt8(ascii: "Z")).contains(byte) ? byte + 32 : byte)
        }
        return mask
    }

    /// The text between each unescaped `[` and the next unescaped `]` with no `[` between: every
    /// label a reference in `text` may use.
    static func bracketContents(of text: String) -> [String] {
        var result: [String] = []
        forEachBracketContent(of: text) {
            result.append(String(decoding: $0, as: UTF8.self))
            return true
        }
        return result
    }

    /// Calls `body` with the UTF-8 bytes of each of ``bracketContents(of:)``, in order, without
    /// collecting them, until it returns false. One pass over `text`'s bytes.
    /// - Returns: Whether `body` never returned false.
    @discardableResult
    static func forEachBracketContent(of text: String, _ body: (UnsafeBufferPointer<UInt8>) -> Bool) -> Bool {
        var text = text
        return text.withUTF8 { bytes in
            forEachBracketPair(in: bytes) { open, close in body(UnsafeBufferPointer(rebasing: bytes[(open + 1)..<close])) }
        }
    }

    /// Calls `body` with the index of each unescaped `[` and of the next unescaped `]` with no
    /// `[` between, in order, until it returns false. A backslash escapes the byte after it,
    /// unless it is itself escaped. One pass over `bytes` (indices are the collection's).
    /// - Returns: Whether `body` never returned false.
    @discardableResult
    static func forEachBracketPair<Bytes: RandomAccessCollection<UInt8>>(
        in bytes: Bytes, _ body: (_ open: Int, _ close: Int) -> Bool
    ) -> Bool where Bytes.Index == Int {
        var open: Int? = nil
        var escaped = false
        for index in bytes.indices {
            let byte = bytes[index]
            if escaped {
                escaped = false
            } else if byte == UInt8(ascii: "\\") {
                escaped = true
            } else if byte == UInt8(ascii: "[") {
                open = index
            } else if byte == UInt8(ascii: "]") {
                if let start = open, !body(start, index) { return false }
                open = nil
            }
        }
        return true
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
