/// What a ``SummarizedTree`` adds up over its elements: counts that let it find an element by
/// offset (UTF-8 bytes, UTF-16 units, lines, …) in O(log n).
///
/// Summaries form a monoid: ``zero`` is the summary of nothing, and `+` joins the summaries of
/// two stretches of elements in order (it must be associative).
protocol TreeSummary: Sendable, Equatable {
    /// The summary of no elements.
    static var zero: Self { get }
    /// The summary of the elements of `left` followed by those of `right`.
    static func + (left: Self, right: Self) -> Self
}

/// An element of a ``SummarizedTree``: a value that knows its own summary.
protocol SummarizedTreeElement: Sendable {
    /// The summary type the tree keeps per subtree.
    associatedtype Summary: TreeSummary
    /// This element's summary (computed once, when the element is made).
    var summary: Summary { get }
}
