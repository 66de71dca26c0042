import FeedAdapter
import Foundation
import LedgerCore
import LedgerImport
import LedgerStore
import Testing

/// Two syncs of one feed at once (issue 11, defect 8): each used to apply every batch (3,301
/// applications for 1,651 batches). The second must see the first one's position once it holds
/// the write lock and apply only what is still new.
@Suite("FeedSync concurrency")
struct FeedSyncConcurrencyTests {
    /// A ledger file in the temporary folder, removed with its WAL files when released.
    final class LedgerFile {
        let path = NSTemporaryDirectory() + "feed-sync-concurrency-" + UUID().uuidString + ".sqlite"

        deinit {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }
    }

    /// Accounts A and B with `batches` transaction batches each (one row per batch) and a balance.
    private func feed(batches: Int) throws -> TestFeed {
        let feed = try TestFeed()
        try feed.accounts([TestFeed.asset("A"), TestFeed.asset("B")])
        for number in 1...batches {
            for account in ["A", "B"] {
                let id = "\(account.lowercased())\(number)"
                try feed.transactions(account, inserted: [TestFeed.transaction(id, account: account, "1.00")])
            }
        }
        try feed.balances(
            "A", [TestFeed.bookedBalance("bA", account: "A", "\(batches).00", "debit", day: "2024-01-31")])
        return feed
    }

    @Test("a sync that planned from the old position applies nothing the other sync applied meanwhile")
    func interleaved() throws {
        let feed = try feed(batches: 5)
        let file = LedgerFile()
        let first = try Ledger(path: file.path)
        let second = try Ledger(path: file.path)
        var firstReport: FeedSyncReport?
        var firstError: (any Error)?
        // The second sync reads every stream's position, writes the accounts stream, and then,
        // before it writes anything else, the first sync runs to its end.
        let secondSync = FeedSync(ledger: second) { _ in
            guard firstReport == nil, firstError == nil else { return }
            do {
                firstReport = try FeedSync(ledger: first).sync(folderAt: feed.path)
            } catch {
                firstError = error
            }
        }
        let secondReport = try secondSync.sync(folderAt: feed.path)
        #expect(firstError == nil)
        let firstRun = try #require(firstReport)
        #expect(firstRun.isComplete && secondReport.isComplete)
        // 1 accounts batch, 5 + 5 transaction batches, 1 balance batch: each applied once in all.
        #expect(secondReport.batches == 1)
        #expect(firstRun.batches == 11)
        for path in ["transactions/A", "transactions/B", "balances/A"] {
            let stream = try #require(secondReport.stream(path))
            #expect(stream.batches == 0)
            #expect(stream.inserted + stream.updated + stream.deleted == 0)
        }
        #expect(try first.transactions().count == 10)
        #expect(try first.syncPositions()["transactions/A"]?.lastSeq == 5)
    }

    @Test("two syncs of one feed on two threads apply each batch once between them")
    func concurrent() throws {
        let batches = 150  // two groups of up to 100 batches per transaction stream
        let feed = try feed(batches: batches)
        let file = LedgerFile()
        _ = try Ledger(path: file.path)  // migrated before the race, so both only sync
        let results = ConcurrentResults()
        let start = DispatchSemaphore(value: 0)
        let done = DispatchSemaphore(value: 0)
        let path = feed.path
        let ledgerPath = file.path
        for index in 0..<2 {
            Thread {
                start.wait()
                results.record(index) { try FeedSync(ledger: try Ledger(path: ledgerPath)).sync(folderAt: path) }
                done.signal()
            }.start()
        }
        start.signal()
        start.signal()
        done.wait()
        done.wait()
        let reports = try results.reports()
        #expect(reports.allSatisfy { $0.isComplete })
        #expect(reports.map(\.batches).reduce(0, +) == 1 + 2 * batches + 1)
        #expect(reports.map { $0.streams.reduce(0) { $0 + $1.inserted } }.reduce(0, +) == 2 + 2 * batches + 1)
        let ledger = try Ledger(path: file.path)
        #expect(try ledger.transactions().count == 2 * batches)
        #expect(try ledger.syncPositions()["transactions/B"]?.lastSeq == batches)
    }
}

/// The reports of syncs run on other threads; a lock orders the accesses.
private final class ConcurrentResults: @unchecked Sendable {
    private let lock = NSLock()
    private var results: [Int: Result<FeedSyncReport, any Error>] = [:]

    func record(_ index: Int, _ body: () throws -> FeedSyncReport) {
        let result = Result { try body() }
        lock.withLock { results[index] = result }
    }

    func reports() throws -> [FeedSyncReport] {
        try lock.withLock { try results.keys.sorted().compactMap { try results[$0]?.get() } }
    }
}
