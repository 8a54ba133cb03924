import Foundation

/// A range in an edit script: `{"location": L, "length": N}` in UTF-16 code units (`NSRange`
/// semantics) of the editor's text — the document's text in the `.newlines` layout, where every
/// paragraph ends with one `"\n"` — or of a context's text.
public struct EditScriptRange: Sendable, Hashable, Codable {
    /// The first UTF-16 unit.
    public var location: Int
    /// The number of UTF-16 units.
    public var length: Int

    /// Creates a range.
    /// - Parameters:
    ///   - location: The first UTF-16 unit.
    ///   - length: The number of UTF-16 units.
    public init(location: Int, length: Int) {
        self.location = location
        self.length = length
    }

    /// The same range as an `NSRange`.
    public var nsRange: NSRange { NSRange(location: location, length: length) }
}
