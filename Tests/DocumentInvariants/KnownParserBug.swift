import Foundation
import MarkdownParsing

/// Open parser bugs the fuzzer found, each recorded as a fixture in `Fixtures/Fuzz/open/`; inputs
/// that may hit one are not checked further, so that a fuzz run goes on to find new failures.
public enum KnownParserBug: String, Sendable, CaseIterable {
    /// NUL (read as U+FFFD, three bytes for one) inside a footnote reference that libcmark-gfm
    /// mangles (`[^` + line break + text + `]`, whose text libcmark-gfm 0.29 drops): the runs end
    /// inside a scalar or short of the text's end (`Fixtures/Fuzz/open/nul-in-broken-footnote-reference`).
    case nulInBrokenFootnoteReference

    /// Whether `input` may hit one of the open bugs.
    /// - Parameter input: A fuzz input.
    /// - Returns: `true` when it should not be checked.
    public static func affects(_ input: FuzzInput) -> Bool {
        input.options.extensions.contains(.footnotes) && input.markdown.contains(0)
            && input.markdown.firstRange(of: Data("[^".utf8)) != nil
    }
}
