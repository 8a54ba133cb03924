/// The position of a run in an ``IntentDocument``, from 0: a run, not a text offset.
///
/// Run positions and UTF-8 offsets are both integers; this type keeps them apart. Runs are
/// numbered in text order; ``IntentDocument/runs`` is indexed by ``position``.
public struct RunIndex: Hashable, Comparable, Sendable, CustomStringConvertible {
    /// The run's position, from 0.
    public var position: Int

    /// Creates the index of the run at `position`.
    /// - Parameter position: From 0; a document's runs are `0..<runCount`.
    @inlinable public init(_ position: Int) { self.position = position }

    /// Whether `left` comes before `right`.
    @inlinable public static func < (left: RunIndex, right: RunIndex) -> Bool { left.position < right.position }

    /// `run #` and the position.
    public var description: String { "run #\(position)" }
}
