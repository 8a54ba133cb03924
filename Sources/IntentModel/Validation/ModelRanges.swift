/// The ranges of the model's numeric values: what ``IntentDocument/validate()`` and the JSON reader
/// accept, and what writers clamp a document built by hand to before writing it.
///
/// Every document the parser makes lies inside them, whatever its input and limits: identities,
/// ordinals and row indices count blocks or items of at most a few gigabytes of input, and header
/// levels are 1–6 by CommonMark §4.2. Lengths are in points (1/72 inch) as in AppKit; a page is
/// about 600 points wide, so ±10 000 leaves room for anything a layout means.
public enum ModelRanges {
    /// Identities of blocks, spans and text lists: at most 2^53 in magnitude (the integers a JSON
    /// number holds exactly), so that numbering new identities never overflows.
    public static let identity: ClosedRange<Int> = -(1 << 53)...(1 << 53)
    /// ``PresentationIntent/Kind/header(level:)``: CommonMark's six levels.
    public static let headerLevel: ClosedRange<Int> = 1...6
    /// ``PresentationIntent/Kind/listItem(ordinal:)``, ``TextList/startingItemNumber`` and
    /// ``PresentationIntent/Kind/tableRow(rowIndex:)``: 0 up to 2^31 − 1 (a list's start number has
    /// at most nine digits, CommonMark §5.2, and the item count is bounded by the input).
    public static let ordinal: ClosedRange<Int> = 0...Int(Int32.max)
    /// ``PresentationIntent/Kind/tableCell(columnIndex:)``, ``TextTableBlock/column`` and other
    /// 0-based indices: 0 up to 2^31 − 1; a cell inside a table must also lie among its columns.
    public static let index: ClosedRange<Int> = 0...Int(Int32.max)
    /// ``CodeFence/length``: at least 3 (CommonMark §4.5).
    public static let codeFenceLength: ClosedRange<Int> = 3...Int(Int32.max)
    /// The longest code fence a writer emits: a longer one is written this long, or one longer than
    /// the longest run of its character in the code, which keeps the same parse.
    public static let writtenCodeFenceLength = 1_000
    /// Lengths in points (indents, spacing, baseline offsets): finite and at most 10 000 in
    /// magnitude.
    public static let length: ClosedRange<Double> = -10_000...10_000
    /// ``FontDescriptor/size`` in points: 0 (the body size) up to 10 000.
    public static let fontSize: ClosedRange<Double> = 0...10_000
    /// ``ParagraphStyle/lineHeightMultiple``: 0 (natural) up to 100.
    public static let lineHeightMultiple: ClosedRange<Double> = 0...100
    /// Colour components (``DisplayColor``): 0 through 1.
    public static let colorComponent: ClosedRange<Double> = 0...1
    /// ``DisplayAttributes/superscript`` levels: −100 through 100.
    public static let superscript: ClosedRange<Int> = -100...100
    /// ``MarkdownSourcePosition`` lines and columns: 0 up to 2^31 − 1.
    public static let sourcePosition: ClosedRange<Int> = 0...Int(Int32.max)
}
