/// Superscript and subscript text in outputs without raised or lowered type (plain text, the
/// terminal): Unicode's superscript or subscript characters when every character of the text has
/// one (`2<sup>33</sup>` → `2³³`, `H<sub>2</sub>O` → `H₂O`), else the text marked `^(…)` or `_(…)`
/// (`x<sup>ab</sup>` → `x^(ab)`), so that the meaning is never lost to `233`.
///
/// Characters with both forms: the digits, `+ - = ( )`; superscript also `i n`; subscript also
/// `a e h k l m n o p s t x` (Unicode's Superscripts and Subscripts block and U+00B9, U+00B2,
/// U+00B3, U+2071, U+207F).
package enum ScriptText {
    /// `text` raised (`superscript > 0`) or lowered (`superscript < 0`) for plain output.
    package static func text(_ text: some StringProtocol, superscript: Int) -> String {
        guard superscript != 0, !text.isEmpty else { return String(text) }
        let table = superscript > 0 ? superscripts : subscripts
        var mapped = ""
        for character in text {
            guard let replacement = table[character] else {
                return (superscript > 0 ? "^(" : "_(") + text + ")"
            }
            mapped.append(replacement)
        }
        return mapped
    }

    private static let superscripts: [Character: Character] = [
        "0": "⁰", "1": "¹", "2": "²", "3": "³", "4": "⁴", "5": "⁵", "6": "⁶", "7": "⁷", "8": "⁸", "9": "⁹",
        "+": "⁺", "-": "⁻", "=": "⁼", "(": "⁽", ")": "⁾", "i": "ⁱ", "n": "ⁿ",
    ]

    private static let subscripts: [Character: Character] = [
        "0": "₀", "1": "₁", "2": "₂", "3": "₃", "4": "₄", "5": "₅", "6": "₆", "7": "₇", "8": "₈", "9": "₉",
        "+": "₊", "-": "₋", "=": "₌", "(": "₍", ")": "₎", "a": "ₐ", "e": "ₑ", "h": "ₕ", "k": "ₖ", "l": "ₗ",
        "m": "ₘ", "n": "ₙ", "o": "ₒ", "p": "ₚ", "s": "ₛ", "t": "ₜ", "x": "ₓ",
    ]
}
