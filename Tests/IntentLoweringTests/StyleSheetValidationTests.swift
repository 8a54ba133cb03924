import Foundation
import IntentLowering
import IntentModel
import Testing

/// A style sheet file is used as written or refused with an error naming the key — never silently
/// half-used, never a trap later in lowering.
@Suite("Style sheet validation")
struct StyleSheetValidationTests {
    struct Case: Sendable, CustomStringConvertible {
        var name: String
        var json: String
        /// The start of the reason.
        var reason: String
        var description: String { name }
    }

    static let cases: [Case] = [
        Case(name: "unknown slot", json: #"{"heading1": {"fontSize": 30}}"#, reason: "unknown slot 'heading1' (slots: body, header1"),
        Case(name: "unknown field", json: #"{"header1": {"fontsize": 30}}"#, reason: "header1.fontsize: unknown field"),
        Case(name: "negative size", json: #"{"body": {"fontSize": -3}}"#, reason: "body.fontSize: -3.0 is outside 0.0…10000.0"),
        Case(name: "huge size", json: #"{"body": {"fontSize": 1e300}}"#, reason: "body.fontSize: 1e+300 is outside 0.0…10000.0"),
        Case(name: "zero scale", json: #"{"header2": {"fontSizeScale": 0}}"#, reason: "header2.fontSizeScale: 0.0 is outside 0.001…100.0"),
        Case(name: "huge indent", json: #"{"listItem": {"headIndent": 1e9}}"#, reason: "listItem.headIndent: 1000000000.0 is outside"),
        Case(
            name: "negative line height", json: #"{"paragraph": {"lineHeightMultiple": -1}}"#,
            reason: "paragraph.lineHeightMultiple: -1.0 is outside"),
        Case(
            name: "colour out of range", json: #"{"link": {"foregroundColor": {"red": 2, "green": 0, "blue": 0, "alpha": 1}}}"#,
            reason: "link.foregroundColor.red: 2.0 is outside 0.0…1.0"),
        Case(name: "superscript out of range", json: #"{"code": {"superscript": 5000}}"#, reason: "code.superscript: 5000 is outside"),
        Case(
            name: "NaN spelled as a string", json: #"{"body": {"fontSize": "NaN"}}"#,
            reason: "at .body.fontSize: expected a number, found a string"),
        Case(name: "wrong type", json: #"{"body": {"isItalic": 1}}"#, reason: "at .body.isItalic: expected true or false, found a number"),
        Case(name: "not an object", json: #"[1, 2]"#, reason: "document: expected"),
        Case(
            name: "deep nesting",
            json: #"{"body": "# + String(repeating: "[", count: 100_000) + String(repeating: "]", count: 100_000) + "}", reason: ""),
        Case(name: "truncated", json: #"{"body": {"fontSize": 3"#, reason: ""),
    ]

    @Test("a damaged style sheet is an error naming the key", arguments: cases)
    func damaged(_ damage: Case) {
        do {
            _ = try StyleSheet(jsonData: Data(damage.json.utf8))
            Issue.record("\(damage.name) was read")
        } catch let error as IntentMarkError {
            guard case .invalidStyleSheet(let reason) = error else {
                Issue.record("unexpected \(error)")
                return
            }
            #expect(reason.hasPrefix(damage.reason), "\(reason)")
        } catch {
            Issue.record("untyped \(error)")
        }
    }

    @Test func theGitHubPresetReadsBack() throws {
        let copy = try StyleSheet(jsonData: JSONEncoder().encode(StyleSheet.github))
        #expect(copy == StyleSheet.github)
    }

    @Test func aSheetBuiltInCodeWithNaNAndHugeValuesLowersWithoutTrapping() {
        let sheet = StyleSheet.default
            .with(\.body, TextStyle(fontSize: .nan, headIndent: 1e308, lineHeightMultiple: -.infinity))
            .with(\.listItem, TextStyle(fontSizeScale: 1e300, headIndent: .nan, firstLineHeadIndent: -1e300))
            .with(\.header1, TextStyle(fontSize: -5, baselineOffset: .infinity, superscript: Int.max))
        var document = IntentDocument()
        let list = PresentationIntent(.orderedList, identity: 1)
        let item = PresentationIntent(.listItem(ordinal: 1), identity: 2, parent: list)
        document.append("item\n", presentationIntent: PresentationIntent(.paragraph, identity: 3, parent: item))
        document.append("Title\n", presentationIntent: PresentationIntent(.header(level: 1), identity: 4))
        for options: ResultOptions in [.richText, [.richText, .list, .table], .presentationIntent] {
            let lowered = document.lowered(to: options, styleSheet: sheet)
            #expect(lowered.text.contains("Title"))
            let raised: IntentDocument = lowered.raised(styleSheet: sheet)
            #expect(raised.text.contains("item"))
        }
    }
}
