import Foundation
import IntentEditing
import IntentModel
import MarkdownParsing
import Testing

/// Ranges an editor can send that lie outside the text are `IntentMarkError.invalidRange`, never
/// a trap (an overflow in `location + length` trapped before).
@Suite("Out-of-range editor ranges")
struct EditorRangeTests {
    static let hostileRanges: [NSRange] = [
        NSRange(location: 1, length: Int.max),
        NSRange(location: Int.max - 1, length: 2),
        NSRange(location: NSNotFound, length: 0),
        NSRange(location: -1, length: 1),
        NSRange(location: 0, length: -1),
        NSRange(location: 3, length: Int.max - 2),
        NSRange(location: 100, length: 0),
    ]

    static func isInvalidRange(_ error: any Error) -> Bool {
        if case .invalidRange? = error as? IntentMarkError { return true }
        return false
    }

    @Test("EditableIntentDocument.replace throws", arguments: hostileRanges)
    func editableDocument(_ range: NSRange) throws {
        var storage = EditableIntentDocument(try IntentDocument(markdown: "# Title\n\nText.\n"))
        #expect(performing: { _ = try storage.replace(range, with: "x") }, throws: Self.isInvalidRange)
        #expect(performing: { _ = try storage.replace(range, with: IntentDocument(text: "x")) }, throws: Self.isInvalidRange)
    }

    @Test("IncrementalMarkdownDocument.replace throws", arguments: hostileRanges)
    func incrementalDocument(_ range: NSRange) throws {
        var document = try IncrementalMarkdownDocument(source: "# Title\n\nText.\n")
        #expect(performing: { try document.replace(range, with: "x") }, throws: Self.isInvalidRange)
    }

    @Test("EditorSession.contexts and replace throw", arguments: hostileRanges)
    func session(_ range: NSRange) throws {
        var session = EditorSession(document: try IntentDocument(markdown: "# Title\n\nText.\n"), styleMapping: NotesStyleMapping())
        for scope in [ContextScope.userSelection, .visibleArea, .fullDocument] {
            #expect(performing: { _ = try session.contexts(for: scope, selection: range) }, throws: Self.isInvalidRange)
        }
        #expect(
            performing: {
                _ = try session.contexts(for: .visibleArea, selection: NSRange(location: 0, length: 0), visibleRange: range)
            }, throws: Self.isInvalidRange)
        let context = try session.contexts(for: .fullDocument, selection: NSRange(location: 0, length: 0))[0]
        #expect(
            performing: {
                _ = try session.replace(range, in: context.identifier, proposedText: IntentDocument(text: "x"))
            }, throws: Self.isInvalidRange)
    }
}
