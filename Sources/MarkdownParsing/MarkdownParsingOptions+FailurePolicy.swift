extension MarkdownParsingOptions {
    /// What the parser does with input it cannot take exactly as given.
    ///
    /// Mirrors `AttributedString.MarkdownParsingOptions.FailurePolicy` (raw values 0/1).
    /// CommonMark has no syntax errors, so the only such input is bytes that are not UTF-8.
    public enum FailurePolicy: Int, Sendable, Hashable, Codable, CaseIterable {
        /// Throw ``IntentModel/IntentMarkError/invalidUTF8(byteOffset:)`` for invalid UTF-8.
        case throwError = 0
        /// Repair invalid UTF-8: each maximal invalid sequence becomes U+FFFD (the Unicode
        /// "substitution of maximal subparts" practice), and parsing goes on.
        case returnPartiallyParsedIfPossible = 1
    }
}
