/// How a fenced code block was fenced (CommonMark §4.5): the fence character and its length.
public struct CodeFence: Sendable, Hashable, Codable {
    /// The fence character: a backtick or `~`.
    public var character: String
    /// The number of fence characters in the opening fence (at least 3).
    public var length: Int

    /// Creates a fence description.
    /// - Parameters:
    ///   - character: A backtick or `~`.
    ///   - length: The number of fence characters, at least 3.
    public init(character: String, length: Int) {
        self.character = character
        self.length = length
    }
}
