import Testing

@testable import LedgerExport

@Suite("HTML text escaping")
struct HTMLTextTests {
    @Test("markup and both quotes become character references, so a description opens no tag")
    func markup() {
        let text = #"<script>alert("x")</script> & O'Brien"#
        #expect(
            HTMLText.escaped(text)
                == "&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; O&#39;Brien")
    }

    @Test("control characters become their visible pictures; letters and emoji stay")
    func controls() {
        #expect(HTMLText.escaped("a\u{0}b\u{1B}c\u{7F}") == "a\u{2400}b\u{241B}c\u{2421}")
        #expect(HTMLText.escaped("Café ☕ 日本\tx\ny") == "Café ☕ 日本\tx\ny")
        #expect(HTMLText.escaped("\u{85}") == "\u{FFFD}")
    }

    @Test("an already escaped text is escaped again, not trusted")
    func twice() {
        #expect(HTMLText.escaped("&lt;b&gt;") == "&amp;lt;b&amp;gt;")
    }
}
