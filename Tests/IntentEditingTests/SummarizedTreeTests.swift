import Foundation
import Testing

@testable import IntentEditing

/// The B-tree behind the incremental document, against an array doing the same edits.
@Suite("Summarized tree")
struct SummarizedTreeTests {
    struct Count: TreeSummary {
        var elements = 0
        var weight = 0
        static let zero = Count()
        static func + (left: Count, right: Count) -> Count {
            Count(elements: left.elements + right.elements, weight: left.weight + right.weight)
        }
    }

    struct Item: SummarizedTreeElement, Equatable {
        var value: Int
        var weight: Int
        var summary: Count { Count(elements: 1, weight: weight) }
    }

    @Test("Random replacements keep order, counts, summaries and balance (property: 3 000 edits)")
    func randomReplacements() {
        var generator = SeededRandom(seed: 0x7EE)
        var tree = SummarizedTree<Item>()
        var model: [Item] = []
        var next = 0
        var tallest = 0
        for step in 0..<3_000 {
            let lower = Int.random(in: 0...model.count, using: &generator)
            // Now and then a long stretch removed, so that nodes empty and merge at every level.
            let span = step % 50 == 25 ? model.count / 2 : 8
            let upper = Int.random(in: lower...min(model.count, lower + span), using: &generator)
            let insertCount = Int.random(in: 0...(step % 50 == 0 ? 400 : 6), using: &generator)
            let items = (0..<insertCount).map { _ in
                defer { next += 1 }
                return Item(value: next, weight: Int.random(in: 0...3, using: &generator))
            }
            tree.replaceSubrange(lower..<upper, with: items)
            model.replaceSubrange(lower..<upper, with: items)
            #expect(tree.count == model.count)
            // A B-tree whose nodes but the root hold at least `minimumFill`: its height is at most
            // 1 + log base `minimumFill` of n.
            let fill = Double(SummarizedTree<Item>.minimumFill)
            #expect(Double(tree.height) <= 1 + log(Double(max(1, model.count))) / log(fill) + 1e-9)
            tallest = max(tallest, tree.height)
            if step % 97 == 0 {
                #expect(tree.elements == model)
                #expect(tree.isBalanced)
            }
        }
        #expect(tree.elements == model)
        #expect(tree.isBalanced)
        // Inner nodes over inner nodes were made, split and merged.
        #expect(tallest >= 3)
        #expect(tree.summary == Count(elements: model.count, weight: model.reduce(0) { $0 + $1.weight }))
        for index in stride(from: 0, to: model.count, by: max(1, model.count / 200)) {
            #expect(tree.element(at: index) == model[index])
            #expect(tree.summary(before: index).weight == model[..<index].reduce(0) { $0 + $1.weight })
        }
        var collected: [Item] = []
        tree.forEachElement(in: 10..<60) { collected.append($0) }
        #expect(collected == Array(model[10..<60]))
    }

    @Test("locate finds the element holding an offset; zero-weight elements are skipped")
    func locate() {
        let weights = [0, 3, 0, 0, 2, 5, 0, 1]
        let tree = SummarizedTree(weights.enumerated().map { Item(value: $0.offset, weight: $0.element) })
        // Offsets 0–2 are in element 1, 3–4 in element 4, 5–9 in element 5, 10 in element 7.
        let expected = [1, 1, 1, 4, 4, 5, 5, 5, 5, 5, 7]
        for (offset, index) in expected.enumerated() {
            let found = tree.locate(offset, in: \.weight)
            #expect(found?.index == index, "offset \(offset)")
            #expect(found?.before.weight == weights[..<index].reduce(0, +))
        }
        // At or past the end: the last element.
        #expect(tree.locate(11, in: \.weight)?.index == 7)
        #expect(tree.locate(99, in: \.weight)?.index == 7)
        #expect(SummarizedTree<Item>().locate(0, in: \.weight) == nil)
    }

    @Test("Copies share nodes and stay independent (value semantics)")
    func valueSemantics() {
        var original = SummarizedTree((0..<100).map { Item(value: $0, weight: 1) })
        let copy = original
        original.replaceSubrange(10..<20, with: [])
        #expect(copy.count == 100)
        #expect(original.count == 90)
        #expect(copy.element(at: 15).value == 15)
        #expect(original.element(at: 15).value == 25)
    }
}
