internal import CCmarkGFM
import Foundation
import IntentModel

/// Walks a libcmark-gfm tree **iteratively** (`cmark_iter_*`, so 10 000-deep nesting cannot
/// overflow the stack) and builds an ``IntentModel/IntentDocument``.
///
/// Identities are assigned from 1 in document pre-order to every block node except the document
/// itself. See ``BlockSeparation`` for the characters between blocks.
struct IntentTreeConverter {
    // MARK: Stored layout

    let options: MarkdownParsingOptions
    let source: PreparedSource
    /// The GitHub alerts among the top-level block quotes of the tree being converted, by node
    /// (``GitHubAlertScanner``).
    private var alerts: [UnsafeMutableRawPointer: GitHubAlert]
    /// The source lines before the tree being converted (a piece of a parallel parse).
    private var lineOffset = 0
    /// What is added to the lines libcmark-gfm gives the nodes of the current leaf: `lineOffset`,
    /// or 0 inside a leaf libcmark-gfm puts on line 0 (a paragraph a table took the last line of),
    /// whose inlines' lines count from 0 in any piece, as in one parse.
    private var leafLineOffset = 0
    private var builder: IntentDocumentBuilder
    private var frames: [Frame] = []
    private var nextIdentity = 1

    /// The innermost leaf block (paragraph, heading, cell), or -1.
    private var leafBlock: Int32 = -1
    private var leafStartBytes = 0
    private var emphasisDepth = 0
    private var strongDepth = 0
    private var strikethroughDepth = 0
    /// Attributes of the enclosing links, images and extended-attribute spans, innermost last.
    private var attributeStack: [(attributes: RunAttributes, index: Int32, startBytes: Int)] = []
    private var currentAttributes: RunAttributes
    private var currentAttributesIndex: Int32 = 0
    private let includesBlocks: Bool
    private let preservesWhitespace: Bool
    /// The innermost open inline span (index in the builder's span table), or -1, and the spans
    /// enclosing it.
    private var currentSpan: Int32 = -1
    private var spanStack: [Int32] = []
    private var nextSpanIdentity = 1
    /// The interned attributes of separators (when they carry no source position), once made.
    private var separatorAttributesIndex: Int32 = -1
    /// Inline-only syntax: the paragraph (source chunk) being converted, and the nodes of its
    /// dummy first line still to skip.
    private var chunkIndex = 0
    private var dummyLine = DummyLine()
    /// The last source line (in the bytes libcmark-gfm parsed) of the latest text, code or HTML
    /// node: the line a following line break ends.
    private var lastInlineEndLine = 0
    /// How many lines libcmark-gfm's line count lags behind in the current paragraph: a
    /// backslash hard break moves past its line ending without counting it.
    private var lineLag = 0
    /// The position of the current leaf block, for inline nodes libcmark-gfm gives none.
    private var leafPosition: MarkdownSourcePosition? = nil
    /// Whether formatting tags and extended attributes become display attributes.
    private let appliesDisplayAttributes: Bool
    /// How many images enclose the current node (formatting tags in alt text stay raw).
    private var imageDepth = 0
    /// Formatting tags paired in the current leaf: each opening tag's node with its tags, and
    /// the nodes of their closing tags. Filled one inline parent at a time, when the first tag
    /// among its children is met (``scanFormattingTags(under:)``).
    private var formattingOpeners: [UnsafeMutableRawPointer: HTMLFormattingTag] = [:]
    private var formattingClosers: Set<UnsafeMutableRawPointer> = []
    private var scannedParents: Set<UnsafeMutableRawPointer> = []
    /// Where each top-level block starts: its identity, and the bytes and runs before it (for
    /// ``MarkdownSourceMapBuilder``; full syntax only).
    private(set) var topLevelMarks: [(identity: Int, bytes: Int, runs: Int)] = []
    /// The bytes and runs of the whole document, once converted.
    private(set) var totalBytes = 0
    private(set) var totalRuns = 0

    private struct Frame {
        var node: SyntaxNodeKind
        var block: Int32
        var startBytes: Int
        /// Lists: the next item's ordinal. Tables: the next body row's index. Rows: the next cell's column.
        var counter: Int
    }

    // MARK: Initialisers

    /// A converter of trees parsed from `source` (or, with `expectedBytes`, from a piece of it of
    /// that many bytes).
    init(
        options: MarkdownParsingOptions, source: PreparedSource, alerts: [UnsafeMutableRawPointer: GitHubAlert] = [:],
        expectedBytes: Int? = nil
    ) {
        self.options = options
        self.alerts = alerts
        self.source = source
        let expected = expectedBytes ?? source.byteCount
        self.builder = IntentDocumentBuilder(expectedBytes: expected + expected / 8)
        self.currentAttributes = RunAttributes(languageIdentifier: options.languageCode)
        self.includesBlocks = options.interpretedSyntax == .full
        self.preservesWhitespace = options.interpretedSyntax == .inlineOnlyPreservingWhitespace
        self.appliesDisplayAttributes = options.appliesDisplayAttributes
    }

    // MARK: Conversion

    /// The document of `tree`.
    mutating func convert(_ tree: CmarkTree) -> IntentDocument {
        append(tree, alerts: alerts, lineOffset: 0)
        return finish()
    }

    /// Converts `tree`, the next piece of a document parsed in pieces (``ParallelParse``), whose
    /// first line is line `lineOffset + 1` of the source, with the alerts among its top-level
    /// block quotes. Identities go on from the pieces before it.
    mutating func append(_ tree: CmarkTree, alerts: [UnsafeMutableRawPointer: GitHubAlert], lineOffset: Int) {
        self.alerts = alerts
        self.lineOffset = lineOffset
        leafLineOffset = lineOffset
        currentAttributesIndex = builder.attributesIndex(currentAttributes)
        guard let iterator = cmark_iter_new(tree.root) else { return }
        defer { cmark_iter_free(iterator) }
        while true {
            let event = cmark_iter_next(iterator)
            if event == CMARK_EVENT_DONE { break }
            guard let node = cmark_iter_get_node(iterator) else { continue }
            if event == CMARK_EVENT_ENTER { intentmark_prefetch_successors(node) }
            let kind = SyntaxNodeKind(cmark_node_get_type(node), extensionTypes: tree.extensionTypes)
            if event == CMARK_EVENT_ENTER {
                enter(kind, node, tree)
            } else if event == CMARK_EVENT_EXIT {
                exit(kind, node)
            }
        }
    }

    /// What converting one piece of a document made, for ``ParallelParse`` to join in order:
    /// the builder, how many block and span identities it handed out (from 1), and where its
    /// top-level blocks start.
    consuming func piece() -> ConvertedPiece {
        ConvertedPiece(
            builder: builder, blockIdentities: nextIdentity - 1, spanIdentities: nextSpanIdentity - 1, topLevelMarks: topLevelMarks)
    }

    /// The document of the trees appended.
    mutating func finish() -> IntentDocument {
        if !includesBlocks {
            let trailing = source.separator(beforeChunk: chunkIndex)
            if !trailing.isEmpty { builder.append(trailing, block: -1, inline: 0, attributes: currentAttributesIndex, span: -1) }
        }
        totalBytes = builder.byteCount
        totalRuns = builder.runCount
        return builder.finish()
    }

    /// Opens a node: one case per node kind, in the order of ``SyntaxNodeKind``. Longer than 60
    /// lines because it is the one exhaustive dispatch over every kind (so that a new kind is a
    /// compile error here); each case of more than a few lines is a method of its own.
    private mutating func enter(_ kind: SyntaxNodeKind, _ node: UnsafeMutablePointer<cmark_node>, _ tree: CmarkTree) {
        if frames.isEmpty, leafBlock < 0, includesBlocks, kind.isTopLevelBlock {
            topLevelMarks.append((nextIdentity, builder.byteCount, builder.runCount))
        }
        switch kind {
        case .document, .customBlock, .customInline, .unknown:
            break
        case .blockQuote:
            pushContainer(kind, .blockQuote, node, markup: alerts[UnsafeMutableRawPointer(node)].map { BlockMarkup(alert: $0) })
        case .footnoteDefinition:
            enterFootnoteDefinition(node)
        case .list:
            enterList(node)
        case .item:
            enterItem(node, tree)
        case .table:
            enterTable(node)
        case .tableRow:
            enterTableRow(node)
        case .tableCell:
            enterTableCell(node)
        case .paragraph:
            beginLeaf(.paragraph, node)
        case .heading:
            beginLeaf(.header(level: Int(cmark_node_get_heading_level(node))), node)
        case .codeBlock:
            enterCodeBlock(node)
        case .htmlBlock:
            // A paragraph of block HTML: the runs' `.blockHTML` tells it apart.
            beginLeaf(.paragraph, node)
            appendLiteral(node, inline: InlinePresentationIntent.blockHTML.rawValue)
            endLiteralLeaf(node)
        case .thematicBreak:
            beginLeaf(.thematicBreak, node)
            appendSeparator("\n", node)
            leafBlock = -1
        case .text:
            if preservesWhitespace { lastInlineEndLine = Int(cmark_node_get_end_line(node)) + lineLag }
            if dummyLine.skipsText() { return }
            appendLiteral(node, inline: inlineBits)
        case .code:
            if preservesWhitespace { lastInlineEndLine = Int(cmark_node_get_end_line(node)) + lineLag }
            appendLiteral(node, inline: inlineBits | InlinePresentationIntent.code.rawValue)
        case .htmlInline:
            enterInlineHTML(node, tree)
        case .softBreak:
            enterSoftBreak(node)
        case .lineBreak:
            enterLineBreak(node)
        case .emphasis:
            emphasisDepth += 1
            pushSpan(.emphasis)
        case .strong:
            strongDepth += 1
            pushSpan(.strongEmphasis)
        case .strikethrough:
            strikethroughDepth += 1
            pushSpan(.strikethrough)
        case .link:
            enterLink(node)
        case .image:
            enterImage(node)
        case .footnoteReference:
            enterFootnoteReference(node)
        }
    }

    /// A table cell, a leaf numbered from its row's counter.
    private mutating func enterTableCell(_ node: UnsafeMutablePointer<cmark_node>) {
        var column = 0
        if let last = frames.indices.last, frames[last].node == .tableRow {
            column = frames[last].counter
            frames[last].counter += 1
        }
        beginLeaf(.tableCell(columnIndex: column), node)
    }

    /// A soft line break: a space (or, preserving whitespace, the source's line break), unless it
    /// ends the ``DummyLine`` inline-only preparation added, which is skipped.
    private mutating func enterSoftBreak(_ node: UnsafeMutablePointer<cmark_node>) {
        if dummyLine.skipsSoftBreak() { return }
        appendText(
            options.interpretedSyntax == .inlineOnlyPreservingWhitespace ? source.lineBreakText(afterLine: lastInlineEndLine) : " ",
            node, inline: inlineBits | InlinePresentationIntent.softBreak.rawValue)
    }

    /// A hard line break: U+2028 (or, preserving whitespace, the source's line break).
    private mutating func enterLineBreak(_ node: UnsafeMutablePointer<cmark_node>) {
        dummyLine.lineBreakSeen()
        appendText(
            options.interpretedSyntax == .inlineOnlyPreservingWhitespace
                ? source.lineBreakText(afterLine: lastInlineEndLine) : "\u{2028}",
            node, inline: inlineBits | InlinePresentationIntent.lineBreak.rawValue)
        if preservesWhitespace, source.lineEndsWithBackslash(lastInlineEndLine) { lineLag += 1 }
    }

    /// A footnote definition: a block quote whose markup carries the label.
    private mutating func enterFootnoteDefinition(_ node: UnsafeMutablePointer<cmark_node>) {
        var markup = BlockMarkup()
        var length = 0
        if let label = intentmark_footnote_label(node, &length) {
            markup.footnoteLabel = String(decoding: UnsafeBufferPointer(start: label, count: length), as: UTF8.self)
        }
        pushContainer(.footnoteDefinition, .blockQuote, node, markup: markup)
    }

    /// A list: ordered or not, tight or loose, with its marker; its items count from its start.
    private mutating func enterList(_ node: UnsafeMutablePointer<cmark_node>) {
        let ordered = cmark_node_get_list_type(node) == CMARK_ORDERED_LIST
        var markup = BlockMarkup(isTight: cmark_node_get_list_tight(node) != 0)
        if ordered {
            markup.listItemDelimiter = cmark_node_get_list_delim(node) == CMARK_PAREN_DELIM ? .parenthesis : .period
        } else {
            switch intentmark_list_bullet_char(node) {
            case UInt8(ascii: "+"): markup.listItemDelimiter = .plus
            case UInt8(ascii: "*"): markup.listItemDelimiter = .asterisk
            case UInt8(ascii: "-"): markup.listItemDelimiter = .hyphen
            default: markup.listItemDelimiter = nil
            }
        }
        pushContainer(.list, ordered ? .orderedList : .unorderedList, node, markup: markup)
        frames[frames.count - 1].counter = ordered ? Int(cmark_node_get_list_start(node)) : 1
    }

    /// A list item, numbered from its list's counter; a task item carries its box.
    private mutating func enterItem(_ node: UnsafeMutablePointer<cmark_node>, _ tree: CmarkTree) {
        var ordinal = 1
        if let last = frames.indices.last, frames[last].node == .list {
            ordinal = frames[last].counter
            frames[last].counter += 1
        }
        var markup: BlockMarkup? = nil
        if let tasklist = tree.tasklistExtension, UnsafeMutableRawPointer(cmark_node_get_syntax_extension(node)) == tasklist {
            markup = BlockMarkup(isTaskChecked: cmark_gfm_extensions_get_tasklist_item_checked(node))
        }
        pushContainer(.item, .listItem(ordinal: ordinal), node, markup: markup)
    }

    /// A table with its columns' alignments (and which were written); its body rows count from 1.
    private mutating func enterTable(_ node: UnsafeMutablePointer<cmark_node>) {
        let count = Int(cmark_gfm_extensions_get_table_columns(node))
        var columns: [PresentationIntent.TableColumn] = []
        var explicit: [Bool] = []
        let alignments = cmark_gfm_extensions_get_table_alignments(node)
        for column in 0..<count {
            let code = alignments.map { $0[column] } ?? 0
            switch code {
            case UInt8(ascii: "c"): columns.append(.init(alignment: .center))
            case UInt8(ascii: "r"): columns.append(.init(alignment: .right))
            default: columns.append(.init(alignment: .left))
            }
            explicit.append(code != 0)
        }
        pushContainer(.table, .table(columns: columns), node, markup: BlockMarkup(columnAlignmentIsExplicit: explicit))
        frames[frames.count - 1].counter = 1
    }

    /// A table row: the header row, or a body row numbered by its table; its cells count from 0.
    private mutating func enterTableRow(_ node: UnsafeMutablePointer<cmark_node>) {
        var rowKind = PresentationIntent.Kind.tableHeaderRow
        if cmark_gfm_extensions_get_table_row_is_header(node) == 0 {
            var rowIndex = 1
            if let last = frames.indices.last, frames[last].node == .table {
                rowIndex = frames[last].counter
                frames[last].counter += 1
            }
            rowKind = .tableRow(rowIndex: rowIndex)
        }
        pushContainer(.tableRow, rowKind, node)
        frames[frames.count - 1].counter = 0
    }

    /// A code block, a leaf of its literal text, with its fence and info string as markup.
    private mutating func enterCodeBlock(_ node: UnsafeMutablePointer<cmark_node>) {
        let info = string(cmark_node_get_fence_info(node))
        var markup = BlockMarkup()
        var fenceLength: Int32 = 0
        var fenceOffset: Int32 = 0
        var fenceCharacter: CChar = 0
        if cmark_node_get_fenced(node, &fenceLength, &fenceOffset, &fenceCharacter) != 0 {
            markup.codeFence = CodeFence(
                character: String(UnicodeScalar(UInt8(bitPattern: fenceCharacter))), length: Int(fenceLength))
            markup.infoString = info.isEmpty ? nil : info
        }
        beginLeaf(.codeBlock(languageHint: Self.languageHint(info)), node, markup: markup.isEmpty ? nil : markup)
        appendLiteral(node, inline: 0)
        endLiteralLeaf(node)
    }

    /// Inline HTML: a formatting tag opening or closing its span (with display attributes), or raw HTML.
    private mutating func enterInlineHTML(_ node: UnsafeMutablePointer<cmark_node>, _ tree: CmarkTree) {
        if preservesWhitespace { lastInlineEndLine = Int(cmark_node_get_end_line(node)) + lineLag }
        if appliesDisplayAttributes, imageDepth == 0, let role = formattingRole(of: node, tree) {
            switch role {
            case .opening(let tag):
                var attributes = currentAttributes
                attributes.display = tag.element.applied(to: attributes.display ?? DisplayAttributes())
                pushSpan(.htmlFormatting, htmlTag: tag)
                pushAttributes(attributes)
            case .closing:
                popAttributes(node)
                popSpan()
            }
            return
        }
        pushSpan(.inlineHTML)
        appendLiteral(node, inline: inlineBits | InlinePresentationIntent.inlineHTML.rawValue)
        popSpan()
    }

    /// A link, or Apple's `^[text](attributes)`: a span with the attributes it gives its text.
    private mutating func enterLink(_ node: UnsafeMutablePointer<cmark_node>) {
        let rawDestination = cmark_node_get_url(node).map { String(cString: $0) } ?? ""
        let destination = source.restoringOriginal(rawDestination)
        if let extended = source.extendedAttributes(forRawDestination: rawDestination) {
            // Apple's `^[text](attributes)`: drop the `^` that precedes the bracket.
            if builder.lastByte == UInt8(ascii: "^") { builder.removeLast(bytes: 1) }
            var attributes = currentAttributes
            var merged = attributes.extendedAttributes ?? [:]
            merged.merge(extended) { _, new in new }
            attributes.extendedAttributes = merged
            if appliesDisplayAttributes, DisplayAttributes.hasDisplayExtendedAttributes(extended) {
                let display = (attributes.display ?? DisplayAttributes()).applyingExtendedAttributes(extended)
                attributes.display = display.isEmpty ? nil : display
            }
            pushSpan(.extendedAttributes)
            pushAttributes(attributes)
        } else {
            var attributes = currentAttributes
            attributes.linkDestination = destination
            attributes.link = options.resolvesLinkURLs ? resolve(destination) : nil
            let title = string(cmark_node_get_title(node))
            attributes.linkTitle = title.isEmpty ? nil : title
            pushSpan(.link)
            pushAttributes(attributes)
        }
    }

    /// An image: a span whose attributes carry its source and title.
    private mutating func enterImage(_ node: UnsafeMutablePointer<cmark_node>) {
        imageDepth += 1
        let source = string(cmark_node_get_url(node))
        var attributes = currentAttributes
        attributes.imageSource = source
        attributes.imageURL = options.resolvesLinkURLs ? resolve(source) : nil
        let title = string(cmark_node_get_title(node))
        attributes.imageTitle = title.isEmpty ? nil : title
        pushSpan(.image)
        pushAttributes(attributes)
    }

    /// A footnote reference: a span whose text is the reference's, with its label.
    private mutating func enterFootnoteReference(_ node: UnsafeMutablePointer<cmark_node>) {
        var attributes = currentAttributes
        var length = 0
        if let label = intentmark_footnote_label(node, &length) {
            attributes.footnoteReference = String(
                decoding: UnsafeBufferPointer(start: label, count: length), as: UTF8.self)
        } else {
            attributes.footnoteReference = ""
        }
        pushSpan(.footnoteReference)
        pushAttributes(attributes)
        appendLiteral(node, inline: inlineBits)
    }

    private mutating func exit(_ kind: SyntaxNodeKind, _ node: UnsafeMutablePointer<cmark_node>) {
        switch kind {
        case .document, .customBlock, .customInline, .unknown:
            break
        case .blockQuote, .footnoteDefinition, .list, .item, .table, .tableRow:
            popContainer(node)
        case .paragraph, .heading:
            endLeaf(node, separator: "\n")
        case .tableCell:
            endLeaf(node, separator: cmark_node_next(node) == nil ? "\n" : "\t")
        case .codeBlock, .htmlBlock, .thematicBreak, .text, .code, .htmlInline, .softBreak, .lineBreak:
            break  // leaves: the iterator reports no exit event for them
        case .emphasis:
            emphasisDepth -= 1
            popSpan()
        case .strong:
            strongDepth -= 1
            popSpan()
        case .strikethrough:
            strikethroughDepth -= 1
            popSpan()
        case .link, .image, .footnoteReference:
            if kind == .image { imageDepth -= 1 }
            popAttributes(node)
            popSpan()
        }
    }

    // MARK: Blocks

    private var currentContainerBlock: Int32 { frames.last?.block ?? -1 }

    private mutating func newBlock(_ kind: PresentationIntent.Kind, markup: BlockMarkup?) -> Int32 {
        guard includesBlocks else { return -1 }
        let identity = nextIdentity
        nextIdentity += 1
        return builder.addBlock(kind, identity: identity, parent: currentContainerBlock, markup: markup)
    }

    private mutating func pushContainer(
        _ node: SyntaxNodeKind, _ kind: PresentationIntent.Kind, _ cmarkNode: UnsafeMutablePointer<cmark_node>,
        markup: BlockMarkup? = nil
    ) {
        let block = newBlock(kind, markup: markup)
        let containerBlock = includesBlocks ? block : currentContainerBlock
        frames.append(Frame(node: node, block: containerBlock, startBytes: builder.byteCount, counter: 0))
    }

    private mutating func popContainer(_ node: UnsafeMutablePointer<cmark_node>) {
        guard let frame = frames.popLast() else { return }
        // A container without any text (an empty item or quote) is just its "\n".
        if includesBlocks, builder.byteCount == frame.startBytes {
            leafBlock = frame.block
            appendSeparator("\n", node)
        }
        leafBlock = -1
    }

    private mutating func beginLeaf(
        _ kind: PresentationIntent.Kind, _ node: UnsafeMutablePointer<cmark_node>, markup: BlockMarkup? = nil
    ) {
        if !includesBlocks {
            // Inline-only syntax: each paragraph is one chunk of the source between blank lines,
            // led by the dummy line that keeps block syntax from starting (``DummyLine``).
            // The separator lies inside a formatting span that a tag of an earlier chunk opened.
            let separator = source.separator(beforeChunk: chunkIndex)
            if !separator.isEmpty { builder.append(separator, block: -1, inline: 0, attributes: currentAttributesIndex, span: currentSpan) }
            chunkIndex += 1
            dummyLine.paragraphBegins()
            lineLag = 0
        }
        leafBlock = newBlock(kind, markup: markup)
        leafStartBytes = builder.byteCount
        leafLineOffset = cmark_node_get_start_line(node) > 0 ? lineOffset : 0
        // Inline-only chunks pair formatting tags across each other: keep the pairs.
        if includesBlocks, !scannedParents.isEmpty {
            scannedParents.removeAll(keepingCapacity: true)
            formattingOpeners.removeAll(keepingCapacity: true)
            formattingClosers.removeAll(keepingCapacity: true)
        }
        if options.appliesSourcePositionAttributes { leafPosition = source.position(of: node, lineOffset: leafLineOffset) }
    }

    private mutating func endLeaf(_ node: UnsafeMutablePointer<cmark_node>, separator: String) {
        if includesBlocks, options.blockSeparation == .newlines || builder.byteCount == leafStartBytes {
            appendSeparator(options.blockSeparation == .newlines ? separator : "\n", node)
        }
        leafBlock = -1
        leafLineOffset = lineOffset
    }

    /// Ends a code or HTML block: its own final newline is its terminator; one is added (as a
    /// separator) only when the literal has none.
    private mutating func endLiteralLeaf(_ node: UnsafeMutablePointer<cmark_node>) {
        if includesBlocks {
            let empty = builder.byteCount == leafStartBytes
            if empty || (options.blockSeparation == .newlines && builder.lastByte != UInt8(ascii: "\n")) {
                appendSeparator("\n", node)
            }
        }
        leafBlock = -1
    }

    // MARK: Inline content

    private var inlineBits: UInt {
        var bits: UInt = 0
        if emphasisDepth > 0 { bits |= InlinePresentationIntent.emphasized.rawValue }
        if strongDepth > 0 { bits |= InlinePresentationIntent.stronglyEmphasized.rawValue }
        if strikethroughDepth > 0 { bits |= InlinePresentationIntent.strikethrough.rawValue }
        return bits
    }

    private mutating func pushSpan(_ kind: InlineSpan.Kind, htmlTag: HTMLFormattingTag? = nil) {
        spanStack.append(currentSpan)
        currentSpan = builder.addSpan(kind, identity: nextSpanIdentity, parent: currentSpan, htmlTag: htmlTag)
        nextSpanIdentity += 1
    }

    private mutating func popSpan() {
        currentSpan = spanStack.popLast() ?? -1
    }

    private mutating func pushAttributes(_ attributes: RunAttributes) {
        attributeStack.append((currentAttributes, currentAttributesIndex, builder.byteCount))
        currentAttributes = attributes
        currentAttributesIndex = builder.attributesIndex(attributes)
    }

    /// Ends a link, image or extended-attribute span; one that produced no text becomes a
    /// U+FFFC placeholder run, so that it is not lost.
    private mutating func popAttributes(_ node: UnsafeMutablePointer<cmark_node>) {
        guard let (previous, previousIndex, startBytes) = attributeStack.popLast() else { return }
        if builder.byteCount == startBytes {
            var placeholder = currentAttributes
            placeholder.isPlaceholder = true
            if options.appliesSourcePositionAttributes {
                placeholder.sourcePosition = source.position(of: node, lineOffset: leafLineOffset) ?? leafPosition
            }
            builder.append(
                "\u{FFFC}", block: leafBlock, inline: inlineBits, attributes: builder.attributesIndex(placeholder),
                span: currentSpan)
        }
        currentAttributes = previous
        currentAttributesIndex = previousIndex
    }

    private mutating func attributesIndex(for node: UnsafeMutablePointer<cmark_node>) -> Int32 {
        guard options.appliesSourcePositionAttributes else { return currentAttributesIndex }
        var attributes = currentAttributes
        attributes.sourcePosition = source.position(of: node, lineOffset: leafLineOffset) ?? leafPosition
        return builder.attributesIndex(attributes)
    }

    private mutating func appendLiteral(_ node: UnsafeMutablePointer<cmark_node>, inline: UInt) {
        // The node's own bytes and length: cmark_node_get_literal would allocate a NUL-terminated
        // copy of most literals (see the shim).
        var length = 0
        guard let literal = intentmark_node_literal(node, &length), length > 0 else { return }
        let attributes = attributesIndex(for: node)
        let buffer = UnsafeBufferPointer(start: literal, count: length)
        if source.hasRewrites {
            builder.append(
                source.restoringOriginal(buffer), block: leafBlock, inline: inline, attributes: attributes,
                span: currentSpan)
        } else {
            builder.append(buffer, block: leafBlock, inline: inline, attributes: attributes, span: currentSpan)
        }
    }

    private mutating func appendText(_ text: String, _ node: UnsafeMutablePointer<cmark_node>, inline: UInt) {
        builder.append(text, block: leafBlock, inline: inline, attributes: attributesIndex(for: node), span: currentSpan)
    }

    private mutating func appendSeparator(_ text: String, _ node: UnsafeMutablePointer<cmark_node>) {
        let index: Int32
        if options.appliesSourcePositionAttributes {
            var attributes = RunAttributes(languageIdentifier: options.languageCode, isBlockSeparator: true)
            attributes.sourcePosition = source.position(of: node, lineOffset: leafLineOffset)
            index = builder.attributesIndex(attributes)
        } else {
            if separatorAttributesIndex < 0 {
                separatorAttributesIndex = builder.attributesIndex(
                    RunAttributes(languageIdentifier: options.languageCode, isBlockSeparator: true))
            }
            index = separatorAttributesIndex
        }
        builder.append(text, block: leafBlock, inline: 0, attributes: index, span: -1)
    }

    // MARK: Formatting tags

    private enum FormattingRole {
        case opening(HTMLFormattingTag)
        case closing
    }

    /// Whether the inline HTML `node` is one tag of a formatting pair, and which.
    private mutating func formattingRole(
        of node: UnsafeMutablePointer<cmark_node>, _ tree: CmarkTree
    ) -> FormattingRole? {
        let key = UnsafeMutableRawPointer(node)
        if let tag = formattingOpeners[key] { return .opening(tag) }
        if formattingClosers.contains(key) { return .closing }
        // Not paired yet: only a tag's first meeting with an unscanned parent can change that.
        guard Self.formattingTag(node) != nil, let parent = cmark_node_parent(node) else { return nil }
        if !includesBlocks, let root = cmark_node_parent(parent), cmark_node_parent(root) == nil {
            // Inline-only syntax: the chunks (paragraphs) between blank lines are one inline
            // sequence, so tags pair across them, as they do when the text is written as one.
            guard scannedParents.insert(UnsafeMutableRawPointer(root)).inserted else { return nil }
            var chunks: [UnsafeMutablePointer<cmark_node>] = []
            var chunk = cmark_node_first_child(root)
            while let current = chunk {
                chunks.append(current)
                chunk = cmark_node_next(current)
            }
            scanFormattingTags(under: chunks, tree)
        } else {
            guard scannedParents.insert(UnsafeMutableRawPointer(parent)).inserted else { return nil }
            scanFormattingTags(under: [parent], tree)
        }
        if let tag = formattingOpeners[key] { return .opening(tag) }
        return formattingClosers.contains(key) ? .closing : nil
    }

    /// Pairs the formatting tags among the children of `parents`, taken in order as one
    /// sequence (siblings only, so pairs are properly nested with every other inline; several
    /// parents only for the chunks of inline-only syntax): a closing tag takes the nearest open
    /// tag of its element, and the tags opened after that one stay unpaired (raw). A pair with
    /// nothing between its tags stays raw too (tags in two chunks have the text between the
    /// chunks). Linear: every tag is pushed and popped at most once.
    private mutating func scanFormattingTags(under parents: [UnsafeMutablePointer<cmark_node>], _ tree: CmarkTree) {
        var stack: [(node: UnsafeMutablePointer<cmark_node>, element: HTMLFormattingTag.Element, text: String)] = []
        var openCounts: [HTMLFormattingTag.Element: Int] = [:]
        var parentIndex = 0
        var child = parents.first.flatMap { cmark_node_first_child($0) }
        while true {
            guard let current = child else {
                parentIndex += 1
                guard parentIndex < parents.count else { break }
                child = cmark_node_first_child(parents[parentIndex])
                continue
            }
            child = cmark_node_next(current)
            guard SyntaxNodeKind(cmark_node_get_type(current), extensionTypes: tree.extensionTypes) == .htmlInline,
                let (element, isClosing, text) = Self.formattingTag(current)
            else { continue }
            if !isClosing {
                stack.append((current, element, text))
                openCounts[element, default: 0] += 1
                continue
            }
            guard openCounts[element, default: 0] > 0 else { continue }
            while let top = stack.popLast() {
                openCounts[top.element, default: 0] -= 1
                guard top.element == element else { continue }
                if cmark_node_next(top.node) != current {
                    formattingOpeners[UnsafeMutableRawPointer(top.node)] = HTMLFormattingTag(
                        element, opening: top.text, closing: text)
                    formattingClosers.insert(UnsafeMutableRawPointer(current))
                }
                break
            }
        }
    }

    /// The literal of an inline HTML node read as a bare formatting tag.
    private static func formattingTag(
        _ node: UnsafeMutablePointer<cmark_node>
    ) -> (element: HTMLFormattingTag.Element, isClosing: Bool, text: String)? {
        var length = 0
        guard let literal = intentmark_node_literal(node, &length), length >= 3, length <= 9 else { return nil }
        let bytes = UnsafeBufferPointer(start: literal, count: length)
        guard let (element, isClosing) = HTMLFormattingTag.parse(bytes) else { return nil }
        return (element, isClosing, String(decoding: bytes, as: UTF8.self))
    }

    // MARK: Helpers

    private func string(_ pointer: UnsafePointer<CChar>?) -> String {
        guard let pointer else { return "" }
        let text = String(cString: pointer)
        return source.hasRewrites ? source.restoringOriginal(text) : text
    }

    private func resolve(_ destination: String) -> URL? {
        LinkDestinationURL.url(for: destination, relativeTo: options.baseURL)
    }

    /// The first word of a fence's info string (up to the first whitespace, as libcmark-gfm's HTML
    /// renderer cuts it), or `nil` when the info string is empty.
    static func languageHint(_ info: String) -> String? {
        // Fast path: in ASCII without CR every character is one byte, so the byte scan cuts where
        // the character scan below would (CR LF is one character, and non-ASCII may combine).
        let utf8 = info.utf8
        if utf8.allSatisfy({ $0 < 0x80 && $0 != 0x0D }) {
            let end = utf8.firstIndex { $0 == 0x20 || $0 == 0x09 || $0 == 0x0A || $0 == 0x0B || $0 == 0x0C } ?? utf8.endIndex
            return end == utf8.startIndex ? nil : String(info[..<end])
        }
        let word = info.prefix { !($0 == " " || $0 == "\t" || $0 == "\n" || $0 == "\r" || $0 == "\u{0B}" || $0 == "\u{0C}") }
        return word.isEmpty ? nil : String(word)
    }
}
