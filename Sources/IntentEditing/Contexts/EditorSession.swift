import Foundation
import IntentLowering
import IntentModel

/// The headless side of a rewrite tool's coordinator (Apple's `NSWritingToolsCoordinator` /
/// `UIWritingToolsCoordinator` delegate, or any tool that proposes replacements): makes contexts
/// from the editor's storage, applies proposed replacements to it — in any order and number —
/// takes the user's own edits in between, and keeps one undo history of them all.
///
/// Ranges of a proposal are relative to its context's text **as the context was made**; the
/// session translates them through every change since (replacements already applied, the user's
/// edits reported with ``updateRange(_:with:reason:forContextWithIdentifier:)`` or
/// `replace(_:with:)`, undo and redo), so proposals for later text can arrive first. A proposal
/// whose range overlaps text that changed since is clamped to what is left of it.
///
/// What a proposal becomes, in order:
/// 1. Rich text without intents — display attributes only, such as a bold or larger font, what a
///    text view's rich text holds — is raised to intents through ``raisingStyleSheet`` (see
///    `IntentDocument.raised(styleSheet:plainTextOptions:)`), unless ``raisesRichTextProposals``
///    is off, so a bold, larger line is a header and a bold word strong emphasis.
/// 2. A proposal that is one body paragraph is inline text: it takes the style of the paragraph
///    it lands in (a rewritten header stays a header).
/// 3. Other proposals with block intents go through the editor's ``styleMapping``
///    (``EditorStyleMapping/normalizedProposal(_:)``).
/// 4. Where the range ends at a paragraph's end (just before its line end), the proposal's final
///    line end is that paragraph's own: replacing a paragraph's text with `"# Plan\n\n- a\n"`
///    gives a header and a list and no empty paragraph — the document the same change in
///    Markdown gives.
///
/// Blocks the replacement does not touch keep their identities.
///
/// **Undo.** Every change through the session — proposals, the user's edits, undo and redo —
/// is one step of the session's history: ``undo()`` reverts the latest, ``redo()`` reapplies what
/// was undone, and a new change clears what could be redone. The history is in the session's
/// own terms, so it stays valid however the contexts were made, edited or finished. An editor that
/// keeps its own undo stack can instead apply the inverses each change returns (document
/// coordinates) with ``apply(_:)``, in reverse order; ``contextRange(of:inContextWithIdentifier:)``
/// gives a document range in a live context's current coordinates.
///
/// ```swift
/// var session = EditorSession(document: try IntentDocument(markdown: "Helo wrld.\n"), styleMapping: NotesStyleMapping())
/// let context = try session.contexts(for: .fullDocument, selection: NSRange(location: 0, length: 0))[0]
/// try session.replace(NSRange(location: 5, length: 4), in: context.identifier, proposedText: IntentDocument(text: "world"))
/// try session.replace(NSRange(location: 0, length: 4), in: context.identifier, proposedText: IntentDocument(text: "Hello"))
/// session.storage.document.text   // "Hello world.\n"
/// try session.undo()              // "Helo world.\n"
/// try session.redo()              // "Hello world.\n"
/// ```
public struct EditorSession<Mapping: EditorStyleMapping>: Sendable {
    /// The editor's storage.
    public private(set) var storage: EditableIntentDocument
    /// The editor's style mapping.
    public let styleMapping: Mapping
    /// How many paragraphs around the selection a `.userSelection` context includes on each side.
    public var surroundingParagraphs: Int
    /// Whether proposals of rich text without intents (display attributes only) are raised to
    /// intents before they enter the storage. Default `true`.
    public var raisesRichTextProposals: Bool = true
    /// The style sheet raising reads header sizes, indents and the body size from: the one the
    /// editor lowers its rich text with. Default `StyleSheet.default`.
    public var raisingStyleSheet: StyleSheet = .default

    private var contexts: [UUID: TrackedContext] = [:]
    /// Inverses of the changes made, latest last (document coordinates of the text as it is).
    private var undoStack: [EditorReplacement] = []
    /// Inverses of the changes undone, latest last.
    private var redoStack: [EditorReplacement] = []

    /// A context's place in the document now, and the changes inside it since it was made.
    private struct TrackedContext: Sendable {
        /// Where the context's text is now (UTF-16).
        var location: Int
        var length: Int
        /// Changes in context coordinates, in order: position, length removed, length inserted.
        var changes: [(position: Int, removed: Int, inserted: Int)] = []
    }

    /// How a change enters the storage.
    private enum ChangeKind {
        /// A proposal: a final line end at a paragraph's end is that paragraph's.
        case proposal
        /// The user's edit: text-view rules (a line end typed at a paragraph's end starts a new one).
        case edit
        /// An undo or redo: the inverse's identities are kept.
        case inverse
        /// The user's typing of a string: as an edit, but inside a run it takes the run's inline
        /// intents, attributes and spans (``EditableIntentDocument/replace(_:with:)-(NSRange,String)``).
        case typing(String)
    }

    /// Creates a session over a document.
    /// - Parameters:
    ///   - document: The editor's text with intents (either layout).
    ///   - styleMapping: The editor's style mapping.
    ///   - surroundingParagraphs: Paragraphs around the selection in a `.userSelection` context.
    public init(document: IntentDocument, styleMapping: Mapping, surroundingParagraphs: Int = 1) {
        storage = EditableIntentDocument(document)
        self.styleMapping = styleMapping
        self.surroundingParagraphs = surroundingParagraphs
    }

    // MARK: Contexts

    /// Makes the contexts for a scope: one context (Writing Tools asks for one per text storage).
    /// - Parameters:
    ///   - scope: Which text.
    ///   - selection: The selection, in UTF-16 units of the document (an empty range is the caret).
    ///   - visibleRange: The range the view shows (needed for `.visibleArea`; the selection's
    ///     paragraphs otherwise).
    /// - Returns: The contexts, each remembered by the session until ``finish(contextWithIdentifier:)``.
    /// - Throws: `IntentMarkError.invalidRange` when a range lies outside the text.
    public mutating func contexts(for scope: ContextScope, selection: NSRange, visibleRange: NSRange? = nil) throws -> [EditorContext] {
        let count = storage.utf16Count
        try Self.check(selection, count: count)
        if let visibleRange { try Self.check(visibleRange, count: count) }
        let covered: NSRange
        let evaluated: NSRange
        switch scope {
        case .fullDocument:
            covered = NSRange(location: 0, length: count)
            evaluated = covered
        case .userSelection:
            if selection.length == 0 {
                covered = NSRange(location: 0, length: count)
                evaluated = selection
            } else {
                covered = paragraphs(around: selection, extra: surroundingParagraphs, count: count)
                evaluated = NSRange(location: selection.location - covered.location, length: selection.length)
            }
        case .visibleArea:
            let visible = visibleRange ?? selection
            covered = paragraphs(around: visible, extra: 0, count: count)
            evaluated = NSRange(location: visible.location - covered.location, length: visible.length)
        }
        // The whole document is read only when the context is the whole document (its runs only,
        // as every context's text is: no front matter, no Markdown source).
        let utf8 = try storage.utf8Range(of: covered)
        let text =
            covered.length == count
            ? EditingLayout.slice(of: storage.document, utf8Range: utf8) : storage.slice(utf8Range: utf8)
        let context = EditorContext(
            identifier: UUID(), text: text, range: scope == .fullDocument ? NSRange(location: 0, length: count) : evaluated,
            documentRange: covered)
        contexts[context.identifier] = TrackedContext(location: covered.location, length: covered.length)
        return [context]
    }

    /// Forgets a context (its proposals are finished).
    /// - Parameter identifier: The context's identifier.
    public mutating func finish(contextWithIdentifier identifier: UUID) {
        contexts[identifier] = nil
    }

    // MARK: Replacements

    /// Applies a proposed replacement (see the type's documentation for what a proposal becomes).
    /// - Parameters:
    ///   - range: The range to replace, UTF-16, relative to the context's text as it was made.
    ///   - identifier: The context's identifier.
    ///   - proposedText: The proposal, plain or with intents and attributes.
    ///   - reason: Interactive or not (the storage change is the same; an editor animates
    ///     interactive ones).
    /// - Returns: The inverse replacement, in document coordinates.
    /// - Throws: ``EditorSessionError/unknownContext(_:)`` for a context not made or finished, and
    ///   `IntentMarkError.invalidRange` for a range outside the context's text.
    @discardableResult
    public mutating func replace(
        _ range: NSRange, in identifier: UUID, proposedText: IntentDocument, reason: TextReplacementReason = .noninteractive
    ) throws -> EditorReplacement {
        guard let context = contexts[identifier] else { throw EditorSessionError.unknownContext(identifier) }
        let original = context.length - context.changes.reduce(0) { $0 + $1.inserted - $1.removed }
        try Self.check(range, count: original)
        let current = Self.translate(range, through: context.changes)
        let documentRange = NSRange(location: context.location + current.location, length: current.length)
        return try change(documentRange, with: admitted(proposedText, at: documentRange), kind: .proposal)
    }

    /// Applies a proposal at a range of the document as it is now, without a context — for a
    /// tool that proposes against the live text (an edit script's replacement without a context
    /// is one). The proposal becomes what the type's documentation says.
    /// - Parameters:
    ///   - range: The range to replace, UTF-16 units of the document's text now.
    ///   - proposedText: The proposal.
    /// - Returns: The inverse replacement, in document coordinates.
    /// - Throws: `IntentMarkError.invalidRange` for a range outside the text or splitting a
    ///   surrogate pair.
    @discardableResult
    public mutating func propose(_ range: NSRange, proposedText: IntentDocument) throws -> EditorReplacement {
        try change(range, with: admitted(proposedText, at: range), kind: .proposal)
    }

    /// Takes the user's typing anywhere in the document, as the storage's
    /// `replace(_:with:)` of a string types it: inside an emphasis, a link or a code span it
    /// continues it; elsewhere plain text, as ``replace(_:with:)-(NSRange,IntentDocument)`` takes
    /// it.
    /// - Parameters:
    ///   - range: The range changed, UTF-16 units of the document's text.
    ///   - text: The typed text; `"\n"` splits paragraphs.
    /// - Returns: The inverse replacement, in document coordinates.
    /// - Throws: `IntentMarkError.invalidRange` as ``replace(_:with:)-(NSRange,IntentDocument)``.
    @discardableResult
    public mutating func replace(_ range: NSRange, with text: String) throws -> EditorReplacement {
        // Typed inside an emphasis, a link or a code span, it stays part of it, as
        // `EditableIntentDocument.replace(_:with:)` types a string.
        try change(range, with: IntentDocument(text: text), kind: .typing(text))
    }

    /// Takes an edit the user made inside a context while proposals are pending (Writing Tools'
    /// `updateRange(_:with:reason:forContextWithIdentifier:)`): applies it to the storage with a
    /// text view's rules and remembers it so later proposals land right.
    /// - Parameters:
    ///   - range: The range changed, UTF-16, relative to the context's text as it is now.
    ///   - text: The new text.
    ///   - reason: Typing, or undo/redo.
    ///   - identifier: The context's identifier.
    /// - Returns: The inverse replacement, in document coordinates.
    /// - Throws: ``EditorSessionError/unknownContext(_:)``; `IntentMarkError.invalidRange` for a
    ///   range outside the context's current text.
    @discardableResult
    public mutating func updateRange(
        _ range: NSRange, with text: IntentDocument, reason: TextUpdateReason, forContextWithIdentifier identifier: UUID
    ) throws -> EditorReplacement {
        guard let context = contexts[identifier] else { throw EditorSessionError.unknownContext(identifier) }
        try Self.check(range, count: context.length)
        return try change(NSRange(location: context.location + range.location, length: range.length), with: text, kind: .edit)
    }

    /// Takes an edit the user made anywhere in the document (inside a context or not), with a
    /// text view's rules, as ``EditableIntentDocument/replace(_:with:)-(NSRange,IntentDocument)``
    /// applies it; contexts move through it.
    /// - Parameters:
    ///   - range: The range changed, UTF-16 units of the document's text.
    ///   - text: The new text.
    /// - Returns: The inverse replacement, in document coordinates.
    /// - Throws: `IntentMarkError.invalidRange` for a range outside the text or splitting a
    ///   surrogate pair.
    @discardableResult
    public mutating func replace(_ range: NSRange, with text: IntentDocument) throws -> EditorReplacement {
        try change(range, with: text, kind: .edit)
    }

    /// Applies a replacement in document coordinates — an inverse this session returned, to undo
    /// with the editor's own undo stack — keeping the identities it carries; contexts move
    /// through it, and it is a step of the session's history like any change.
    /// - Parameter replacement: The range (UTF-16, in the current text) and the text to put there.
    /// - Returns: Its inverse (to redo).
    /// - Throws: `IntentMarkError.invalidRange` when its range is not valid for the current text.
    @discardableResult
    public mutating func apply(_ replacement: EditorReplacement) throws -> EditorReplacement {
        try change(replacement.range, with: replacement.text, kind: .inverse)
    }

    // MARK: Undo

    /// Whether there is a change to undo.
    public var canUndo: Bool { !undoStack.isEmpty }
    /// Whether there is an undone change to redo.
    public var canRedo: Bool { !redoStack.isEmpty }

    /// Reverts the latest change made through the session (a proposal, an edit, a redo).
    /// - Returns: The replacement that was made, in document coordinates of the text before it (a
    ///   text view replaces `range` of its storage with `text`), or `nil` when there was nothing
    ///   to undo.
    /// - Throws: `IntentMarkError.invalidRange` only if the history no longer fits the text, which
    ///   no sequence of session calls causes.
    @discardableResult
    public mutating func undo() throws -> EditorReplacement? {
        guard let inverse = undoStack.popLast() else { return nil }
        let redo = try move(inverse, kind: .inverse)
        redoStack.append(redo)
        return inverse
    }

    /// Reapplies the latest undone change.
    /// - Returns: The replacement that was made, in document coordinates of the text before it,
    ///   or `nil` when there was nothing to redo.
    /// - Throws: As ``undo()``.
    @discardableResult
    public mutating func redo() throws -> EditorReplacement? {
        guard let replacement = redoStack.popLast() else { return nil }
        let inverse = try move(replacement, kind: .inverse)
        undoStack.append(inverse)
        return replacement
    }

    /// A range of the document (UTF-16) in a live context's current coordinates: relative to
    /// the context's text as it is now, clamped to it.
    /// - Parameters:
    ///   - documentRange: A range of the document's text.
    ///   - identifier: The context's identifier.
    /// - Returns: The range relative to the context, or `nil` when the context is unknown or
    ///   the range lies wholly outside it.
    public func contextRange(of documentRange: NSRange, inContextWithIdentifier identifier: UUID) -> NSRange? {
        guard let context = contexts[identifier] else { return nil }
        let lower = max(documentRange.location, context.location)
        let upper = min(documentRange.location + documentRange.length, context.location + context.length)
        guard lower <= upper else { return nil }
        return NSRange(location: lower - context.location, length: upper - lower)
    }

    // MARK: Changes

    /// A proposal for `range` (document coordinates) as the storage takes it: raised, inline, or
    /// through the style mapping.
    private func admitted(_ proposal: IntentDocument, at range: NSRange) -> IntentDocument {
        var proposal = proposal
        let endsWithLineEnd = proposal.text.utf8.last == UInt8(ascii: "\n")
        if raisesRichTextProposals, Self.isRichTextWithoutIntents(proposal) {
            proposal = proposal.raised(styleSheet: raisingStyleSheet)
            if !endsWithLineEnd { proposal = EditingLayout.droppingFinalLineEnd(of: proposal) }
        }
        if var inline = EditingLayout.inlineContent(of: proposal) {
            // Where the range ends at a paragraph's start (after a whole paragraph with its line
            // end, or before a paragraph's text), the proposal's line end ends its paragraph there.
            if endsWithLineEnd, endsAtParagraphStart(range) { inline.append(IntentDocument(text: "\n")) }
            return inline
        }
        if proposal.storedRuns.contains(where: { $0.block != nil }) { return styleMapping.normalizedProposal(proposal) }
        return proposal
    }

    /// Whether `range` ends where a paragraph starts: at the text's start, or just after a
    /// paragraph's terminator.
    private func endsAtParagraphStart(_ range: NSRange) -> Bool {
        guard let utf8 = try? storage.utf8Range(of: range) else { return false }
        let end = utf8.upperBound
        return end == 0 || storage.endsBeforeTerminator(end - 1)
    }

    /// Whether `document` has no intents but display attributes that can say some: fonts or
    /// paragraph styles.
    private static func isRichTextWithoutIntents(_ document: IntentDocument) -> Bool {
        let breaks = InlinePresentationIntent([.softBreak, .lineBreak]).rawValue
        guard document.storedRuns.allSatisfy({ $0.block == nil && $0.inlinePresentationIntent.rawValue & ~breaks == 0 }) else {
            return false
        }
        return document.attributeSetIDs.contains {
            document.attributes(of: $0).display?.font != nil || document.attributes(of: $0).display?.paragraphStyle != nil
        }
    }

    /// Makes a change of the session's history: records its inverse and clears what could be redone.
    private mutating func change(_ range: NSRange, with text: IntentDocument, kind: ChangeKind) throws -> EditorReplacement {
        let inverse = try move(EditorReplacement(range: range, text: text), kind: kind)
        undoStack.append(inverse)
        redoStack.removeAll()
        return inverse
    }

    /// Replaces `replacement.range` (document coordinates) and moves every context through the change.
    private mutating func move(_ replacement: EditorReplacement, kind: ChangeKind) throws -> EditorReplacement {
        let range = replacement.range
        let before = storage.utf16Count
        let oldUnits = storage.utf16Units(in: range)
        let inverse: EditorReplacement
        switch kind {
        case .proposal:
            let utf8Range = try storage.utf8Range(of: range)
            inverse = storage.replace(utf8Range: utf8Range, withProposal: replacement.text, absorbingPlainLineEnd: true)
        case .edit:
            inverse = try storage.replace(range, with: replacement.text)
        case .typing(let text):
            inverse = try storage.replace(range, typing: text)
        case .inverse:
            inverse = try storage.apply(replacement)
        }
        // The change as the storage made it: everything it changed is at the range (a terminator
        // it adds at the very end of the document counts there too). Characters it left as they
        // were at either end of the range are not part of the change — an undo puts back a whole
        // paragraph, line end included, where only a word differed — so that positions there stay
        // where they are for later proposals.
        let delta = storage.utf16Count - before
        let newUnits = storage.utf16Units(in: NSRange(location: range.location, length: range.length + delta))
        var prefix = 0
        while prefix < oldUnits.count, prefix < newUnits.count, oldUnits[prefix] == newUnits[prefix] { prefix += 1 }
        var suffix = 0
        while suffix < oldUnits.count - prefix, suffix < newUnits.count - prefix,
            oldUnits[oldUnits.count - 1 - suffix] == newUnits[newUnits.count - 1 - suffix]
        {
            suffix += 1
        }
        let change = NSRange(location: range.location + prefix, length: oldUnits.count - prefix - suffix)
        moveContexts(through: change, delta: delta)
        return inverse
    }

    /// Moves every context through a change of `range` (document coordinates before the change)
    /// that made the text `delta` units longer.
    private mutating func moveContexts(through range: NSRange, delta: Int) {
        let removed = range.length
        for identifier in Array(contexts.keys) {
            guard var context = contexts[identifier] else { continue }
            let end = context.location + context.length
            if range.location + removed <= context.location, !(removed == 0 && range.location == context.location && context.length > 0) {
                context.location += delta
            } else if range.location >= end, !(range.location == end && context.length == 0) {
                // After the context: nothing changes.
            } else {
                let start = max(range.location, context.location)
                let stop = min(range.location + removed, end)
                let position = start - context.location
                let removedInside = max(0, stop - start)
                let insertedInside = max(0, removedInside + delta)
                if range.location < context.location { context.location = range.location }
                context.changes.append((position, removedInside, insertedInside))
                context.length += insertedInside - removedInside
            }
            contexts[identifier] = context
        }
    }

    // MARK: Helpers

    private static func check(_ range: NSRange, count: Int) throws {
        guard range.location != NSNotFound, range.location >= 0, range.length >= 0, range.location <= count,
            range.length <= count - range.location
        else {
            throw IntentMarkError.invalidRange("\(range) is outside a text of UTF-16 length \(count)")
        }
    }

    /// `range` (original context coordinates) moved through `changes`; a bound inside changed
    /// text moves to the end of the change.
    static func translate(_ range: NSRange, through changes: [(position: Int, removed: Int, inserted: Int)]) -> NSRange {
        var lower = range.location
        var upper = range.location + range.length
        for change in changes {
            // Text inserted exactly at a bound lies outside the range: after the lower bound's
            // old place, before the upper bound's.
            func move(_ position: Int, isLower: Bool) -> Int {
                if position < change.position || (position == change.position && !(isLower && change.removed == 0)) {
                    return position
                }
                if position >= change.position + change.removed { return position + change.inserted - change.removed }
                return change.position + change.inserted
            }
            lower = move(lower, isLower: true)
            upper = max(lower, move(upper, isLower: false))
        }
        return NSRange(location: lower, length: upper - lower)
    }

    /// The paragraphs `range` touches, with `extra` more on each side, as one range (the whole
    /// text when it has none). O(log n) plus the chunks of those paragraphs.
    private func paragraphs(around range: NSRange, extra: Int, count: Int) -> NSRange {
        guard count > 0,
            var first = storage.paragraphRange(aroundUTF16: min(range.location, count - 1)),
            var last = storage.paragraphRange(aroundUTF16: min(max(range.location + range.length, range.location + 1), count) - 1)
        else { return NSRange(location: 0, length: count) }
        for _ in 0..<extra {
            if first.location > 0, let before = storage.paragraphRange(aroundUTF16: first.location - 1) { first = before }
            if NSMaxRange(last) < count, let after = storage.paragraphRange(aroundUTF16: NSMaxRange(last)) { last = after }
        }
        return NSRange(location: first.location, length: NSMaxRange(last) - first.location)
    }
}
