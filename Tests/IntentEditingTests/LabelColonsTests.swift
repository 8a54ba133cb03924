import Testing

@testable import IntentEditing

/// Which `]:` may end a link reference definition's label decides which definitions a re-parsed
/// region is given: a label missed there is a link lost in the incremental result.
@Suite("Label colons")
struct LabelColonsTests {
    static func labels(_ text: String, from lineStart: Int = 0, acrossLines: Bool = true) -> [String]? {
        LinkDefinitions.labelsBeforeColons(in: Array(text.utf8), from: lineStart, acrossLines: acrossLines)
    }

    @Test("A backslash escapes the bracket after it, unless it is escaped itself")
    func escapes() {
        #expect(Self.labels(#"[bar\\]: /uri"#) == [#"bar\\"#])
        #expect(Self.labels(#"[bar\]: /uri"#) == [])
        #expect(Self.labels(#"[bar\\\]: /uri"#) == [])
        #expect(Self.labels(#"\[bar]: /uri"#) == [])
        #expect(Self.labels(#"\\[bar]: /uri"#) == ["bar"])
        #expect(Self.labels(#"[a\]b]: /uri"#) == [#"a\]b"#])
    }

    @Test("A label holds no unescaped bracket; the `]` of an earlier label colon counts")
    func brackets() {
        #expect(Self.labels("[a]b]: /u") == [])
        #expect(Self.labels("b]: c") == [])
        #expect(Self.labels("[a]: /u [b]: /v") == ["a", "b"])
        #expect(Self.labels("[a]: x]: /v") == ["a"])
        #expect(Self.labels("[[a]: /u") == ["a"])
    }

    @Test("A label opened on an earlier line is read across lines in a paragraph, and not at all in a container")
    func acrossLines() {
        let text = "[Foo\nbar]: /url\n"
        let secondLine = 5
        #expect(Self.labels(text, from: secondLine, acrossLines: true) == ["Foo\nbar"])
        #expect(Self.labels(text, from: secondLine, acrossLines: false) == nil)
        #expect(Self.labels("[a]: /u\n[b]: /v\n", from: 8, acrossLines: false) == ["b"])
    }

    @Test("Read once per block, each line gets the labels that end on it")
    func perLine() {
        let bytes = Array("x\n[a]: /u\ny]: z\n[b\nc]: /v\n".utf8)
        let colons = LabelColons(bytes)
        #expect(colons.labels(in: bytes, endingIn: 0..<2, acrossLines: true) == [])
        #expect(colons.labels(in: bytes, endingIn: 2..<10, acrossLines: true) == ["a"])
        #expect(colons.labels(in: bytes, endingIn: 10..<16, acrossLines: true) == [])
        #expect(colons.labels(in: bytes, endingIn: 19..<bytes.count, acrossLines: true) == ["b\nc"])
        #expect(colons.labels(in: bytes, endingIn: 19..<bytes.count, acrossLines: false) == nil)
    }
}
