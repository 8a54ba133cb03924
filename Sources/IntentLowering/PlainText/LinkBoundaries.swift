import IntentModel

/// Where links begin and end in a walk of a document's runs, for the writers that put a link's
/// target after its text (plain text with `.textAndURL`, the terminal without hyperlinks): a link
/// span ends where its runs do, and in a document without spans a change of destination ends a
/// link. O(spans) to make, O(1) per run.
package struct LinkBoundaries: Sendable {
    /// A link as a run sees it: its key — its innermost link span's index, -2 for a destination
    /// without spans, -1 for no link — and its destination.
    package typealias Link = (key: Int32, destination: String?)

    /// For each span, by index, the index of the innermost link span it is in (itself when it is
    /// a link), or -1.
    private let linkSpanOf: [Int32]

    /// The boundaries of `document`'s links.
    package init(_ document: IntentDocument) {
        var links: [Int32] = []
        links.reserveCapacity(document.spanCount)
        for span in document.spanIDs {
            if document.kind(of: span) == .link {
                links.append(Int32(span.index))
            } else {
                links.append(document.parent(of: span).map { links[$0.index] } ?? -1)
            }
        }
        linkSpanOf = links
    }

    /// The link `run` (with `attributes`) is part of.
    package func link(of run: IntentDocument.StoredRun, _ attributes: RunAttributes) -> Link {
        let destination = attributes.linkDestination ?? attributes.link?.absoluteString
        return (run.span.map { linkSpanOf[$0.index] } ?? (destination == nil ? -1 : -2), destination)
    }

    /// What follows a link whose text is `text` (spaces trimmed) to show its `destination`: the
    /// destination alone for a link without text, ` (destination)` after other text, nothing
    /// (`nil`) when the text is the destination already (an autolink, `mailto:` and `http://`
    /// left out).
    package static func target(afterText text: String, destination: String) -> String? {
        guard !destination.isEmpty else { return nil }
        if text.isEmpty { return destination }
        guard text != destination, "mailto:" + text != destination, "http://" + text != destination else { return nil }
        return " (\(destination))"
    }

    /// Whether a run of `link` ends the open link with `key` and `destination`.
    package static func ends(key: Int32, destination: String, at link: Link) -> Bool {
        key != link.key || (link.key == -2 && destination != link.destination)
    }
}
