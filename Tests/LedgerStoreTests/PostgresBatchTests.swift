import Foundation
import LedgerCore
import LedgerTestSupport
import Testing

@testable import LedgerStore

@Suite("PostgresLedger batches")
struct PostgresBatchTests {
    /// A statement's rows: two identical coffees (kept both, told apart by their occurrence),
    /// rows with the source's own ids, a pending row and a row with a category, over five days.
    static func statement(_ count: Int, from first: Int = 0) -> [Draft] {
        (first..<(first + count)).map { index in
            let day = String(format: "2024-03-%02d", 1 + index % 5)
            switch index % 4 {
            case 0: return makeDraft("Coffee", -350, on: "2024-03-01", line: index + 2)
            case 1: return makeDraft("Card \(index)", -Int64(100 + index), on: day, id: "FIT\(index)", line: index + 2)
            case 2:
                return makeDraft(
                    "Pending \(index)", -Int64(200 + index), on: day, status: .pending, line: index + 2)
            default:
                return Draft(
                    account: "Checking", bookingDay: Day(iso: day)!,
                    amount: Money(minorUnits: Int64(10_000 + index), currency: .EUR), direction: .credit,
                    description: "Salary \(index)", category: "Income",
                    location: SourceLocation(file: "test.csv", line: index + 2, column: 1))
            }
        }
    }

    /// A ledger in a schema of its own, with one EUR account.
    static func makeLedger() throws -> (ledger: PostgresLedger, account: Int64) {
        let ledger = try PostgresLedger(connection: try postgresConnection(), name: freshLedgerName())
        return (ledger, try ledger.ensureAccount(named: "Checking", kind: .asset, currency: .EUR))
    }

    @Test("a batch is stored whole, equal rows told apart by their occurrence, the totals kept")
    func storesBatch() throws {
        let (ledger, account) = try Self.makeLedger()
        let rows = pendingRows(Self.statement(100), accountID: account)
        #expect(rows.filter { $0.draft.description == "Coffee" }.map(\.occurrence) == Array(1...25))
        #expect(ledger.save(rows, importID: nil) == .saved(inserted: 100, duplicates: 0))
        let connection = ledger.connection
        #expect(try integer(connection, "SELECT count(*) FROM transactions") == 100)
        #expect(try integer(connection, "SELECT count(*) FROM transactions WHERE description = 'Coffee'") == 25)
        #expect(
            try integer(connection, "SELECT sum(amount) FROM transactions")
                == rows.reduce(0) { $0 + $1.draft.amount.minorUnits })
        #expect(try integer(connection, "SELECT count(*) FROM daily_totals") == 5)
        #expect(try integer(connection, "SELECT count(*) FROM report_totals WHERE category = 'Income'") == 5)
        #expect(try integer(connection, "SELECT volume FROM accounts") > 0)
        #expect(try totalsMismatches(connection) == 0)
    }

    @Test("the same batch again stores nothing and counts every row a duplicate, in the import's log too")
    func sameBatchAgain() throws {
        let (ledger, account) = try Self.makeLedger()
        let connection = ledger.connection
        let imports = try (1...2).map { _ in
            try integer(
                connection,
                """
                INSERT INTO imports (started_at, source_path, adapter, status)
                VALUES ('2024-03-06T00:00:00Z', 'march.csv', 'csv', 'running') RETURNING id
                """)
        }
        let rows = pendingRows(Self.statement(100), accountID: account)
        #expect(ledger.save(rows, importID: imports[0]) == .saved(inserted: 100, duplicates: 0))
        let net = try integer(connection, "SELECT sum(booked_net) FROM daily_totals")
        let volume = try integer(connection, "SELECT volume FROM accounts")
        #expect(ledger.save(rows, importID: imports[1]) == .saved(inserted: 0, duplicates: 100))
        #expect(try integer(connection, "SELECT count(*) FROM transactions") == 100)
        #expect(try integer(connection, "SELECT sum(booked_net) FROM daily_totals") == net)
        #expect(try integer(connection, "SELECT volume FROM accounts") == volume)
        #expect(try integer(connection, "SELECT duplicates FROM imports WHERE id = $1", [String(imports[1])]) == 100)
        #expect(try integer(connection, "SELECT inserted FROM imports WHERE id = $1", [String(imports[0])]) == 100)
        // Every row the second import met is claimed by it, so undoing the first would hand them over.
        #expect(
            try integer(connection, "SELECT count(*) FROM import_claims WHERE import_id = $1", [String(imports[1])])
                == 100)
        #expect(try totalsMismatches(connection) == 0)
    }

    @Test("a batch whose 50th row breaks a constraint stores none of it, the error at that row")
    func brokenBatchStoresNothing() throws {
        let (ledger, account) = try Self.makeLedger()
        var rows = pendingRows(Self.statement(100), accountID: account)
        rows[49].accountID = account + 1_000  // no such account: the foreign key refuses it
        guard case .notSaved(let error) = ledger.save(rows, importID: nil) else {
            Issue.record("the batch was saved")
            return
        }
        #expect(error.sqlState == .foreignKeyViolation)
        #expect(error.location == rows[49].draft.location)
        let connection = ledger.connection
        #expect(try integer(connection, "SELECT count(*) FROM transactions") == 0)
        #expect(try integer(connection, "SELECT count(*) FROM daily_totals") == 0)
        #expect(try integer(connection, "SELECT volume FROM accounts") == 0)
        // The connection is usable again: the transaction was rolled back.
        #expect(!connection.isInTransaction)
        #expect(ledger.save(Array(rows[0..<49]), importID: nil) == .saved(inserted: 49, duplicates: 0))
    }

    @Test("a booked row books the stored pending row with its id in place, and its pending twin without one")
    func booksPendingRows() throws {
        let (ledger, account) = try Self.makeLedger()
        let pending = [
            makeDraft("Hotel hold", -20_000, on: "2024-03-01", id: "H1", status: .pending),
            makeDraft("Taxi", -1_500, on: "2024-03-02", status: .pending),
        ]
        #expect(
            ledger.save(pendingRows(pending, accountID: account), importID: nil) == .saved(inserted: 2, duplicates: 0))
        let booked = [
            makeDraft("Hotel", -18_450, on: "2024-03-04", id: "H1", line: 7),
            makeDraft("Taxi", -1_500, on: "2024-03-02", line: 8),
        ]
        #expect(
            ledger.save(pendingRows(booked, accountID: account), importID: nil)
                == .saved(inserted: 0, duplicates: 0, booked: 2))
        let connection = ledger.connection
        #expect(try integer(connection, "SELECT count(*) FROM transactions WHERE status = 'booked'") == 2)
        #expect(try integer(connection, "SELECT amount FROM transactions WHERE external_id = 'H1'") == 18_450)
        #expect(try integer(connection, "SELECT sum(booked_net) FROM daily_totals") == -19_950)
        #expect(try totalsMismatches(connection) == 0)
        // Booked again: nothing left to book, all duplicates.
        #expect(
            ledger.save(pendingRows(booked, accountID: account), importID: nil) == .saved(inserted: 0, duplicates: 2))
    }

    @Test("a booked id stored for another day or amount stops the batch, naming both, and stores nothing")
    func refusesReusedID() throws {
        let (ledger, account) = try Self.makeLedger()
        let first = [makeDraft("Card", -1_000, on: "2024-03-01", id: "FIT9")]
        #expect(
            ledger.save(pendingRows(first, accountID: account), importID: nil) == .saved(inserted: 1, duplicates: 0))
        let second = [
            makeDraft("Other", -700, on: "2024-03-05", line: 3),
            makeDraft("Card", -1_200, on: "2024-03-06", id: "FIT9", line: 4),
        ]
        guard case .notSaved(let error) = ledger.save(pendingRows(second, accountID: account), importID: nil) else {
            Issue.record("the batch was saved")
            return
        }
        guard case .idReused(let id, let stored, let found) = error.reason else {
            Issue.record("unexpected error: \(error)")
            return
        }
        #expect(id == "FIT9")
        #expect(stored.hasPrefix("2024-03-01 -10.00 EUR"))
        #expect(found == "2024-03-06 -12.00 EUR")
        #expect(error.location.line == 4)
        #expect(try integer(ledger.connection, "SELECT count(*) FROM transactions") == 1)
    }

    @Test("a deleted row is skipped and counted as deleted before, or restored when asked")
    func deletedRows() throws {
        let (ledger, account) = try Self.makeLedger()
        let rows = pendingRows(
            [makeDraft("Coffee", -350, on: "2024-03-01"), makeDraft("Card", -1_000, on: "2024-03-02", id: "FIT1")],
            accountID: account)
        #expect(ledger.save(rows, importID: nil) == .saved(inserted: 2, duplicates: 0))
        // What `transactions delete` leaves: the rows gone, their identities kept.
        try ledger.connection.execute(
            """
            INSERT INTO transaction_tombstones (account_id, day, fingerprint, discriminator, external_id, deleted_at)
                SELECT account_id, day, fingerprint, discriminator, external_id, '2024-03-03T00:00:00Z'
                FROM transactions;
            DELETE FROM transactions;
            """)
        #expect(ledger.save(rows, importID: nil) == .saved(inserted: 0, duplicates: 0, deletedBefore: 2))
        #expect(try integer(ledger.connection, "SELECT count(*) FROM transactions") == 0)
        ledger.restoresDeletedRows = true
        #expect(ledger.save(rows, importID: nil) == .saved(inserted: 2, duplicates: 0))
        #expect(try integer(ledger.connection, "SELECT count(*) FROM transaction_tombstones") == 0)
        #expect(try totalsMismatches(ledger.connection) == 0)
    }

    @Test(
        "an entry stored whole and then as its parts (or the reverse) stops the batch",
        arguments: [("B7", "B7/2"), ("B7/1", "B7")])
    func splitFamily(first: String, second: String) throws {
        let (ledger, account) = try Self.makeLedger()
        let whole = pendingRows([makeDraft("Batch", -5_000, on: "2024-03-01", id: first)], accountID: account)
        #expect(ledger.save(whole, importID: nil) == .saved(inserted: 1, duplicates: 0))
        let part = pendingRows(
            [makeDraft("Payment", -2_000, on: "2024-03-01", id: second, line: 9)], accountID: account)
        guard case .notSaved(let error) = ledger.save(part, importID: nil) else {
            Issue.record("the batch was saved")
            return
        }
        guard case .splitFamily(let id, _, _, _) = error.reason else {
            Issue.record("unexpected error: \(error)")
            return
        }
        #expect(id == second)
        #expect(error.location.line == 9)
        #expect(try integer(ledger.connection, "SELECT count(*) FROM transactions") == 1)
    }

    @Test("a withdrawal deletes the row with that id in order with the batch's rows, and again does nothing")
    func withdrawals() throws {
        let (ledger, account) = try Self.makeLedger()
        let rows = pendingRows(
            [
                makeDraft("Card", -1_000, on: "2024-03-02", id: "FIT1"),
                makeDraft("Shop", -400, on: "2024-03-02", id: "FIT2"),
            ],
            accountID: account)
        let withdrawal = BatchItem.withdraw(
            accountID: account, externalID: "FIT1", location: SourceLocation(file: "fix.ofx", line: 30, column: 1))
        let items = rows.map(BatchItem.insert) + [withdrawal]
        #expect(ledger.save(items, importID: nil) == .saved(inserted: 2, duplicates: 0, withdrawn: 1))
        let connection = ledger.connection
        #expect(try integer(connection, "SELECT count(*) FROM transactions") == 1)
        #expect(try integer(connection, "SELECT booked_net FROM daily_totals") == -400)
        #expect(try totalsMismatches(connection) == 0)
        // The withdrawn row comes back with the file and goes again: nothing changes.
        #expect(ledger.save(items, importID: nil) == .saved(inserted: 1, duplicates: 1, withdrawn: 1))
        #expect(try integer(connection, "SELECT count(*) FROM transactions") == 1)
        #expect(try totalsMismatches(connection) == 0)
    }

    @Test("deleting and editing rows keeps the totals equal to a plain sum (the triggers)")
    func triggersKeepTotals() throws {
        let (ledger, account) = try Self.makeLedger()
        let savings = try ledger.ensureAccount(named: "Savings", kind: .asset, currency: .EUR)
        #expect(ledger.save(pendingRows(Self.statement(100), accountID: account), importID: nil).isSaved)
        let connection = ledger.connection
        try connection.execute(
            """
            DELETE FROM transactions WHERE id IN (SELECT id FROM transactions WHERE status = 'booked' ORDER BY id LIMIT 3);
            UPDATE transactions SET amount = amount + 7, category = 'Moved'
                WHERE id = (SELECT min(id) FROM transactions WHERE status = 'booked');
            UPDATE transactions SET status = 'booked', day = '2024-03-09'
                WHERE id = (SELECT min(id) FROM transactions WHERE status = 'pending');
            UPDATE transactions SET status = 'pending'
                WHERE id = (SELECT max(id) FROM transactions WHERE status = 'booked');
            UPDATE transactions SET direction = 'credit'
                WHERE id = (SELECT max(id) FROM transactions WHERE status = 'booked' AND direction = 'debit');
            """)
        try connection.query(
            "UPDATE transactions SET account_id = $1 WHERE id = (SELECT max(id) FROM transactions WHERE status = 'booked')",
            [String(savings)])
        #expect(try integer(connection, "SELECT count(*) FROM daily_totals WHERE day = '2024-03-09'") == 1)
        #expect(
            try integer(connection, "SELECT count(*) FROM daily_totals WHERE account_id = $1", [String(savings)]) == 1)
        #expect(try totalsMismatches(connection) == 0)
    }

    @Test("8 connections on 8 threads importing overlapping batches store the union exactly once")
    func concurrentImporters() throws {
        let (ledger, account) = try Self.makeLedger()
        let name = ledger.name
        let target = try postgresServer().connectionString
        let workers = 8
        let all = pendingRows(Self.statement(1_850), accountID: account)
        // Worker w imports rows 150·w ..< 150·w + 800, in batches of 100: each row is sent by up to 6 workers.
        let slices = (0..<workers).map { worker in Array(all[(150 * worker)..<(150 * worker + 800)]) }
        let results = ResultsBox(count: workers)
        let done = DispatchSemaphore(value: 0)
        let start = DispatchSemaphore(value: 0)
        for worker in 0..<workers {
            let thread = Thread {
                start.wait()
                results.set(worker, Self.importSlice(slices[worker], target: target, name: name))
                done.signal()
            }
            thread.start()
        }
        for _ in 0..<workers { start.signal() }
        for _ in 0..<workers { done.wait() }
        var inserted = 0
        var duplicates = 0
        for outcome in results.all {
            switch outcome {
            case .success(let counts):
                inserted += counts.inserted
                duplicates += counts.duplicates
            case .failure(let error):
                Issue.record("a worker failed: \(error.message)")
            }
        }
        try expectUnionStoredOnce(
            ledger.connection, all: all, inserted: inserted, duplicates: duplicates, workers: workers)
    }

    /// One worker: its own connection and ledger, its rows in batches of 100.
    private static func importSlice(_ rows: [PendingRow], target: String, name: String)
        -> Result<(inserted: Int, duplicates: Int), StoreError>
    {
        do throws(StoreError) {
            let ledger = try PostgresLedger(connection: try PostgresConnection(target), name: name)
            var counts = (inserted: 0, duplicates: 0)
            for start in stride(from: 0, to: rows.count, by: 100) {
                switch ledger.save(Array(rows[start..<min(start + 100, rows.count)]), importID: nil) {
                case .saved(let inserted, let duplicates, _, _, _):
                    counts.inserted += inserted
                    counts.duplicates += duplicates
                case .notSaved(let error):
                    return .failure(error)
                }
            }
            return .success(counts)
        } catch {
            return .failure(error)
        }
    }
}

/// The workers' outcomes, written from their threads.
private final class ResultsBox: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Result<(inserted: Int, duplicates: Int), StoreError>]

    init(count: Int) {
        results = Array(repeating: .success((0, 0)), count: count)
    }

    func set(_ index: Int, _ result: Result<(inserted: Int, duplicates: Int), StoreError>) {
        lock.withLock { results[index] = result }
    }

    var all: [Result<(inserted: Int, duplicates: Int), StoreError>] { lock.withLock { results } }
}

extension BatchOutcome {
    fileprivate var isSaved: Bool {
        if case .saved = self { return true }
        return false
    }
}
