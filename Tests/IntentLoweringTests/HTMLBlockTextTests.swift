import IntentLowering
import Testing

@Suite("HTML block text")
struct HTMLBlockTextTests {
    @Test("An HTML block shows its text, <img> alt text and <br> breaks, never tags or comments")
    func blockTextFollowsTheRule() {
        #expect(HTMLBlockText.text(of: "<p align=\"center\">\n  <img src=\"logo.png\" alt=\"Logo\">\n</p>\n") == "Logo")
        #expect(HTMLBlockText.text(of: "<div>one<br>two<BR/>three</div>") == "one\ntwo\nthree")
        #expect(HTMLBlockText.text(of: "<!-- hidden -->\r\n<div>\r\n  text\r\n</div>\r\n") == "text")
        #expect(HTMLBlockText.text(of: "<!-- never closed <b>x</b>") == "x")
        #expect(HTMLBlockText.text(of: "<!---->a<!-->b") == "ab")
        // A `<` that opens no tag stays, and so do unclosed tags' characters.
        #expect(HTMLBlockText.text(of: "<div>1 < 2 and <a") == "1 < 2 and <a")
        #expect(HTMLBlockText.text(of: String(repeating: "<a", count: 3)) == "<a<a<a")
    }
}
