import Foundation
import IntentLowering
import IntentModel
import IntentWriters

/// The invariants of reading stored documents, checked by the JSON fuzz target
/// (`Fuzz/JSONDocumentFuzz`) on any bytes:
/// - reading a document or a style sheet either succeeds or throws an ``IntentModel/IntentMarkError``
///   (never another error, a trap or a hang);
/// - a document that reads passes ``IntentModel/IntentDocument/validate()``, writes the same JSON
///   back to an equal document, and goes through every writer and lowering without trapping;
/// - a style sheet that reads lowers and writes a document as RTF.
public enum JSONDocumentInvariants {
    /// Checks the invariants on one input (the whole input is the JSON).
    /// - Parameter bytes: The raw input.
    /// - Returns: The first invariant that broke, or `nil`.
    public static func check(_ bytes: some Collection<UInt8>) -> InvariantFailure? {
        let data = Data(bytes)
        let document: IntentDocument?
        do {
            document = try IntentDocument(jsonData: data)
        } catch is IntentMarkError {
            document = nil
        } catch {
            return InvariantFailure("typed errors", "reading a document threw \(type(of: error)): \(error)")
        }
        if let document, let failure = checkWriters(of: document) { return failure }
        do {
            let sheet = try StyleSheet(jsonData: data)
            var sample = IntentDocument()
            let list = PresentationIntent(.orderedList, identity: 1)
            let item = PresentationIntent(.listItem(ordinal: 1), identity: 2, parent: list)
            sample.append("item *x*\n", presentationIntent: PresentationIntent(.paragraph, identity: 3, parent: item))
            sample.append("Title\n", presentationIntent: PresentationIntent(.header(level: 1), identity: 4))
            _ = RTFWriter(options: RTFWritingOptions(styleSheet: sheet)).writeData(document ?? sample)
            _ = (document ?? sample).lowered(to: [.richText, .list, .table], styleSheet: sheet)
        } catch is IntentMarkError {
        } catch {
            return InvariantFailure("typed errors", "reading a style sheet threw \(type(of: error)): \(error)")
        }
        return nil
    }

    /// Validation, the JSON round trip and every writer on a document that was read.
    static func checkWriters(of document: IntentDocument) -> InvariantFailure? {
        do {
            try document.validate()
        } catch {
            return InvariantFailure("read documents are valid", "\(error)")
        }
        do {
            let copy = try IntentDocument(jsonData: try document.jsonData())
            guard copy == document else { return InvariantFailure("JSON round trip", "the document read back differs") }
        } catch {
            return InvariantFailure("JSON round trip", "\(error)")
        }
        _ = document.html()
        _ = document.markdown()
        _ = document.plainText()
        _ = TerminalRenderer().render(document)
        _ = RTFWriter().writeData(document)
        _ = document.runDump()
        for options: ResultOptions in [.plainText, .richText, [.richText, .list, .table], .presentationIntent] {
            _ = document.lowered(to: options)
        }
        let raised: IntentDocument = document.lowered(to: [.richText, .list, .table]).raised()
        _ = raised.html()
        let attributed = IntentDocument(document.attributedString())
        guard attributed.text == document.text else {
            return InvariantFailure("AttributedString round trip", "the characters differ")
        }
        return nil
    }
}
