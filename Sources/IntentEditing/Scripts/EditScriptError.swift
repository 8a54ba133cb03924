/// Errors of ``EditScript``.
public enum EditScriptError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The script is not a valid edit script: malformed JSON, a wrong type, a missing field, an
    /// unknown scope or reason, two contexts with one name, a context's range outside the
    /// document. The reason names the JSON path.
    case invalidScript(reason: String)
    /// Replacement `index` (0-based, in the script's order) cannot be applied: its range is
    /// outside the text or splits a character, it names no known context, it gives not exactly
    /// one proposal, or its proposal cannot be read.
    case invalidReplacement(index: Int, reason: String)

    /// A one-line message.
    public var description: String {
        switch self {
        case .invalidScript(let reason): return "invalid edit script: \(reason)"
        case .invalidReplacement(let index, let reason): return "replacement \(index): \(reason)"
        }
    }
}
