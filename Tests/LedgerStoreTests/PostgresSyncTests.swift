import Foundation
import LedgerCore
import LedgerTestSupport
import Testing

@testable import LedgerStore

@Suite("PostgresLedger feed positions and checkpoints")
struct PostgresSyncTests {
    /// A ledger with one EUR account, as a sync batch names it.
    static func makeLedger() throws -> (ledger: PostgresLedger, account: StoredAccount) {
        let (ledger, id) = try PostgresBatchTests.makeLedger()
        return (ledger, StoredAccount(id: id, name: "Checking", kind: .asset, currency: .EUR))
    }

    /// Batch `seq` of a feed: `count` rows with the feed's ids, from 2024-03-`day`.
    static func batch(_ seq: Int, of account: StoredAccount, count: Int = 3, day: Int = 1, stream: String = "feed")
        -> SyncBatch
    {
        let drafts = (0..<count).map { index in
            makeDraft(
                "Feed \(seq).\(index)", -Int64(100 * (index + 1)), on: String(format: "2024-03-%02d", day),
                id: "tx-\(seq)-\(index)", line: index + 1)
        }
        return SyncBatch(
            stream: stream, position: SyncPosition(epoch: "e1", lastSeq: seq, lastToken: "token-\(seq)"),
            account: account, upserts: pendingRows(drafts, accountID: account.id))
    }

    @Test("a batch's rows and the stream's position are written together; the same batch again is left alone")
    func positionWithRows() throws {
        let (ledger, account) = try Self.makeLedger()
        let connection = ledger.connection
        let first = try ledger.applySync([Self.batch(1, of: account)], after: nil)
        #expect(first.inserted == 3 && first.batches == 1 && first.alreadyApplied == 0)
        #expect(try ledger.syncPosition(of: "feed") == SyncPosition(epoch: "e1", lastSeq: 1, lastToken: "token-1"))
        let again = try ledger.applySync([Self.batch(1, of: account)], after: nil)
        #expect(again.batches == 0 && again.alreadyApplied == 1 && again.inserted == 0)
        // Two more batches in one call: the committed position is the last one's.
        let next = try ledger.applySync(
            [Self.batch(2, of: account, day: 2), Self.batch(3, of: account, day: 3)],
            after: SyncPosition(epoch: "e1", lastSeq: 1, lastToken: "token-1"))
        #expect(next.batches == 2 && next.inserted == 6)
        #expect(try ledger.syncPositions() == ["feed": SyncPosition(epoch: "e1", lastSeq: 3, lastToken: "token-3")])
        #expect(try integer(connection, "SELECT count(*) FROM transactions") == 9)
        #expect(try totalsMismatches(connection) == 0)
    }

    @Test("an update keeps the row's id and moves the totals; a deletion runs after the upserts")
    func updatesAndDeletions() throws {
        let (ledger, account) = try Self.makeLedger()
        let connection = ledger.connection
        try ledger.applySync([Self.batch(1, of: account)], after: nil)
        let id = try integer(connection, "SELECT id FROM transactions WHERE external_id = 'tx-1-0'")
        var changed = Self.batch(2, of: account, count: 0)
        changed.upserts = pendingRows(
            [makeDraft("Feed 1.0 corrected", -250, on: "2024-03-04", id: "tx-1-0")], accountID: account.id)
        changed.deletions = ["tx-1-1", "unknown"]
        let counts = try ledger.applySync([changed], after: SyncPosition(epoch: "e1", lastSeq: 1, lastToken: "token-1"))
        #expect(counts.updated == 1 && counts.deleted == 1 && counts.inserted == 0)
        #expect(try integer(connection, "SELECT id FROM transactions WHERE external_id = 'tx-1-0'") == id)
        #expect(try integer(connection, "SELECT sum(booked_net) FROM daily_totals") == -550)
        #expect(try totalsMismatches(connection) == 0)
    }

    @Test("a snapshot deletes the account's other rows with an id, and a row without one stays")
    func snapshot() throws {
        let (ledger, account) = try Self.makeLedger()
        let connection = ledger.connection
        try ledger.applySync([Self.batch(1, of: account, count: 4)], after: nil)
        #expect(
            ledger.save(pendingRows([makeDraft("Cash", -50, on: "2024-03-01")], accountID: account.id), importID: nil)
                == .saved(inserted: 1, duplicates: 0))
        var snapshot = Self.batch(2, of: account, count: 0)
        snapshot.upserts = pendingRows(
            [makeDraft("Feed 1.1", -200, on: "2024-03-01", id: "tx-1-1")], accountID: account.id)
        snapshot.replacesTransactions = true
        let counts = try ledger.applySync(
            [snapshot], after: SyncPosition(epoch: "e1", lastSeq: 1, lastToken: "token-1"))
        #expect(counts.deleted == 3 && counts.updated == 1)
        #expect(
            try connection.query("SELECT coalesce(external_id, description) FROM transactions ORDER BY 1").rows.map {
                $0.values[0]
            } == ["Cash", "tx-1-1"])
        #expect(try totalsMismatches(connection) == 0)
    }

    @Test("a restated statement balance moves its sync checkpoint, which is recomputed with the batch")
    func restatedBalance() throws {
        let (ledger, account) = try Self.makeLedger()
        func balance(_ amount: Int64, on day: String) -> StatementBalance {
            StatementBalance(
                account: "Checking", asOf: Day(iso: day)!, signedMinorUnits: amount, currency: .EUR,
                location: SourceLocation(file: "feed", line: 1, column: 1))
        }
        var first = Self.batch(1, of: account, day: 5)
        first.balances = [balance(1_000, on: "2024-03-10")]
        try ledger.applySync([first], after: nil)
        try ledger.checkpoint(account, asOf: Day(iso: "2024-02-29")!, actual: 1_600, source: .sync)
        let checked = try ledger.checkpoint(account, asOf: Day(iso: "2024-03-10")!, actual: 1_000, source: .sync)
        #expect(checked.status == .reconciled)
        // The feed restates the balance of the 10th: the checkpoint takes it and is now off by 100.
        var second = Self.batch(2, of: account, count: 0)
        second.balances = [balance(900, on: "2024-03-10")]
        let counts = try ledger.applySync([second], after: SyncPosition(epoch: "e1", lastSeq: 1, lastToken: "token-1"))
        #expect(counts.updated == 1)
        #expect(counts.refreshed.map(\.discrepancy) == [-100])
        #expect(try ledger.checkpoints(of: account).first?.actual == 900)
        #expect(
            try integer(ledger.connection, "SELECT amount FROM statement_balances WHERE as_of = '2024-03-10'") == 900)
    }

    @Test("a failing batch stores neither its rows nor the position")
    func failureStoresNothing() throws {
        let (ledger, account) = try Self.makeLedger()
        var broken = Self.batch(1, of: account)
        broken.upserts.append(
            PendingRow(
                draft: makeDraft("No id", -1, on: "2024-03-01", line: 9), accountID: account.id, fingerprint: 1,
                occurrence: 1))
        #expect(throws: StoreError.self) { try ledger.applySync([broken], after: nil) }
        #expect(try ledger.syncPosition(of: "feed") == nil)
        #expect(try integer(ledger.connection, "SELECT count(*) FROM transactions") == 0)
        #expect(!ledger.connection.isInTransaction)
    }

    @Test("two connections applying the same batch at once: exactly one applies it, the other finds it applied")
    func concurrentSyncs() throws {
        let (ledger, account) = try Self.makeLedger()
        let target = try postgresServer().connectionString
        let name = ledger.name
        try ledger.applySync([Self.batch(1, of: account)], after: nil)
        let start = SyncPosition(epoch: "e1", lastSeq: 1, lastToken: "token-1")
        // A third connection holds the stream's row, so both syncs are waiting on it when it lets go.
        let holder = try postgresConnection()
        try holder.execute("SET search_path TO \"\(name)\"")
        try holder.execute("BEGIN")
        try holder.query("SELECT * FROM sync_state WHERE stream = 'feed' FOR UPDATE")
        let results = SyncResults()
        let done = DispatchSemaphore(value: 0)
        for worker in 0..<2 {
            Thread {
                results.set(
                    worker, Self.sync(Self.batch(2, of: account, day: 2), after: start, target: target, name: name))
                done.signal()
            }.start()
        }
        // Both wait for the row lock before it is let go (seen from a fourth connection: a
        // transaction keeps its first look at pg_stat_activity).
        let watcher = try postgresConnection()
        var isWaitingTogether = false
        for _ in 0..<200 where !isWaitingTogether {
            let waiting = try integer(
                watcher,
                """
                SELECT count(*) FROM pg_stat_activity
                WHERE wait_event_type = 'Lock' AND query LIKE '%FROM sync_state WHERE stream = $1 FOR UPDATE%'
                """)
            isWaitingTogether = waiting >= 2
            if !isWaitingTogether { Thread.sleep(forTimeInterval: 0.05) }
        }
        #expect(isWaitingTogether)
        try holder.execute("COMMIT")
        done.wait()
        done.wait()
        let counts = try results.all.map { try $0.get() }
        #expect(counts.map(\.batches).sorted() == [0, 1])
        #expect(counts.map(\.alreadyApplied).sorted() == [0, 1])
        #expect(counts.map(\.inserted).sorted() == [0, 3])
        #expect(counts.map(\.updated) == [0, 0])
        #expect(try ledger.syncPosition(of: "feed")?.lastSeq == 2)
        #expect(try integer(ledger.connection, "SELECT count(*) FROM transactions") == 6)
        #expect(try totalsMismatches(ledger.connection) == 0)
    }

    @Test("two first syncs of a stream at once: one applies, the other is refused by the server and finds it applied")
    func concurrentFirstSyncs() throws {
        let (ledger, account) = try Self.makeLedger()
        let target = try postgresServer().connectionString
        let name = ledger.name
        for round in 1...4 {
            let stream = "feed-\(round)"
            let results = SyncResults()
            let go = DispatchSemaphore(value: 0)
            let done = DispatchSemaphore(value: 0)
            for worker in 0..<2 {
                Thread {
                    go.wait()
                    let batch = Self.batch(round, of: account, day: round, stream: stream)
                    results.set(worker, Self.sync(batch, after: nil, target: target, name: name))
                    done.signal()
                }.start()
            }
            go.signal()
            go.signal()
            done.wait()
            done.wait()
            let counts = try results.all.map { try $0.get() }
            #expect(counts.map(\.batches).sorted() == [0, 1])
            #expect(counts.map(\.inserted).sorted() == [0, 3])
        }
        #expect(try integer(ledger.connection, "SELECT count(*) FROM transactions") == 12)
        #expect(try ledger.syncPositions().count == 4)
    }

    @Test("a checkpoint compares the statement with the ledger; a sync recomputes the ones its rows touch")
    func checkpoints() throws {
        let (ledger, account) = try Self.makeLedger()
        let baseline = try ledger.checkpoint(account, asOf: Day(iso: "2024-02-29")!, actual: 10_000, source: .sync)
        #expect(baseline.status == .baseline && baseline.expected == nil)
        let later = try ledger.checkpoint(account, asOf: Day(iso: "2024-03-10")!, actual: 9_400, source: .sync)
        #expect(later.expected == 10_000 && later.discrepancy == -600 && later.status == .discrepancy)
        // The feed's rows for the window arrive after the checkpoint: it is recomputed in the same transaction.
        let counts = try ledger.applySync([Self.batch(1, of: account, day: 5)], after: nil)
        #expect(counts.refreshed.map(\.asOf) == [Day(iso: "2024-03-10")!])
        #expect(counts.refreshed.first?.status == .reconciled)
        let stored = try ledger.checkpoints(of: account)
        #expect(stored.map(\.asOf) == [Day(iso: "2024-03-10")!, Day(iso: "2024-02-29")!])
        #expect(stored.first?.expected == 9_400 && stored.first?.discrepancy == 0)
        // The same day again replaces the checkpoint rather than adding one.
        try ledger.checkpoint(account, asOf: Day(iso: "2024-03-10")!, actual: 9_000, source: .manual)
        #expect(try ledger.checkpoints(of: account).count == 2)
        #expect(try ledger.checkpoints(of: account).first?.discrepancy == -400)
    }

    /// One sync on its own connection; its counts or its error.
    private static func sync(_ batch: SyncBatch, after start: SyncPosition?, target: String, name: String)
        -> Result<SyncCounts, StoreError>
    {
        do throws(StoreError) {
            let ledger = try PostgresLedger(connection: try PostgresConnection(target), name: name)
            return .success(try ledger.applySync([batch], after: start))
        } catch {
            return .failure(error)
        }
    }
}

/// The syncs' outcomes, written from their threads.
private final class SyncResults: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Result<SyncCounts, StoreError>] = Array(repeating: .success(SyncCounts()), count: 2)

    func set(_ index: Int, _ result: Result<SyncCounts, StoreError>) { lock.withLock { results[index] = result } }

    var all: [Result<SyncCounts, StoreError>] { lock.withLock { results } }
}
