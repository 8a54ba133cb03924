// A stand-in for the part of AppKit that IntentMark's Apple-platform branch uses, compiled as a
// module named AppKit by `scripts/check-darwin-branch` so that `#if canImport(AppKit)` code builds
// on Linux. Transcribed from Apple's documentation; each declaration names its page. Bodies only
// make the shapes usable; this module is never shipped.

import Foundation

/// https://developer.apple.com/documentation/appkit/nsfont
open class NSFont: NSObject, @unchecked Sendable {
    /// https://developer.apple.com/documentation/appkit/nsfont/weight
    public struct Weight: RawRepresentable, Hashable, Sendable {
        /// https://developer.apple.com/documentation/appkit/nsfont/weight/init(rawvalue:)
        public init(rawValue: CGFloat) { self.rawValue = rawValue }
        /// https://developer.apple.com/documentation/appkit/nsfont/weight/rawvalue
        public var rawValue: CGFloat
    }

    let descriptor: NSFontDescriptor

    init(stand descriptor: NSFontDescriptor) { self.descriptor = descriptor }

    /// https://developer.apple.com/documentation/appkit/nsfont/systemfont(ofsize:weight:)
    open class func systemFont(ofSize fontSize: CGFloat, weight: NSFont.Weight) -> NSFont {
        NSFont(stand: NSFontDescriptor())
    }

    /// https://developer.apple.com/documentation/appkit/nsfont/monospacedsystemfont(ofsize:weight:)
    open class func monospacedSystemFont(ofSize fontSize: CGFloat, weight: NSFont.Weight) -> NSFont {
        NSFont(stand: NSFontDescriptor())
    }

    /// https://developer.apple.com/documentation/appkit/nsfont/init(descriptor:size:)
    public init?(descriptor fontDescriptor: NSFontDescriptor, size fontSize: CGFloat) {
        self.descriptor = fontDescriptor
    }

    /// https://developer.apple.com/documentation/appkit/nsfont/fontdescriptor
    open var fontDescriptor: NSFontDescriptor { descriptor }
}
