/// An invariant that did not hold for one input: which, and what was seen.
public struct InvariantFailure: Error, Sendable, CustomStringConvertible {
    // MARK: Stored layout

    /// A short name of the invariant (`"runs cover the text"`, `"markdown round trip"`, …).
    public var invariant: String
    /// What broke, with the values involved.
    public var detail: String

    // MARK: Initialisers

    /// Creates a failure.
    /// - Parameters:
    ///   - invariant: The invariant's short name.
    ///   - detail: What broke.
    public init(_ invariant: String, _ detail: String) {
        self.invariant = invariant
        self.detail = detail
    }

    // MARK: CustomStringConvertible

    /// `invariant: detail`.
    public var description: String { "\(invariant): \(detail)" }
}
