import Foundation
import LedgerCore
import LedgerTestSupport
import Testing

@testable import LedgerStore

/// The listings that run on PostgreSQL, each run on a SQLite ledger and on a PostgreSQL ledger
/// holding the same rows: the output must be the same, byte for byte (the imports log's clock
/// times aside).
@Suite("listings on PostgreSQL print what they print on SQLite")
struct PostgresListingTests {
    @Test(
        "the same command prints the same on both stores",
        arguments: [
            ["accounts"], ["accounts", "--json"], ["imports"], ["imports", "--json"], ["transactions"],
            ["transactions", "--json"], ["transactions", "--account", "Checking"],
            ["transactions", "--account", "bills", "--from", "2024-03-02", "--to", "2024-03-03"],
            ["transactions", "--search", "COFFEE"], ["transactions", "--payee", "card"],
            ["transactions", "--category", "income"], ["transactions", "--limit", "3"],
            ["transactions", "--search", "coffee", "--limit", "2", "--json"],
        ])
    func sameOutput(arguments: [String]) throws {
        let (sqlite, postgres) = try Self.runOnBoth(arguments)
        #expect(sqlite.code == 0)
        #expect(postgres.code == sqlite.code)
        #expect(postgres.errors == sqlite.errors)
        #expect(postgres.output == sqlite.output)
        #expect(!sqlite.output.isEmpty)
    }

    @Test("the listings hold what was stored: balances from the checkpoint, every row, the log")
    func listingsHoldTheRows() throws {
        let (accounts, _) = try Self.runOnBoth(["accounts"])
        // Checking: checkpoint of 100.00 on 03-02, then the booked rows after it (03-03 .. 03-05).
        #expect(accounts.output.contains("Checking"))
        // 100.00 - 8.20 - 900.00: the pending refund doesn't count.
        #expect(accounts.output.contains("-808.20"))
        #expect(accounts.output.contains("bills"))
        let (all, _) = try Self.runOnBoth(["transactions"])
        #expect(all.output.split(separator: "\n").count == Self.drafts.count + 1)
        let (coffee, _) = try Self.runOnBoth(["transactions", "--search", "coffee"])
        // The two coffees, and the bakery whose memo holds "coffee".
        #expect(coffee.output.split(separator: "\n").count == 4)
        let (imports, _) = try Self.runOnBoth(["imports"])
        #expect(imports.output.contains("march.csv"))
        #expect(imports.output.contains("complete"))
    }

    @Test("an unknown --account is the same error on both")
    func unknownAccount() throws {
        let (sqlite, postgres) = try Self.runOnBoth(["transactions", "--account", "Nope"])
        #expect(sqlite.code == 1)
        #expect(postgres.code == 1)
        #expect(postgres.errors == sqlite.errors)
    }

    // MARK: - Fixture

    struct Run {
        let code: Int32
        let output: String
        let errors: String
    }

    /// Fills a SQLite ledger and a PostgreSQL ledger alike, runs the command on each.
    static func runOnBoth(_ arguments: [String]) throws -> (sqlite: Run, postgres: Run) {
        let cli = try CLIHarness()
        try FileManager.default.createDirectory(
            atPath: (cli.databasePath as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
        do {
            let ledger = try Ledger(path: cli.databasePath)
            for name in ["Checking", "bills"] {
                _ = try ledger.ensureAccount(AccountReference(name: name, currency: .EUR), fallbackCurrency: .EUR)
            }
            let importID = try ledger.beginImport(sourcePath: "march.csv", adapter: "csv", mapping: "bank")
            for name in ["Checking", "bills"] {
                let account = try #require(try ledger.account(named: name))
                let batch = rows(drafts.filter { $0.account == name }, accountID: account.id)
                #expect(ledger.save(batch, importID: importID) == .saved(inserted: batch.count, duplicates: 0))
            }
            try ledger.finishImport(importID, outcome)
            let checking = try #require(try ledger.account(named: "Checking"))
            try ledger.checkpoint(checking, asOf: Day(iso: "2024-03-02")!, actual: 10_000, source: .import)
        }
        let name = freshLedgerName()
        do {
            let ledger = try PostgresLedger(
                connection: try PostgresConnection(try postgresServer().connectionString), name: name)
            for name in ["Checking", "bills"] {
                _ = try ledger.ensureAccount(named: name, kind: .asset, currency: .EUR)
            }
            let importID = try ledger.beginImport(sourcePath: "march.csv", adapter: "csv", mapping: "bank")
            for name in ["Checking", "bills"] {
                let account = try #require(try ledger.account(named: name))
                let batch = rows(drafts.filter { $0.account == name }, accountID: account.id)
                #expect(ledger.save(batch, importID: importID) == .saved(inserted: batch.count, duplicates: 0))
            }
            try ledger.finishImport(importID, outcome)
            let checking = try #require(try ledger.account(named: "Checking"))
            try ledger.checkpoint(checking, asOf: Day(iso: "2024-03-02")!, actual: 10_000, source: .import)
        }
        let sqlite = Run(code: cli.run(arguments), output: masked(cli.output), errors: cli.errors)
        let postgres = Run(
            code: cli.run(try CLIHarness.postgresOptions(ledger: name) + arguments), output: masked(cli.output),
            errors: cli.errors)
        return (sqlite, postgres)
    }

    static let outcome = Ledger.ImportOutcome(
        sha256: "ab12", mapping: "bank", read: drafts.count, inserted: drafts.count, duplicates: 0, batches: 2,
        status: .complete, failure: nil)

    /// Rows of two accounts over four days: equal coffees, ids, a pending row, payees, categories, memos.
    static let drafts: [Draft] = {
        func draft(
            _ account: String, _ description: String, _ signed: Int64, _ day: String, memo: String = "",
            payee: String? = nil, category: String? = nil, status: TransactionStatus = .booked, id: String? = nil,
            line: Int
        ) -> Draft {
            let (money, direction) = Money.fromSigned(signed, currency: .EUR)!
            return Draft(
                account: account, bookingDay: Day(iso: day)!, amount: money, direction: direction,
                description: description, memo: memo, payee: payee, category: category, status: status,
                externalID: id, location: SourceLocation(file: "march.csv", line: line, column: 1))
        }
        return [
            draft("Checking", "Coffee", -350, "2024-03-01", line: 2),
            draft("Checking", "Coffee", -350, "2024-03-01", line: 3),
            draft("Checking", "Salary March", 250_000, "2024-03-02", payee: "Employer", category: "Income", line: 4),
            draft("Checking", "CARD 1234 Bakery", -820, "2024-03-03", memo: "coffee and bread", id: "F1", line: 5),
            draft("Checking", "Refund", 1_000, "2024-03-04", category: "Income:Refunds", status: .pending, line: 6),
            draft("Checking", "Rent", -90_000, "2024-03-05", category: "Housing", id: "F2", line: 7),
            draft("bills", "Power", -4_500, "2024-03-02", payee: "Card Energy", category: "Utilities", line: 8),
            draft("bills", "Water", -2_000, "2024-03-03", line: 9),
            draft("bills", "Phone", -1_999, "2024-03-04", line: 10),
        ]
    }()

    /// Rows as the importer would build them: occurrence numbers counted per fingerprint.
    static func rows(_ drafts: [Draft], accountID: Int64) -> [PendingRow] {
        var seen: [Int64: Int] = [:]
        return drafts.map { draft in
            let fingerprint = draft.fingerprint
            let occurrence = (seen[fingerprint] ?? 0) + 1
            seen[fingerprint] = occurrence
            return PendingRow(draft: draft, accountID: accountID, fingerprint: fingerprint, occurrence: occurrence)
        }
    }

    /// The text with clock times (the imports log's) masked: the two ledgers were written moments apart.
    static func masked(_ text: String) -> String {
        text.replacingOccurrences(
            of: #"\d{4}-\d\d-\d\d[T ]\d\d:\d\d:\d\d(\.\d+)?Z?"#, with: "<time>", options: .regularExpression)
    }
}
