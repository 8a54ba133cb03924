import Foundation
import MarkdownParsing

/// One fuzz input: the first byte chooses the parsing options, the rest is the Markdown.
///
/// Bits of the first byte: 0 extensions (all / none), 1 layout (``MarkdownParsing/BlockSeparation/newlines``
/// / ``MarkdownParsing/BlockSeparation/none``), 2 smart punctuation, 3 extended attributes, 4 source
/// positions, 5–6 interpreted syntax (full, inline-only, inline-only preserving whitespace, full),
/// 7 failure policy (throw / repair invalid UTF-8). An empty input is the empty document with the
/// default options.
public struct FuzzInput: Sendable {
    // MARK: Stored layout

    /// The parsing options the first byte selects.
    public var options: MarkdownParsingOptions
    /// The Markdown: every byte after the first.
    public var markdown: Data

    // MARK: Initialisers

    /// Splits raw fuzz bytes into options and Markdown.
    /// - Parameter bytes: The input as libFuzzer (or a fixture file) gives it.
    public init(bytes: some Collection<UInt8>) {
        let selector = bytes.first ?? 0
        var options = MarkdownParsingOptions()
        options.extensions = selector & 0x01 != 0 ? .all : []
        options.blockSeparation = selector & 0x02 != 0 ? .none : .newlines
        options.smartPunctuation = selector & 0x04 != 0
        options.allowsExtendedAttributes = selector & 0x08 != 0
        options.appliesSourcePositionAttributes = selector & 0x10 != 0
        switch (selector >> 5) & 0x03 {
        case 1: options.interpretedSyntax = .inlineOnly
        case 2: options.interpretedSyntax = .inlineOnlyPreservingWhitespace
        default: options.interpretedSyntax = .full
        }
        options.failurePolicy = selector & 0x80 != 0 ? .returnPartiallyParsedIfPossible : .throwError
        self.options = options
        markdown = Data(bytes.dropFirst())
    }

    /// The selector byte for `options` (the inverse of ``init(bytes:)`` for the options it can say),
    /// used to write seed inputs.
    /// - Parameter options: Parsing options.
    /// - Returns: The first byte of an input that selects them.
    public static func selector(for options: MarkdownParsingOptions) -> UInt8 {
        var byte: UInt8 = 0
        if !options.extensions.isEmpty { byte |= 0x01 }
        if options.blockSeparation == .none { byte |= 0x02 }
        if options.smartPunctuation { byte |= 0x04 }
        if options.allowsExtendedAttributes { byte |= 0x08 }
        if options.appliesSourcePositionAttributes { byte |= 0x10 }
        switch options.interpretedSyntax {
        case .full: break
        case .inlineOnly: byte |= 0x20
        case .inlineOnlyPreservingWhitespace: byte |= 0x40
        }
        if options.failurePolicy == .returnPartiallyParsedIfPossible { byte |= 0x80 }
        return byte
    }
}
