/// A platform-neutral font: design, size, weight and slant — what `NSFont`/`UIFont` descriptors
/// say, without a platform font object.
public struct FontDescriptor: Sendable, Hashable, Codable {
    /// The font's design (`UIFontDescriptor.SystemDesign`).
    public var design: Design
    /// The size in points.
    public var size: Double
    /// The weight (`UIFont.Weight` names and values).
    public var weight: Weight
    /// Whether the font is italic (the italic symbolic trait).
    public var isItalic: Bool

    /// Creates a descriptor.
    /// - Parameters:
    ///   - design: Default, serif, monospaced or rounded.
    ///   - size: Points.
    ///   - weight: Weight.
    ///   - isItalic: Italic trait.
    public init(design: Design = .default, size: Double, weight: Weight = .regular, isItalic: Bool = false) {
        self.design = design
        self.size = size
        self.weight = weight
        self.isItalic = isItalic
    }

    /// Font designs, as `UIFontDescriptor.SystemDesign` names them.
    public enum Design: String, Sendable, Hashable, Codable, CaseIterable {
        /// The system's default (sans-serif) design.
        case `default`
        /// A serif design.
        case serif
        /// A monospaced design.
        case monospaced
        /// A rounded design.
        case rounded
    }

    /// Font weights with `UIFont.Weight`'s names; ``value`` is Apple's raw value (-0.8 … 0.62).
    public enum Weight: String, Sendable, Hashable, Codable, CaseIterable, Comparable {
        /// -0.8.
        case ultraLight
        /// -0.6.
        case thin
        /// -0.4.
        case light
        /// 0.
        case regular
        /// 0.23.
        case medium
        /// 0.3.
        case semibold
        /// 0.4.
        case bold
        /// 0.56.
        case heavy
        /// 0.62.
        case black

        /// Apple's raw weight value.
        public var value: Double {
            switch self {
            case .ultraLight: return -0.8
            case .thin: return -0.6
            case .light: return -0.4
            case .regular: return 0
            case .medium: return 0.23
            case .semibold: return 0.3
            case .bold: return 0.4
            case .heavy: return 0.56
            case .black: return 0.62
            }
        }

        /// Ordered by ``value``.
        public static func < (left: Weight, right: Weight) -> Bool { left.value < right.value }
    }
}
