import Foundation
import LedgerCore
import LedgerTestSupport
import Testing

@testable import LedgerStore

@Suite("PostgresLedger listings")
struct PostgresReadingTests {
    /// A PostgreSQL ledger and a SQLite ledger holding the same rows.
    static func makeLedgers(rows count: Int) throws -> (postgres: PostgresLedger, sqlite: Ledger) {
        let drafts = StoreBatchTests.statement(count)
        let postgres = try PostgresLedger(connection: try postgresConnection(), name: freshLedgerName())
        let postgresAccount = try postgres.ensureAccount(named: "Checking", kind: .asset, currency: .EUR)
        #expect(postgres.save(pendingRows(drafts, accountID: postgresAccount), importID: nil).isSaved)
        let sqlite = try Ledger(path: ":memory:")
        let sqliteAccount = try sqlite.ensureAccount(
            AccountReference(name: "Checking", currency: .EUR), fallbackCurrency: .EUR)
        #expect(sqlite.save(pendingRows(drafts, accountID: sqliteAccount.id), importID: nil).isSaved)
        return (postgres, sqlite)
    }

    @Test(
        "a listing read through the cursor a few rows at a time is SQLite's, row for row",
        arguments: [
            TransactionQuery(),
            TransactionQuery(limit: 7),
            TransactionQuery(search: TextSearch("salary"), limit: 3),
            TransactionQuery(window: DayWindow.days(Day(iso: "2024-03-02"), through: Day(iso: "2024-03-03"))),
            TransactionQuery(category: TextSearch("income")),
        ])
    func cursorChunks(query: TransactionQuery) throws {
        let (postgres, sqlite) = try Self.makeLedgers(rows: 23)
        postgres.rowsPerFetch = 4
        var fromPostgres: [StoredTransaction] = []
        try postgres.transactions(matching: query) { fromPostgres.append($0) }
        var fromSQLite: [StoredTransaction] = []
        try sqlite.transactions(matching: query) { fromSQLite.append($0) }
        #expect(!fromSQLite.isEmpty)
        #expect(fromPostgres == fromSQLite)
    }

    @Test("accounts and their balances are SQLite's")
    func summaries() throws {
        let (postgres, sqlite) = try Self.makeLedgers(rows: 23)
        #expect(try postgres.accountSummaries() == sqlite.accountSummaries())
        #expect(try postgres.allAccounts() == sqlite.allAccounts())
    }
}
