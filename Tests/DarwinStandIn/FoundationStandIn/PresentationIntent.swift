// A stand-in for the Darwin-only part of Foundation that IntentMark's Darwin branch uses, so that
// branch is compiled on Linux (`scripts/check-darwin-branch`). Transcribed from Apple's
// documentation; each declaration names its page. Bodies are not Apple's: they only make the
// shapes usable. This module is never shipped and never linked into a product.

import Foundation

/// https://developer.apple.com/documentation/foundation/presentationintent
public struct PresentationIntent: Hashable, Codable, CustomDebugStringConvertible, Sendable {
    /// https://developer.apple.com/documentation/foundation/presentationintent/components
    public var components: [IntentType]

    /// https://developer.apple.com/documentation/foundation/presentationintent/init(_:identity:parent:)
    public init(_ kind: PresentationIntent.Kind, identity: Int, parent: PresentationIntent? = nil) {
        components = [IntentType(kind: kind, identity: identity)] + (parent?.components ?? [])
    }

    /// https://developer.apple.com/documentation/foundation/presentationintent/init(types:)
    public init(types: [PresentationIntent.IntentType]) {
        components = types
    }

    /// https://developer.apple.com/documentation/foundation/presentationintent/indentationlevel
    public var indentationLevel: Int { 0 }

    /// https://developer.apple.com/documentation/foundation/presentationintent/isvalid
    public var isValid: Bool { !components.isEmpty }

    /// https://developer.apple.com/documentation/foundation/presentationintent/debugdescription
    public var debugDescription: String { "\(components)" }
}
