import Foundation
import LedgerTestSupport
import Testing

@testable import LedgerCLI

/// `import` on a PostgreSQL ledger, each series of commands run on a SQLite ledger and on a
/// PostgreSQL ledger: every command's output, exit code and errors must be the same, and so must
/// the listings after them (the imports log's clock times aside).
@Suite("import on PostgreSQL does what it does on SQLite")
struct PostgresImportTests {
    /// A sample file's path in the repository.
    static func sample(_ path: String) -> String {
        Fixture.repositoryRoot.appendingPathComponent("samples/" + path).path
    }

    @Test(
        "the same imports and syncs print the same and store the same",
        arguments: [
            // A statement with a closing balance: its checkpoint.
            [["import", sample("ofx/checking-v102.ofx")]],
            // Again: every row a duplicate, nothing written twice.
            [["import", sample("ofx/checking-v102.ofx")], ["import", sample("ofx/checking-v102.ofx")]],
            // A dry run counts the duplicates the ledger holds, and writes nothing.
            [
                ["import", sample("ofx/checking-v102.ofx")],
                ["import", "--dry-run", sample("ofx/checking-v102.ofx"), sample("ofx/checking-v102-february.ofx")],
            ],
            // A dry run with no ledger yet: everything is new.
            [["import", "--dry-run", sample("ofx/card-v103.ofx")]],
            // Opening and closing balances (camt), a CSV, a card, with --json.
            [
                ["import", "--json", sample("camt/de-girokonto-2024-03.xml")],
                ["import", sample("csv/us-checking.csv")],
            ],
            [["import", sample("ofx/card-v103.ofx"), sample("ofx/checking-v220.ofx")]],
            // A file that stops: the batches before it stay, the report names the record.
            [["import", sample("csv/us-checking.csv"), "--batch-size", "2"], ["import", "--json", "/no/such.csv"]],
            // A feed folder synced (accounts, transactions, balances, a checkpoint), then again: up to date.
            [["sync", sample("feed")], ["sync", "--json", sample("feed")]],
            // The same feed as one file of lines, after an import into another account.
            [["import", sample("ofx/checking-v102.ofx")], ["sync", sample("feed.jsonl")]],
        ])
    func sameImports(steps: [[String]]) throws {
        try Self.expectSameOnBoth(steps + [["accounts"], ["transactions", "--json"], ["imports", "--json"]])
    }

    @Test("a later statement first, then the earlier one: the same rows, checkpoints and imports on both, ids aside")
    func laterStatementFirst() throws {
        let cli = try CLIHarness()
        let options = try cli.expectSameOnBoth([
            ["import", Self.sample("ofx/checking-v102-february.ofx")],
            ["import", Self.sample("ofx/checking-v102.ofx")],
            ["accounts"], ["imports", "--json"],
        ])
        // The earlier statement's batch met February's rows: its copy was given back, with the ids
        // its rows had been given, so PostgreSQL's ids have a gap there (docs/postgres.md).
        #expect(cli.run(["transactions", "--json"]) == 0)
        let sqlite = Self.maskedIDs(cli.output)
        #expect(cli.run(options + ["transactions", "--json"]) == 0)
        #expect(Self.maskedIDs(cli.output) == sqlite)
        #expect(sqlite.contains("\"id\": ID"))
    }

    /// The text with each transaction's `"id": N` masked.
    static func maskedIDs(_ text: String) -> String {
        text.replacingOccurrences(of: #""id": \d+"#, with: #""id": ID"#, options: .regularExpression)
    }

    @Test("checkpoints delete, its dry run and a day without one print the same on both stores")
    func sameCheckpointDeletion() throws {
        let account = "Example Savings Bank checking"
        // Not `transactions`: February's rows that January's import already holds leave gaps in
        // PostgreSQL's id sequence (docs/postgres.md), so the ids differ from SQLite's there.
        try Self.expectSameOnBoth([
            ["import", Self.sample("ofx/checking-v102.ofx"), Self.sample("ofx/checking-v102-february.ofx")],
            ["checkpoints", "delete", account, "2024-01-31", "--dry-run"],
            ["checkpoints", "delete", account, "2024-01-31", "--json"],
            ["checkpoints", "delete", account, "2024-01-31"],
            ["accounts", "--json"], ["imports"],
        ])
    }

    @Test("reconcile: the history, a checkpoint by hand, a source's refused and replaced, the same on both stores")
    func sameReconcile() throws {
        let account = "Example Savings Bank checking"
        try Self.expectSameOnBoth([
            // One statement: no duplicate leaves a gap in PostgreSQL's ids, so the candidates' ids agree.
            ["import", Self.sample("ofx/checking-v102.ofx")],
            ["reconcile", account], ["reconcile", account, "--json"],
            ["reconcile", account, "--opening", "100.00", "--as-of", "2023-12-31"],
            // Mid-January by hand: a discrepancy, with its candidates; the statement's checkpoint follows.
            ["reconcile", account, "--balance", "2000.00", "--as-of", "2024-01-15"],
            ["reconcile", account, "--balance", "1999.00", "--as-of", "2024-01-15", "--json"],
            // The January statement's checkpoint is a source's: refused, then replaced.
            ["reconcile", account, "--balance", "700.00", "--as-of", "2024-01-31"],
            ["reconcile", account, "--balance", "700.00", "--as-of", "2024-01-31", "--replace"],
            ["reconcile", account], ["accounts"],
        ])
    }

    @Test("transactions delete, its dry run, an unknown id, and a re-import that skips or restores the rows")
    func sameDeletion() throws {
        try Self.expectSameOnBoth([
            ["import", Self.sample("ofx/checking-v102.ofx")],
            ["transactions", "delete", "3", "--dry-run"],
            ["transactions", "delete", "3", "5", "--json"],
            ["transactions", "delete", "99"],
            ["import", Self.sample("ofx/checking-v102.ofx")],
            ["import", "--dry-run", Self.sample("ofx/checking-v102.ofx")],
            ["reconcile", "Example Savings Bank checking"],
            ["accounts"], ["transactions"],
            ["import", "--restore-deleted", Self.sample("ofx/checking-v102.ofx")],
            ["accounts"],
        ])
    }

    @Test("imports undo: rows handed to the other import that brought them, a dry run, twice, an unknown id")
    func sameUndo() throws {
        // Not `transactions`: February's duplicates leave gaps in PostgreSQL's ids (docs/postgres.md).
        try Self.expectSameOnBoth([
            ["import", Self.sample("ofx/checking-v102.ofx")],
            ["import", Self.sample("ofx/checking-v102-february.ofx")],
            ["imports", "undo", "1", "--dry-run"],
            ["imports", "undo", "1", "--json"],
            ["imports", "undo", "1"],
            ["imports", "undo", "9"],
            ["imports"], ["accounts", "--json"], ["reconcile", "Example Savings Bank checking", "--json"],
            ["imports", "undo", "2", "--json"],
            ["accounts"],
        ])
    }

    /// Runs each step on the SQLite ledger, then on a fresh PostgreSQL ledger: the same exit
    /// code, output and errors (the ledger named where it is).
    static func expectSameOnBoth(_ steps: [[String]]) throws {
        try CLIHarness().expectSameOnBoth(steps)
    }

    @Test("an import on PostgreSQL stores its rows and its checkpoint, and a second one adds nothing")
    func storesOnce() throws {
        let cli = try CLIHarness()
        let options = try CLIHarness.postgresOptions(ledger: freshLedgerName())
        let file = Self.sample("ofx/checking-v102.ofx")
        #expect(cli.run(options + ["import", "--json", file]) == 0)
        let first = try #require(try cli.json() as? [String: Any])
        let inserted = try #require(first["inserted"] as? Int)
        #expect(inserted > 0)
        #expect((first["checkpoints"] as? [Any])?.count == 1)
        #expect(cli.run(options + ["import", "--json", file]) == 0)
        let second = try #require(try cli.json() as? [String: Any])
        #expect(second["inserted"] as? Int == 0)
        #expect(second["duplicates"] as? Int == inserted)
        #expect(cli.run(options + ["transactions", "--json"]) == 0)
        #expect((try cli.json() as? [Any])?.count == inserted)
    }

    /// The text with clock times masked: the two ledgers were written moments apart.
    static func masked(_ text: String) -> String {
        text.replacingOccurrences(
            of: #"\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d(\.\d+)?Z?"#, with: "<time>", options: .regularExpression)
    }
}
