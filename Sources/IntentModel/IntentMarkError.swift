import Foundation

/// Every error IntentMark throws.
///
/// One enum for the whole library (parsing, decoding, conversion); each case says when it is
/// thrown. Messages are in ``description``.
public enum IntentMarkError: Error, Sendable, Hashable, CustomStringConvertible {
    /// The input bytes are not valid UTF-8 and the failure policy is `.throwError`.
    /// `byteOffset` is the 0-based offset of the first invalid byte. With
    /// `.returnPartiallyParsedIfPossible` the parser repairs instead (each invalid sequence becomes
    /// U+FFFD).
    case invalidUTF8(byteOffset: Int)
    /// A file could not be read: `path` and the system's reason.
    case unreadableFile(path: String, reason: String)
    /// An output file could not be written: `path` and the system's reason.
    case unwritableFile(path: String, reason: String)
    /// The input exceeds a configured parsing limit (`MarkdownParsingOptions.limits`): which limit,
    /// the limit's value and the value found in the input. Thrown before libcmark-gfm runs.
    case limitExceeded(limit: String, maximum: Int, found: Int)
    /// libcmark-gfm could not allocate a parser or returned no document (out of memory).
    case parserUnavailable(reason: String)
    /// A JSON document's `version` is newer than this library reads.
    case unsupportedFormatVersion(found: Int, newestSupported: Int)
    /// JSON input is not a valid IntentMark document: the decoder's reason, with its coding path.
    case invalidDocumentJSON(reason: String)
    /// A run or range is not valid for the document (for example a UTF-8 offset inside a
    /// character, or past the end).
    case invalidRange(String)
    /// A content type (a Uniform Type Identifier string) that cannot be read or written:
    /// `identifier` as given, `operation` `"read"` or `"write"`, and the types that can be.
    case unsupportedContentType(identifier: String, operation: String, supported: [String])
    /// A document breaks a rule of the model (``IntentDocument/validate()``): the reason names the
    /// run and the field, e.g. `runs[3].presentationIntent[0].level: header level 9 is not 1 through 6`.
    case invalidDocument(reason: String)
    /// A style sheet (JSON) that cannot be used as written: the reason names the slot and field,
    /// e.g. `header1.fontSize: -3.0 is outside 0.0…10000.0` or `heading1: unknown slot`.
    case invalidStyleSheet(reason: String)

    /// A one-line, human-readable message.
    public var description: String {
        switch self {
        case .invalidUTF8(let offset):
            return "input is not valid UTF-8 (first invalid byte at offset \(offset))"
        case .unreadableFile(let path, let reason):
            return "cannot read \(path): \(reason)"
        case .unwritableFile(let path, let reason):
            return "cannot write \(path): \(reason)"
        case .limitExceeded(let limit, let maximum, let found):
            return "input exceeds the \(limit) limit (\(found) > \(maximum))"
        case .parserUnavailable(let reason):
            return "libcmark-gfm failed: \(reason)"
        case .unsupportedFormatVersion(let found, let newest):
            return "document format version \(found) is newer than this reader supports (\(newest))"
        case .invalidDocumentJSON(let reason):
            return "not a valid IntentMark document: \(reason)"
        case .invalidDocument(let reason):
            return "not a valid IntentMark document: \(reason)"
        case .invalidStyleSheet(let reason):
            return "not a usable style sheet: \(reason)"
        case .invalidRange(let reason):
            return "invalid range: \(reason)"
        case .unsupportedContentType(let identifier, let operation, let supported):
            return "cannot \(operation) content type '\(identifier)' (supported: \(supported.joined(separator: ", ")))"
        }
    }
}

extension IntentMarkError: LocalizedError {
    /// The same one-line message as ``description``, so `localizedDescription` (what SwiftUI's
    /// alerts and most apps show) says what is wrong instead of Foundation's generic
    /// "The operation could not be completed".
    public var errorDescription: String? { description }
}
