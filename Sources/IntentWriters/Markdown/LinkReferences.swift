import IntentModel
import MarkdownParsing

/// The link reference definitions of a document's Markdown source, by what they resolve to: a
/// link or image written anew whose destination and title are a definition's is written
/// reference-style (`[text][label]`), so that an edited block keeps pointing at the author's
/// definitions.
///
/// The labels are read from every line of the source that starts, after its block quote markers,
/// list marker and indentation, with `[label]:` — the definitions between blocks and those inside
/// them, which are written back as they were (a gap as it is; a block anew only when edited,
/// and a definition is not text an edit can touch). Each is resolved the way the whole source
/// resolves it — probes `[p][label]` parsed in front of the source (its front matter blanked) —
/// so a line that only looks like a definition (in code, say) adds nothing unless the label is
/// defined, and the first definition of a label wins as in the document. A label whose probe does
/// not read as a link is left out; two labels with the same target keep the first.
struct LinkReferences: Sendable {
    /// What a link points at, as the renderer writes it.
    struct Target: Hashable, Sendable {
        var destination: String
        /// `nil` for no title (or an empty one).
        var title: String?
    }

    /// Labels as written in their definitions, by target.
    var labels: [Target: String] = [:]

    /// No references.
    init() {}

    /// The references of `source` (front matter blanked), read with `reading`. One scan of the
    /// source, and one parse of it when a line looks like a definition.
    init(source: [UInt8], reading: MarkdownParsingOptions) {
        var candidates: [String] = []
        var seen = Set<String>()
        for label in Self.labels(inDefinitions: source[...]) where seen.insert(label).inserted { candidates.append(label) }
        guard !candidates.isEmpty else { return }
        var probes = ""
        for label in candidates { probes += "[p][" + label + "]\n\n" }
        guard let parsed = try? MarkdownParser(options: reading).parse(probes + "\n" + String(decoding: source, as: UTF8.self)) else {
            return
        }
        var probe = -1
        var lastTop: Int? = nil
        for run in parsed.runs {
            let top = run.presentationIntent?.components.last?.identity
            if top != lastTop {
                probe += 1
                lastTop = top
            }
            guard probe < candidates.count else { break }
            let attributes = run.attributes
            guard let destination = attributes.linkDestination ?? attributes.link?.absoluteString else { continue }
            let target = Target(destination: destination, title: attributes.linkTitle.flatMap { $0.isEmpty ? nil : $0 })
            if labels[target] == nil { labels[target] = candidates[probe] }
        }
    }

    /// A definition of every label, to its target: Markdown a block written anew is read with (so
    /// that its references resolve as they will in the document, definitions inside blocks too).
    var definitions: String {
        var text = ""
        for (target, label) in labels.sorted(by: { $0.value < $1.value }) {
            text += "[" + label + "]: " + MarkdownEscaping.linkDestination(target.destination, inTableCell: false)
            if let title = target.title { text += " \"" + MarkdownEscaping.linkTitle(title, inTableCell: false) + "\"" }
            text += "\n\n"
        }
        return text
    }

    /// The labels of what looks like a definition in `text`: each line that starts, after block
    /// quote markers, a list marker and spaces, with `[label]:` on one line (not a footnote's
    /// `[^`).
    static func labels(inDefinitions text: ArraySlice<UInt8>) -> [String] {
        guard !text.isEmpty else { return [] }
        let starts = text.withUnsafeBufferPointer { SourceLines.starts(of: $0) }.map { $0 + text.startIndex }
        return starts.indices.compactMap { index in
            label(atStartOf: text[starts[index]..<(index + 1 < starts.count ? starts[index + 1] : text.endIndex)])
        }
    }

    /// The label of a line `[label]: …`, as written; `nil` for another line.
    private static func label(atStartOf line: ArraySlice<UInt8>) -> String? {
        var index = line.startIndex
        // Block quote markers, list markers and indentation, in any order.
        while index < line.endIndex {
            let byte = line[index]
            if byte == 0x20 || byte == 0x09 || byte == UInt8(ascii: ">") || byte == UInt8(ascii: "-") || byte == UInt8(ascii: "*")
                || byte == UInt8(ascii: "+") || byte == UInt8(ascii: ".") || byte == UInt8(ascii: ")") || (0x30...0x39).contains(byte)
            {
                index += 1
            } else {
                break
            }
        }
        guard index < line.endIndex, line[index] == UInt8(ascii: "["), index + 1 < line.endIndex, line[index + 1] != UInt8(ascii: "^")
        else { return nil }
        let start = index + 1
        index = start
        while index < line.endIndex {
            switch line[index] {
            case UInt8(ascii: "\\"): index += 1
            case UInt8(ascii: "["): return nil
            case UInt8(ascii: "]"):
                guard index > start, index - start <= 999, index + 1 < line.endIndex, line[index + 1] == UInt8(ascii: ":") else {
                    return nil
                }
                let label = line[start..<index]
                guard label.contains(where: { $0 != 0x20 && $0 != 0x09 }) else { return nil }
                return String(decoding: label, as: UTF8.self)
            default: break
            }
            index += 1
        }
        return nil
    }
}
