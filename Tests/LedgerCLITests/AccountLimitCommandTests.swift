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
        #expect(cli.run("import", file, "--account", "A", "--currency", "USD", "--batch-size", "1") == 1)
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
        #expect(cli.run("import", file, "--account", "A", "--currency", "USD") == 0)
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
        // Two transactions on two days (one day's net past 64 bits was refused before).
        let fixture = try String(contentsOf: Fixture.url("OFX/duplicate-fitid.ofx"), encoding: .utf8)
        let head = try #require(fixture.range(of: "<STMTTRN>")).lowerBound
        let transactions = ["20240110", "20240111"].enumerated().map { index, day in
            "<STMTTRN>\n<TRNTYPE>CREDIT\n<DTPOSTED>\(day)\n<TRNAMT>92233720368547758.07\n<FITID>X\(index)\n"
                + "<NAME>HUGE\n</STMTTRN>\n"
        }
        let text =
            String(fixture[..<head]) + transactions.joined()
            + "</BANKTRANLIST>\n</STMTRS>\n</STMTTRNRS>\n</BANKMSGSRSV1>\n</OFX>\n"
        let file = try cli.write("huge.ofx", text)
        #expect(cli.run("import", file) == 1)
        #expect(cli.errors.contains("the account's total would exceed"))
        #expect(cli.run("accounts") == 0)
        #expect(cli.run("transactions") == 0)
    }
}
