import Foundation
import IntentModel

/// Footnotes in a partial update: libcmark-gfm numbers them by first reference across the
/// document and moves their definitions to its end, so a region with references is parsed after
/// a preamble that gives every label its number, and kept only while its references stay the
/// same.
extension IncrementalMarkdownDocument {
    /// The footnote definitions of `text` as source stretches, in order — each from its
    /// `[^label]:` line through the lines that may continue it (non-blank lines, and blank lines
    /// followed by an indented one) up to the next definition — with their labels; `nil` when a
    /// line holds `[^` and `]:` but does not start a definition at the top level (after at most
    /// three spaces), where only a parse can tell what it is. Equal stretches before and after an
    /// edit mean the edit left every definition's text alone; a stretch may run on past its
    /// definition's end (into a block after it), which only makes more edits count as changing it.
    static func footnoteDefinitions(in text: String) -> (stretches: [ArraySlice<UInt8>], labels: [String])? {
        let bytes = Array(text.utf8)
        var stretches: [ArraySlice<UInt8>] = []
        var labels: [String] = []
        var open: Int? = nil
        var lineStart = 0
        func isBlank(_ start: Int) -> Bool {
            bytes[start..<LineEndings.line(in: bytes, from: start).contentEnd].allSatisfy { $0 == 32 || $0 == 9 }
        }
        while lineStart < bytes.count {
            let (contentEnd, next) = LineEndings.line(in: bytes, from: lineStart)
            let line = bytes[lineStart..<contentEnd]
            if line.containsFootnoteOpener, zip(line, line.dropFirst()).contains(where: { $0 == (93, 58) }) {
                guard let label = definitionLabel(line) else { return nil }
                if let start = open { stretches.append(bytes[start..<lineStart]) }
                open = lineStart
                labels.append(label)
            } else if let start = open, isBlank(lineStart) {
                // Blank lines: the definition goes on only if an indented line follows them. The
                // scan resumes after them either way, so each line is read once or twice.
                var probe = next
                while probe < bytes.count, isBlank(probe) { probe = LineEndings.line(in: bytes, from: probe).next }
                if probe >= bytes.count || !(bytes[probe] == 9 || bytes[probe...].prefix(4).allSatisfy({ $0 == 32 })) {
                    stretches.append(bytes[start..<next])
                    open = nil
                }
                lineStart = max(next, probe)
                continue
            }
            lineStart = next
        }
        if let start = open { stretches.append(bytes[start..<bytes.count]) }
        return (stretches, labels)
    }

    /// Whether `old` and `new` define the same footnote labels, in order (their text may differ);
    /// `false` when either cannot be read (``footnoteDefinitions(in:)``).
    static func footnoteDefinitionLabelsMatch(_ old: String, _ new: String) -> Bool {
        guard let before = footnoteDefinitions(in: old), let after = footnoteDefinitions(in: new) else { return false }
        return before.labels == after.labels
    }

    /// The labels in use whose definitions in the region (`old`, becoming `new`; tree elements
    /// `region`) the edit changed, to be parsed anew and put in place of the document's: none
    /// when every definition's text is as it was. A refusal when one of them is also defined
    /// outside the region (only the first definition of a label counts, and which is first is
    /// not known here), or when a changed definition holds a reference (which the numbering
    /// counts).
    ///
    /// In a document with no footnote definition in use, a region with `[^` is refused when a
    /// definition lies outside it (a reference the edit makes could refer to it).
    func footnoteDefinitionsReplaced(old: String, new: String, region: Range<Int>) -> Result<Set<String>, Refusal> {
        if !hasFootnoteSection, new.utf8.containsFootnoteOpener, definesFootnotes(outside: region, labels: nil) {
            return .failure(
                Refusal(reason: "a footnote reference may refer to a definition elsewhere (footnotes are numbered across the document)"))
        }
        guard hasFootnoteSection, new.utf8.containsFootnoteOpener, let before = Self.footnoteDefinitions(in: old),
            let after = Self.footnoteDefinitions(in: new), before.stretches != after.stretches
        else { return .success([]) }
        // A label defined twice in the region: which definition is the first one in use is the
        // whole document's to say.
        if Set(before.labels).count != before.labels.count || Set(after.labels).count != after.labels.count {
            return .failure(
                Refusal(reason: "an edited footnote definition's label is defined twice (footnotes are numbered across the document)"))
        }
        // A reference inside a definition counts in the numbering too, where the region's own
        // references are compared (``footnoteReferenceRefusal(old:new:region:parsed:)``) it is not.
        // Any `[^` after the definition's own: `[^1  ]` is a reference too, which a label's
        // bracket reading would not count.
        let holdsReference = { (stretch: ArraySlice<UInt8>) in
            zip(stretch, stretch.dropFirst()).filter { $0 == (UInt8(ascii: "["), UInt8(ascii: "^")) }.count > 1
        }
        if before.stretches.contains(where: holdsReference) || after.stretches.contains(where: holdsReference) {
            return .failure(
                Refusal(reason: "an edited footnote definition holds a footnote reference (footnotes are numbered across the document)"))
        }
        let replaced = Set(after.labels).intersection(footnoteLabels)
        guard !replaced.isEmpty else { return .success([]) }
        guard !definesFootnotes(outside: region, labels: replaced) else {
            return .failure(
                Refusal(
                    reason: "an edited footnote definition's label is defined again elsewhere (footnotes are numbered across the document)")
            )
        }
        return .success(replaced)
    }

    /// Whether an element outside `region` may define a footnote of `labels` (any label: `nil`).
    /// Only the elements whose source holds `]:` are read.
    private func definesFootnotes(outside region: Range<Int>, labels: Set<String>?) -> Bool {
        var found = false
        let visit: (Int, SourceBlock) -> Void = { index, element in
            guard !region.contains(index), !found, element.source.utf8.containsFootnoteOpener else { return }
            guard let defined = Self.footnoteDefinitions(in: element.source)?.labels else {
                found = true
                return
            }
            found = labels.map { !$0.isDisjoint(with: defined) } ?? !defined.isEmpty
        }
        tree.forEachElement(whereSummary: { $0.labelColonElements > 0 }, visit)
        return found
    }

    /// Whether every line of `stretch` holding `]:` starts a footnote definition and holds no
    /// other `]:` (a link reference definition may follow a footnote's label on its line).
    static func isFootnoteDefinitionOnly(_ stretch: ArraySlice<UInt8>) -> Bool {
        let bytes = Array(stretch)
        var lineStart = 0
        while lineStart < bytes.count {
            let (contentEnd, next) = LineEndings.line(in: bytes, from: lineStart)
            let line = bytes[lineStart..<contentEnd]
            let colons = zip(line, line.dropFirst()).filter { $0 == (93, 58) }.count
            if colons > 0, colons != 1 || definitionLabel(line) == nil { return false }
            lineStart = next
        }
        return true
    }

    /// Why a region re-parsed with footnote references (`old` became `new`; tree elements
    /// `region`, parsed into `parsed`) cannot be kept, or `nil`: its references must be the ones
    /// it had, label by label in order, for every footnote's number and back-references to stay.
    func footnoteReferenceRefusal(old: String, new: String, region: Range<Int>, parsed: IntentDocument) -> Refusal? {
        guard old.utf8.containsFootnoteOpener || new.utf8.containsFootnoteOpener,
            footnoteReferenceLabels(in: region) != Self.footnoteReferenceLabels(of: parsed)
        else { return nil }
        return Refusal(reason: "the edit makes or removes a footnote reference (footnotes are numbered across the document)")
    }

    /// The label of the footnote definition `line` starts (`[^label]:` after at most three
    /// spaces, the label without white space or brackets), or `nil`.
    static func definitionLabel(_ line: ArraySlice<UInt8>) -> String? {
        var index = line.startIndex
        while index < line.endIndex, index - line.startIndex < 3, line[index] == 32 { index += 1 }
        guard line[index...].starts(with: [91, 94]) else { return nil }
        var end = index + 2
        while end < line.endIndex, line[end] > 32, line[end] != 91, line[end] != 93, line[end] != 92 { end += 1 }
        guard end > index + 2, line[end...].starts(with: [93, 58]) else { return nil }
        return String(decoding: line[(index + 2)..<end], as: UTF8.self)
    }

    /// What goes before `regionSource` so that its footnote references read as in the whole
    /// document: a paragraph referring to the labels of the definitions in use, in order, up to
    /// the last one the region names or defines (so each gets its number), then a one-word
    /// definition of each the region does not define (the region's blocks never show a
    /// definition's text; the definitions at the document's end do, and only those the region
    /// defines are taken from this parse) — and the labels the parse's own footnote definitions
    /// must then be, in order. Empty when the region has no `[^`; a refusal when it names a label
    /// with no definition in use (a definition elsewhere that nothing referred to would start
    /// numbering anew), holds a `[^…]:` that starts no definition at the top level, or starts
    /// a source that has or may open front matter (which must come first).
    func footnotePreamble(for regionSource: String, atSourceStart: Bool) -> Result<(text: String, labels: [String]), Refusal> {
        guard hasFootnoteSection, regionSource.utf8.containsFootnoteOpener else { return .success(("", [])) }
        // Front matter and a byte order mark must come first: where the source may open with
        // one, the preamble cannot.
        if atSourceStart,
            frontMatter != nil || regionSource.utf8.starts(with: [0xEF, 0xBB, 0xBF])
                || Self.mayStartFrontMatter(Array(regionSource.utf8.prefix(8)))
        {
            return .failure(
                Refusal(reason: "a footnote reference is in the front matter's blocks (footnotes are numbered across the document)"))
        }
        guard let defined = Self.footnoteDefinitions(in: regionSource).map({ Set($0.labels) }) else {
            return .failure(
                Refusal(reason: "a `[^…]:` line may or may not start a footnote definition (footnotes are numbered across the document)"))
        }
        var index: [String: Int] = [:]
        for (position, label) in footnoteLabels.enumerated() where index[label] == nil { index[label] = position }
        var last = -1
        for label in Self.bracketedFootnoteLabels(in: Array(regionSource.utf8)) where !defined.contains(label) {
            guard let position = index[label] else {
                return .failure(
                    Refusal(
                        reason: "a footnote reference names a label with no definition in use (footnotes are numbered across the document)")
                )
            }
            last = max(last, position)
        }
        // A definition in the region that is in use is numbered too, so that the parse shows it
        // is still read as one (an edit before it may make it code or paragraph text).
        for label in defined { if let position = index[label] { last = max(last, position) } }
        guard last >= 0 else { return .success(("", [])) }
        let labels = Array(footnoteLabels[...last])
        var preamble = labels.map { "[^" + $0 + "]" }.joined(separator: " ") + "\n\n"
        for label in labels where !defined.contains(label) { preamble += "[^" + label + "]: x\n\n" }
        return .success((preamble, labels))
    }

    /// The labels of every `[^label]` in `bytes` (no white space or bracket inside), in order.
    static func bracketedFootnoteLabels(in bytes: [UInt8]) -> [String] {
        var labels: [String] = []
        var index = 0
        while index + 1 < bytes.count {
            guard bytes[index] == UInt8(ascii: "["), bytes[index + 1] == UInt8(ascii: "^") else {
                index += 1
                continue
            }
            var end = index + 2
            while end < bytes.count, bytes[end] != UInt8(ascii: "]"), bytes[end] != UInt8(ascii: "["), bytes[end] > 0x20 { end += 1 }
            if end < bytes.count, end > index + 2, bytes[end] == UInt8(ascii: "]") {
                labels.append(String(decoding: bytes[(index + 2)..<end], as: UTF8.self))
            }
            index = end
        }
        return labels
    }

    /// The labels of the footnote references in the tree's elements `elements`, in order.
    func footnoteReferenceLabels(in elements: Range<Int>) -> [String] {
        var labels: [String] = []
        tree.forEachElement(in: elements) { element in
            labels += Self.footnoteReferenceLabels(of: element.region.document, in: element.textRange)
        }
        return labels
    }

    /// The labels of the footnote references in `document` (in `range` of its text, or all), in
    /// order.
    static func footnoteReferenceLabels(of document: IntentDocument, in range: Range<Int>? = nil) -> [String] {
        let range = range ?? 0..<document.text.utf8.count
        var labels: [String] = []
        var position = document.runIndex(containingUTF8Offset: range.lowerBound).position
        let runs = document.storedRuns
        while position < runs.count {
            let run = runs[position]
            guard run.utf8Range.lowerBound < range.upperBound else { break }
            // A reference is one run (its number); a label is read once per reference.
            if run.attributes.index != 0, let label = document.attributes(of: run.attributes).footnoteReference {
                labels.append(label)
            }
            position += 1
        }
        return labels
    }
}

extension Sequence<UInt8> {
    /// Whether the bytes hold `[^`, which opens every footnote reference and definition.
    var containsFootnoteOpener: Bool {
        // A tight loop over contiguous bytes (a native string's UTF-8, an array) where there are.
        withContiguousStorageIfAvailable { $0.containsFootnoteOpenerByScanning } ?? containsFootnoteOpenerByScanning
    }

    private var containsFootnoteOpenerByScanning: Bool {
        var previous: UInt8 = 0
        for byte in self {
            if byte == UInt8(ascii: "^"), previous == UInt8(ascii: "[") { return true }
            previous = byte
        }
        return false
    }
}

extension UnsafeBufferPointer<UInt8> {
    /// Whether the bytes hold `[^`: `memchr` finds each `^` (rare in prose), and the byte before
    /// it is read.
    fileprivate var containsFootnoteOpenerByScanning: Bool {
        guard let base = baseAddress else { return false }
        var start = 1
        while start < count, let found = memchr(base + start, Int32(UInt8(ascii: "^")), count - start) {
            let index = UnsafePointer(found.assumingMemoryBound(to: UInt8.self)) - base
            if base[index - 1] == UInt8(ascii: "[") { return true }
            start = index + 1
        }
        return false
    }
}
