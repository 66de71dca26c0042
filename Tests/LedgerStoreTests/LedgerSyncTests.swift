import Foundation
import LedgerCore
import Testing

@testable import LedgerStore

@Suite("Ledger+Sync")
struct LedgerSyncTests {
    let ledger: Ledger
    let card: StoredAccount

    init() throws {
        ledger = try Ledger(path: ":memory:")
        card = try ledger.ensureAccount(
            AccountReference(name: "L1", kind: .liability, currency: .EUR), fallbackCurrency: .EUR)
    }

    private func row(_ id: String, _ signed: Int64, on day: String, status: TransactionStatus = .booked) -> PendingRow {
        let draft = makeDraft("Purchase \(id)", signed, on: day, account: "L1", id: id, status: status)
        return PendingRow(draft: draft, accountID: card.id, fingerprint: draft.fingerprint, occurrence: 1)
    }

    private func batch(_ seq: Int, upserts: [PendingRow] = [], deletions: [String] = [], replaces: Bool = false)
        -> SyncBatch
    {
        SyncBatch(
            stream: "transactions/L1", position: SyncPosition(epoch: "E1", lastSeq: seq, lastToken: "t\(seq)"),
            account: card, upserts: upserts, deletions: deletions, replacesTransactions: replaces)
    }

    /// Applies batches as a sync would: planned from the stream's position as stored now.
    @discardableResult
    private func apply(_ batches: SyncBatch..., on ledger: Ledger? = nil) throws -> SyncCounts {
        let ledger = ledger ?? self.ledger
        return try ledger.applySync(batches, after: try ledger.syncPosition(of: batches[0].stream))
    }

    @Test("a batch's rows and its stream position land in the same transaction")
    func positionWithChanges() throws {
        let before = ledger.commitCount
        let counts = try apply(batch(1, upserts: [row("a", -500, on: "2024-01-02")]))
        #expect(counts.inserted == 1)
        #expect(ledger.commitCount == before + 1)
        #expect(try ledger.syncPositions()["transactions/L1"] == SyncPosition(epoch: "E1", lastSeq: 1, lastToken: "t1"))
    }

    @Test("when the write fails, neither the rows nor the position are stored")
    func failureKeepsNeither() throws {
        ledger.injectFailureOnNextWrite(code: .full)
        #expect(throws: StoreError.self) { try apply(batch(1, upserts: [row("a", -500, on: "2024-01-02")])) }
        #expect(try ledger.syncPositions().isEmpty)
        #expect(try ledger.transactions().isEmpty)
    }

    @Test("an upsert of a stored id rewrites the row, day and status included, without a second row")
    func upsertByExternalID() throws {
        try apply(batch(1, upserts: [row("p", -380, on: "2024-01-05", status: .pending)]))
        let counts = try apply(batch(2, upserts: [row("p", -380, on: "2024-01-22")]))
        #expect((counts.inserted, counts.updated) == (0, 1))
        let rows = try ledger.transactions()
        #expect(rows.count == 1)
        #expect(rows.first?.status == .booked)
        #expect(rows.first?.bookingDay == Day(year: 2024, month: 1, day: 22))
    }

    @Test("a deletion of an unknown id is a no-op; a known one goes")
    func deletions() throws {
        try apply(batch(1, upserts: [row("a", -100, on: "2024-01-02")]))
        #expect(try apply(batch(2, deletions: ["zzz"])).deleted == 0)
        #expect(try apply(batch(3, deletions: ["a"])).deleted == 1)
        #expect(try ledger.transactions().isEmpty)
    }

    @Test("a snapshot deletes the account's synced rows it no longer holds, and keeps rows without an id")
    func snapshot() throws {
        try apply(batch(1, upserts: [row("a", -100, on: "2024-01-02"), row("b", -200, on: "2024-01-03")]))
        let manual = makeDraft("Cash", -50, on: "2024-01-04", account: "L1")
        _ = ledger.save(
            [PendingRow(draft: manual, accountID: card.id, fingerprint: manual.fingerprint, occurrence: 1)],
            importID: nil)
        let counts = try apply(batch(2, upserts: [row("b", -200, on: "2024-01-03")], replaces: true))
        #expect(counts.deleted == 1)
        #expect(try ledger.transactions().map { $0.externalID ?? "-" }.sorted() == ["-", "b"])
    }

    @Test("the newest booked statement balance is found by day")
    func newestBalance() throws {
        let balances = ["2024-01-31": Int64(-1000), "2024-02-29": -2000].map { day, amount in
            StatementBalance(
                account: "L1", asOf: Day(iso: day)!, signedMinorUnits: amount, currency: .EUR, location: .file("b.json")
            )
        }
        var batch = batch(1)
        batch.stream = "balances/L1"
        batch.balances = balances
        #expect(try apply(batch).inserted == 2)
        let newest = try #require(try ledger.newestStatementBalance(of: card))
        #expect(newest.asOf == Day(year: 2024, month: 2, day: 29))
        #expect(newest.signedMinorUnits == -2000)
    }

    // MARK: - Two syncs at once

    /// A ledger file shared by two connections, removed with its WAL files when released.
    final class SharedFile {
        let path = NSTemporaryDirectory() + "ledger-sync-" + UUID().uuidString + ".sqlite"

        deinit {
            for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: path + suffix) }
        }

        /// A connection with the card account (created by the first).
        func open() throws -> (Ledger, StoredAccount) {
            let ledger = try Ledger(path: path)
            let card = try ledger.ensureAccount(
                AccountReference(name: "L1", kind: .liability, currency: .EUR), fallbackCurrency: .EUR)
            return (ledger, card)
        }
    }

    private func batches(_ seqs: ClosedRange<Int>, card: StoredAccount) -> [SyncBatch] {
        seqs.map { seq in
            let draft = makeDraft("Purchase \(seq)", -100, on: "2024-01-02", account: "L1", id: "t\(seq)")
            return SyncBatch(
                stream: "transactions/L1", position: SyncPosition(epoch: "E1", lastSeq: seq, lastToken: "t\(seq)"),
                account: card,
                upserts: [PendingRow(draft: draft, accountID: card.id, fingerprint: draft.fingerprint, occurrence: 1)])
        }
    }

    @Test("a connection that planned from the old position applies nothing the other applied meanwhile")
    func secondConnectionSkips() throws {
        let file = SharedFile()
        let (first, card) = try file.open()
        let (second, _) = try file.open()
        // Both plan batches 1-3 from no stored position; the first applies them, then the second.
        let planned = try second.syncPosition(of: "transactions/L1")
        #expect(try first.applySync(batches(1...3, card: card), after: nil).batches == 3)
        let counts = try second.applySync(batches(1...3, card: card), after: planned)
        #expect((counts.batches, counts.alreadyApplied) == (0, 3))
        #expect((counts.inserted, counts.updated, counts.deleted) == (0, 0, 0))
        #expect(try second.transactions().count == 3)
    }

    @Test("a connection applies only the batches after the position the other one reached")
    func secondConnectionContinues() throws {
        let file = SharedFile()
        let (first, card) = try file.open()
        let (second, _) = try file.open()
        try first.applySync(batches(1...2, card: card), after: nil)
        let counts = try second.applySync(batches(1...5, card: card), after: nil)
        #expect((counts.batches, counts.alreadyApplied, counts.inserted) == (3, 2, 3))
        #expect(try second.syncPosition(of: "transactions/L1")?.lastSeq == 5)
    }

    @Test("batches the other connection went past, reading a longer feed, are all left alone")
    func otherWentFurther() throws {
        let file = SharedFile()
        let (first, card) = try file.open()
        let (second, _) = try file.open()
        try first.applySync(batches(1...5, card: card), after: nil)
        let planned = SyncPosition(epoch: "E1", lastSeq: 2, lastToken: "t2")
        let counts = try second.applySync(batches(3...4, card: card), after: planned)
        #expect((counts.batches, counts.alreadyApplied) == (0, 2))
        #expect(try second.syncPosition(of: "transactions/L1")?.lastSeq == 5)
    }

    @Test("a resync planned from the stored position applies its batches, even numbered below it")
    func resyncBelowStoredPosition() throws {
        try apply(batches(1...5, card: card)[0], batches(1...5, card: card)[4])
        var snapshot = batches(1...2, card: card)
        for index in snapshot.indices { snapshot[index].position.lastToken = "new\(index + 1)" }
        snapshot[0].replacesTransactions = true
        let counts = try ledger.applySync(snapshot, after: try ledger.syncPosition(of: "transactions/L1"))
        #expect((counts.batches, counts.alreadyApplied) == (2, 0))
        #expect(
            try ledger.syncPosition(of: "transactions/L1") == SyncPosition(epoch: "E1", lastSeq: 2, lastToken: "new2"))
        #expect(try ledger.transactions().map(\.externalID) == ["t1", "t2"])
    }

    // MARK: - Checkpoints the changes touch

    @Test("an update on a checkpointed day recomputes the checkpoint within the same commit")
    func refreshInSameCommit() throws {
        try apply(batch(1, upserts: [row("a", -1000, on: "2024-01-15"), row("b", -500, on: "2024-01-15")]))
        try ledger.checkpoint(card, asOf: Day(iso: "2024-01-10")!, actual: 0, source: .sync)
        try ledger.checkpoint(card, asOf: Day(iso: "2024-01-15")!, actual: -1500, source: .sync)
        let before = ledger.commitCount
        let counts = try apply(batch(2, upserts: [row("a", -1100, on: "2024-01-15")]))
        #expect(ledger.commitCount == before + 1)
        #expect(counts.refreshed.map(\.discrepancy) == [100])
        #expect(try ledger.checkpoints(of: card).first?.expected == -1600)
    }

    @Test("a checkpoint before every changed day is left as it was")
    func earlierCheckpointUntouched() throws {
        try apply(batch(1, upserts: [row("a", -1000, on: "2024-01-05")]))
        try ledger.checkpoint(card, asOf: Day(iso: "2024-01-01")!, actual: 0, source: .sync)
        try ledger.checkpoint(card, asOf: Day(iso: "2024-01-05")!, actual: -1000, source: .sync)
        let counts = try apply(batch(2, upserts: [row("b", -200, on: "2024-01-06")], deletions: ["zzz"]))
        #expect(counts.refreshed.isEmpty)
        #expect(try ledger.checkpoints(of: card).map(\.discrepancy) == [0, nil])
    }
}
