import Foundation

/// Paths tests read from: the package's `Fixtures/` and the shared corpus beside the checkout.
enum TestPaths {
    /// The package root (three levels above this file).
    static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// `Fixtures/`.
    static let fixtures = packageRoot.appending(path: "Fixtures")
    /// `../shared/corpus` relative to the package root.
    static let corpus = packageRoot.deletingLastPathComponent().appending(path: "shared/corpus")

    /// Whether goldens are being recorded (`INTENTMARK_RECORD_GOLDENS=1`): tests rewrite them and fail.
    static var recording: Bool { ProcessInfo.processInfo.environment["INTENTMARK_RECORD_GOLDENS"] == "1" }
}
