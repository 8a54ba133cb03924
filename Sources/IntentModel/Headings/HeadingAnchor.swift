/// GitHub's rule for a heading's anchor, so that `#anchor` links written for GitHub work in
/// IntentMark's HTML and tables of contents.
///
/// The rule is the one of GitHub's HTML pipeline (`TableOfContentsFilter` in the `html-pipeline`
/// gem, which GitHub's Markdown rendering followed): take the heading's text as HTML shows it (its
/// text content: code spans' code, no tags, an image contributes nothing), lowercase it, remove
/// every character that is not a letter, a mark, a decimal digit, a connector such as `_`, a hyphen
/// or a space (Unicode's `\p{Word}`, `-` and U+0020), and turn each space into a hyphen. A second
/// heading with the same anchor gets `-1`, a third `-2`, and so on, counted per anchor in document
/// order.
///
/// ```swift
/// HeadingAnchor.slug("What's new in 2.0?")   // "whats-new-in-20"
/// HeadingAnchor.slug("Ärger & Ölpreise")      // "ärger--ölpreise"
/// ```
public enum HeadingAnchor {
    /// The anchor of a heading whose text content is `text`, before duplicates are numbered.
    /// - Parameter text: The heading's text as HTML shows it.
    /// - Returns: The anchor, possibly empty (a heading of punctuation only).
    public static func slug(_ text: String) -> String {
        var result = String.UnicodeScalarView()
        for scalar in text.lowercased().unicodeScalars {
            if scalar == " " {
                result.append("-")
            } else if scalar == "-" || isWordCharacter(scalar) {
                result.append(scalar)
            }
        }
        return String(result)
    }

    /// Anchors for headings in document order: each ``slug(_:)``, with `-1`, `-2`, … added to the
    /// second and later headings of the same slug.
    /// - Parameter titles: The headings' texts, in document order.
    /// - Returns: One anchor per title.
    public static func anchors(for titles: [String]) -> [String] {
        var seen: [String: Int] = [:]
        return titles.map { title in
            let slug = slug(title)
            let count = seen[slug, default: 0]
            seen[slug] = count + 1
            return count == 0 ? slug : "\(slug)-\(count)"
        }
    }

    /// Unicode's `\p{Word}` as Onigmo (Ruby's regular expressions) reads it: letters, marks,
    /// decimal digits and connector punctuation.
    private static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.properties.generalCategory {
        case .uppercaseLetter, .lowercaseLetter, .titlecaseLetter, .modifierLetter, .otherLetter,
            .nonspacingMark, .spacingMark, .enclosingMark, .decimalNumber, .connectorPunctuation:
            return true
        case .letterNumber, .otherNumber, .dashPunctuation, .openPunctuation, .closePunctuation,
            .initialPunctuation, .finalPunctuation, .otherPunctuation, .mathSymbol, .currencySymbol,
            .modifierSymbol, .otherSymbol, .spaceSeparator, .lineSeparator, .paragraphSeparator, .control,
            .format, .surrogate, .privateUse, .unassigned:
            return false
        @unknown default:
            return false
        }
    }
}
