import CamtAdapter
import Foundation
import LedgerCore
import LedgerTestSupport
import Testing

/// Inputs built to exhaust or trick a reader.
@Suite("camt hostile input")
struct CamtHostileInputTests {
    @Test("a text that runs on past 1 MiB is refused with its place, not buffered without end")
    func endlessText() {
        let long = String(repeating: "x", count: (1 << 20) + 10)
        let run = CamtTestDocument.read(
            CamtTestDocument.statement(CamtTestDocument.entry(extra: "<AddtlNtryInf>\(long)</AddtlNtryInf>")))
        #expect(run.error?.contains("runs on past 1048576 bytes") == true)
        #expect(run.errorLocation?.line == 6)
    }

    @Test("nested entities (billion laughs) are refused with the DOCTYPE, never expanded")
    func entityExpansion() {
        let document = """
            <?xml version="1.0"?>
            <!DOCTYPE Document [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>
            <Document xmlns="urn:iso:std:iso:20022:tech:xsd:camt.053.001.08"><BkToCstmrStmt>&b;</BkToCstmrStmt></Document>
            """
        let run = CamtTestDocument.read(document)
        #expect(run.error?.contains("<!DOCTYPE> refused") == true)
        #expect(run.events.isEmpty)
    }

    @Test("a file that is not XML at all says where it stops being XML")
    func notXML() {
        let run = CamtTestDocument.read("Buchungstag;Betrag\n01.03.2024;-10,00\n")
        #expect(run.error?.hasPrefix("test.xml:1:1: error:") == true)
    }

    @Test("readingJSON describes the file with exact decimal strings")
    func readingJSON() throws {
        let bytes = try Fixture.bytes("camt/foreign-currency-overdrawn-v08.xml")
        let json = try CamtFormat.readingJSON(from: InMemoryByteStream(bytes, name: "f.xml"))
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let transactions = try #require(object["transactions"] as? [[String: Any]])
        #expect(transactions.first?["amount"] as? String == "87.66")
        let balances = try #require(object["balances"] as? [[String: Any]])
        #expect(balances.map { $0["amount"] as? String } == ["-120.00", "-207.66", "292.34"])
    }
}
