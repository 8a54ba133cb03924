// IntentMark's display attributes as the platform's own: on Apple platforms, `attributedString()`
// sets AppKit's or UIKit's `font`, `foregroundColor`, `backgroundColor`, `underlineStyle`,
// `strikethroughStyle`, `baselineOffset`, `superscript` (AppKit) and `paragraphStyle` besides
// IntentMark's own display values, so text views and SwiftUI draw what lowering made. Other
// platforms have no such attributes; `scripts/check-darwin-branch` compiles both branches on
// Linux against stand-ins of AppKit and UIKit.

#if canImport(AppKit) && !targetEnvironment(macCatalyst)
    import AppKit

    /// Makes AppKit attributes from ``DisplayAttributes``; one per conversion, so that the cells of
    /// one table share one `NSTextTable`.
    final class PlatformDisplayAttributes {
        private var tables: [Int: NSTextTable] = [:]

        /// AppKit's attributes for `display`.
        func attributes(for display: DisplayAttributes) -> AttributeContainer {
            var container = AttributeContainer()
            if let font = display.font { container[AttributeScopes.AppKitAttributes.FontAttribute.self] = Self.font(font) }
            if let color = display.foregroundColor {
                container[AttributeScopes.AppKitAttributes.ForegroundColorAttribute.self] = Self.color(color)
            }
            if let color = display.backgroundColor {
                container[AttributeScopes.AppKitAttributes.BackgroundColorAttribute.self] = Self.color(color)
            }
            if let style = display.underlineStyle {
                container[AttributeScopes.AppKitAttributes.UnderlineStyleAttribute.self] = NSUnderlineStyle(rawValue: style.rawValue)
            }
            if let style = display.strikethroughStyle {
                container[AttributeScopes.AppKitAttributes.StrikethroughStyleAttribute.self] = NSUnderlineStyle(rawValue: style.rawValue)
            }
            if let offset = display.baselineOffset { container[AttributeScopes.AppKitAttributes.BaselineOffsetAttribute.self] = offset }
            if let level = display.superscript { container[AttributeScopes.AppKitAttributes.SuperscriptAttribute.self] = level }
            if let style = display.paragraphStyle {
                let paragraph = Self.paragraphStyle(style)
                paragraph.textBlocks = style.textBlocks.map { block in
                    let table = tables[block.table] ?? NSTextTable()
                    table.numberOfColumns = max(table.numberOfColumns, block.numberOfColumns)
                    tables[block.table] = table
                    return NSTextTableBlock(
                        table: table, startingRow: block.row, rowSpan: block.rowSpan, startingColumn: block.column,
                        columnSpan: block.columnSpan)
                }
                container[AttributeScopes.AppKitAttributes.ParagraphStyleAttribute.self] = paragraph
            }
            return container
        }

        private static func font(_ font: FontDescriptor) -> NSFont {
            let size = CGFloat(font.size)
            let weight = NSFont.Weight(rawValue: CGFloat(font.weight.value))
            let base =
                font.design == .monospaced
                ? NSFont.monospacedSystemFont(ofSize: size, weight: weight) : NSFont.systemFont(ofSize: size, weight: weight)
            var descriptor = base.fontDescriptor
            switch font.design {
            case .serif: descriptor = descriptor.withDesign(.serif) ?? descriptor
            case .rounded: descriptor = descriptor.withDesign(.rounded) ?? descriptor
            case .default, .monospaced: break
            }
            if font.isItalic { descriptor = descriptor.withSymbolicTraits(.italic) }
            return NSFont(descriptor: descriptor, size: size) ?? base
        }

        private static func color(_ color: DisplayColor) -> NSColor {
            NSColor(srgbRed: CGFloat(color.red), green: CGFloat(color.green), blue: CGFloat(color.blue), alpha: CGFloat(color.alpha))
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

#elseif canImport(UIKit)
    import UIKit

    /// Makes UIKit attributes from ``DisplayAttributes``. UIKit has no superscript attribute (a
    /// superscript keeps its baseline offset) and no text tables (cells keep their indents).
    final class PlatformDisplayAttributes {
        /// UIKit's attributes for `display`.
        func attributes(for display: DisplayAttributes) -> AttributeContainer {
            var container = AttributeContainer()
            if let font = display.font { container[AttributeScopes.UIKitAttributes.FontAttribute.self] = Self.font(font) }
            if let color = display.foregroundColor {
                container[AttributeScopes.UIKitAttributes.ForegroundColorAttribute.self] = Self.color(color)
            }
            if let color = display.backgroundColor {
                container[AttributeScopes.UIKitAttributes.BackgroundColorAttribute.self] = Self.color(color)
            }
            if let style = display.underlineStyle {
                container[AttributeScopes.UIKitAttributes.UnderlineStyleAttribute.self] = NSUnderlineStyle(rawValue: style.rawValue)
            }
            if let style = display.strikethroughStyle {
                container[AttributeScopes.UIKitAttributes.StrikethroughStyleAttribute.self] = NSUnderlineStyle(rawValue: style.rawValue)
            }
            if let offset = display.baselineOffset { container[AttributeScopes.UIKitAttributes.BaselineOffsetAttribute.self] = offset }
            if let style = display.paragraphStyle {
                container[AttributeScopes.UIKitAttributes.ParagraphStyleAttribute.self] = Self.paragraphStyle(style)
            }
            return container
        }

        private static func font(_ font: FontDescriptor) -> UIFont {
            let size = CGFloat(font.size)
            let weight = UIFont.Weight(rawValue: CGFloat(font.weight.value))
            let base =
                font.design == .monospaced
                ? UIFont.monospacedSystemFont(ofSize: size, weight: weight) : UIFont.systemFont(ofSize: size, weight: weight)
            var descriptor = base.fontDescriptor
            switch font.design {
            case .serif: descriptor = descriptor.withDesign(.serif) ?? descriptor
            case .rounded: descriptor = descriptor.withDesign(.rounded) ?? descriptor
            case .default, .monospaced: break
            }
            if font.isItalic { descriptor = descriptor.withSymbolicTraits(.traitItalic) ?? descriptor }
            return UIFont(descriptor: descriptor, size: size)
        }

        private static func color(_ color: DisplayColor) -> UIColor {
            UIColor(red: CGFloat(color.red), green: CGFloat(color.green), blue: CGFloat(color.blue), alpha: CGFloat(color.alpha))
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
