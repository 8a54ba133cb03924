// Client code on an Apple platform: it imports Foundation (here Linux's Foundation plus the
// stand-in for its Apple-only part) and IntentMark together and uses the bare names. Compiled by
// `scripts/check-darwin-branch`, never run.
//
// If IntentMark declared its own public `PresentationIntent`, `InlinePresentationIntent` or a
// scope member `presentationIntent` on Apple platforms, the bare uses below would be ambiguous
// and this file would not compile. `DarwinBranchTests.misuseFailsTheCheck` shows the check failing
// that way.

import Foundation
import FoundationStandIn
import IntentMark

/// Reads Apple's attributes from what IntentMark makes, as an app on an Apple platform would.
func readIntents(of markdown: String) throws -> [(PresentationIntent.Kind?, InlinePresentationIntent)] {
    let document = try IntentDocument(markdown: markdown)
    let attributed = document.attributedString()
    var result: [(PresentationIntent.Kind?, InlinePresentationIntent)] = []
    for run in attributed.runs {
        let intent: PresentationIntent? = run.presentationIntent
        result.append((intent?.components.first?.kind, run.inlinePresentationIntent ?? []))
    }
    for (intent, _) in attributed.runs[\.presentationIntent] {
        if case .header(let level)? = intent?.components.first?.kind, level > 6 { return [] }
    }
    let position: AttributedString.MarkdownSourcePosition? = attributed.runs.first?.markdownSourcePosition
    _ = position
    return result
}

/// Builds intents the way Apple's documentation does, and gives them to IntentMark.
func buildDocument() -> IntentDocument {
    let list = PresentationIntent(.orderedList, identity: 1)
    let item = PresentationIntent(.listItem(ordinal: 1), identity: 2, parent: list)
    let paragraph = PresentationIntent(.paragraph, identity: 3, parent: item)
    var container = AttributeContainer()
    container.presentationIntent = paragraph
    container.inlinePresentationIntent = [.stronglyEmphasized]
    container[IntentMarkAttribute.LinkTitleAttribute.self] = "title"
    return IntentDocument(AttributedString("Milk", attributes: container))
}
