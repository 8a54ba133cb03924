import Testing

@testable import IntentModel

@Suite("HTML block starts")
struct HTMLBlockStartTests {
    static let cases: [(html: String, staysOpen: Bool)] = [
        ("<!-- note", true), ("<!-- note -->\n", false), ("   <!-- indented", true),
        ("<SCRIPT>let a = 1", true), ("<script>let a = 1</SCRIPT>\n", false), ("<Style>\np {}\n</style>", false),
        ("<pre\tclass=x>", true), ("<pre>", true), ("<pre", true), ("<prefix>", false), ("<scripts>", false),
        ("<pre\r\n", false), ("<textarea>\n</textarea>", false),
        ("<![CDATA[ x", true), ("<![cdata[ x ]]>", false), ("<?php echo 1;", true), ("<?php ?>", false),
        ("<!DOCTYPE html", true), ("<!doctype html>", false), ("<!1", false), ("<div>", false), ("text", false), ("", false),
        ("<!-- ünïcödé İ", true), ("<script>İ</SCRİPT>", true),
    ]

    @Test("which HTML blocks stay open to their container's end", arguments: cases)
    func staysOpen(html: String, staysOpen: Bool) {
        #expect(HTMLBlockStart.staysOpen(html) == staysOpen, "\(html.debugDescription)")
    }
}
