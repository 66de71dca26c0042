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

    @Test("two connections applying the same batch at once: exactly one applies it, the other finds it applied")
    func concurrentSyncs() throws {
        let (ledger, account) = try Self.makeLedger()
        let target = try postgresServer().connectionString
        let name = ledger.name
        try ledger.applySync([StoreSyncTests.batch(1, of: account)], after: nil)
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
                    worker,
                    Self.sync(StoreSyncTests.batch(2, of: account, day: 2), after: start, target: target, name: name))
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
                    let batch = StoreSyncTests.batch(round, of: account, day: round, stream: stream)
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
