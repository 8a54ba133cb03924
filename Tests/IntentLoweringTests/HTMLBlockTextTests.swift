import IntentLowering
import Testing

@Suite("HTML block text")
struct HTMLBlockTextTests {
    @Test("An HTML block shows its text, <img> alt text and <br> breaks, never tags or comments")
    func blockTextFollowsTheRule() {
        #expect(HTMLBlockText.text(of: "<p align=\"center\">\n  <img src=\"logo.png\" alt=\"Logo\">\n</p>\n") == "Logo")
        #expect(HTMLBlockText.text(of: "<div>one<br>two<BR/>three</div>") == "one\ntwo\nthree")
        #expect(HTMLBlockText.text(of: "<!-- hidden -->\r\n<div>\r\n  text\r\n</div>\r\n") == "text")
        // A comment or tag left open hides the rest, as in a browser.
        #expect(HTMLBlockText.text(of: "<p>shown</p><!-- never closed <b>x</b>") == "shown")
        #expect(HTMLBlockText.text(of: "<div>1 < 2 and <a") == "1 < 2 and")
        #expect(HTMLBlockText.text(of: "<!---->a<!-->b") == "ab")
        #expect(HTMLBlockText.text(of: String(repeating: "<a", count: 3)).isEmpty)
        // White space collapses; block elements break lines, cells are set apart; script and style
        // content, and quoted `>` in attributes, never show; character references decode.
        #expect(HTMLBlockText.text(of: "<p>\n <img alt=\"A\">\n <img alt=\"B\">\n</p>") == "A B")
        #expect(HTMLBlockText.text(of: "<div><p>x</p><p>y</p></div>") == "x\ny")
        #expect(HTMLBlockText.text(of: "<table><tr><td>a</td><td>b</td></tr></table>") == "a b")
        #expect(HTMLBlockText.text(of: "<script>alert(1)</script><style>p {}</style>ok") == "ok")
        #expect(HTMLBlockText.text(of: "<p title=\"a > b\">text</p>") == "text")
        #expect(HTMLBlockText.text(of: "<p>Tom &amp; Jerry &mdash; &#x41;&#66; &unknown;</p>") == "Tom & Jerry — AB &unknown;")
        #expect(HTMLBlockText.text(of: "<div>word <!-- c --> word</div>") == "word word")
        #expect(HTMLBlockText.text(of: "<pre>a\n  b</pre>") == "a\n  b")
    }
}
