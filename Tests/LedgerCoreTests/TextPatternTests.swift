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
                #expect(
                    fast.matches(text) == slow.matches(text), "\(pattern) on \(text) caseSensitive \(caseSensitive)")
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

    @Test("a regular expression's required literal runs are those every match holds")
    func requiredLiterals() {
        func runs(_ pattern: String) -> [String] {
            TextPattern.requiredLiteralsForTesting(pattern)
        }
        #expect(runs(#"netflix\.com"#).isEmpty == false)
        #expect(runs(#"amazon.*prime"#) == ["amazon", "prime"])
        #expect(runs(#"rew.*berlin\s+\d{3}"#) == ["rew", "berlin"])
        #expect(runs(#"colou?r card"#) == ["colo", "r card"])
        #expect(runs(#"^ab+c"#) == ["ab"])
        #expect(runs(#"(x|y)paypal[0-9]"#) == ["paypal"])
        #expect(runs("a|b").isEmpty)
        #expect(runs("(?i)paypal").isEmpty)
        #expect(runs("bäckerei.*x") == ["ckerei"])
    }

    @Test("a text without a required literal never matches the regular expression it comes from")
    func requiredLiteralsAreNecessary() throws {
        let patterns = [#"amazon.*prime"#, #"rew.*berlin\s+\d{3}"#, "colou?r card", "^ab+c", #"netflix\.com"#]
        let texts = [
            "AMAZON PRIME", "amazon de prime video", "REWE BERLIN 123", "rew berlin  999", "Colour card", "color CARD",
            "abbbc", "NETFLIX.COM", "netflix com", "prime amazon",
        ]
        for pattern in patterns {
            let compiled = try TextPattern(.regex, pattern)
            for text in texts where compiled.matches(text) {
                let folded = text.lowercased()
                for run in TextPattern.requiredLiteralsForTesting(pattern) {
                    #expect(folded.contains(run), "\(pattern) matches \(text) without \(run)")
                }
            }
        }
    }
}
