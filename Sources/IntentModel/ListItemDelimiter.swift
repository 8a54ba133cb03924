/// The character that follows an ordered list's numbers or marks a bullet list's items.
///
/// Mirrors the value of Foundation's pitched `listItemDelimiter` attribute (SF-0025, where it is a
/// `Character`): `.` or `)` for ordered lists (CommonMark §5.2), `-`, `+` or `*` for bullet lists.
/// The raw value is that character.
public enum ListItemDelimiter: String, Sendable, Hashable, Codable, CaseIterable {
    /// `1.` — an ordered-list number followed by a period.
    case period = "."
    /// `1)` — an ordered-list number followed by a right parenthesis.
    case parenthesis = ")"
    /// `-` bullet.
    case hyphen = "-"
    /// `+` bullet.
    case plus = "+"
    /// `*` bullet.
    case asterisk = "*"

    /// The delimiter as a `Character`, as SF-0025's attribute stores it.
    public var character: Character { Character(rawValue) }
}
