import Foundation
import Testing

/// The one golden-file check of the test suites: compares an output with a file under
/// `Fixtures/`, or records it.
///
/// With `INTENTMARK_RECORD_GOLDENS=1` (``TestPaths/recording``) the file is written (its folder
/// made) and an issue is recorded, so a recording run always fails and is never mistaken for a
/// passing one; run again without the variable to check. A missing golden is an issue naming the
/// command that creates it.
public enum Golden {
    /// Checks `actual` against `Fixtures/<path>`, or records it.
    /// - Parameters:
    ///   - actual: The output, as text.
    ///   - path: The golden's path relative to `Fixtures/` (`Writers/showcase.rtf`).
    ///   - sourceLocation: Where a mismatch is reported.
    /// - Throws: A file error when recording cannot write the golden.
    public static func expect(_ actual: String, matches path: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = TestPaths.fixtures.appending(path: path)
        if TestPaths.recording {
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data(actual.utf8).write(to: url)
            Issue.record("recorded \(path); unset INTENTMARK_RECORD_GOLDENS and run again", sourceLocation: sourceLocation)
            return
        }
        guard let expected = try? String(contentsOf: url, encoding: .utf8) else {
            Issue.record("missing golden \(path); run with INTENTMARK_RECORD_GOLDENS=1 to create it", sourceLocation: sourceLocation)
            return
        }
        #expect(actual == expected, "output differs from \(path)", sourceLocation: sourceLocation)
    }
}
