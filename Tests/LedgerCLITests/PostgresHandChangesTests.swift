import Foundation
import LedgerTestSupport
import Testing

@testable import LedgerCLI

/// The changes by hand on PostgreSQL (issue 21): `add`, each series of commands run on a SQLite
/// ledger and on a PostgreSQL ledger given the same input; every output, exit code and error
/// must be the same (the imports log's clock times aside).
@Suite("changes by hand on PostgreSQL do what they do on SQLite")
struct PostgresHandChangesTests {
    @Test("add prints and stores the same on both: followed titles, ASCII-only case, checkpoints, refusals")
    func sameQuickAdds() throws {
        let runs = try Self.runOnBoth(
            today: "2024-03-09",
            files: ["jan.csv": "Date,Description,Amount\n2024-03-01,Salary,2000.00\n2024-03-02,Café,-3.00\n"],
            steps: [
                ["import", "FILE:jan.csv", "--account", "Checking", "--currency", "EUR"],
                ["reconcile", "Checking", "--opening", "0.00", "--as-of", "2024-02-29"],
                ["reconcile", "Checking", "--balance", "1997.00", "--as-of", "2024-03-05"],
                ["add", "24.50 at the bakery yesterday", "--account", "Checking", "--dry-run"],
                ["add", "24.50 at the bakery yesterday", "--account", "Checking", "--dry-run", "--json"],
                ["add", "bakery 3.20 March 4", "--account", "Checking", "--category", "Bread", "--yes"],
                // The title followed whatever its ASCII case: its account and category.
                ["add", "BAKERY 4,10 today", "--yes", "--json"],
                // Twice the same row on one day: two rows, the second occurrence.
                ["add", "coffee 3", "--account", "Checking", "--yes"],
                ["add", "coffee 3", "--account", "Checking", "--yes", "--json"],
                // No account to follow: SQLite's NOCASE folds A-Z only, so "CAFÉ" is not "Café".
                ["add", "CAFÉ 2", "--yes"],
                ["add", "café 2", "--yes"],
                ["add", "coffee", "--account", "Checking", "--yes"],
                ["add", "coffee 2", "--account", "Nope", "--yes"],
                ["add", "coffee 2.555", "--account", "Checking", "--yes"],
                ["add", "coffee 2 USD", "--account", "Checking", "--yes"],
                ["transactions", "--json"], ["accounts", "--json"], ["imports", "--json"],
                ["reconcile", "Checking", "--json"],
            ])
        #expect(runs.map(\.code) == [0, 0, 0, 0, 0, 0, 0, 0, 0, 2, 0, 2, 1, 2, 2, 0, 0, 0, 0])
        // The add before the checkpoint's day moved it, and said so.
        #expect(runs[5].output.contains("the checkpoint of 2024-03-05 is now"), "\(runs[5].output)")
        let reason = "\"categoryReason\": \"like transaction 3 on 2024-03-04\""
        #expect(runs[6].output.contains(reason), "\(runs[6].output)")
        #expect(runs[9].errors.contains("Which account?"))
        // "café" is "Café" but for ASCII case: its account is followed.
        #expect(runs[10].output.hasSuffix("Checking\n"), "\(runs[10].output)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(runs[15].output.utf8)) as? [[String: Any]])
        #expect(rows.count == 7)
        #expect(rows.filter { $0["description"] as? String == "coffee" }.count == 2)
    }

    @Test("transactions edit prints and stores the same on both: corrections, status, values by hand, releases")
    func sameEdits() throws {
        let runs = try Self.runOnBoth(
            today: "2024-03-09",
            files: [
                "march.csv": """
                Date,Description,Amount
                2024-03-01,Salary,2000.00
                2024-03-02,Bakery,-3.20
                2024-03-03,Rent,-900.00

                """
            ],
            steps: [
                ["import", "FILE:march.csv", "--account", "Checking", "--currency", "EUR"],
                ["reconcile", "Checking", "--opening", "0.00", "--as-of", "2024-02-29"],
                ["reconcile", "Checking", "--balance", "1096.80", "--as-of", "2024-03-05"],
                ["transactions", "edit", "2", "--description", "Corner bakery", "--memo", "bread"],
                ["transactions", "edit", "2", "--status", "pending", "--dry-run"],
                ["transactions", "edit", "2", "--status", "pending"],
                ["transactions", "edit", "2", "--status", "booked", "--json"],
                [
                    "transactions", "edit", "3", "--category", "Housing", "--payee", "Landlord", "--note", "March",
                    "--tags", "home,fixed", "--counter-account", "Expenses:Rent",
                ],
                ["transactions", "edit", "3", "--category", "", "--json"],
                ["transactions", "edit", "3", "--release", "category", "--release", "payee", "--dry-run", "--json"],
                ["transactions", "edit", "3", "--release", "category", "--release", "note", "--release", "tags"],
                ["transactions", "edit", "99", "--memo", "nothing"],
                ["transactions", "--json"], ["accounts", "--json"], ["reconcile", "Checking", "--json"],
            ])
        #expect(runs.map(\.code) == [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0])
        #expect(runs[3].output.contains("changed 2's description from \"Bakery\" to \"Corner bakery\""))
        // Pending: the row leaves the checkpoint's sum, which then misses 3.20; booked again: it matches.
        #expect(runs[4].output.contains("would update the checkpoint"), "\(runs[4].output)")
        #expect(runs[5].output.contains("updated the checkpoint"), "\(runs[5].output)")
        #expect(runs[7].output.contains("changed 3's tags from \"\" to \"home fixed\""), "\(runs[7].output)")
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(runs[12].output.utf8)) as? [[String: Any]])
        let rent = try #require(rows.first { $0["id"] as? Int == 3 })
        #expect(rent["payee"] as? String == "Landlord")
        #expect(rent["category"] == nil || rent["category"] is NSNull)
        #expect(rent["counterAccount"] as? String == "Expenses:Rent")
    }

    @Test("accounts rename, set and merge print and store the same on both, refusals included")
    func sameAccountChanges() throws {
        let runs = try Self.runOnBoth(
            today: "2024-03-09",
            files: [
                "main.csv": "Date,Description,Amount\n2024-03-01,Salary,2000.00\n2024-03-02,Coffee,-3.00\n",
                "old.csv": "Date,Description,Amount\n2024-02-28,Rent,-900.00\n2024-03-02,Coffee,-3.00\n",
                "usd.csv": "Date,Description,Amount\n2024-03-04,Hotel,-120.00\n",
            ],
            steps: [
                ["import", "FILE:main.csv", "--account", "Checking", "--currency", "EUR"],
                ["import", "FILE:old.csv", "--account", "Old checking", "--currency", "EUR"],
                ["import", "FILE:usd.csv", "--account", "Travel", "--currency", "USD"],
                ["reconcile", "Old checking", "--balance", "-903.00", "--as-of", "2024-03-03"],
                ["reconcile", "Checking", "--balance", "1997.00", "--as-of", "2024-03-05"],
                // Only the case changes: allowed.
                ["accounts", "rename", "Checking", "checking"],
                ["accounts", "rename", "checking", "OLD CHECKING"],
                ["accounts", "rename", "checking", "checking"],
                ["accounts", "rename", "checking", "Main", "--dry-run"],
                ["accounts", "rename", "checking", "Main", "--json"],
                ["accounts", "set", "Main", "--currency", "USD"],
                ["accounts", "set", "Travel", "--currency", "EUR", "--json"],
                ["accounts", "set", "Main", "--type", "liability", "--dry-run"],
                ["accounts", "set", "Main", "--type", "liability", "--json"],
                ["accounts", "set", "Main", "--type", "liability"],
                ["accounts", "merge", "Main", "Travel"],
                ["accounts", "merge", "Main", "Main"],
                ["accounts", "merge", "Old checking", "Main", "--dry-run"],
                ["accounts", "merge", "Old checking", "Main", "--json"],
                ["accounts", "--json"], ["transactions", "--json"], ["reconcile", "Main", "--json"],
            ])
        #expect(runs.map(\.code) == [0, 0, 0, 0, 0, 0, 1, 1, 0, 0, 1, 1, 0, 0, 0, 1, 1, 0, 0, 0, 0, 0])
        #expect(runs[6].errors.contains("differs from the existing account \"Old checking\" only in case"))
        #expect(runs[10].errors.contains("\"Main\" holds 2 transactions in EUR"), "\(runs[10].errors)")
        #expect(runs[15].errors.contains("holds EUR and \"Travel\" holds USD"), "\(runs[15].errors)")
        let merge = try #require(try JSONSerialization.jsonObject(with: Data(runs[18].output.utf8)) as? [String: Any])
        // The coffee both accounts held is kept once; the rent moves, with the checkpoint.
        #expect(merge["movedTransactions"] as? Int == 1)
        #expect(merge["duplicateTransactions"] as? Int == 1)
        #expect(merge["movedCheckpoints"] as? Int == 1)
        let accounts = try #require(
            try JSONSerialization.jsonObject(with: Data(runs[19].output.utf8)) as? [[String: Any]])
        #expect(accounts.map { $0["name"] as? String } == ["Main", "Travel"])
        let rows = try #require(try JSONSerialization.jsonObject(with: Data(runs[20].output.utf8)) as? [[String: Any]])
        #expect(rows.count == 4)
    }

    @Test("recurring rules, their catch-up, the import's and the sync's, and upcoming print the same on both")
    func sameRecurring() throws {
        let feed = Fixture.repositoryRoot.appendingPathComponent("samples/feed").path
        let runs = try Self.runOnBoth(
            today: "2024-03-20",
            files: [
                "jan.csv": "Date,Description,Amount\n2024-01-02,Salary,3000.00\n",
                "gym.csv": "Date,Description,Amount\n2024-02-11,GYM CLUB,-30.00\n2024-03-09,GYM CLUB,-30.50\n",
            ],
            steps: [
                ["import", "FILE:jan.csv", "--account", "Checking", "--currency", "EUR"],
                ["reconcile", "Checking", "--opening", "0.00", "--as-of", "2024-01-01"],
                ["reconcile", "Checking", "--balance", "1800.00", "--as-of", "2024-02-01"],
                [
                    "recurring", "add", "Rent", "--account", "Checking", "--amount", "1200.00", "--direction", "debit",
                    "--every", "month", "--from", "2024-01-31", "--category", "Housing",
                ],
                [
                    "recurring", "add", "Gym", "--account", "Checking", "--amount", "30", "--direction", "debit",
                    "--every", "month", "--from", "2024-02-10", "--settle", "import", "--tolerance", "1",
                    "--json",
                ],
                [
                    "recurring", "add", "Rent", "--account", "Checking", "--amount", "5", "--direction", "debit",
                    "--every", "week", "--from", "2024-01-01",
                ],
                ["recurring"], ["recurring", "list", "--json"],
                ["recurring", "catch-up", "--through", "2024-02-15"],
                ["recurring", "catch-up", "--through", "2024-02-15", "--json"],
                // The import's catch-up: charges through today, and the gym's rows settle its charges.
                ["import", "FILE:gym.csv", "--account", "Checking"],
                ["recurring", "show", "Gym", "--json"], ["recurring", "show", "Rent"],
                ["recurring", "edit", "Rent", "--amount", "1250.00", "--json"],
                ["recurring", "stop", "Gym", "--on", "2024-03-31", "--json"],
                ["upcoming", "--from", "2024-02-01", "--to", "2024-05-31"],
                ["upcoming", "--from", "2024-02-01", "--to", "2024-05-31", "--account", "Checking", "--json"],
                ["transactions", "--with-upcoming", "--from", "2024-02-01", "--to", "2024-04-30", "--json"],
                ["recurring", "delete", "Rent"],
                [
                    "recurring", "add", "Cash", "--account", "Checking", "--amount", "10", "--direction", "debit",
                    "--every", "week", "--from", "2024-03-01",
                ],
                // The sync's catch-up.
                ["sync", feed],
                ["recurring", "delete", "Rent", "--with-charges", "--json"],
                ["transactions", "--json"], ["accounts", "--json"], ["reconcile", "Checking", "--json"],
                ["recurring", "--json"],
                // Unknown names: the same errors.
                ["recurring", "show", "Nope"], ["recurring", "stop", "Nope"], ["upcoming", "--account", "Nope"],
            ])
        #expect(
            runs.map(\.code) == [0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 1, 0, 0, 0, 0, 0, 0, 0, 1, 1, 1])
        #expect(runs[26].errors.contains("no recurring rule is named \"Nope\""), "\(runs[26].errors)")
        #expect(runs[8].output.contains("booked Rent on 2024-01-31"), "\(runs[8].output)")
        #expect(runs[10].errors.contains("note: recurring catch-up"), "\(runs[10].errors)")
        #expect(runs[10].errors.contains("settled 2"), "\(runs[10].errors)")
        #expect(runs[20].errors.contains("note: recurring catch-up booked 3"), "\(runs[20].errors)")
        let shown = try #require(try JSONSerialization.jsonObject(with: Data(runs[11].output.utf8)) as? [String: Any])
        #expect((shown["charges"] as? [[String: Any]])?.map { $0["state"] as? String } == ["settled", "settled"])
        #expect(runs[15].output.contains("upcoming"), "\(runs[15].output)")
    }

    // MARK: - Running on both stores

    struct Run {
        let code: Int32
        let output: String
        let errors: String
    }

    /// Runs each step on a SQLite ledger, then on a fresh PostgreSQL ledger, in one harness (with
    /// `today` and the files written there; `FILE:name` in a step is the file's path), and expects
    /// the same exit code, output and errors of each (the ledger's name in errors aside).
    ///
    /// - Returns: the SQLite runs, for the caller's own checks.
    static func runOnBoth(today: String, files: [String: String] = [:], steps: [[String]]) throws -> [Run] {
        let cli = try CLIHarness()
        cli.environment["LEDGERPORT_TODAY"] = today
        var paths: [String: String] = [:]
        for (name, text) in files { paths["FILE:" + name] = try cli.write(name, text) }
        let name = freshLedgerName()
        let options = try CLIHarness.postgresOptions(ledger: name)
        let shown = try LedgerTarget.resolve(option: options[1], ledgerOption: name, environment: [:]).shownName
        var runs: [Run] = []
        for step in steps {
            let arguments = step.map { paths[$0] ?? $0 }
            let sqlite = Run(code: cli.run(arguments), output: masked(cli.output), errors: cli.errors)
            let postgresCode = cli.run(options + arguments)
            #expect(postgresCode == sqlite.code, "\(step)")
            #expect(masked(cli.output) == sqlite.output, "\(step)")
            #expect(
                cli.errors.replacingOccurrences(of: shown, with: "LEDGER")
                    == sqlite.errors.replacingOccurrences(of: cli.databasePath, with: "LEDGER"), "\(step)")
            runs.append(sqlite)
        }
        return runs
    }

    /// The text with clock times masked: the two ledgers were written moments apart.
    static func masked(_ text: String) -> String {
        text.replacingOccurrences(
            of: #"\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d(\.\d+)?Z?"#, with: "<time>", options: .regularExpression)
    }
}
