import Foundation
import LedgerCore
import LedgerTestSupport
import Testing

@testable import LedgerStore

/// The two stores a ledger can live in. The store suite (the `Store…Tests` suites of this folder)
/// runs each test on both (issue 21: one suite, parameterised, against a real server, not a mock):
/// a SQLite ledger in memory and a PostgreSQL ledger in a schema of its own on the test server.
enum StoreBackend: String, CaseIterable, CustomTestStringConvertible, Sendable {
    case sqlite
    case postgres

    var testDescription: String { self == .sqlite ? "SQLite" : "PostgreSQL" }

    /// A new, empty ledger in this store.
    func makeLedger() throws -> StoreUnderTest {
        switch self {
        case .sqlite: return StoreUnderTest(sqlite: try Ledger(path: ":memory:"))
        case .postgres:
            return StoreUnderTest(
                postgres: try PostgresLedger(connection: try postgresConnection(), name: freshLedgerName()))
        }
    }
}

/// Every store protocol a command holds a ledger by; both stores conform to all of them.
typealias AnyLedgerStore = SyncStore & TransactionEditStore & AccountChangeStore & QuickAddStore & RecurringStore
    & RuleStore & TransferStore & ExportReading & CommodityStore & LedgerChecking

/// A ledger of either store, as the suite drives it: through the store protocols every command
/// uses (`store`), with a few plain SQL probes that read the same on both schemas.
final class StoreUnderTest {
    /// The ledger, as the commands hold it.
    let store: any AnyLedgerStore
    private let sqlite: Ledger?
    private let postgres: PostgresLedger?

    init(sqlite: Ledger) {
        self.sqlite = sqlite
        postgres = nil
        store = sqlite
    }

    init(postgres: PostgresLedger) {
        self.postgres = postgres
        sqlite = nil
        store = postgres
    }

    /// The EUR asset account of that name, created on first use.
    func account(_ name: String = "Checking") throws -> StoredAccount {
        try store.ensureAccountNotingCreation(AccountReference(name: name, kind: .asset), fallbackCurrency: .EUR)
            .account
    }

    /// Opens a row in the imports log, as `import` does, and returns its id.
    func beginImport(_ path: String = "march.csv") throws -> Int64 {
        try store.beginImport(
            sourcePath: path, adapter: "csv", mapping: nil, adapterVersion: nil, adapterSHA256: nil, process: nil)
    }

    /// A checkpoint a source brought (the concrete stores' door for it; the protocols reach it
    /// through `importCheckpoint` and the sync).
    @discardableResult
    func checkpoint(_ account: StoredAccount, on day: String, actual: Int64, source: Checkpoint.Source) throws
        -> Checkpoint
    {
        let asOf = try #require(Day(iso: day))
        if let sqlite { return try sqlite.checkpoint(account, asOf: asOf, actual: actual, source: source) }
        return try #require(postgres).checkpoint(account, asOf: asOf, actual: actual, source: source)
    }

    /// Every row a query answers, each column as text (`nil` for NULL).
    func rows(_ sql: String) throws -> [[String?]] {
        if let sqlite {
            let statement = try sqlite.database.prepare(sql)
            let columns = statement.columnCount
            return try statement.rows { row in (0..<columns).map { row.optionalText($0) } }
        }
        return try #require(postgres).connection.query(sql).rows.map(\.values)
    }

    /// The first column of every row a query answers, as text (`nil` for NULL).
    func texts(_ sql: String) throws -> [String?] {
        try rows(sql).map { $0.first ?? nil }
    }

    /// The ledger's rows that corrections change, table by table, each row as one line: what a
    /// dry run or a refused change must leave exactly as it was.
    func dump() throws -> [String] {
        var lines: [String] = []
        for (table, columns) in [
            ("transactions", "id, account_id, day, amount, status, import_id"),
            ("transaction_tombstones", "account_id, day, fingerprint, discriminator, external_id"),
            ("statement_balances", "id, account_id, as_of, kind, amount"),
            ("checkpoints", "id, account_id, as_of, expected, actual, discrepancy, status, source"),
            ("daily_totals", "account_id, day, booked_net"),
            ("import_claims", "transaction_id, import_id"),
            ("imports", "id, undone_at"),
            ("accounts", "id, volume"),
        ] {
            let count = columns.split(separator: ",").count
            let order = (1...count).map(String.init).joined(separator: ", ")
            lines += try rows("SELECT \(columns) FROM \(table) ORDER BY \(order)").map { row in
                table + ": " + row.map { $0 ?? "NULL" }.joined(separator: "|")
            }
        }
        return lines
    }

    /// Every transaction, in the listing's order.
    func transactions() throws -> [StoredTransaction] {
        var all: [StoredTransaction] = []
        try store.transactions(matching: TransactionQuery()) { all.append($0) }
        return all
    }

    /// The one integer a query answers.
    func integer(_ sql: String) throws -> Int64 {
        let first = try texts(sql).first
        let text = try #require(first.flatMap { $0 }, "no row, or NULL: \(sql)")
        return try #require(Int64(text), "not an integer: \(sql)")
    }

    /// Saves rows as one batch through the import's door (``ImportStore/save(_:importID:)``).
    func save(_ rows: [PendingRow], importID: Int64?) -> BatchOutcome {
        store.save(rows.map(BatchItem.insert), importID: importID)
    }

    /// Saves a batch with withdrawals through the import's door.
    func save(_ items: [BatchItem], importID: Int64?) -> BatchOutcome {
        store.save(items, importID: importID)
    }

    /// Runs statements that answer nothing (a test's own changes behind the store's back).
    func execute(_ sql: String) throws {
        if let sqlite { return try sqlite.database.execute(sql) }
        try #require(postgres).connection.execute(sql)
    }

    /// Rows of `daily_totals`, `report_totals` and `accounts.volume` that differ from a plain sum
    /// of `transactions` (a key whose rows all went may keep zeros, on both stores).
    func totalsMismatches() throws -> Int64 {
        try Self.totalsMismatchQueries.reduce(0) { $0 + (try integer($1)) }
    }

    /// The three counts of ``totalsMismatches()``, in SQL both stores read alike.
    static let totalsMismatchQueries = [
        """
        SELECT count(*) FROM (
            SELECT account_id, day, sum(CASE direction WHEN 'credit' THEN amount ELSE -amount END) AS net
            FROM transactions WHERE status = 'booked' GROUP BY account_id, day) s
        FULL JOIN daily_totals d USING (account_id, day)
        WHERE s.net IS DISTINCT FROM d.booked_net AND NOT (s.net IS NULL AND d.booked_net = 0)
        """,
        """
        SELECT count(*) FROM (
            SELECT day, account_id, currency, direction, coalesce(category, '') AS category,
                sum(amount) AS amount, count(*) AS rows
            FROM transactions WHERE status = 'booked' GROUP BY 1, 2, 3, 4, 5) s
        FULL JOIN report_totals r USING (day, account_id, currency, direction, category)
        WHERE (s.amount IS DISTINCT FROM r.amount OR s.rows IS DISTINCT FROM r.rows)
            AND NOT (s.amount IS NULL AND r.amount = 0 AND r.rows = 0)
        """,
        """
        SELECT count(*) FROM accounts a
        WHERE volume <> (SELECT coalesce(sum(amount), 0) FROM transactions WHERE account_id = a.id)
        """,
    ]
}

extension BatchOutcome {
    /// Whether the batch was stored.
    var isSaved: Bool {
        if case .saved = self { return true }
        return false
    }
}
