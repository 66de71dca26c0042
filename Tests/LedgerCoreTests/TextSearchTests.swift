import LedgerCore
import Testing

@Suite("TextSearch")
struct TextSearchTests {
    @Test(
        "a text is found anywhere, whatever its case",
        arguments: [
            ("coffee", "Morning COFFEE corner"), ("COFFEE", "coffee"), ("fee c", "Coffee Corner"),
            ("müller", "BÄCKEREI MÜLLER"), ("CAFÉ", "Le café du coin"), ("", "anything"), ("", ""),
        ])
    func found(needle: String, haystack: String) {
        #expect(TextSearch(needle).isFound(in: haystack))
    }

    @Test(
        "a text that isn't there is not found",
        arguments: [
            ("coffee", "Coffe"), ("tea", "Coffee"), ("müller", "MULLER"), ("é", "e"), ("straße", "STRASSE"),
            ("coffee x", "coffee"),
        ])
    func notFound(needle: String, haystack: String) {
        #expect(!TextSearch(needle).isFound(in: haystack))
    }

    @Test("% and _ are looked for as themselves, not as SQL wildcards")
    func wildcardsAreLiteral() {
        #expect(TextSearch("50%").isFound(in: "Discount 50% off"))
        #expect(!TextSearch("50%").isFound(in: "Discount 500 off"))
        #expect(TextSearch("a_b").isFound(in: "REF A_B 12"))
        #expect(!TextSearch("a_b").isFound(in: "REF AXB 12"))
        #expect(!TextSearch("%").isFound(in: "no percent here"))
        #expect(!TextSearch("_").isFound(in: "no underscore here"))
    }

    @Test("a prefix matches the start of a text only, whatever its case, after leading spaces")
    func prefix() {
        let search = TextSearch("coffee")
        #expect(search.isPrefix(of: "Coffee Corner"))
        #expect(search.isPrefix(of: "   COFFEE ROASTERS"))
        #expect(!search.isPrefix(of: "Morning coffee"))
        #expect(!search.isPrefix(of: "Coffe"))
        #expect(TextSearch("Bäckerei").isPrefix(of: "BÄCKEREI MÜLLER"))
        #expect(!TextSearch("Müller").isPrefix(of: "BÄCKEREI MÜLLER"))
    }
}
