import Foundation
import IntentMark

/// The parsing flags `convert` and `show` share (`--extensions`, `--layout`, `--syntax`, `--smart`,
/// `--extended-attributes`, `--raw-formatting-tags`, `--source-positions`, `--repair-utf8`, `--base-url`, `--language`,
/// `--unlimited`, `--no-front-matter`, `--no-alerts`).
enum ParsingFlags {
    /// Every parsing flag's name.
    static let names: Set<String> = [
        "--extensions", "--layout", "--syntax", "--smart", "--extended-attributes", "--raw-formatting-tags", "--source-positions",
        "--repair-utf8", "--base-url", "--language", "--unlimited", "--no-front-matter", "--no-alerts",
    ]

    /// Applies option `name` to `options` when it is a parsing flag.
    /// - Returns: Whether `name` was a parsing flag.
    /// - Throws: ``UsageError`` for a missing or invalid value.
    ///
    /// Slightly over 60 lines because it is one case per flag of ``names`` (a dispatch table: a
    /// new flag is one case here).
    static func parse(
        _ name: String, inlineValue: String?, reader: inout ArgumentReader, into options: inout MarkdownParsingOptions
    ) throws -> Bool {
        switch name {
        case "--extensions":
            let value = try reader.value(for: name, inlineValue: inlineValue)
            guard let extensions = MarkdownExtensions(list: value) else {
                throw UsageError(
                    "unknown extension in '\(value)' (extensions: \(MarkdownExtensions.named.map(\.name).joined(separator: ", ")))")
            }
            options.extensions = extensions
        case "--layout":
            let value = try reader.value(for: name, inlineValue: inlineValue)
            guard let layout = BlockSeparation(rawValue: value) else {
                throw UsageError("unknown layout '\(value)' for --layout (layouts: newlines, none)")
            }
            options.blockSeparation = layout
        case "--syntax":
            let value = try reader.value(for: name, inlineValue: inlineValue)
            guard let syntax = MarkdownParsingOptions.InterpretedSyntax.allCases.first(where: { $0.name == value }) else {
                throw UsageError("unknown syntax '\(value)' for --syntax (full, inline-only, inline-only-preserving-whitespace)")
            }
            options.interpretedSyntax = syntax
        case "--smart":
            try noValue(name, inlineValue)
            options.smartPunctuation = true
        case "--extended-attributes":
            try noValue(name, inlineValue)
            options.allowsExtendedAttributes = true
        case "--raw-formatting-tags":
            try noValue(name, inlineValue)
            options.appliesDisplayAttributes = false
        case "--source-positions":
            try noValue(name, inlineValue)
            options.appliesSourcePositionAttributes = true
        case "--repair-utf8":
            try noValue(name, inlineValue)
            options.failurePolicy = .returnPartiallyParsedIfPossible
        case "--base-url":
            let value = try reader.value(for: name, inlineValue: inlineValue)
            guard let url = URL(string: value), url.scheme != nil else {
                throw UsageError("--base-url needs an absolute URL (got '\(value)')")
            }
            options.baseURL = url
        case "--language":
            let value = try reader.value(for: name, inlineValue: inlineValue)
            guard !value.isEmpty else { throw UsageError("--language needs a language code such as en or ja-JP") }
            options.languageCode = value
        case "--unlimited":
            try noValue(name, inlineValue)
            options.limits = .unlimited
        case "--no-front-matter":
            try noValue(name, inlineValue)
            options.recognizesFrontMatter = false
        case "--no-alerts":
            try noValue(name, inlineValue)
            options.recognizesGitHubAlerts = false
        default:
            return false
        }
        return true
    }

    /// - Throws: ``UsageError`` when a flag without a value was given one (`--smart=x`).
    static func noValue(_ name: String, _ inlineValue: String?) throws {
        if inlineValue != nil { throw UsageError("\(name) takes no value") }
    }
}
