// A stand-in for the part of UIKit that IntentMark's Apple-platform branch uses, compiled as a
// module named UIKit by `scripts/check-darwin-branch` so that `#if canImport(UIKit)` code builds
// on Linux. Transcribed from Apple's documentation; each declaration names its page. Bodies only
// make the shapes usable; this module is never shipped.

import Foundation

/// https://developer.apple.com/documentation/uikit/uifont
open class UIFont: NSObject, @unchecked Sendable {
    /// https://developer.apple.com/documentation/uikit/uifont/weight
    public struct Weight: RawRepresentable, Hashable, Sendable {
        /// https://developer.apple.com/documentation/uikit/uifont/weight/init(rawvalue:)
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        /// https://developer.apple.com/documentation/uikit/uifont/weight/rawvalue
        public var rawValue: CGFloat
    }

    let descriptor: UIFontDescriptor

    init(stand descriptor: UIFontDescriptor) { self.descriptor = descriptor }

    /// https://developer.apple.com/documentation/uikit/uifont/systemfont(ofsize:weight:)
    open class func systemFont(ofSize fontSize: CGFloat, weight: UIFont.Weight) -> UIFont {
        UIFont(stand: UIFontDescriptor())
    }

    /// https://developer.apple.com/documentation/uikit/uifont/monospacedsystemfont(ofsize:weight:)
    open class func monospacedSystemFont(ofSize fontSize: CGFloat, weight: UIFont.Weight) -> UIFont {
        UIFont(stand: UIFontDescriptor())
    }

    /// https://developer.apple.com/documentation/uikit/uifont/init(descriptor:size:)
    public init(descriptor: UIFontDescriptor, size pointSize: CGFloat) {
        self.descriptor = descriptor
    }

    /// https://developer.apple.com/documentation/uikit/uifont/fontdescriptor
    open var fontDescriptor: UIFontDescriptor { descriptor }
}
