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

    /// Whether the shared corpus is there (CI always has it). No test needs it: the spec examples
    /// are in `Fixtures/Spec/` (``SpecExamples/fixture(_:)``), and tests over whole documents run on
    /// `Fixtures/Documents/` and add the corpus's documents when it is there (``documents(plusCorpus:)``).
    public static let corpusAvailable = FileManager.default.fileExists(atPath: corpus.appending(path: "FORMAT.md").path)

    /// The 1 MB real-world document of the shared corpus (prose from elsewhere, so never copied into
    /// the repository); read only when ``corpusAvailable``.
    public static let realWorldDocument = corpus.appending(path: "realworld/realworld-1mb.md")

    /// The Markdown documents of `Fixtures/Documents/`, sorted by name: whole documents every
    /// checkout has.
    public static let bundledDocuments: [URL] = {
        let folder = fixtures.appending(path: "Documents")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder.path)) ?? []
        return names.filter { $0.hasSuffix(".md") }.sorted().map { folder.appending(path: $0) }
    }()

    /// The argument list of a test over whole documents: ``bundledDocuments``, then each of
    /// `corpusFiles` (paths relative to the corpus) when the shared corpus is there.
    /// - Parameter corpusFiles: Corpus documents to add (`realworld/realworld-1mb.md`).
    /// - Returns: The documents' URLs.
    public static func documents(plusCorpus corpusFiles: [String] = ["realworld/realworld-1mb.md"]) -> [URL] {
        bundledDocuments + (corpusAvailable ? corpusFiles.map { corpus.appending(path: $0) } : [])
    }

    /// Whether `url` is a file of the shared corpus (for checks that hold only for those files).
    /// - Parameter url: A document's URL.
    /// - Returns: Whether it lies under ``corpus``.
    public static func isCorpusFile(_ url: URL) -> Bool {
        url.standardizedFileURL.path.hasPrefix(corpus.standardizedFileURL.path + "/")
    }

    /// Whether goldens are being recorded (`INTENTMARK_RECORD_GOLDENS=1`): tests rewrite them and fail.
    public static var recording: Bool { ProcessInfo.processInfo.environment["INTENTMARK_RECORD_GOLDENS"] == "1" }
}
