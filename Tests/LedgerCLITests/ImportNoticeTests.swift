import Foundation
import LedgerTestSupport
import Testing

/// What an OFX import read by a tolerance is in its report, as text and as JSON (issue 14).
@Suite("import notices")
struct ImportNoticeTests {
    @Test("rounded amounts: the report counts them from the first, and the memo keeps the amount sent")
    func roundedAmounts() throws {
        let cli = try CLIHarness()
        let file = Fixture.url("OFX/amounts-finer-than-cents.ofx").path
        #expect(cli.run("import", file) == 0)
        #expect(
            cli.output.contains(
                "  note: <TRNAMT> finer than USD's minor unit (2 decimals), rounded half to even; "
                    + "the memo keeps the amount sent (4 records, first at \(file):46:1)"), "\(cli.output)")
        #expect(cli.output.contains("discrepancy 0.00") || cli.output.contains("baseline"), "\(cli.output)")
        #expect(cli.run("transactions", "--json") == 0)
        #expect(cli.output.contains("TRNAMT -995.4190396554627"))
        let dry = try CLIHarness()
        #expect(dry.run("import", file, "--json") == 0)
        let report = try #require(try dry.json() as? [String: Any])
        let notices = try #require(report["notices"] as? [[String: Any]])
        #expect(notices.count == 1)
        #expect(notices.first?["count"] as? Int == 4)
        #expect(notices.first?["location"] as? String == "\(file):46:1")
    }

    @Test("an empty BALAMT: the transactions are imported, no checkpoint, and the report says why")
    func emptyBalance() throws {
        let cli = try CLIHarness()
        let file = Fixture.url("OFX/empty-balamt.ofx").path
        #expect(cli.run("import", file) == 0)
        #expect(cli.output.contains("2 inserted"), "\(cli.output)")
        #expect(!cli.output.contains("  checkpoint"), "\(cli.output)")
        #expect(
            cli.output.contains(
                "  note: <LEDGERBAL> has an empty <BALAMT>: no balance stated, none checked (at \(file):59:1)"),
            "\(cli.output)")
        #expect(cli.run("reconcile", "Test Bank checking ••••1212") == 0)
        #expect(cli.output.contains("no checkpoints") || !cli.output.contains("2024-01-31"), "\(cli.output)")
    }
}
