import IntentModel

/// The color table of one RTF write (`{\colortbl;…}`): each distinct opaque color once, in order of
/// first use, numbered from 1 (0 is the reader's automatic color).
///
/// A color with a semantic name found in ``RTFWritingOptions/namedColors`` is replaced by that
/// entry; a translucent color is composited over white, since RTF colors have no alpha.
struct RTFColorTable {
    // MARK: Stored layout

    private let namedColors: [String: DisplayColor]
    /// 0xRRGGBB of each entry, in table order (entry `n` is `\cf(n + 1)`).
    private(set) var entries: [UInt32] = []
    private var lookup: [UInt32: Int] = [:]

    // MARK: Initialisers

    init(namedColors: [String: DisplayColor]) {
        self.namedColors = namedColors
    }

    // MARK: Entries

    /// The table index (1-based) of `color`, adding it when new.
    mutating func index(of color: DisplayColor) -> Int {
        let rgb = Self.opaqueRGB(color.name.flatMap { namedColors[$0] } ?? color)
        if let known = lookup[rgb] { return known }
        entries.append(rgb)
        lookup[rgb] = entries.count
        return entries.count
    }

    /// `color` as 0xRRGGBB, composited over white when translucent.
    static func opaqueRGB(_ color: DisplayColor) -> UInt32 {
        let alpha = color.alpha.isNaN ? 1 : min(max(color.alpha, 0), 1)
        func byte(_ component: Double) -> UInt32 {
            let clamped = component.isNaN ? 0 : min(max(component, 0), 1)
            return UInt32(((clamped * alpha + (1 - alpha)) * 255).rounded())
        }
        return byte(color.red) << 16 | byte(color.green) << 8 | byte(color.blue)
    }

    // MARK: Writing

    /// Writes `{\colortbl;\redR\greenG\blueB;…}`.
    func write(to output: inout ByteOutput) {
        output.append("{\\colortbl;")
        for rgb in entries {
            output.append("\\red")
            RTFEscaping.appendInteger(Int(rgb >> 16 & 0xFF), to: &output)
            output.append("\\green")
            RTFEscaping.appendInteger(Int(rgb >> 8 & 0xFF), to: &output)
            output.append("\\blue")
            RTFEscaping.appendInteger(Int(rgb & 0xFF), to: &output)
            output.append(UInt8(ascii: ";"))
        }
        output.append("}\n")
    }
}
