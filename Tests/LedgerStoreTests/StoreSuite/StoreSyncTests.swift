import Foundation
import LedgerCore
import LedgerTestSupport
import Testing

@testable import LedgerStore

/// Feed positions and checkpoints on both stores: each test runs on a SQLite and on a PostgreSQL
/// ledger (issue 21). Two syncs racing on one feed need two connections to one ledger, which only
/// the server gives a test: those stay in `PostgresSyncTests`.
@Suite("Store feed positions and checkpoints, on both stores")
struct StoreSyncTests {
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
            stream: stream, position: position(seq), account: account,
            upserts: pendingRows(drafts, accountID: account.id))
    }

    /// The feed's position after batch `seq`.
    static func position(_ seq: Int) -> SyncPosition {
        SyncPosition(epoch: "e1", lastSeq: seq, lastToken: "token-\(seq)")
    }

    @Test(
        "a batch's rows and the stream's position are written together; the same batch again is left alone",
        arguments: StoreBackend.allCases)
    func positionWithRows(backend: StoreBackend) throws {
        let ledger = try backend.makeLedger()
        let account = try ledger.account()
        let first = try ledger.store.applySync([Self.batch(1, of: account)], after: nil)
        #expect(first.inserted == 3 && first.batches == 1 && first.alreadyApplied == 0)
        #expect(try ledger.store.syncPositions() == ["feed": Self.position(1)])
        let again = try ledger.store.applySync([Self.batch(1, of: account)], after: nil)
        #expect(again.batches == 0 && again.alreadyApplied == 1 && again.inserted == 0)
        // Two more batches in one call: the committed position is the last one's.
        let next = try ledger.store.applySync(
            [Self.batch(2, of: account, day: 2), Self.batch(3, of: account, day: 3)], after: Self.position(1))
        #expect(next.batches == 2 && next.inserted == 6)
        #expect(try ledger.store.syncPositions() == ["feed": Self.position(3)])
        #expect(try ledger.integer("SELECT count(*) FROM transactions") == 9)
        #expect(try ledger.totalsMismatches() == 0)
    }

    @Test(
        "an update keeps the row's id and moves the totals; a deletion runs after the upserts",
        arguments: StoreBackend.allCases)
    func updatesAndDeletions(backend: StoreBackend) throws {
        let ledger = try backend.makeLedger()
        let account = try ledger.account()
        try ledger.store.applySync([Self.batch(1, of: account)], after: nil)
        let id = try ledger.integer("SELECT id FROM transactions WHERE external_id = 'tx-1-0'")
        var changed = Self.batch(2, of: account, count: 0)
        changed.upserts = pendingRows(
            [makeDraft("Feed 1.0 corrected", -250, on: "2024-03-04", id: "tx-1-0")], accountID: account.id)
        changed.deletions = ["tx-1-1", "unknown"]
        let counts = try ledger.store.applySync([changed], after: Self.position(1))
        #expect(counts.updated == 1 && counts.deleted == 1 && counts.inserted == 0)
        #expect(try ledger.integer("SELECT id FROM transactions WHERE external_id = 'tx-1-0'") == id)
        #expect(try ledger.integer("SELECT sum(booked_net) FROM daily_totals") == -550)
        #expect(try ledger.totalsMismatches() == 0)
    }

    @Test(
        "a snapshot deletes the account's other rows with an id, and a row without one stays",
        arguments: StoreBackend.allCases)
    func snapshot(backend: StoreBackend) throws {
        let ledger = try backend.makeLedger()
        let account = try ledger.account()
        try ledger.store.applySync([Self.batch(1, of: account, count: 4)], after: nil)
        #expect(
            ledger.save(pendingRows([makeDraft("Cash", -50, on: "2024-03-01")], accountID: account.id), importID: nil)
                == .saved(inserted: 1, duplicates: 0))
        var snapshot = Self.batch(2, of: account, count: 0)
        snapshot.upserts = pendingRows(
            [makeDraft("Feed 1.1", -200, on: "2024-03-01", id: "tx-1-1")], accountID: account.id)
        snapshot.replacesTransactions = true
        let counts = try ledger.store.applySync([snapshot], after: Self.position(1))
        #expect(counts.deleted == 3 && counts.updated == 1)
        #expect(
            try ledger.texts("SELECT coalesce(external_id, description) FROM transactions ORDER BY 1")
                == ["Cash", "tx-1-1"])
        #expect(try ledger.totalsMismatches() == 0)
    }

    @Test(
        "a restated statement balance moves its sync checkpoint, which is recomputed with the batch",
        arguments: StoreBackend.allCases)
    func restatedBalance(backend: StoreBackend) throws {
        let ledger = try backend.makeLedger()
        let account = try ledger.account()
        func balance(_ amount: Int64, on day: String) -> StatementBalance {
            StatementBalance(
                account: "Checking", asOf: Day(iso: day)!, signedMinorUnits: amount, currency: .EUR,
                location: SourceLocation(file: "feed", line: 1, column: 1))
        }
        var first = Self.batch(1, of: account, day: 5)
        first.balances = [balance(1_000, on: "2024-03-10")]
        try ledger.store.applySync([first], after: nil)
        try ledger.checkpoint(account, on: "2024-02-29", actual: 1_600, source: .sync)
        let checked = try ledger.checkpoint(account, on: "2024-03-10", actual: 1_000, source: .sync)
        #expect(checked.status == .reconciled)
        // The feed restates the balance of the 10th: the checkpoint takes it and is now off by 100.
        var second = Self.batch(2, of: account, count: 0)
        second.balances = [balance(900, on: "2024-03-10")]
        let counts = try ledger.store.applySync([second], after: Self.position(1))
        #expect(counts.updated == 1)
        #expect(counts.refreshed.map(\.discrepancy) == [-100])
        #expect(try ledger.store.checkpoints(of: account).first?.actual == 900)
        #expect(try ledger.integer("SELECT amount FROM statement_balances WHERE as_of = '2024-03-10'") == 900)
    }

    @Test("a failing batch stores neither its rows nor the position", arguments: StoreBackend.allCases)
    func failureStoresNothing(backend: StoreBackend) throws {
        let ledger = try backend.makeLedger()
        let account = try ledger.account()
        var broken = Self.batch(1, of: account)
        broken.upserts.append(
            PendingRow(
                draft: makeDraft("No id", -1, on: "2024-03-01", line: 9), accountID: account.id, fingerprint: 1,
                occurrence: 1))
        #expect(throws: StoreError.self) { try ledger.store.applySync([broken], after: nil) }
        #expect(try ledger.store.syncPositions().isEmpty)
        #expect(try ledger.integer("SELECT count(*) FROM transactions") == 0)
        // The ledger takes the next sync: the failed one was rolled back.
        #expect(try ledger.store.applySync([Self.batch(1, of: account)], after: nil).inserted == 3)
    }

    @Test(
        "a checkpoint compares the statement with the ledger; a sync recomputes the ones its rows touch",
        arguments: StoreBackend.allCases)
    func checkpoints(backend: StoreBackend) throws {
        let ledger = try backend.makeLedger()
        let account = try ledger.account()
        let baseline = try ledger.checkpoint(account, on: "2024-02-29", actual: 10_000, source: .sync)
        #expect(baseline.status == .baseline && baseline.expected == nil)
        let later = try ledger.checkpoint(account, on: "2024-03-10", actual: 9_400, source: .sync)
        #expect(later.expected == 10_000 && later.discrepancy == -600 && later.status == .discrepancy)
        // The feed's rows for the window arrive after the checkpoint: it is recomputed in the same transaction.
        let counts = try ledger.store.applySync([Self.batch(1, of: account, day: 5)], after: nil)
        #expect(counts.refreshed.map(\.asOf) == [Day(iso: "2024-03-10")!])
        #expect(counts.refreshed.first?.status == .reconciled)
        let stored = try ledger.store.checkpoints(of: account)
        #expect(stored.map(\.asOf) == [Day(iso: "2024-03-10")!, Day(iso: "2024-02-29")!])
        #expect(stored.first?.expected == 9_400 && stored.first?.discrepancy == 0)
        // By hand on the feed's day: refused (nothing written) unless it replaces the feed's.
        let day = try #require(Day(iso: "2024-03-10"))
        #expect(throws: StoreError.self) {
            try ledger.store.checkpointByHand(
                account, asOf: day, actual: 9_000, isOpening: false, replacingSource: false)
        }
        #expect(try ledger.store.checkpoints(of: account).first?.actual == 9_400)
        let replaced = try ledger.store.checkpointByHand(
            account, asOf: day, actual: 9_000, isOpening: false, replacingSource: true)
        #expect(replaced.source == .manual && replaced.discrepancy == -400)
        #expect(try ledger.store.checkpoints(of: account).count == 2)
        #expect(try ledger.store.checkpoints(of: account).first?.discrepancy == -400)
    }
}
