import IntentModel
import Testing

@Suite("Run dump")
struct RunDumpTests {
    /// The dump reuses the text of a run's ancestors from one run to the next, keeping one text per
    /// depth: blocks that take turns at the same depth (items of two lists, two chains of quotes
    /// deeper than the dump prints) must each still be named by their own identity.
    @Test func everyRunNamesItsOwnChainWhenBlocksTakeTurnsAtADepth() {
        var document = IntentDocument()
        var identity = 0
        func next() -> Int {
            identity += 1
            return identity
        }
        for _ in 0..<2 {
            let list = PresentationIntent(.orderedList, identity: next())
            for ordinal in 1...3 {
                let item = PresentationIntent(.listItem(ordinal: ordinal), identity: next(), parent: list)
                let paragraph = PresentationIntent(.paragraph, identity: next(), parent: item)
                document.append("item \(ordinal)", presentationIntent: paragraph)
                document.append("\n", presentationIntent: paragraph, attributes: RunAttributes(isBlockSeparator: true))
            }
        }
        // Two chains of 40 quotes: the dump prints 32 blocks of each run's chain, then `… N more`.
        for _ in 0..<2 {
            var quote = PresentationIntent(.blockQuote, identity: next())
            for _ in 1..<40 { quote = PresentationIntent(.blockQuote, identity: next(), parent: quote) }
            for word in ["deep", "deeper"] {
                let paragraph = PresentationIntent(.paragraph, identity: next(), parent: quote)
                document.append(word, presentationIntent: paragraph)
                document.append("\n", presentationIntent: paragraph, attributes: RunAttributes(isBlockSeparator: true))
            }
        }

        let printed = document.runDump().split(separator: "\n").filter { $0.hasPrefix("\tpresentationIntent = ") }
        let expected = document.runs.map { run -> String in
            let components = run.presentationIntent?.components ?? []
            var line = "\tpresentationIntent = [" + components.prefix(32).map(\.dumpDescription).joined(separator: ", ")
            if components.count > 32 { line += ", … \(components.count - 32) more" }
            return line + "]"
        }
        #expect(expected.count == 20)
        #expect(printed.map(String.init) == expected)
    }
}
