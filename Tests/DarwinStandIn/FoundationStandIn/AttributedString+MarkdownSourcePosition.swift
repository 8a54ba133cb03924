import Foundation

extension AttributedString {
    /// https://developer.apple.com/documentation/foundation/attributedstring/markdownsourceposition
    /// (macOS 13, iOS 16)
    public struct MarkdownSourcePosition: Hashable, Codable, Sendable {
        /// https://developer.apple.com/documentation/foundation/attributedstring/markdownsourceposition/startline
        public let startLine: Int
        /// https://developer.apple.com/documentation/foundation/attributedstring/markdownsourceposition/startcolumn
        public let startColumn: Int
        /// https://developer.apple.com/documentation/foundation/attributedstring/markdownsourceposition/endline
        public let endLine: Int
        /// https://developer.apple.com/documentation/foundation/attributedstring/markdownsourceposition/endcolumn
        public let endColumn: Int

        /// https://developer.apple.com/documentation/foundation/attributedstring/markdownsourceposition/init(startline:startcolumn:endline:endcolumn:)
        public init(startLine: Int, startColumn: Int, endLine: Int, endColumn: Int) {
            self.startLine = startLine
            self.startColumn = startColumn
            self.endLine = endLine
            self.endColumn = endColumn
        }
    }
}
