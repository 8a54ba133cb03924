import Foundation

/// Errors of ``EditorSession``.
public enum EditorSessionError: Error, Sendable, Hashable, CustomStringConvertible {
    /// No context with this identifier: never made, or finished.
    case unknownContext(UUID)

    /// A one-line message.
    public var description: String {
        switch self {
        case .unknownContext(let identifier): return "no context \(identifier.uuidString) (never made, or finished)"
        }
    }
}
