/// Receives an ``IntentDocument`` in document order from ``IntentDocument/walk(_:)``: blocks and
/// inline spans as they open and close, and the text of every run.
///
/// For each run, in text order, the walk calls:
/// 1. ``willVisit(_:entersLeaf:)``, before anything the run causes;
/// 2. when the run's leaf block differs from the previous run's: ``exitSpan(_:)`` for every open
///    span (innermost first), ``exitBlock(_:)`` for every open block that does not contain the new
///    leaf (innermost first), then ``enterBlock(_:child:)`` for every block from the outermost one
///    not yet open down to the leaf;
/// 3. ``exitSpan(_:)`` for every open span that does not contain the run's innermost span, then
///    ``enterSpan(_:)`` from the outermost span not yet open down to the innermost;
/// 4. ``visitRun(_:text:isLastInLeaf:)``.
///
/// After the last run, every open span and then every open block is exited. Each block and span
/// is entered and exited once per stretch of consecutive runs that lie in it (once in all for the
/// documents the library makes), exits mirror enters, and the walk costs O(runs + blocks + spans)
/// whatever the nesting depth: no recursion. Runs without a block intent are visited with no
/// block open.
///
/// Read what a handle names through the document (``IntentDocument/kind(of:)-(BlockID)``,
/// ``IntentDocument/attributes(of:)`` and so on). Switch over the kinds exhaustively, so that a new
/// kind is a compile error, not a silently dropped block.
///
/// ```swift
/// struct Outline: IntentVisitor {
///     let document: IntentDocument
///     var lines: [String] = []
///     var depth = 0
///     mutating func enterBlock(_ block: BlockID, child: BlockID?) {
///         lines.append(String(repeating: "  ", count: depth) + "\(document.kind(of: block))")
///         depth += 1
///     }
///     mutating func exitBlock(_ block: BlockID) { depth -= 1 }
///     mutating func enterSpan(_ span: SpanID) {}
///     mutating func exitSpan(_ span: SpanID) {}
///     mutating func visitRun(
///         _ run: IntentDocument.StoredRun, text: UnsafeBufferPointer<UInt8>, isLastInLeaf: Bool
///     ) {}
/// }
///
/// let document = try IntentDocument(markdown: "> - item")
/// var outline = Outline(document: document)
/// document.walk(&outline)
/// print(outline.lines.joined(separator: "\n"))
/// ```
public protocol IntentVisitor: ~Copyable {
    /// Whether the walk delivers block events (``enterBlock(_:child:)``, ``exitBlock(_:)``) to
    /// this kind of visitor. When `false` the walk keeps no account of open blocks at all (it
    /// costs nothing); runs still say their leaf block. The default is `true`
    /// (``IntentRunVisitor``: `false`).
    static var followsBlocks: Bool { get }

    /// Whether the walk delivers span events (``enterSpan(_:)``, ``exitSpan(_:)``) to this kind of
    /// visitor. When `false` the walk keeps no account of open spans; runs still say their
    /// innermost span. The default is `true` (``IntentRunVisitor``: `false`).
    static var followsSpans: Bool { get }

    /// Called first for every run, before the blocks and spans it enters or leaves.
    ///
    /// The default does nothing.
    /// - Parameters:
    ///   - run: The run about to be visited.
    ///   - entersLeaf: Whether its leaf block differs from the previous run's (true for the first
    ///     run): the leaf is about to change.
    mutating func willVisit(_ run: IntentDocument.StoredRun, entersLeaf: Bool)

    /// A block opens: all of its ancestors are open.
    /// - Parameters:
    ///   - block: The block.
    ///   - child: The block that opens next inside it in this same transition (the next one down
    ///     the path to the leaf), or `nil` when `block` is the leaf.
    mutating func enterBlock(_ block: BlockID, child: BlockID?)

    /// A block closes: everything inside it has closed.
    /// - Parameter block: The block.
    mutating func exitBlock(_ block: BlockID)

    /// An inline span opens: every span around it is open.
    /// - Parameter span: The span.
    mutating func enterSpan(_ span: SpanID)

    /// An inline span closes: every span inside it has closed.
    /// - Parameter span: The span.
    mutating func exitSpan(_ span: SpanID)

    /// A run's text, with its leaf block and all of its spans open.
    /// - Parameters:
    ///   - run: The run.
    ///   - text: Its text as **UTF-8 bytes**; valid only during the call.
    ///   - isLastInLeaf: Whether the next run lies in another leaf block (true for the last run).
    mutating func visitRun(_ run: IntentDocument.StoredRun, text: UnsafeBufferPointer<UInt8>, isLastInLeaf: Bool)
}

extension IntentVisitor where Self: ~Copyable {
    /// `true`: the walk delivers block events.
    @inlinable public static var followsBlocks: Bool { true }

    /// `true`: the walk delivers span events.
    @inlinable public static var followsSpans: Bool { true }

    /// Does nothing.
    /// - Parameters:
    ///   - run: The run about to be visited.
    ///   - entersLeaf: Whether its leaf block differs from the previous run's.
    @inlinable public mutating func willVisit(_ run: IntentDocument.StoredRun, entersLeaf: Bool) {}
}

/// A visitor that reads a document's runs alone: its block and span events do nothing (the
/// defaults below), so only ``IntentVisitor/visitRun(_:text:isLastInLeaf:)`` (and, if wanted,
/// ``IntentVisitor/willVisit(_:entersLeaf:)``) is written. For outputs that carry structure
/// per run rather than as nesting — a run table, a serialisation, a lowering that flattens blocks
/// into paragraph styles.
public protocol IntentRunVisitor: IntentVisitor, ~Copyable {}

extension IntentRunVisitor where Self: ~Copyable {
    /// `false`: the walk keeps no account of blocks for a run visitor.
    @inlinable public static var followsBlocks: Bool { false }

    /// `false`: the walk keeps no account of spans for a run visitor.
    @inlinable public static var followsSpans: Bool { false }

    /// Does nothing.
    /// - Parameters:
    ///   - block: The block.
    ///   - child: The block that opens next inside it, if any.
    @inlinable public mutating func enterBlock(_ block: BlockID, child: BlockID?) {}
    /// Does nothing.
    /// - Parameter block: The block.
    @inlinable public mutating func exitBlock(_ block: BlockID) {}
    /// Does nothing.
    /// - Parameter span: The span.
    @inlinable public mutating func enterSpan(_ span: SpanID) {}
    /// Does nothing.
    /// - Parameter span: The span.
    @inlinable public mutating func exitSpan(_ span: SpanID) {}
}
