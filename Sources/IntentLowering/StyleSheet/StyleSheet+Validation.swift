import Foundation
import IntentModel

// MARK: - Reading a style sheet safely

extension StyleSheet {
    /// Reads a style sheet from JSON, refusing anything it would not use as written.
    ///
    /// The JSON is an object with any of the slot keys (`body`, `header1` … `header6`,
    /// `paragraph`, `blockQuote`, `codeBlock`, `list`, `listItem`, `table`, `tableHeaderRow`,
    /// `tableCell`, `thematicBreak`, `emphasized`, `stronglyEmphasized`, `code`, `strikethrough`,
    /// `link`, `image`); each slot an object with ``TextStyle``'s fields. A missing slot keeps
    /// ``default``'s.
    ///
    /// ```swift
    /// let sheet = try StyleSheet(jsonData: Data(#"{"header1": {"fontSize": 30}}"#.utf8))
    /// ```
    /// - Parameter jsonData: UTF-8 JSON.
    /// - Throws: ``IntentModel/IntentMarkError/invalidStyleSheet(reason:)`` naming the key: an unknown slot or
    ///   field (a misspelling would otherwise be ignored), a value of the wrong type, a size, length
    ///   or colour outside `ModelRanges` (a negative or huge font size, an indent of 10^9 points),
    ///   JSON nested too deeply or not JSON at all.
    public init(jsonData: Data) throws {
        do {
            self = try JSONDecoder().decode(StyleSheet.self, from: jsonData)
        } catch let error as IntentMarkError {
            throw error
        } catch let error as DecodingError {
            throw IntentMarkError.invalidStyleSheet(reason: IntentDocument.describe(error))
        } catch {
            throw IntentMarkError.invalidStyleSheet(reason: String(describing: error))
        }
    }

    /// Every key of `container` that is not a slot name: an error naming the first.
    static func checkKeys(of decoder: any Decoder) throws {
        let keys = try decoder.container(keyedBy: AnyKey.self).allKeys.map(\.stringValue).sorted()
        for key in keys where CodingKeys(rawValue: key) == nil {
            throw IntentMarkError.invalidStyleSheet(
                reason: "unknown slot '\(key)' (slots: \(CodingKeys.allNames.joined(separator: ", ")))")
        }
    }
}

extension StyleSheet.CodingKeys {
    static let allNames = [
        "body", "header1", "header2", "header3", "header4", "header5", "header6", "paragraph", "blockQuote", "codeBlock",
        "list", "listItem", "table", "tableHeaderRow", "tableCell", "thematicBreak", "emphasized", "stronglyEmphasized",
        "code", "strikethrough", "link", "image",
    ]
}

/// A coding key for any string, to list the keys an object holds.
struct AnyKey: CodingKey {
    var stringValue: String
    var intValue: Int? { nil }
    init(stringValue: String) { self.stringValue = stringValue }
    init?(intValue: Int) { nil }
}

extension TextStyle {
    /// The JSON field names of a style.
    static let fieldNames: Set<String> = [
        "fontDesign", "fontSize", "fontSizeScale", "fontWeight", "isItalic", "foregroundColor", "backgroundColor",
        "underlineStyle", "strikethroughStyle", "baselineOffset", "superscript", "headIndent", "firstLineHeadIndent",
        "tailIndent", "paragraphSpacingBefore", "paragraphSpacing", "lineHeightMultiple", "alignment",
    ]

    /// The scale a style may apply to the body size: more than 0, at most 100.
    static let fontSizeScaleRange: ClosedRange<Double> = 0.001...100

    /// The first field outside `ModelRanges`: its name and why.
    func validationFailure() -> (field: String, reason: String)? {
        func check(_ value: Double?, _ name: String, _ range: ClosedRange<Double>) -> (String, String)? {
            guard let value, !range.contains(value) else { return nil }
            return (name, "\(value) is outside \(range.lowerBound)…\(range.upperBound)")
        }
        let checks: [(Double?, String, ClosedRange<Double>)] = [
            (fontSize, "fontSize", ModelRanges.fontSize), (fontSizeScale, "fontSizeScale", Self.fontSizeScaleRange),
            (baselineOffset, "baselineOffset", ModelRanges.length), (headIndent, "headIndent", ModelRanges.length),
            (firstLineHeadIndent, "firstLineHeadIndent", ModelRanges.length), (tailIndent, "tailIndent", ModelRanges.length),
            (paragraphSpacingBefore, "paragraphSpacingBefore", ModelRanges.length),
            (paragraphSpacing, "paragraphSpacing", ModelRanges.length),
            (lineHeightMultiple, "lineHeightMultiple", ModelRanges.lineHeightMultiple),
        ]
        for (value, name, range) in checks {
            if let failure = check(value, name, range) { return failure }
        }
        for (name, color) in [("foregroundColor", foregroundColor), ("backgroundColor", backgroundColor)] {
            guard let color else { continue }
            for (component, value) in [("red", color.red), ("green", color.green), ("blue", color.blue), ("alpha", color.alpha)] {
                if let failure = check(value, "\(name).\(component)", ModelRanges.colorComponent) { return failure }
            }
        }
        if let superscript, !ModelRanges.superscript.contains(superscript) {
            return ("superscript", "\(superscript) is outside \(ModelRanges.superscript)")
        }
        return nil
    }
}

extension TextStyle {
    /// The style with every value clamped into `ModelRanges` (a NaN to the bound nearest 0).
    func clamped() -> TextStyle {
        func clamp(_ value: Double?, _ range: ClosedRange<Double>) -> Double? { value?.clampedFinite(to: range) }
        var result = self
        result.fontSize = clamp(fontSize, ModelRanges.fontSize)
        result.fontSizeScale = clamp(fontSizeScale, Self.fontSizeScaleRange)
        result.baselineOffset = clamp(baselineOffset, ModelRanges.length)
        result.headIndent = clamp(headIndent, ModelRanges.length)
        result.firstLineHeadIndent = clamp(firstLineHeadIndent, ModelRanges.length)
        result.tailIndent = clamp(tailIndent, ModelRanges.length)
        result.paragraphSpacingBefore = clamp(paragraphSpacingBefore, ModelRanges.length)
        result.paragraphSpacing = clamp(paragraphSpacing, ModelRanges.length)
        result.lineHeightMultiple = clamp(lineHeightMultiple, ModelRanges.lineHeightMultiple)
        result.foregroundColor = foregroundColor?.clamped()
        result.backgroundColor = backgroundColor?.clamped()
        result.superscript = superscript.map { min(max($0, ModelRanges.superscript.lowerBound), ModelRanges.superscript.upperBound) }
        return result
    }
}

extension StyleSheet {
    /// The sheet with every slot's values clamped into `ModelRanges`: what lowering and raising
    /// use, so that a sheet built in code with NaN or huge values never traps a writer.
    func clamped() -> StyleSheet {
        guard slots.contains(where: { self[keyPath: $0].validationFailure() != nil }) else { return self }
        var result = self
        for slot in slots { result[keyPath: slot] = self[keyPath: slot].clamped() }
        return result
    }

    /// Every slot.
    var slots: [WritableKeyPath<StyleSheet, TextStyle>] {
        [
            \.body, \.header1, \.header2, \.header3, \.header4, \.header5, \.header6, \.paragraph, \.blockQuote, \.codeBlock,
            \.list, \.listItem, \.table, \.tableHeaderRow, \.tableCell, \.thematicBreak, \.emphasized, \.stronglyEmphasized,
            \.code, \.strikethrough, \.link, \.image,
        ]
    }
}
