import Foundation

/// https://developer.apple.com/documentation/appkit/nscolor
open class NSColor: NSObject, @unchecked Sendable {
    /// https://developer.apple.com/documentation/appkit/nscolor/init(srgbred:green:blue:alpha:)
    public init(srgbRed red: CGFloat, green: CGFloat, blue: CGFloat, alpha: CGFloat) {}
}
