import Foundation
import LedgerTestSupport
import Testing

@testable import LedgerCLI

/// `rules apply` and `rules explain` on a PostgreSQL ledger: each series of commands run on a
/// SQLite ledger and on a PostgreSQL ledger prints the same (``CLIHarness/expectSameOnBoth(_:)``).
@Suite("rules on PostgreSQL do what they do on SQLite")
struct PostgresRulesCommandTests {
    /// The rules rows are imported under.
    static let imported = """
        {"rules": [
          {"id": "salary", "when": {"description": "^payroll", "direction": "credit"}, "set": {"category": "Salary"}},
          {"id": "coffee", "when": {"description": "coffee", "amount": {"max": "10"}},
           "set": {"category": "Eating out", "tags": ["food"]}, "continue": true},
          {"id": "small", "when": {"amount": {"max": "5"}}, "set": {"note": "small", "category": "Small"}}
        ]}
        """
    /// The rules file after it changed: by format and by mapping, by account, a counter account.
    static let changed = """
        {"rules": [
          {"id": "rent", "when": {"description": "^rent", "dayOfMonth": [1, 2, 3]}, "set": {"category": "Rent"}},
          {"id": "coffee", "when": {"description": "coffee"}, "set": {"category": "Eating out"}},
          {"id": "ofx", "when": {"format": "ofx", "direction": "debit"},
           "set": {"category": "Card", "counterAccount": "Expenses:Card"}, "continue": true},
          {"id": "mapped", "when": {"mapping": "us-checking"}, "set": {"payee": "Mapped"}},
          {"id": "savings", "when": {"account": "Savings"}, "set": {"tags": ["saved", "kept"], "note": "savings"}}
        ]}
        """
    static let march = """
        Date,Description,Amount
        2024-03-01,Coffee Corner,-3.80
        2024-03-02,Rent March,-900.00
        2024-03-05,PAYROLL ACME,2150.00

        """
    static let savings = """
        Date,Description,Amount
        2024-03-03,Transfer in,500.00
        2024-03-04,Coffee beans,-4.20

        """

    /// A harness with the two rules files and the two CSV files written.
    static func files() throws -> (cli: CLIHarness, imported: String, changed: String, march: String, savings: String) {
        let cli = try CLIHarness()
        return (
            cli, try cli.write("imported.json", imported), try cli.write("changed.json", changed),
            try cli.write("march.csv", march), try cli.write("savings.csv", savings)
        )
    }

    @Test("rules apply: dry runs, an account and a window, the run, again, and back, the same on both stores")
    func sameApply() throws {
        let (cli, imported, changed, march, savings) = try Self.files()
        let postgres = try cli.expectSameOnBoth(
            [
                // Before any ledger: the same refusal.
                ["rules", "apply", "--rules", changed],
                ["import", march, "--account", "Checking", "--currency", "USD", "--rules", imported],
                ["import", savings, "--account", "Savings", "--currency", "USD", "--rules", imported],
                [
                    "import", PostgresImportTests.sample("csv/us-checking.csv"), "--mapping", "us-checking",
                    "--rules", imported,
                ],
                ["import", PostgresImportTests.sample("ofx/checking-v102.ofx"), "--rules", imported],
                ["rules", "apply", "--rules", changed, "--dry-run"],
                ["rules", "apply", "--rules", changed, "--dry-run", "--json"],
                ["rules", "apply", "--rules", changed, "--account", "Checking", "--from", "2024-03-02", "--json"],
                ["rules", "apply", "--rules", changed, "--from", "2024-01-01", "--to", "2024-01-15"],
                ["rules", "apply", "--rules", changed],
                ["rules", "apply", "--rules", changed, "--json"],
                ["transactions", "--json"],
                ["rules", "apply", "--rules", imported, "--account", "Savings", "--dry-run", "--json"],
                ["rules", "apply", "--rules", imported],
                ["transactions", "--json"],
                ["rules", "apply", "--rules", changed, "--account", "Nowhere"],
                ["accounts"],
            ])
        // The runs above changed rows on the server: the changed file has work to do again.
        #expect(cli.run(postgres + ["rules", "apply", "--rules", changed, "--json"]) == 0)
        let result = try #require(try cli.json() as? [String: Any])
        #expect(result["changed"] as? Int ?? 0 > 5)
        #expect((result["fields"] as? [String: Int])?["category"] ?? 0 > 3)
    }

    @Test("rules explain: a row each rule reads differently, --json, an unknown id, the same on both stores")
    func sameExplain() throws {
        let (cli, imported, changed, march, savings) = try Self.files()
        var steps = [
            ["rules", "explain", "1", "--rules", changed],
            ["import", march, "--account", "Checking", "--currency", "USD", "--rules", imported],
            ["import", savings, "--account", "Savings", "--currency", "USD", "--rules", imported],
            ["import", PostgresImportTests.sample("ofx/checking-v102.ofx"), "--rules", imported],
        ]
        for id in 1...7 {
            steps.append(["rules", "explain", String(id), "--rules", changed])
            steps.append(["rules", "explain", String(id), "--rules", imported, "--json"])
        }
        steps.append(["rules", "explain", "999", "--rules", changed])
        let postgres = try cli.expectSameOnBoth(steps)
        #expect(cli.run(postgres + ["rules", "explain", "4", "--rules", changed]) == 0)
        #expect(cli.output.contains("rule \"savings\" (line 7) matches"), "\(cli.output)")
    }

    @Test("`rules` and `rules test` need no ledger: they run with a PostgreSQL target without reaching it")
    func noLedger() throws {
        let cli = try CLIHarness()
        let rules = Fixture.repositoryRoot.appendingPathComponent("Tests/Fixtures/Rules/household.json").path
        let cases = Fixture.repositoryRoot.appendingPathComponent("Tests/Fixtures/Rules/household-cases.json").path
        let server = ["--db", "postgresql://u@localhost:1/none?ledger=books"]
        for arguments in [["rules", "--rules", rules], ["rules", "test", cases, "--rules", rules]] {
            #expect(cli.run(arguments) == 0)
            let sqlite = cli.output
            #expect(cli.run(server + arguments) == 0, "\(cli.errors)")
            #expect(cli.output == sqlite)
            #expect(!sqlite.isEmpty)
        }
    }
}

extension CLIHarness {
    /// Runs each step on this harness's SQLite ledger, then on a fresh PostgreSQL ledger: the same
    /// exit code, output (clock times masked) and errors (the ledger named where it is).
    ///
    /// - Returns: the global options that name the PostgreSQL ledger, for more runs there.
    @discardableResult
    func expectSameOnBoth(_ steps: [[String]]) throws -> [String] {
        let name = freshLedgerName()
        let options = try CLIHarness.postgresOptions(ledger: name)
        let shown = try LedgerTarget.resolve(option: options[1], ledgerOption: name, environment: [:]).shownName
        for step in steps {
            let sqliteCode = run(step)
            let sqlite = (output: PostgresImportTests.masked(output), errors: errors)
            let postgresCode = run(options + step)
            #expect(postgresCode == sqliteCode, "\(step)")
            #expect(PostgresImportTests.masked(output) == sqlite.output, "\(step)")
            #expect(
                errors.replacingOccurrences(of: shown, with: "LEDGER")
                    == sqlite.errors.replacingOccurrences(of: databasePath, with: "LEDGER"), "\(step)")
        }
        return options
    }
}
