import Foundation
import LedgerCore
import LedgerTestSupport
import Testing

@testable import LedgerStore

@Suite("PostgresLedger batches")
struct PostgresBatchTests {
    /// A ledger in a schema of its own, with one EUR account.
    static func makeLedger() throws -> (ledger: PostgresLedger, account: Int64) {
        let ledger = try PostgresLedger(connection: try postgresConnection(), name: freshLedgerName())
        return (ledger, try ledger.ensureAccount(named: "Checking", kind: .asset, currency: .EUR))
    }

    @Test("8 connections on 8 threads importing overlapping batches store the union exactly once")
    func concurrentImporters() throws {
        let (ledger, account) = try Self.makeLedger()
        let name = ledger.name
        let target = try postgresServer().connectionString
        let workers = 8
        let all = pendingRows(StoreBatchTests.statement(1_850), accountID: account)
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
