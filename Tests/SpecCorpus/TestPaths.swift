import Foundation

/// Paths tests read from: the package's `Fixtures/` and the shared corpus beside the checkout.
public enum TestPaths {
    /// The package root (two levels above this file).
    public static let packageRoot = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    /// `Fixtures/`.
    public static let fixtures = packageRoot.appending(path: "Fixtures")
    /// `../shared/corpus` relative to the package root.
    public static let corpus = packageRoot.deletingLastPathComponent().appending(path: "shared/corpus")

    /// Whether the shared corpus is there. Tests that read it are skipped (and reported as skipped)
    /// on a checkout without `../shared/corpus`; CI always has it.
    public static let corpusAvailable = FileManager.default.fileExists(atPath: corpus.appending(path: "FORMAT.md").path)

    /// Whether goldens are being recorded (`INTENTMARK_RECORD_GOLDENS=1`): tests rewrite them and fail.
    public static var recording: Bool { ProcessInfo.processInfo.environment["INTENTMARK_RECORD_GOLDENS"] == "1" }
}
