import Foundation
import IntentModel

extension FoundationComparison {
    /// The runs of the reference `AttributedString`, cut out before timing — each run's `String`
    /// and `AttributeContainer`, grouped by block — and the Foundation-only ways to build the same
    /// runs from them (the type comment of ``FoundationComparison`` describes each).
    struct ReferenceRuns {
        struct Piece {
            var text: String
            var container: AttributeContainer
            var utf8Count: Int
            /// `container` without the block's intent and markup; `nil` when nothing is left.
            var ownAttributes: AttributeContainer?
        }

        /// The runs, grouped by block (runs of one presentation intent).
        let blocks: [[Piece]]
        /// The whole text, and each block's.
        let fullText: String
        let blockTexts: [String]
        /// What each block's runs share: its presentation intent and block markup.
        let blockBases: [AttributeContainer]

        init(_ reference: AttributedString) {
            var blocks: [[Piece]] = []
            var lastIntent: IntentMarkAttribute.PresentationIntentAttribute.Value?? = .none
            for run in reference.runs {
                let text = String(reference.characters[run.range])
                let intent = run[IntentMarkAttribute.PresentationIntentAttribute.self]
                if blocks.isEmpty || lastIntent != .some(intent) { blocks.append([]) }
                lastIntent = .some(intent)
                var own = run.attributes
                own[IntentMarkAttribute.PresentationIntentAttribute.self] = nil
                own[IntentMarkAttribute.BlockMarkupAttribute.self] = nil
                blocks[blocks.count - 1].append(
                    Piece(
                        text: text, container: run.attributes, utf8Count: text.utf8.count,
                        ownAttributes: own == AttributeContainer() ? nil : own))
            }
            self.blocks = blocks
            fullText = String(reference.characters)
            blockTexts = blocks.map { $0.map(\.text).joined() }
            blockBases = blocks.map { block in
                var base = AttributeContainer()
                base[IntentMarkAttribute.PresentationIntentAttribute.self] =
                    block[0].container[IntentMarkAttribute.PresentationIntentAttribute.self]
                base[IntentMarkAttribute.BlockMarkupAttribute.self] = block[0].container[IntentMarkAttribute.BlockMarkupAttribute.self]
                return base
            }
        }

        /// `foundation.pieces`.
        func appendingPieces() -> AttributedString {
            var result = AttributedString()
            for block in blocks { for piece in block { result.append(AttributedString(piece.text, attributes: piece.container)) } }
            return result
        }

        /// `foundation.blocks`.
        func appendingBlocks() -> AttributedString {
            var result = AttributedString()
            for block in blocks {
                var blockPiece = AttributedString()
                for piece in block { blockPiece.append(AttributedString(piece.text, attributes: piece.container)) }
                result.append(blockPiece)
            }
            return result
        }

        /// `foundation.ranges`.
        func settingRanges() -> AttributedString {
            var result = AttributedString(fullText)
            var start = result.startIndex
            for block in blocks {
                for piece in block {
                    let end = result.utf8.index(start, offsetBy: piece.utf8Count)
                    result[start..<end].setAttributes(piece.container)
                    start = end
                }
            }
            return result
        }

        /// `foundation.blockRanges`.
        func settingBlockRanges() -> AttributedString {
            var result = AttributedString()
            for (block, text) in zip(blocks, blockTexts) {
                // The block's text with its first run's attributes, then the other runs set.
                var blockPiece = AttributedString(text, attributes: block[0].container)
                var start = blockPiece.utf8.index(blockPiece.startIndex, offsetBy: block[0].utf8Count)
                for piece in block.dropFirst() {
                    let end = blockPiece.utf8.index(start, offsetBy: piece.utf8Count)
                    blockPiece[start..<end].setAttributes(piece.container)
                    start = end
                }
                result.append(blockPiece)
            }
            return result
        }

        /// `foundation.blockMerge`.
        func mergingBlockAttributes() -> AttributedString {
            var result = AttributedString()
            for ((block, text), base) in zip(zip(blocks, blockTexts), blockBases) {
                // The block's text with the attributes its runs share, then each run's own merged.
                var blockPiece = AttributedString(text, attributes: base)
                var start = blockPiece.startIndex
                for piece in block {
                    let end = blockPiece.utf8.index(start, offsetBy: piece.utf8Count)
                    if let own = piece.ownAttributes { blockPiece[start..<end].mergeAttributes(own, mergePolicy: .keepNew) }
                    start = end
                }
                result.append(blockPiece)
            }
            return result
        }

        /// `foundation.read`: every run's characters and every attribute of the scope read; a
        /// count of what was found, for the optimiser to keep the reads.
        static func readEveryAttribute(of reference: AttributedString) -> Int {
            var count = 0
            for run in reference.runs {
                let text = String(reference.characters[run.range])
                count &+= text.utf8.count
                if run[IntentMarkAttribute.PresentationIntentAttribute.self] != nil { count &+= 1 }
                if run[IntentMarkAttribute.InlinePresentationIntentAttribute.self] != nil { count &+= 1 }
                if run[IntentMarkAttribute.BlockMarkupAttribute.self] != nil { count &+= 1 }
                if run[IntentMarkAttribute.InlineSpansAttribute.self] != nil { count &+= 1 }
                if run[AttributeScopes.FoundationAttributes.LinkAttribute.self] != nil { count &+= 1 }
                if run[IntentMarkAttribute.LinkDestinationAttribute.self] != nil { count &+= 1 }
                if run[IntentMarkAttribute.LinkTitleAttribute.self] != nil { count &+= 1 }
                if run[AttributeScopes.FoundationAttributes.ImageURLAttribute.self] != nil { count &+= 1 }
                if run[IntentMarkAttribute.ImageSourceAttribute.self] != nil { count &+= 1 }
                if run[IntentMarkAttribute.ImageTitleAttribute.self] != nil { count &+= 1 }
                if run[IntentMarkAttribute.FootnoteReferenceAttribute.self] != nil { count &+= 1 }
                if run[IntentMarkAttribute.ExtendedAttributesAttribute.self] != nil { count &+= 1 }
                if run[AttributeScopes.FoundationAttributes.LanguageIdentifierAttribute.self] != nil { count &+= 1 }
                if run[IntentMarkAttribute.MarkdownSourcePositionAttribute.self] != nil { count &+= 1 }
                if run[IntentMarkAttribute.BlockSeparatorAttribute.self] != nil { count &+= 1 }
                if run[IntentMarkAttribute.PlaceholderAttribute.self] != nil { count &+= 1 }
                if run[IntentMarkAttribute.FontAttribute.self] != nil { count &+= 1 }
                if run[IntentMarkAttribute.ForegroundColorAttribute.self] != nil { count &+= 1 }
                if run[IntentMarkAttribute.BackgroundColorAttribute.self] != nil { count &+= 1 }
                if run[IntentMarkAttribute.UnderlineStyleAttribute.self] != nil { count &+= 1 }
                if run[IntentMarkAttribute.StrikethroughStyleAttribute.self] != nil { count &+= 1 }
                if run[IntentMarkAttribute.BaselineOffsetAttribute.self] != nil { count &+= 1 }
                if run[IntentMarkAttribute.SuperscriptAttribute.self] != nil { count &+= 1 }
                if run[IntentMarkAttribute.ParagraphStyleAttribute.self] != nil { count &+= 1 }
            }
            return count
        }
    }
}
