// Where the presentation-intent types come from.
//
// On Apple platforms (`canImport(Darwin)`: macOS, iOS, iPadOS, Mac Catalyst, tvOS, watchOS,
// visionOS) Foundation has `PresentationIntent`, `InlinePresentationIntent` and their attributes,
// and IntentMark uses Foundation's own, so SwiftUI, TextKit and Writing Tools read its output.
// Elsewhere Foundation has none of them (swift-foundation keeps them Apple-only), and IntentMark
// declares them with Apple's shapes: the declarations under
// `#if !canImport(Darwin) && !INTENTMARK_DARWIN_STANDIN`.
//
// `INTENTMARK_DARWIN_STANDIN` is set only by `scripts/check-darwin-branch`, which compiles the
// Apple-platform branch on Linux against a stand-in of Apple's declarations
// (`Tests/DarwinStandIn/FoundationStandIn`). Importing IntentModel imports Foundation (or the
// stand-in), so every module that names an intent type sees the same one.

#if canImport(Darwin)
    @_exported import Foundation
#elseif INTENTMARK_DARWIN_STANDIN
    @_exported import Foundation
    @_exported import FoundationStandIn
#endif
