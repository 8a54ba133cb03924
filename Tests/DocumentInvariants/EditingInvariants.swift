import Foundation
import IntentEditing
import IntentModel
import MarkdownParsing

/// The invariants of the editing layer, checked by the editing fuzz target (`Fuzz/EditingFuzz`)
/// on random sessions. An input is a ``FuzzInput`` (options byte, then Markdown); the edits are
/// drawn from a generator seeded with the whole input, so each input always replays the same
/// session:
/// - incremental re-parse: after every edit of ``IntentEditing/IncrementalMarkdownDocument`` the
///   document is equivalent to a full parse of its source;
/// - editable storage: after every replacement (plain text or a parsed Markdown proposal, at
///   random ranges, also at the very end) the runs cover the text, blocks wholly before the edit
///   keep their identities, and undoing every replacement newest first restores each earlier state;
/// - contexts and proposals: every scope's context can be taken, replaced into and finished;
/// - every error is an ``IntentModel/IntentMarkError`` or ``IntentEditing/EditorSessionError``.
public enum EditingInvariants {
    /// Prints every step of the storage sessions (for reproducing a finding by hand).
    nonisolated(unsafe) package static var verbose = false

    /// Snippets the edits insert: Markdown that changes block structure, and plain text.
    package static let snippets = [
        "x", " ", "\n", "\n\n", "- ", "* ", "1. ", "2) ", "> ", "# ", "    ", "```\n", "~~~", "<div>\n", "| a | b |\n| - | - |\n",
        "**", "_", "`", "[", "](u)", "---\n", "===\n", "  \n", "text\nmore", "- [ ] ", "[^1]", "[^1]: n\n", "[x]: /u\n", "漢字", "🙂",
    ]

    /// Checks the invariants on one input.
    /// - Parameters:
    ///   - bytes: The raw input.
    ///   - editCount: Edits per part of the session.
    /// - Returns: The first invariant that broke, or `nil`.
    public static func check(_ bytes: some Collection<UInt8>, editCount: Int = 12) -> InvariantFailure? {
        let input = FuzzInput(bytes: bytes)
        var generator = SeededGenerator(hashing: bytes)
        let source = String(decoding: input.markdown, as: UTF8.self)
        do {
            try checkIncremental(source, options: input.options, edits: editCount, using: &generator)
            try checkStorage(source, options: input.options, edits: editCount, using: &generator)
            try checkSession(source, options: input.options, using: &generator)
        } catch let failure as InvariantFailure {
            return failure
        } catch is IntentMarkError {
            return nil
        } catch is EditorSessionError {
            return nil
        } catch {
            return InvariantFailure("typed errors", "editing threw \(type(of: error)): \(error)")
        }
        return nil
    }

    /// A random UTF-16 range of `text` that keeps surrogate pairs whole; one in four ends at the
    /// very end of the text.
    package static func randomRange(in text: String, using generator: inout SeededGenerator) -> NSRange {
        let utf16 = Array(text.utf16)
        let count = utf16.count
        var location = Int.random(in: 0...count, using: &generator)
        if Int.random(in: 0..<4, using: &generator) == 0 { location = count }
        var length = count - location > 0 ? Int.random(in: 0...min(12, count - location), using: &generator) : 0
        if location > 0, location < count, UTF16.isTrailSurrogate(utf16[location]) { location -= 1 }
        if location + length < count, length > 0 || location > 0, UTF16.isTrailSurrogate(utf16[location + length]) { length += 1 }
        return NSRange(location: location, length: min(length, count - location))
    }

    package static func checkIncremental(
        _ source: String, options: MarkdownParsingOptions, edits: Int, using generator: inout SeededGenerator
    ) throws {
        var incremental = try IncrementalMarkdownDocument(source: source, options: options)
        for _ in 0..<edits {
            let range = randomRange(in: incremental.source, using: &generator)
            let snippet = Bool.random(using: &generator) ? (snippets.randomElement(using: &generator) ?? "") : ""
            let before = incremental.source
            try incremental.replace(range, with: snippet)
            let expected = try IntentDocument(markdown: incremental.source, options: options)
            if let difference = incremental.document.equivalenceFailure(comparedTo: expected) {
                if verbose {
                    print("INCREMENTAL\nBEFORE \(before.debugDescription)\nEDIT \(snippet.debugDescription) \(range)")
                    print("INC  \(incremental.document.text.debugDescription)\nFULL \(expected.text.debugDescription)")
                }
                throw InvariantFailure(
                    "incremental equals a full parse",
                    "\(before.debugDescription) with \(snippet.debugDescription) at \(range.location),\(range.length) (\(incremental.lastUpdate)): \(difference)"
                )
            }
        }
    }

    /// Each leaf block's identity and UTF-8 range, in order.
    static func leaves(of document: IntentDocument) -> [(identity: Int, range: Range<Int>)] {
        var result: [(Int, Range<Int>)] = []
        for run in document.runs {
            guard let leaf = run.presentationIntent?.components.first?.identity else { continue }
            if let last = result.last, last.0 == leaf, last.1.upperBound == run.utf8Range.lowerBound {
                result[result.count - 1].1 = last.1.lowerBound..<run.utf8Range.upperBound
            } else {
                result.append((leaf, run.utf8Range))
            }
        }
        return result
    }

    package static func checkStorage(
        _ source: String, options: MarkdownParsingOptions, edits: Int, using generator: inout SeededGenerator
    ) throws {
        var storage = EditableIntentDocument(try IntentDocument(markdown: source, options: options))
        var history: [(IntentDocument, EditorReplacement, String)] = []
        for _ in 0..<edits {
            let before = storage.document
            let range = randomRange(in: before.text, using: &generator)
            let snippet = snippets.randomElement(using: &generator) ?? ""
            let inverse: EditorReplacement
            if Bool.random(using: &generator) {
                inverse = try storage.replace(range, with: snippet)
            } else {
                inverse = try storage.replace(range, with: try IntentDocument(markdown: snippet))
            }
            let after = storage.document
            if verbose {
                print(
                    "EDIT \(snippet.debugDescription) at \(range)\nBEFORE\n\(before.runDump())AFTER\n\(after.runDump())INVERSE \(inverse.range)\n\(inverse.text.runDump())"
                )
            }
            try DocumentInvariants.checkStructure(of: after, in: "edited document")
            try checkLayout(of: after, after: "\(snippet.debugDescription) at \(range.location),\(range.length)")
            // Ordinals true: every list counts from its first item (bullet lists from 1), as a
            // parse of the document's Markdown would.
            var renumbered = after
            if renumbered.renumberListItems() {
                throw InvariantFailure(
                    "ordinals true", "stale list item ordinals after \(snippet.debugDescription) at \(range.location),\(range.length)")
            }
            // Leaves that end before the edited line keep their identities.
            let editStart = before.text.utf8.distance(
                from: before.text.startIndex, to: before.text.utf16.index(before.text.startIndex, offsetBy: range.location))
            let kept = leaves(of: before).filter { $0.range.upperBound < editStart }
            let afterLeaves = leaves(of: after)
            for (index, leaf) in kept.enumerated() where index < afterLeaves.count {
                guard afterLeaves[index].identity == leaf.identity, afterLeaves[index].range == leaf.range else {
                    throw InvariantFailure(
                        "identities of untouched blocks kept",
                        "leaf \(leaf.identity) at \(leaf.range) became \(afterLeaves[index].identity) at \(afterLeaves[index].range) after \(snippet.debugDescription) at \(range.location),\(range.length)"
                    )
                }
            }
            history.append(
                (before, inverse, "\(snippet.debugDescription) at \(range.location),\(range.length) of \(before.text.debugDescription)"))
        }
        for (state, inverse, note) in history.reversed() {
            _ = try storage.apply(inverse)
            if verbose { print("UNDONE \(note)\n\(storage.document.runDump())") }
            guard storage.document.text == state.text, storage.document.isEquivalent(to: state) else {
                throw InvariantFailure(
                    "inverses restore",
                    "\(storage.document.equivalenceFailure(comparedTo: state) ?? "the text differs") undoing \(note)")
            }
        }
    }

    /// The `.newlines` layout of the editable storage: every leaf ends with a line feed or a tab,
    /// which is its separator — except a code block's (or an HTML block's) own last line end, and
    /// an empty code block, which is its separator alone.
    static func checkLayout(of document: IntentDocument, after note: String) throws {
        var start = 0
        for (index, run) in document.runs.enumerated() {
            defer { start += run.text.utf8.count }
            let isLastOfLeaf =
                index + 1 == document.runCount || document.storedRuns[index + 1].block != document.storedRuns[index].block
            guard isLastOfLeaf else {
                // A separator ends its leaf: one inside a leaf is a line end no layout makes.
                if run.attributes.isBlockSeparator {
                    throw InvariantFailure("layout", "a separator inside a leaf at UTF-8 offset \(start) after \(note)")
                }
                continue
            }
            let last = run.text.utf8.last
            guard last == UInt8(ascii: "\n") || last == UInt8(ascii: "\t") else {
                throw InvariantFailure("layout", "a leaf ends without its terminator at UTF-8 offset \(start) after \(note)")
            }
            var isCode = run.inlinePresentationIntent.contains(.blockHTML)
            if case .codeBlock? = run.presentationIntent?.components.first?.kind { isCode = true }
            if !isCode, !run.attributes.isBlockSeparator {
                throw InvariantFailure(
                    "layout", "a leaf's last line end is text, not its separator, at UTF-8 offset \(start) after \(note)")
            }
        }
    }

    package static func checkSession(_ source: String, options: MarkdownParsingOptions, using generator: inout SeededGenerator) throws {
        if Bool.random(using: &generator) {
            try checkSession(source, options: options, mapping: NotesStyleMapping(), using: &generator)
        } else {
            try checkSession(source, options: options, mapping: MarkdownStyleMapping(), using: &generator)
        }
    }

    /// Proposals (Markdown or plain text) and the user's edits through contexts of every scope,
    /// then every change undone through the session (back to the start), then redone (back to
    /// the end).
    static func checkSession(
        _ source: String, options: MarkdownParsingOptions, mapping: some EditorStyleMapping, using generator: inout SeededGenerator
    ) throws {
        var session = EditorSession(document: try IntentDocument(markdown: source, options: options), styleMapping: mapping)
        let start = session.storage.document
        for scope in [ContextScope.userSelection, .visibleArea, .fullDocument] {
            let selection = randomRange(in: session.storage.document.text, using: &generator)
            guard let context = try session.contexts(for: scope, selection: selection).first else { continue }
            let range = randomRange(in: context.text.text, using: &generator)
            let snippet = snippets.randomElement(using: &generator) ?? ""
            let proposal = Bool.random(using: &generator) ? IntentDocument(text: snippet) : try IntentDocument(markdown: snippet)
            _ = try session.replace(range, in: context.identifier, proposedText: proposal)
            let note = "a proposal of \(snippet.debugDescription) at \(range.location),\(range.length) of a \(scope) context"
            if verbose { print("SESSION \(note) (context \(context.documentRange))\n\(session.storage.document.runDump())") }
            try DocumentInvariants.checkStructure(of: session.storage.document, in: "document after a proposal")
            try checkLayout(of: session.storage.document, after: note)
            var renumbered = session.storage.document
            if renumbered.renumberListItems() { throw InvariantFailure("ordinals true", "stale list item ordinals after \(note)") }
            if Bool.random(using: &generator) {
                // The user types inside the context, as it is now.
                let current = try session.contexts(for: .fullDocument, selection: NSRange(location: 0, length: 0))[0]
                let edit = randomRange(in: current.text.text, using: &generator)
                let typed = snippets.randomElement(using: &generator) ?? ""
                _ = try session.replace(edit, with: IntentDocument(text: typed))
                if verbose { print("SESSION typed \(typed.debugDescription) at \(edit)\n\(session.storage.document.runDump())") }
                session.finish(contextWithIdentifier: current.identifier)
            }
            session.finish(contextWithIdentifier: context.identifier)
        }
        let end = session.storage.document
        while session.canUndo {
            try session.undo()
            if verbose { print("SESSION undone\n\(session.storage.document.runDump())") }
        }
        guard session.storage.document.text == start.text, session.storage.document.isEquivalent(to: start) else {
            throw InvariantFailure(
                "session undo restores", session.storage.document.equivalenceFailure(comparedTo: start) ?? "the text differs")
        }
        while session.canRedo {
            let redone = try session.redo()
            if verbose {
                print(
                    "SESSION redone \(redone.map { "\($0.range) \($0.text.text.debugDescription)" } ?? "")\n\(session.storage.document.runDump())"
                )
            }
        }
        guard session.storage.document.text == end.text, session.storage.document.isEquivalent(to: end) else {
            throw InvariantFailure(
                "session redo restores", session.storage.document.equivalenceFailure(comparedTo: end) ?? "the text differs")
        }
    }
}
