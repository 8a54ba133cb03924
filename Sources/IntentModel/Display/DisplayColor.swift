/// A platform-neutral color: sRGB components from 0 to 1, and optionally the name of a semantic
/// color (`label`, `secondaryLabel`, `link`, …) a platform can substitute for its own.
public struct DisplayColor: Sendable, Hashable, Codable {
    /// Red, 0…1.
    public var red: Double
    /// Green, 0…1.
    public var green: Double
    /// Blue, 0…1.
    public var blue: Double
    /// Opacity, 0…1.
    public var alpha: Double
    /// A semantic color name, when the color stands for one (`UIColor.label` → `"label"`).
    public var name: String?

    /// Creates a color.
    /// - Parameters:
    ///   - red: 0…1.
    ///   - green: 0…1.
    ///   - blue: 0…1.
    ///   - alpha: 0…1.
    ///   - name: A semantic name, or `nil`.
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1, name: String? = nil) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
        self.name = name
    }

    /// A color from a 24-bit hexadecimal RGB value (`0x0969DA`).
    /// - Parameters:
    ///   - rgb: `0xRRGGBB`.
    ///   - alpha: 0…1.
    ///   - name: A semantic name, or `nil`.
    public init(rgb: UInt32, alpha: Double = 1, name: String? = nil) {
        self.init(
            red: Double((rgb >> 16) & 0xFF) / 255, green: Double((rgb >> 8) & 0xFF) / 255, blue: Double(rgb & 0xFF) / 255,
            alpha: alpha, name: name)
    }

    /// `#RRGGBB` (or `#RRGGBBAA` when not opaque).
    public var hexString: String {
        func byte(_ value: Double) -> String {
            let scaled = Int((value.isNaN ? 0 : min(max(value, 0), 1) * 255).rounded())
            let digits = String(scaled, radix: 16, uppercase: true)
            return digits.count == 1 ? "0" + digits : digits
        }
        return "#" + byte(red) + byte(green) + byte(blue) + (alpha < 1 ? byte(alpha) : "")
    }

    /// The highlight of `<mark>` and of the `highlight` extended attribute: yellow, with AppKit's
    /// semantic name `findHighlightColor` so that a renderer with a palette can use its own.
    public static let highlight = DisplayColor(rgb: 0xFFFF00, name: "findHighlightColor")
}
