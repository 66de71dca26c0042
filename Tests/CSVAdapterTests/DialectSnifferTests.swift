import LedgerCore
import Testing

@testable import CSVAdapter

@Suite("DialectSniffer")
struct DialectSnifferTests {
    @Test(
        "the delimiter shared by most rows wins",
        arguments: [
            ("Date,Text,Amount\n2024-01-01,Coffee,-3.80\n2024-01-02,Tea,-2.10\n", ","),
            ("Datum;Text;Betrag\n01.01.2024;Kaffee, groß;-3,80\n02.01.2024;Tee;-2,10\n", ";"),
            ("Date\tText\tAmount\n2024-01-01\tCoffee, large\t-3.80\n2024-01-02\tTea\t-2.10\n", "\t"),
            ("Date|Text|Amount\n2024-01-01|Coffee|-3.80\n2024-01-02|Tea|-2.10\n", "|"),
        ])
    func delimiter(_ text: String, _ expected: Character) {
        let sample = DialectSniffer.sniff(head: Array(text.utf8), isWholeFile: true, name: "t.csv")
        #expect(sample.dialect.delimiter == expected.asciiValue)
    }

    @Test("preamble lines above the header don't sway the vote, and the header is found below them")
    func preamble() {
        let text =
            "Konto:;1234\nZeitraum:;Januar\n\nDatum;Text;Betrag;Saldo\n"
            + "01.01.2024;A;-1,00;9,00\n02.01.2024;B;-1,00;8,00\n"
        let sample = DialectSniffer.sniff(head: Array(text.utf8), isWholeFile: true, name: "t.csv")
        #expect(sample.dialect.delimiter == UInt8(ascii: ";"))
        #expect(sample.likelyHeaderIndex.map { sample.rows[$0].line } == 4)
    }

    @Test("a decimal comma does not make the comma the delimiter")
    func decimalComma() {
        let text = "Datum;Betrag;Saldo\n01.01.2024;-1,00;9,00\n02.01.2024;-2,50;6,50\n"
        let sample = DialectSniffer.sniff(head: Array(text.utf8), isWholeFile: true, name: "t.csv")
        #expect(sample.dialect.delimiter == UInt8(ascii: ";"))
    }
}
