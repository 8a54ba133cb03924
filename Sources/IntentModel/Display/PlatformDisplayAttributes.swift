// IntentMark's display attributes as the platform's own: on Apple platforms, `attributedString()`
// sets AppKit's or UIKit's `font`, `foregroundColor`, `backgroundColor`, `underlineStyle`,
// `strikethroughStyle`, `baselineOffset`, `superscript` (AppKit) and `paragraphStyle` besides
// IntentMark's own display values, so text views and SwiftUI draw what lowering made. Other
// platforms have no such attributes; `scripts/check-darwin-branch` compiles this file on Linux
// against stand-ins of AppKit and of UIKit.

#if canImport(AppKit) && !targetEnvironment(macCatalyst)
    import AppKit

    private typealias PlatformKeys = AttributeScopes.AppKitAttributes
    private typealias PlatformFont = NSFont
    private typealias PlatformColor = NSColor
#elseif canImport(UIKit)
    import UIKit

    private typealias PlatformKeys = AttributeScopes.UIKitAttributes
    private typealias PlatformFont = UIFont
    private typealias PlatformColor = UIColor
#endif

#if canImport(AppKit) && !targetEnvironment(macCatalyst) || canImport(UIKit)
    /// Makes AppKit's (macOS) or UIKit's (iOS, iPadOS, tvOS, watchOS, visionOS, Mac Catalyst)
    /// attributes from ``DisplayAttributes``; one per conversion, so that the cells of one table share
    /// one `NSTextTable` on macOS. UIKit has no superscript attribute (a superscript keeps its baseline
    /// offset) and no text tables (cells keep their indents).
    final class PlatformDisplayAttributes {
        #if canImport(AppKit) && !targetEnvironment(macCatalyst)
            private var tables: [Int: NSTextTable] = [:]
        #endif

        /// The platform's attributes for `display`.
        func attributes(for display: DisplayAttributes) -> AttributeContainer {
            var container = AttributeContainer()
            if let font = display.font { container[PlatformKeys.FontAttribute.self] = Self.font(font) }
            if let color = display.foregroundColor { container[PlatformKeys.ForegroundColorAttribute.self] = Self.color(color) }
            if let color = display.backgroundColor { container[PlatformKeys.BackgroundColorAttribute.self] = Self.color(color) }
            if let style = display.underlineStyle {
                container[PlatformKeys.UnderlineStyleAttribute.self] = NSUnderlineStyle(rawValue: style.rawValue)
            }
            if let style = display.strikethroughStyle {
                container[PlatformKeys.StrikethroughStyleAttribute.self] = NSUnderlineStyle(rawValue: style.rawValue)
            }
            if let offset = display.baselineOffset { container[PlatformKeys.BaselineOffsetAttribute.self] = offset }
            #if canImport(AppKit) && !targetEnvironment(macCatalyst)
                if let level = display.superscript { container[PlatformKeys.SuperscriptAttribute.self] = level }
            #endif
            if let style = display.paragraphStyle {
                let paragraph = Self.paragraphStyle(style)
                #if canImport(AppKit) && !targetEnvironment(macCatalyst)
                    paragraph.textBlocks = style.textBlocks.map { block in
                        let table = tables[block.table] ?? NSTextTable()
                        table.numberOfColumns = max(table.numberOfColumns, block.numberOfColumns)
                        tables[block.table] = table
                        return NSTextTableBlock(
                            table: table, startingRow: block.row, rowSpan: block.rowSpan, startingColumn: block.column,
                            columnSpan: block.columnSpan)
                    }
                #endif
                container[PlatformKeys.ParagraphStyleAttribute.self] = paragraph
            }
            return container
        }

        /// A system font of the descriptor's size and weight, in its design, italic when it says so.
        private static func font(_ font: FontDescriptor) -> PlatformFont {
            let size = CGFloat(font.size)
            let weight = PlatformFont.Weight(rawValue: CGFloat(font.weight.value))
            let base =
                font.design == .monospaced
                ? PlatformFont.monospacedSystemFont(ofSize: size, weight: weight) : PlatformFont.systemFont(ofSize: size, weight: weight)
            var descriptor = base.fontDescriptor
            switch font.design {
            case .serif: descriptor = descriptor.withDesign(.serif) ?? descriptor
            case .rounded: descriptor = descriptor.withDesign(.rounded) ?? descriptor
            case .default, .monospaced: break
            }
            #if canImport(AppKit) && !targetEnvironment(macCatalyst)
                if font.isItalic { descriptor = descriptor.withSymbolicTraits(.italic) }
                return NSFont(descriptor: descriptor, size: size) ?? base
            #else
                if font.isItalic { descriptor = descriptor.withSymbolicTraits(.traitItalic) ?? descriptor }
                return UIFont(descriptor: descriptor, size: size)
            #endif
        }

        /// The colour in sRGB.
        private static func color(_ color: DisplayColor) -> PlatformColor {
            #if canImport(AppKit) && !targetEnvironment(macCatalyst)
                NSColor(srgbRed: CGFloat(color.red), green: CGFloat(color.green), blue: CGFloat(color.blue), alpha: CGFloat(color.alpha))
            #else
                UIColor(red: CGFloat(color.red), green: CGFloat(color.green), blue: CGFloat(color.blue), alpha: CGFloat(color.alpha))
            #endif
        }

        private static func paragraphStyle(_ style: ParagraphStyle) -> NSMutableParagraphStyle {
            let paragraph = NSMutableParagraphStyle()
            paragraph.alignment = alignment(style.alignment)
            paragraph.headIndent = CGFloat(style.headIndent)
            paragraph.firstLineHeadIndent = CGFloat(style.firstLineHeadIndent)
            paragraph.tailIndent = CGFloat(style.tailIndent)
            paragraph.paragraphSpacingBefore = CGFloat(style.paragraphSpacingBefore)
            paragraph.paragraphSpacing = CGFloat(style.paragraphSpacing)
            paragraph.lineHeightMultiple = CGFloat(style.lineHeightMultiple)
            paragraph.baseWritingDirection = writingDirection(style.baseWritingDirection)
            paragraph.textLists = style.textLists.map { list in
                let options = list.prependsEnclosingMarker ? NSTextList.Options.prependEnclosingMarker : []
                let textList = NSTextList(
                    markerFormat: NSTextList.MarkerFormat(rawValue: list.markerFormat.rawValue), options: Int(options.rawValue))
                textList.startingItemNumber = list.startingItemNumber
                return textList
            }
            return paragraph
        }

        private static func alignment(_ alignment: TextAlignment) -> NSTextAlignment {
            switch alignment {
            case .left: return .left
            case .center: return .center
            case .right: return .right
            case .justified: return .justified
            case .natural: return .natural
            }
        }

        private static func writingDirection(_ direction: WritingDirection) -> NSWritingDirection {
            switch direction {
            case .natural: return .natural
            case .leftToRight: return .leftToRight
            case .rightToLeft: return .rightToLeft
            }
        }
    }
#endif
