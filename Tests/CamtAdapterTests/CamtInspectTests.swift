import CamtAdapter
import LedgerCore
import LedgerTestSupport
import Testing

/// `ledgerport inspect` on a camt file.
@Suite("camt inspect")
struct CamtInspectTests {
    @Test("inspect shows each statement with its id, account, entry counts and balances as written")
    func statements() throws {
        let bytes = try Fixture.bytes("camt/two-statements-v04.xml")
        let inspection = try #require(
            try CamtFormat.inspect(InMemoryByteStream(bytes, name: "t.xml"), options: AdapterOptions(), rows: 1))
        let lines = inspection.text.split(separator: "\n").map(String.init)
        #expect(
            lines.first
                == "statement CH-2024-04-04 (camt.053.001.04, line 8): Musterbank Zuerich ••••2345, CHF; entries: 1 booked, 0 pending, 0 INFO"
        )
        #expect(lines.contains("  balance CLBD CRDT 250.00 EUR on 2024-04-04"))
        #expect(lines.contains("balance:   ledger 4310.00 CHF on 2024-04-05 (Musterbank Zuerich ••••2345)"))
        #expect(lines.contains("(2 more rows)"))
        #expect(inspection.failure == nil)
    }

    @Test("inspect names the problem that would stop an import")
    func failure() throws {
        let bytes = try Fixture.bytes("camt/error-amount-too-precise.xml")
        let inspection = try #require(
            try CamtFormat.inspect(InMemoryByteStream(bytes, name: "p.xml"), options: AdapterOptions(), rows: 5))
        #expect(inspection.failure?.hasPrefix("p.xml:13:9: error: <Amt> \"48.205\"") == true)
    }
}
