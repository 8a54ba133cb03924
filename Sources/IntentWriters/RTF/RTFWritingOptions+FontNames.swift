import IntentModel

extension RTFWritingOptions {
    /// The font family written in the font table (`\fonttbl`) for each font design, with the
    /// family class RTF 1.9.1 gives it: `\fswiss` for default and rounded, `\froman` for serif,
    /// `\fmodern` (fixed pitch) for monospaced.
    public struct FontNames: Sendable, Hashable, Codable {
        /// The default (sans-serif) design's family; `\fswiss`.
        public var `default`: String
        /// The serif design's family; `\froman`.
        public var serif: String
        /// The monospaced design's family; `\fmodern`, `\fprq1`.
        public var monospaced: String
        /// The rounded design's family; `\fswiss`.
        public var rounded: String

        /// Creates font names.
        /// - Parameters:
        ///   - default: Sans-serif family.
        ///   - serif: Serif family.
        ///   - monospaced: Fixed-pitch family.
        ///   - rounded: Rounded family.
        public init(
            default: String = "Helvetica", serif: String = "Times", monospaced: String = "Courier",
            rounded: String = "Arial Rounded MT Bold"
        ) {
            self.default = `default`
            self.serif = serif
            self.monospaced = monospaced
            self.rounded = rounded
        }

        /// Helvetica, Times, Courier and Arial Rounded MT Bold (what macOS's TextEdit writes for
        /// the system designs).
        public static let `default` = FontNames()

        /// The family for `design`.
        /// - Parameter design: A font design.
        /// - Returns: The family name.
        public func name(for design: FontDescriptor.Design) -> String {
            switch design {
            case .default: return self.default
            case .serif: return serif
            case .monospaced: return monospaced
            case .rounded: return rounded
            }
        }
    }
}
