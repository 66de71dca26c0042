import Foundation
import LedgerCore
import LedgerTestSupport
import Testing

@testable import LedgerStore

/// The changes by hand on a PostgreSQL ledger where the CLI tests can't look: an account change
/// reads its account under the row's lock, and concurrent catch-ups and quick adds (issue 21).
/// Dry runs and refusals run on both stores: `StoreHandChangeTests`.
@Suite("changes by hand on PostgreSQL: dry runs, refusals, locks")
struct PostgresHandChangesStoreTests {
    @Test("an account change waits for a writer holding the account's row, then works on what it committed")
    func renameWaitsForTheRow() throws {
        let (ledger, checking, _) = try Self.makeLedger()
        let target = try postgresServer().connectionString
        let name = ledger.name
        // Another writer renames Checking and holds its row.
        let holder = try postgresConnection()
        try holder.execute("SET search_path TO \"\(name)\"")
        try holder.execute("BEGIN")
        try holder.query("UPDATE accounts SET name = 'Main' WHERE id = $1", [String(checking.id)])
        let outcome = Outcome()
        let done = DispatchSemaphore(value: 0)
        Thread {
            outcome.set(
                Result { () throws(StoreError) -> StoredAccount in
                    let other = try PostgresLedger(connection: try PostgresConnection(target), name: name)
                    // The account as the command read it before the other writer committed.
                    return try other.renameAccount(checking, to: "Main", dryRun: false)
                })
            done.signal()
        }.start()
        let watcher = try postgresConnection()
        var isWaiting = false
        for _ in 0..<200 where !isWaiting {
            isWaiting =
                try integer(
                    watcher,
                    "SELECT count(*) FROM pg_stat_activity WHERE wait_event_type = 'Lock' AND query LIKE '%FOR UPDATE%'"
                )
                > 0
            if !isWaiting { Thread.sleep(forTimeInterval: 0.05) }
        }
        #expect(isWaiting)
        try holder.execute("COMMIT")
        done.wait()
        // Read under the lock, the account is named Main already: the rename is refused, not
        // written over the other writer's.
        guard case .failure(let error) = try #require(outcome.value) else {
            Issue.record("the rename was written over the other writer's")
            return
        }
        #expect(error.reason == .accountChangeRefused(.sameName("Main")))
    }

    @Test("two catch-ups at once (two imports ending together) write each charge once")
    func concurrentCatchUps() throws {
        let (ledger, checking, _) = try Self.makeLedger()
        let target = try postgresServer().connectionString
        let name = ledger.name
        let recurrence = try #require(Recurrence(unit: .month, interval: 1, first: Day(iso: "2024-01-31")!, until: nil))
        try ledger.addRecurringRule(
            NewRecurringRule(
                name: "Rent", accountID: checking.id, amount: Money(minorUnits: 120_000, currency: .EUR),
                direction: .debit, recurrence: recurrence, category: "Housing", settlement: .book))
        // A third connection holds the rule's row, so both catch-ups wait on it when it lets go.
        let holder = try postgresConnection()
        try holder.execute("SET search_path TO \"\(name)\"")
        try holder.execute("BEGIN")
        try holder.query("SELECT id FROM recurring_rules FOR UPDATE")
        let written = Written()
        let done = DispatchSemaphore(value: 0)
        for _ in 0..<2 {
            Thread {
                written.add(
                    Result { () throws(StoreError) -> Int in
                        let other = try PostgresLedger(connection: try PostgresConnection(target), name: name)
                        return try other.catchUpRecurring(through: Day(iso: "2024-04-15")!).written.count
                    })
                done.signal()
            }.start()
        }
        let watcher = try postgresConnection()
        var waiting: Int64 = 0
        for _ in 0..<200 where waiting < 2 {
            waiting = try integer(
                watcher,
                """
                SELECT count(*) FROM pg_stat_activity
                WHERE wait_event_type = 'Lock' AND query LIKE '%FROM recurring_rules ORDER BY id FOR UPDATE%'
                """)
            if waiting < 2 { Thread.sleep(forTimeInterval: 0.05) }
        }
        #expect(waiting == 2)
        try holder.execute("COMMIT")
        done.wait()
        done.wait()
        // January to March: three charges, written by one of the two; the other found them.
        #expect(try written.all.map { try $0.get() }.sorted() == [0, 3])
        #expect(try integer(ledger.connection, "SELECT count(*) FROM recurring_charges") == 3)
        #expect(try integer(ledger.connection, "SELECT count(*) FROM transactions WHERE description = 'Rent'") == 4)
        #expect(try totalsMismatches(ledger.connection) == 0)
    }

    @Test(
        "typed rows added at the same moment by several processes: each stored once, or refused whole to be typed again"
    )
    func concurrentAdds() throws {
        let (ledger, checking, _) = try Self.makeLedger()
        let target = try postgresServer().connectionString
        let name = ledger.name
        let (money, direction) = Money.fromSigned(-250, currency: .EUR)!
        let draft = Draft(
            account: "Checking", bookingDay: Day(iso: "2024-03-09")!, amount: money, direction: direction,
            description: "coffee", location: SourceLocation(file: "ledgerport add", line: 1, column: 1))
        let added = Added()
        let go = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        let workers = 4
        for _ in 0..<workers {
            Thread {
                let result = Result { () throws(StoreError) -> [Int64?] in
                    let other = try PostgresLedger(connection: try PostgresConnection(target), name: name)
                    go.wait()
                    return try (0..<5).map { _ throws(StoreError) in
                        try other.addTransaction(draft, accountID: checking.id, process: nil)
                    }
                }
                added.add(result)
                done.signal()
            }.start()
        }
        for _ in 0..<workers { go.signal() }
        for _ in 0..<workers { done.wait() }
        let ids = try added.all.flatMap { try $0.get() }
        let stored = ids.compactMap { $0 }
        #expect(ids.count == 20)
        #expect(Set(stored).count == stored.count)
        // Every id answered is a stored coffee, and every stored coffee was answered.
        #expect(
            try integer(ledger.connection, "SELECT count(*) FROM transactions WHERE description = 'coffee'")
                == stored.count)
        // Each add is an import of its own: complete when stored, stopped when refused.
        #expect(
            try integer(ledger.connection, "SELECT count(*) FROM imports WHERE status = 'complete'") == stored.count)
        #expect(try integer(ledger.connection, "SELECT count(*) FROM imports") == 20)
        #expect(try totalsMismatches(ledger.connection) == 0)
    }

    // MARK: - Fixture

    /// A ledger with Checking (a coffee, the rent) and Savings (the same coffee, a transfer).
    static func makeLedger() throws -> (PostgresLedger, StoredAccount, StoredAccount) {
        let ledger = try PostgresLedger(connection: try postgresConnection(), name: freshLedgerName())
        for name in ["Checking", "Savings"] {
            _ = try ledger.ensureAccount(named: name, kind: .asset, currency: .EUR)
        }
        let checking = try #require(try ledger.account(named: "Checking"))
        let savings = try #require(try ledger.account(named: "Savings"))
        func draft(_ account: String, _ description: String, _ signed: Int64, _ day: String) -> Draft {
            let (money, direction) = Money.fromSigned(signed, currency: .EUR)!
            return Draft(
                account: account, bookingDay: Day(iso: day)!, amount: money, direction: direction,
                description: description, location: SourceLocation(file: "fixture.csv", line: 1, column: 1))
        }
        let rows =
            pendingRows(
                [draft("Checking", "Coffee", -350, "2024-03-01"), draft("Checking", "Rent", -90_000, "2024-03-02")],
                accountID: checking.id)
            + pendingRows(
                [draft("Savings", "Coffee", -350, "2024-03-01"), draft("Savings", "Transfer", 50_000, "2024-03-03")],
                accountID: savings.id)
        #expect(ledger.save(rows, importID: nil) == .saved(inserted: 4, duplicates: 0))
        return (ledger, checking, savings)
    }
}

/// What a change run on another thread ended with.
private final class Outcome: @unchecked Sendable {
    private let lock = NSLock()
    private var result: Result<StoredAccount, StoreError>?

    func set(_ result: Result<StoredAccount, StoreError>) { lock.withLock { self.result = result } }

    var value: Result<StoredAccount, StoreError>? { lock.withLock { result } }
}

/// What the catch-ups run on other threads wrote.
private final class Written: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Result<Int, StoreError>] = []

    func add(_ result: Result<Int, StoreError>) { lock.withLock { results.append(result) } }

    var all: [Result<Int, StoreError>] { lock.withLock { results } }
}

/// What the adds run on other threads answered.
private final class Added: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Result<[Int64?], StoreError>] = []

    func add(_ result: Result<[Int64?], StoreError>) { lock.withLock { results.append(result) } }

    var all: [Result<[Int64?], StoreError>] { lock.withLock { results } }
}
