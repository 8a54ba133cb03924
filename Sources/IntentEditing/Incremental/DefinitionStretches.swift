/// The link reference definitions between top-level blocks, gathered line by line in source
/// order: every line no block covers is part of a definition (a label, destination and title may
/// each take lines), and a stretch of them ends at a blank line or at a block's line (written as
/// one blank line, so that the gathered text parses as the same definitions). The one gatherer
/// behind a full parse's scan (`LinkDefinitions`) and the re-gathering after a definition changes.
struct DefinitionStretches {
    /// The definitions gathered so far, each stretch followed by a blank line.
    private(set) var text = ""
    /// Whether a stretch is open.
    private var isOpen = false

    /// A line that belongs to a block, or a blank line: the open stretch ends.
    mutating func endStretch() {
        if isOpen { text += "\n" }
        isOpen = false
    }

    /// A line no block covers (with its line end, if it has one): a line that does not end in a
    /// line feed gets one (a lone carriage return becomes a pair). The last byte is read, not the
    /// last `Character`: a carriage return and line feed are one `Character`, which is not
    /// `"\n"`, and a line feed added after them would make a blank line inside a definition
    /// whose title is on the next line.
    mutating func add(_ line: String) {
        isOpen = true
        text += line
        if line.utf8.last != UInt8(ascii: "\n") { text += "\n" }
    }

    /// Whether `line` is blank as CommonMark reads it: spaces, tabs and its line end only.
    static func isBlank(_ line: some Sequence<UInt8>) -> Bool {
        line.allSatisfy { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0D }
    }
}
