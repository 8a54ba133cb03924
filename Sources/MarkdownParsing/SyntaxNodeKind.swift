internal import CCmarkGFM

/// The CommonMark/GFM node kinds, decoded from libcmark-gfm's node types in this one place so
/// that C vocabulary stops here. Names follow the specs ("heading", "thematic break").
enum SyntaxNodeKind {
    case document
    case blockQuote
    case list
    case item
    case codeBlock
    case htmlBlock
    case customBlock
    case paragraph
    case heading
    case thematicBreak
    case footnoteDefinition
    case table
    case tableRow
    case tableCell
    case text
    case softBreak
    case lineBreak
    case code
    case htmlInline
    case customInline
    case emphasis
    case strong
    case strikethrough
    case link
    case image
    case footnoteReference
    /// A node type this library does not know (a future extension): its children are converted,
    /// the node itself adds nothing.
    case unknown

    /// Whether a node of this kind can be a child of the document (and so a top-level block).
    var isTopLevelBlock: Bool {
        switch self {
        case .blockQuote, .list, .codeBlock, .htmlBlock, .paragraph, .heading, .thematicBreak, .footnoteDefinition, .table:
            return true
        case .document, .item, .customBlock, .tableRow, .tableCell, .text, .softBreak, .lineBreak, .code, .htmlInline,
            .customInline, .emphasis, .strong, .strikethrough, .link, .image, .footnoteReference, .unknown:
            return false
        }
    }

    init(_ type: cmark_node_type, extensionTypes: ExtensionNodeTypes) {
        switch type {
        case CMARK_NODE_DOCUMENT: self = .document
        case CMARK_NODE_BLOCK_QUOTE: self = .blockQuote
        case CMARK_NODE_LIST: self = .list
        case CMARK_NODE_ITEM: self = .item
        case CMARK_NODE_CODE_BLOCK: self = .codeBlock
        case CMARK_NODE_HTML_BLOCK: self = .htmlBlock
        case CMARK_NODE_CUSTOM_BLOCK: self = .customBlock
        case CMARK_NODE_PARAGRAPH: self = .paragraph
        case CMARK_NODE_HEADING: self = .heading
        case CMARK_NODE_THEMATIC_BREAK: self = .thematicBreak
        case CMARK_NODE_FOOTNOTE_DEFINITION: self = .footnoteDefinition
        case CMARK_NODE_TEXT: self = .text
        case CMARK_NODE_SOFTBREAK: self = .softBreak
        case CMARK_NODE_LINEBREAK: self = .lineBreak
        case CMARK_NODE_CODE: self = .code
        case CMARK_NODE_HTML_INLINE: self = .htmlInline
        case CMARK_NODE_CUSTOM_INLINE: self = .customInline
        case CMARK_NODE_EMPH: self = .emphasis
        case CMARK_NODE_STRONG: self = .strong
        case CMARK_NODE_LINK: self = .link
        case CMARK_NODE_IMAGE: self = .image
        case CMARK_NODE_FOOTNOTE_REFERENCE: self = .footnoteReference
        case extensionTypes.table: self = .table
        case extensionTypes.tableRow: self = .tableRow
        case extensionTypes.tableCell: self = .tableCell
        case extensionTypes.strikethrough: self = .strikethrough
        default: self = .unknown
        }
    }
}
