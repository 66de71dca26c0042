import Foundation
import LedgerTestSupport
import Testing

@testable import LedgerCLI

/// `report` and `report reconcile` on a PostgreSQL ledger: each series of commands run on a
/// SQLite ledger and on a PostgreSQL ledger must print the same, byte for byte, after an import,
/// a deletion and an import taken back; after a sync, the per-day totals both stores keep agree.
@Suite("reports on PostgreSQL print what they print on SQLite")
struct PostgresReportTests {
    static let checking = "Example Savings Bank checking"
    /// Where `report reconcile -o` writes, the same path for both stores.
    static let page = FileManager.default.temporaryDirectory.appendingPathComponent(
        "ledgerport-report-\(UUID().uuidString).html"
    ).path
    static let imports: [[String]] = [
        [
            "import", PostgresReadSupport.sample("ofx/checking-v102.ofx"),
            PostgresReadSupport.sample("ofx/card-v103.ofx"),
        ],
        ["import", PostgresReadSupport.sample("csv/us-checking.csv"), "--account", "US Checking"],
    ]

    /// Every form of `report`, and the reconciliation page of every account.
    static let reports: [[String]] = [
        ["report"], ["report", "--json"], ["report", "--by", "category"], ["report", "--by", "payee"],
        ["report", "--by", "payee", "--monthly", "--json"], ["report", "--by", "month"],
        ["report", "--by", "account", "--monthly"], ["report", "--by", "account", "--json"],
        ["report", "--from", "2024-01-05", "--to", "2024-02-10", "--by", "payee"],
        ["report", "--from", "2030-01-01"], ["report", "--net-worth"], ["report", "--net-worth", "--json"],
        ["report", "--net-worth", "--monthly"], ["report", "--net-worth", "--monthly", "--from", "2023-12-01"],
        ["report", "reconcile", "--all"],
        ["report", "reconcile", "--all", "--from", "2024-01-10", "--to", "2024-01-20"],
    ]

    @Test("after imports of several statements, every report is the same on both stores")
    func afterImport() throws {
        try PostgresReadSupport.expectSameOnBoth(
            Self.imports + Self.reports + [
                ["report", "--account", Self.checking, "--by", "month"],
                ["report", "--net-worth", "--account", Self.checking, "--monthly", "--json"],
                ["report", "reconcile", Self.checking],
                ["report", "reconcile", "--all", "-o", Self.page, "--json"],
                ["report", "reconcile", Self.checking, "-o", Self.page],
            ])
        try? FileManager.default.removeItem(atPath: Self.page)
    }

    @Test("after transactions delete, the reports count the rows left, the same on both stores")
    func afterDelete() throws {
        try PostgresReadSupport.expectSameOnBoth(
            [Self.imports[0], ["report", "--by", "payee"], ["transactions", "delete", "2", "3"]] + Self.reports)
    }

    @Test("after an import is taken back, the reports no longer count its rows, the same on both stores")
    func afterUndo() throws {
        try PostgresReadSupport.expectSameOnBoth(Self.imports + [["imports", "undo", "1"]] + Self.reports)
    }

    /// A sync pairs transfers on SQLite only so far (docs/postgres.md), and income and spending
    /// leave transfers out: the balances are compared here, the sums through the totals below.
    @Test("after a sync, the net worth and the reconciliation pages are the same on both stores")
    func afterSync() throws {
        try PostgresReadSupport.expectSameOnBoth(
            [["sync", PostgresReadSupport.sample("feed")], ["report", "--net-worth", "--monthly", "--json"]]
                + Self.reports.filter { $0.contains("reconcile") })
    }

    @Test(
        "the per-day totals reports read are SQLite's after each change",
        arguments: [
            imports, [["sync", PostgresReadSupport.sample("feed")]],
            [imports[0], ["transactions", "delete", "2", "3", "7"]], imports + [["imports", "undo", "2"]],
            [["sync", PostgresReadSupport.sample("feed")], ["transactions", "delete", "1", "4"]],
        ])
    func sameTotals(steps: [[String]]) throws {
        let cli = try CLIHarness()
        let name = freshLedgerName()
        let options = try CLIHarness.postgresOptions(ledger: name)
        for step in steps {
            #expect(cli.run(step) == 0, "\(step): \(cli.errors)")
            #expect(cli.run(options + step) == 0, "\(step): \(cli.errors)")
        }
        let sqlite = try PostgresReadSupport.totals(sqlite: cli.databasePath)
        #expect(sqlite.count > 5)
        #expect(try PostgresReadSupport.totals(postgres: name) == sqlite)
    }

    @Test("a report counts the rows: income, spending and the net worth are the ledger's on PostgreSQL")
    func reportHoldsTheRows() throws {
        let cli = try CLIHarness()
        let options = try CLIHarness.postgresOptions(ledger: freshLedgerName())
        #expect(cli.run(options + Self.imports[1]) == 0, "\(cli.errors)")
        #expect(cli.run(options + ["report", "--json"]) == 0, "\(cli.errors)")
        let report = try #require(try cli.json() as? [String: Any])
        let lines = try #require(report["lines"] as? [[String: Any]])
        #expect(lines.count == 1)
        // The ten rows of the file, every one booked.
        #expect(lines.first?["rows"] as? Int == 10)
        #expect(lines.first?["currency"] as? String == "USD")
    }

    @Test("a report of an account the ledger lacks is the same error on both stores")
    func unknownAccount() throws {
        let unknown = [["report", "--account", "Nope"], ["report", "reconcile", "Nope"]]
        try PostgresReadSupport.expectSameOnBoth([Self.imports[0]] + unknown, failing: unknown)
    }

    @Test("a report on a server without the ledger says there is none, as for a missing file")
    func missingLedger() throws {
        let cli = try CLIHarness()
        #expect(cli.run(try CLIHarness.postgresOptions(ledger: freshLedgerName()) + ["report"]) == 1)
        #expect(cli.errors.contains("no ledger at"))
    }
}
