import Foundation
import LedgerTestSupport
import Testing

@testable import LedgerCLI
@testable import LedgerStore

/// `check` on a PostgreSQL ledger: the ledger's own invariants give the same findings as on a
/// SQLite ledger holding the same rows, sound or damaged alike; the storage check is the server's
/// (amcheck on the ledger's indexes) and says so plainly when it can't be made.
@Suite("check on PostgreSQL finds what it finds on SQLite", .serialized)
struct PostgresCheckTests {
    /// Fills a SQLite ledger and a PostgreSQL ledger alike, damages both with `damage` (SQL both
    /// stores run), runs `check --json` on each: the exit codes and every item but the storage
    /// check (SQLite's file, the server's indexes) must be the same.
    static func checkBoth(damage: [String]) throws -> (code: Int32, items: [[String: Any]], output: String) {
        let cli = try CLIHarness()
        let name = freshLedgerName()
        let options = try CLIHarness.postgresOptions(ledger: name)
        for step in PostgresReportTests.imports + [
            ["reconcile", PostgresReportTests.checking, "--balance", "1000.00", "--as-of", "2024-01-20"]
        ] {
            #expect(cli.run(step) == 0, "\(step): \(cli.errors)")
            #expect(cli.run(options + step) == 0, "\(step): \(cli.errors)")
        }
        let sqlite = try Ledger(path: cli.databasePath)
        let postgres = try PostgresLedger(
            connection: try PostgresConnection(try postgresServer().connectionString), name: name)
        for sql in damage {
            try sqlite.database.execute(sql)
            try postgres.connection.execute(sql)
        }
        let sqliteCode = cli.run(["check", "--json"])
        let sqliteItems = try #require((try cli.json() as? [String: Any])?["checks"] as? [[String: Any]])
        let code = cli.run(options + ["check", "--json"])
        #expect(code == sqliteCode)
        let items = try #require((try cli.json() as? [String: Any])?["checks"] as? [[String: Any]])
        #expect(items.count == sqliteItems.count)
        #expect(sqliteItems.first?["name"] as? String == "file")
        #expect(items.first?["name"] as? String == "indexes")
        for (left, right) in zip(items.dropFirst(), sqliteItems.dropFirst()) {
            #expect(NSDictionary(dictionary: left) == NSDictionary(dictionary: right))
        }
        #expect(cli.run(options + ["check"]) == code)
        return (code, items, cli.output)
    }

    @Test("a sound ledger passes every invariant on both stores")
    func sound() throws {
        let (code, items, output) = try Self.checkBoth(damage: [])
        #expect(code == 0)
        #expect(items.dropFirst().allSatisfy { $0["passed"] as? Bool == true })
        #expect(items.count == 9)
        #expect(output.contains("checkpoints"))
    }

    @Test("damaged totals, a checkpoint and a row are the same findings on both stores")
    func damaged() throws {
        let (code, items, output) = try Self.checkBoth(damage: [
            "UPDATE daily_totals SET booked_net = booked_net + 7 WHERE day = '2024-01-05'",
            "UPDATE report_totals SET rows = rows + 1 WHERE day = '2024-01-08'",
            "UPDATE checkpoints SET expected = expected + 1 WHERE as_of = '2024-01-31'",
            "UPDATE transactions SET currency = 'EUR' WHERE id = 3",
        ])
        #expect(code == 1)
        let failed = items.filter { $0["passed"] as? Bool == false }.compactMap { $0["name"] as? String }
        #expect(failed == ["daily totals", "report totals", "checkpoints", "currencies"])
        #expect(output.contains("is damaged"))
        #expect(output.contains("pg_dump"))
    }

    @Test("a day that is no calendar day is the same finding on both stores, beside the totals it leaves wrong")
    func badDay() throws {
        let (code, items, _) = try Self.checkBoth(damage: ["UPDATE transactions SET day = '2024-02-30' WHERE id = 10"])
        #expect(code == 1)
        let values = items.first { $0["name"] as? String == "values" }
        #expect((values?["findings"] as? [String]) == ["transaction 10: day '2024-02-30'"])
    }

    @Test("without amcheck the server's storage is said not to be checked, never ok; with it the indexes are")
    func storage() throws {
        let server = try postgresServer()
        let admin = try PostgresConnection(server.connectionString)
        let cli = try CLIHarness()
        let options = try CLIHarness.postgresOptions(ledger: freshLedgerName())
        #expect(cli.run(options + PostgresReportTests.imports[1]) == 0, "\(cli.errors)")
        try admin.execute("DROP EXTENSION IF EXISTS amcheck")
        #expect(cli.run(options + ["check"]) == 0, "\(cli.errors)")
        let row = cli.output.split(separator: "\n").first { $0.hasPrefix("indexes") }
        #expect(row?.contains("not checked") == true)
        #expect(row?.contains(" ok ") == false)
        #expect(cli.output.contains("not checked by ledgerport"))
        #expect(cli.run(options + ["check", "--json"]) == 0)
        let unchecked = try #require((try cli.json() as? [String: Any])?["checks"] as? [[String: Any]]).first
        #expect(unchecked?["passed"] is NSNull)
        #expect(unchecked?["notChecked"] is String)
        do {
            try admin.execute("CREATE EXTENSION IF NOT EXISTS amcheck")
        } catch {
            // The server's contrib modules are not installed: the first half stands alone.
            return
        }
        defer { try? admin.execute("DROP EXTENSION IF EXISTS amcheck") }
        #expect(cli.run(options + ["check", "--json"]) == 0, "\(cli.errors)")
        let checked = try #require((try cli.json() as? [String: Any])?["checks"] as? [[String: Any]]).first
        #expect(checked?["passed"] as? Bool == true)
        #expect(checked?["notChecked"] == nil)
        #expect(cli.run(options + ["check"]) == 0)
        #expect(cli.output.split(separator: "\n").first { $0.hasPrefix("indexes") }?.contains("ok") == true)
    }

    @Test("check on a server without the ledger says there is nothing to check")
    func missingLedger() throws {
        let cli = try CLIHarness()
        #expect(cli.run(try CLIHarness.postgresOptions(ledger: freshLedgerName()) + ["check"]) == 1)
        #expect(cli.errors.contains("nothing to check"))
    }
}
