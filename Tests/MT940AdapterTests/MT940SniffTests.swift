import LedgerCore
import LedgerTestSupport
import MT940Adapter
import Testing

/// Sniffing by the tag structure.
@Suite("MT940 sniffing")
struct MT940SniffTests {
    @Test(
        "files with the MT940 tag structure are sure MT940, whatever their name",
        arguments: [
            "de-sparkasse.sta", "de-deutsche-bank.sta", "nl-ing.sta", "abn-amro.sta", "mt942-intraday.sta",
            "pl-caret.sta",
        ])
    func sure(fixture: String) throws {
        let head = Array(try Fixture.bytes("MT940/\(fixture)").prefix(8192))
        #expect(MT940Format.sniff(head, fileName: "export.csv") == 95)
    }

    @Test("a CSV file or an unrelated text is not MT940")
    func notMT940() throws {
        let head = try Fixture.bytes("MT940/error-not-mt940.txt")
        #expect(MT940Format.sniff(head, fileName: "umsatz.csv") == 0)
        #expect(MT940Format.sniff(Array("hello\n:20:x\n".utf8), fileName: "a.txt") == 0)
    }

    @Test("an MT940 name alone is a weak hint")
    func nameAlone() {
        #expect(MT940Format.sniff([], fileName: "KONTO.STA") == 30)
    }
}
