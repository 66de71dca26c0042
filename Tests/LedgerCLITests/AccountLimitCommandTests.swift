import Foundation
import LedgerTestSupport
import Testing

/// Issue 11, defect 1 from the command line: amounts whose sums overflow 64 bits are refused at
/// import, located at the record, and the ledger stays readable.
@Suite("ledgerport at the account limit")
struct AccountLimitCommandTests {
    @Test("two CSV rows of 92233720368547758.07 stop the import at the second; accounts still reads")
    func csvRows() throws {
        let cli = try CLIHarness()
        let file = try cli.write(
            "huge.csv",
            "Date,Description,Amount\n2024-01-02,Huge,92233720368547758.07\n2024-01-03,Again,92233720368547758.07\n")
        #expect(cli.run("import", file, "--account", "A", "--batch-size", "1") == 1)
        #expect(cli.errors.contains("huge.csv:3"))
        #expect(cli.errors.contains("the account's total would exceed"))
        #expect(cli.run("accounts") == 0)
        #expect(cli.output.contains("92233720368547758.07"))
        #expect(cli.run("reconcile", "A") == 0)
        #expect(cli.run("check") == 0)
    }

    @Test("reconcile --opening 92233720368547758.07 is refused; accounts still reads")
    func openingBalance() throws {
        let cli = try CLIHarness()
        let file = try cli.write("one.csv", "Date,Description,Amount\n2024-01-02,Coffee,-3.80\n")
        #expect(cli.run("import", file, "--account", "A") == 0)
        #expect(cli.run("reconcile", "A", "--opening", "92233720368547758.07", "--as-of", "2023-12-31") == 1)
        #expect(cli.errors.contains("the account's total would exceed"))
        #expect(cli.run("accounts") == 0)
        #expect(cli.run("reconcile", "A", "--balance", "92233720368547758.07", "--as-of", "2024-01-31") == 1)
        #expect(cli.run("reconcile", "A", "--balance", "-3.80", "--as-of", "2024-01-31") == 0)
        #expect(cli.run("accounts") == 0)
    }

    @Test("an OFX statement with two transactions of the largest amount stops at the second")
    func ofxRows() throws {
        let cli = try CLIHarness()
        var text = try String(contentsOf: Fixture.url("OFX/duplicate-fitid.ofx"), encoding: .utf8)
        var fitID = 0
        while let range = text.range(of: "<FITID>D1\n") {
            fitID += 1
            text.replaceSubrange(range, with: "<FITID>X\(fitID)\n")
        }
        text = text.replacingOccurrences(of: "<TRNAMT>-10.00", with: "<TRNAMT>92233720368547758.07")
        let file = try cli.write("huge.ofx", text)
        #expect(cli.run("import", file) == 1)
        #expect(cli.errors.contains("the account's total would exceed"))
        #expect(cli.run("accounts") == 0)
        #expect(cli.run("transactions") == 0)
    }
}
