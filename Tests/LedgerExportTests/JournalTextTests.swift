import LedgerCore
import LedgerExport
import LedgerStore
import Testing

/// Per-tool quoting of bank texts (the tools themselves read the results in LedgerCLITests'
/// ExportToolTests; here the exact text is pinned).
@Suite("journal text quoting")
struct JournalTextTests {
    static let eur = Currency(code: "EUR")!

    static func entry(payee: String? = nil, description: String, memo: String = "") -> JournalEntry {
        JournalEntry(
            kind: .row, day: Day(iso: "2024-03-01")!, payee: payee, description: description, memo: memo, id: "9",
            currency: eur,
            postings: [
                .init(account: "Assets:Bank:Checking", amount: -1234), .init(account: "Expenses:Unknown", amount: 1234),
            ])
    }

    static func header(_ format: ExportFormat, _ entry: JournalEntry) throws -> String {
        let text = try ExportText.render(entry, format: format)
        return String(text.split(separator: "\n").first ?? "")
    }

    @Test("hledger: a ';' would start a comment, so it becomes ','")
    func hledgerSemicolon() throws {
        #expect(try Self.header(.hledger, Self.entry(description: "REWE;Berlin")) == "2024-03-01 * REWE,Berlin")
    }

    @Test("ledger keeps ';' (a note starts only after two spaces, and spaces are collapsed)")
    func ledgerSemicolon() throws {
        #expect(try Self.header(.ledger, Self.entry(description: "REWE;  Berlin")) == "2024-03-01 * REWE; Berlin")
    }

    @Test("hledger and ledger: a leading '(' gets an empty code first, so it isn't read as a code")
    func parenthesis() throws {
        for format in [ExportFormat.hledger, .ledger] {
            #expect(
                try Self.header(format, Self.entry(description: "(ATM) withdrawal"))
                    == "2024-03-01 * () (ATM) withdrawal")
        }
    }

    @Test("hledger: the payee comes before '|', and a '|' in the payee becomes '/'")
    func hledgerPipe() throws {
        let entry = Self.entry(payee: "A|B", description: "card | 123")
        #expect(try Self.header(.hledger, entry) == "2024-03-01 * A/B | card | 123")
        #expect(try Self.header(.hledger, Self.entry(description: "x|y")) == "2024-03-01 * x/y")
    }

    @Test("beancount: '\"' and '\\' are escaped inside the strings, payee first")
    func beancountEscapes() throws {
        let entry = Self.entry(payee: #"Joe's "Diner""#, description: #"C:\path"#)
        #expect(try Self.header(.beancount, entry) == #"2024-03-01 * "Joe's \"Diner\"" "C:\\path""#)
    }

    @Test("a line feed or tab in a text becomes a space in every journal")
    func controlCharacters() throws {
        for format in [ExportFormat.hledger, .ledger] {
            #expect(try Self.header(format, Self.entry(description: "a\nb\tc")) == "2024-03-01 * a b c")
        }
        #expect(try Self.header(.beancount, Self.entry(description: "a\nb")) == #"2024-03-01 * "a b""#)
    }

    @Test("a commodity that isn't all letters is quoted for hledger and ledger")
    func quotedCommodity() throws {
        var entry = Self.entry(description: "x")
        entry.currency = try Currency.declared(code: "BTC2", minorDigits: 8, at: .file("t"))
        let text = try ExportText.render(entry, format: .hledger)
        #expect(text.contains("-0.00001234 \"BTC2\""))
    }

    @Test("beancount refuses a one-letter commodity, which it can't name")
    func beancountCommodity() throws {
        var entry = Self.entry(description: "x")
        entry.currency = try Currency.declared(code: "P", minorDigits: 0, at: .file("t"))
        #expect(throws: ExportError.self) { try ExportText.render(entry, format: .beancount) }
    }

    @Test(
        "a CSV text cell that a spreadsheet would run as a formula gets a leading quote",
        arguments: ["=1+2", "+1", "-1", "@SUM(A1)", "\tx", "\rx", "\u{0}x"])
    func formulaGuard(cell: String) {
        let text = ExportText.csvCell(cell)
        #expect(text.hasPrefix("'") || text.hasPrefix("\"'"))
    }

    @Test("a CSV cell with a comma, quote or line break is quoted, doubling its quotes")
    func csvQuoting() {
        #expect(ExportText.csvCell("a,b") == "\"a,b\"")
        #expect(ExportText.csvCell("say \"hi\"") == "\"say \"\"hi\"\"\"")
        #expect(ExportText.csvCell("plain") == "plain")
        #expect(ExportText.csvCell("=1,2") == "\"'=1,2\"")
    }
}
