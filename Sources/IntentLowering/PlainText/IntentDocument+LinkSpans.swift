import IntentModel

extension IntentDocument {
    /// For each span, by index, the index of the innermost link span it is in (itself when it is
    /// a link), or -1: how the plain-text and terminal writers find where a link's text ends.
    /// O(spans).
    package func innermostLinkSpans() -> [Int32] {
        var links: [Int32] = []
        links.reserveCapacity(spanCount)
        for span in spanIDs {
            if kind(of: span) == .link {
                links.append(Int32(span.index))
            } else {
                links.append(parent(of: span).map { links[$0.index] } ?? -1)
            }
        }
        return links
    }
}
