import Foundation
import LedgerTestSupport
import Testing

@testable import LedgerCLI
@testable import LedgerStore

/// `export` on a PostgreSQL ledger: every format, a window, some accounts, pending rows left out,
/// a named export and its next run, each the same bytes as from a SQLite ledger holding the same
/// rows (the same `Exporter` writes both, from each store's rows).
@Suite("export on PostgreSQL writes what it writes on SQLite")
struct PostgresExportTests {
    static let formats = ["hledger", "ledger", "beancount", "csv"]

    @Test("every format, whole and in parts, is the same bytes on both stores")
    func sameJournals() throws {
        var exports: [[String]] = []
        for format in Self.formats {
            exports += [
                ["export", "--to", format], ["export", "--to", format, "--pending", "omit"],
                ["export", "--to", format, "--from", "2024-01-10", "--to", "2024-02-15"],
                ["export", "--to", format, "--account", PostgresReportTests.checking],
            ]
        }
        try PostgresReadSupport.expectSameOnBoth(
            PostgresReportTests.imports + [
                ["reconcile", PostgresReportTests.checking, "--balance", "1000.00", "--as-of", "2024-01-20"]
            ]
                + exports)
    }

    @Test("a named export writes only what came since its last run, the same on both stores")
    func sameMarks() throws {
        let cli = try CLIHarness()
        let path = cli.folder.appendingPathComponent("out.journal").path
        var steps: [[String]] = [PostgresReportTests.imports[0]]
        for format in ["hledger", "beancount"] {
            steps += [
                ["export", "--to", format, "--since-last", format + "-books"],
                ["export", "--to", format, "--since-last", format + "-books"],
            ]
        }
        steps += [
            PostgresReportTests.imports[1],
            ["export", "--to", "hledger", "--since-last", "hledger-books", "-o", path, "--json"],
            ["export", "--to", "beancount", "--since-last", "beancount-books"],
            // A mark keeps its format.
            ["export", "--to", "csv", "--since-last", "hledger-books"],
        ]
        try PostgresReadSupport.expectSameOnBoth(
            steps, failing: [["export", "--to", "csv", "--since-last", "hledger-books"]])
    }

    @Test("a named export on PostgreSQL leaves its mark there: the next run writes no row again")
    func markIsStored() throws {
        let cli = try CLIHarness()
        let name = freshLedgerName()
        let options = try CLIHarness.postgresOptions(ledger: name)
        #expect(cli.run(options + PostgresReportTests.imports[1]) == 0, "\(cli.errors)")
        #expect(cli.run(options + ["export", "--to", "csv", "--since-last", "books"]) == 0, "\(cli.errors)")
        // A header and the file's ten rows.
        #expect(cli.output.split(separator: "\n").count == 11)
        let ledger = try PostgresLedger(
            connection: try PostgresConnection(try postgresServer().connectionString), name: name)
        let mark = try #require(try ledger.exportMark(named: "books"))
        #expect(mark.format == "csv")
        #expect(mark.lastTransactionID == (try ledger.lastIDs().transaction))
        #expect(cli.run(options + ["export", "--to", "csv", "--since-last", "books"]) == 0, "\(cli.errors)")
        #expect(cli.output.split(separator: "\n").count == 1)
    }

    /// Transfers are not paired on PostgreSQL yet; the pair is written into both ledgers alike.
    @Test("a transfer's rows are one entry in every format, and reports leave them out, the same on both stores")
    func sameTransfers() throws {
        let cli = try CLIHarness()
        let name = freshLedgerName()
        let options = try CLIHarness.postgresOptions(ledger: name)
        #expect(cli.run(PostgresReportTests.imports[0]) == 0, "\(cli.errors)")
        #expect(cli.run(options + PostgresReportTests.imports[0]) == 0, "\(cli.errors)")
        let pair = """
            INSERT INTO transfers (out_id, in_id, state) SELECT
                (SELECT min(t.id) FROM transactions t JOIN accounts a ON a.id = t.account_id
                    WHERE a.name LIKE 'Example Savings%' AND t.direction = 'debit' AND t.status = 'booked'),
                (SELECT min(t.id) FROM transactions t JOIN accounts a ON a.id = t.account_id
                    WHERE a.name NOT LIKE 'Example Savings%' AND t.direction = 'credit'
                        AND t.status = 'booked'),
                'confirmed'
            """
        try Ledger(path: cli.databasePath).database.execute(pair)
        let postgres = try PostgresLedger(
            connection: try PostgresConnection(try postgresServer().connectionString), name: name)
        try postgres.connection.execute(pair)
        #expect(try postgres.transferPartners(accountIDs: try postgres.allAccounts().map(\.id)).count == 2)
        for step in Self.formats.map({ ["export", "--to", $0] }) + [["report", "--by", "account"], ["report"]] {
            #expect(cli.run(step) == 0, "\(step): \(cli.errors)")
            let sqlite = cli.output
            #expect(cli.run(options + step) == 0, "\(step): \(cli.errors)")
            #expect(cli.output == sqlite, "\(step)")
        }
        // In the CSV, each side's row names the other bank account and the transfer's id.
        #expect(cli.run(options + ["export", "--to", "csv"]) == 0)
        let paired = cli.output.split(separator: "\n").filter { $0.hasSuffix(",1") }
        #expect(paired.count == 2)
        #expect(paired.allSatisfy { $0.contains(",Assets:Bank:") && $0.contains(",Liabilities:Bank:") })
    }
}
