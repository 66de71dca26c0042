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

    @Test("a batch's rows and its stream position land in the same transaction")
    func positionWithChanges() throws {
        let before = ledger.commitCount
        let counts = try ledger.applySync(batch(1, upserts: [row("a", -500, on: "2024-01-02")]))
        #expect(counts.inserted == 1)
        #expect(ledger.commitCount == before + 1)
        #expect(try ledger.syncPositions()["transactions/L1"] == SyncPosition(epoch: "E1", lastSeq: 1, lastToken: "t1"))
    }

    @Test("when the write fails, neither the rows nor the position are stored")
    func failureKeepsNeither() throws {
        ledger.injectFailureOnNextWrite(code: .full)
        #expect(throws: StoreError.self) { try ledger.applySync(batch(1, upserts: [row("a", -500, on: "2024-01-02")])) }
        #expect(try ledger.syncPositions().isEmpty)
        #expect(try ledger.transactions().isEmpty)
    }

    @Test("an upsert of a stored id rewrites the row, day and status included, without a second row")
    func upsertByExternalID() throws {
        try ledger.applySync(batch(1, upserts: [row("p", -380, on: "2024-01-05", status: .pending)]))
        let counts = try ledger.applySync(batch(2, upserts: [row("p", -380, on: "2024-01-22")]))
        #expect((counts.inserted, counts.updated) == (0, 1))
        let rows = try ledger.transactions()
        #expect(rows.count == 1)
        #expect(rows.first?.status == .booked)
        #expect(rows.first?.bookingDay == Day(year: 2024, month: 1, day: 22))
    }

    @Test("a deletion of an unknown id is a no-op; a known one goes")
    func deletions() throws {
        try ledger.applySync(batch(1, upserts: [row("a", -100, on: "2024-01-02")]))
        #expect(try ledger.applySync(batch(2, deletions: ["zzz"])).deleted == 0)
        #expect(try ledger.applySync(batch(3, deletions: ["a"])).deleted == 1)
        #expect(try ledger.transactions().isEmpty)
    }

    @Test("a snapshot deletes the account's synced rows it no longer holds, and keeps rows without an id")
    func snapshot() throws {
        try ledger.applySync(batch(1, upserts: [row("a", -100, on: "2024-01-02"), row("b", -200, on: "2024-01-03")]))
        let manual = makeDraft("Cash", -50, on: "2024-01-04", account: "L1")
        _ = ledger.save(
            [PendingRow(draft: manual, accountID: card.id, fingerprint: manual.fingerprint, occurrence: 1)],
            importID: nil)
        let counts = try ledger.applySync(batch(2, upserts: [row("b", -200, on: "2024-01-03")], replaces: true))
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
        #expect(try ledger.applySync(batch).inserted == 2)
        let newest = try #require(try ledger.newestStatementBalance(of: card))
        #expect(newest.asOf == Day(year: 2024, month: 2, day: 29))
        #expect(newest.signedMinorUnits == -2000)
    }
}
