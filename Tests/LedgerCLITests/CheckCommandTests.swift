import Foundation
import LedgerTestSupport
import Testing

@testable import LedgerStore

/// `ledgerport check`, and what the commands say about a file that is not a ledger or is
/// damaged (issue 11, defects 6 and 7).
@Suite("ledgerport check")
struct CheckCommandTests {
    func importedLedger() throws -> CLIHarness {
        let cli = try CLIHarness()
        let file = try cli.write(
            "jan.csv", "Date,Description,Amount,Balance\n2024-01-02,Coffee,-3.80,96.20\n2024-01-03,Tea,-2.10,94.10\n")
        #expect(cli.run("import", file, "--account", "Checking", "--currency", "USD") == 0)
        return cli
    }

    @Test("a sound ledger: every check ok, exit 0")
    func sound() throws {
        let cli = try importedLedger()
        #expect(cli.run("check") == 0)
        let names = [
            "file", "daily totals", "report totals", "checkpoints", "identity", "values", "currencies",
            "account limits",
        ]
        for name in names {
            #expect(cli.output.contains(name))
        }
        #expect(!cli.output.contains("FAILED"))
        #expect(cli.run("check", "--json") == 0)
        let json = try #require(try cli.json() as? [String: Any])
        #expect(json["sound"] as? Bool == true)
        #expect((json["checks"] as? [[String: Any]])?.count == 9)
        #expect(json["recovery"] is NSNull)
    }

    @Test("a daily total broken by hand: exit 1, the finding, and how to recover")
    func brokenTotal() throws {
        let cli = try importedLedger()
        let ledger = try Ledger(path: cli.databasePath)
        try ledger.database.execute("UPDATE daily_totals SET booked_net = booked_net + 1")
        #expect(cli.run("check") == 1)
        #expect(cli.output.contains("daily totals    FAILED (2)"))
        #expect(cli.output.contains("\"Checking\" on 2024-01-02: rows net -380, daily total -379"))
        #expect(cli.output.contains("To recover: restore a backup of \(cli.databasePath)"))
        #expect(cli.errors.contains("the ledger is damaged"))
        #expect(cli.run("check", "--json") == 1)
        let json = try #require(try cli.json() as? [String: Any])
        #expect(json["sound"] as? Bool == false)
        #expect((json["recovery"] as? String)?.contains(".dump > ledger.sql") == true)
    }

    @Test("a damaged file: an import is refused naming the file and how to recover; check exits 1")
    func damagedFile() throws {
        let cli = try importedLedger()
        try cli.damageIdentityIndex()
        let file = try cli.write("feb.csv", "Date,Description,Amount\n2024-02-02,Coffee,-3.80\n")
        #expect(cli.run("import", file, "--account", "Checking", "--currency", "USD") == 1)
        #expect(cli.errors.contains("the ledger \(cli.databasePath) is damaged"))
        #expect(cli.errors.contains("sqlite3 \(cli.databasePath) .dump > ledger.sql"))
        #expect(cli.run("check") == 1)
        #expect(cli.output.contains("file            FAILED"))
    }

    @Test("no ledger at the path: check says so and creates nothing")
    func missing() throws {
        let cli = try CLIHarness()
        #expect(cli.run("check") == 1)
        #expect(cli.errors.contains("no ledger at \(cli.databasePath)"))
        #expect(!FileManager.default.fileExists(atPath: cli.databasePath))
    }

    @Test("a file that is no database, or an empty one, is not a ledger")
    func notALedger() throws {
        let cli = try CLIHarness()
        let binary = try cli.write("program", String(repeating: "\u{7F}ELF", count: 2_000))
        #expect(cli.run("--db", binary, "accounts") == 1)
        #expect(cli.errors.contains("\(binary) is not a ledgerport ledger (file is not a database)"))
        #expect(!cli.errors.contains("sqlite3_exec"))
        let empty = try cli.write("empty.sqlite", "")
        cli.environment["LEDGERPORT_BUSY_TIMEOUT_MS"] = "50"
        #expect(cli.run("--db", empty, "accounts") == 1)
        #expect(cli.errors.contains("\(empty) is not a ledgerport ledger (the file is empty"))
    }
}
