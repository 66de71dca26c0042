import LedgerCore
import Testing

/// Text patterns: literal regular expressions take the fast path and give the same answers as
/// NSRegularExpression; everything else is NSRegularExpression's.
@Suite("TextPattern")
struct TextPatternTests {
    static let texts = [
        "REWE SAGT DANKE 4412", "rewe", "Edeka Center", "AMAZON.DE Marketplace", "amazonXde", "", "x^y", "a|b",
        "Bäckerei Müller", "BÄCKEREI", "kartenzahlung REWE", "REWE\n",
    ]

    @Test(
        "a literal pattern matches as NSRegularExpression would",
        arguments: [
            "rewe", "^rewe", "rewe$", "^rewe$", "rewe|edeka", "^edeka|4412$", #"amazon\.de"#, #"x\^y"#, #"a\|b"#,
            "REWE SAGT", "bäckerei",
        ])
    func literalAgreesWithRegex(pattern: String) throws {
        for caseSensitive in [false, true] {
            let fast = try TextPattern(.regex, pattern, caseSensitive: caseSensitive)
            // Wrapping in a group forces the NSRegularExpression path with the same meaning.
            let slow = try TextPattern(.regex, "(?:\(pattern))", caseSensitive: caseSensitive)
            for text in Self.texts where !text.hasSuffix("\n") {
                #expect(fast.matches(text) == slow.matches(text), "\(pattern) on \(text) caseSensitive \(caseSensitive)")
            }
        }
    }

    @Test("an exact pattern is the whole text")
    func exact() throws {
        let pattern = try TextPattern(.exact, "rewe")
        #expect(pattern.matches("REWE"))
        #expect(!pattern.matches("REWE SAGT DANKE"))
        #expect(try TextPattern(.exact, "bäckerei").matches("BÄCKEREI"))
        #expect(try !TextPattern(.exact, "bäckerei", caseSensitive: true).matches("BÄCKEREI"))
        #expect(try TextPattern(.exact, "a.b").matches("A.B"))
        #expect(try !TextPattern(.exact, "a.b").matches("AxB"))
    }

    @Test("letters beyond ASCII ignore case through NSRegularExpression")
    func unicodeCase() throws {
        #expect(try TextPattern(.regex, "bäckerei").matches("BÄCKEREI MÜLLER"))
    }

    @Test("a regular expression that doesn't compile is refused with the engine's reason")
    func refused() {
        #expect(throws: TextPatternFailure.self) { try TextPattern(.regex, "[unclosed") }
        #expect(throws: TextPatternFailure.self) { try TextPattern(.regex, "(a") }
    }
}
