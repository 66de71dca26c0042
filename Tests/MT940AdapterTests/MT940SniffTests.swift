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

    @Test("lines that mostly start with :NN: or :NNA: tags are MT940 above CSV's 70, even without :20: and :25:")
    func taggedLines() throws {
        let head = try Fixture.bytes("MT940/error-no-header.sta")
        #expect(MT940Format.sniff(head, fileName: "auszug.csv") == 75)
        #expect(MT940Format.sniff(Array("Datum;Text\n:60F:C1;x\nfoo\nbar\n".utf8), fileName: "a.csv") == 0)
    }
}
