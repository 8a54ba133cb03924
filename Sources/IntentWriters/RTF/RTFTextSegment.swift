/// A piece of a paragraph with one set of attributes: a byte range of the lowered text and the
/// index of its attributes in the lowered document's table.
struct RTFTextSegment {
    /// UTF-8 offset of the first byte.
    var start: Int
    /// UTF-8 offset after the last byte.
    var end: Int
    /// Index into the lowered document's attribute table.
    var attributes: Int32
}
