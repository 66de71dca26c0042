import LedgerCore
import Testing

@testable import LedgerStore

/// Deleting and editing transactions: remembered against re-imports, identity kept, checkpoints
/// recomputed, one transaction each.
@Suite("Ledger transaction changes")
struct LedgerTransactionChangesTests {
    let ledger: Ledger
    let checking: StoredAccount
    let january = [
        makeDraft("Coffee", -380, on: "2024-01-02"), makeDraft("Tea", -200, on: "2024-01-03"),
        makeDraft("Refund", 1_000, on: "2024-01-04", id: "R1"),
    ]

    init() throws {
        ledger = try Ledger(path: ":memory:")
        checking = try ledger.ensureAccount(AccountReference(name: "Checking", currency: .EUR), fallbackCurrency: .EUR)
    }

    @Test("a deleted row is skipped by a re-import and counted as deleted before, not as new")
    func deletedRowStaysDeleted() throws {
        #expect(ledger.save(rows(january, account: checking), importID: nil) == .saved(inserted: 3, duplicates: 0))
        let ids = try ledger.transactions().filter { $0.description != "Tea" }.map(\.id)
        _ = try ledger.deleteTransactions(ids)
        #expect(try ledger.balance(of: checking) == -200)
        #expect(
            ledger.save(rows(january, account: checking), importID: nil)
                == .saved(inserted: 0, duplicates: 1, deletedBefore: 2))
        #expect(try ledger.transactions().map(\.description) == ["Tea"])
        #expect(ledger.check().isSound)
    }

    @Test("restoring deleted rows brings them back and forgets them")
    func restoreDeleted() throws {
        _ = ledger.save(rows(january, account: checking), importID: nil)
        _ = try ledger.deleteTransactions(try ledger.transactions().map(\.id))
        ledger.restoresDeletedRows = true
        #expect(ledger.save(rows(january, account: checking), importID: nil) == .saved(inserted: 3, duplicates: 0))
        ledger.restoresDeletedRows = false
        let count = try ledger.database.prepare("SELECT count(*) FROM transaction_tombstones").rows { $0.int(0) }
        #expect(count == [0])
        #expect(try ledger.balance(of: checking) == 420)
    }

    @Test("an unknown id deletes nothing; a dry run writes nothing")
    func deleteRefusedAndDryRun() throws {
        _ = ledger.save(rows(january, account: checking), importID: nil)
        let first = try #require(try ledger.transactions().first?.id)
        #expect(throws: StoreError.self) { try ledger.deleteTransactions([first, 999]) }
        #expect(try ledger.transactions().count == 3)
        #expect(try ledger.deleteTransactions([first], dryRun: true).before.count == 1)
        #expect(try ledger.transactions().count == 3)
    }

    @Test("deleting a row recomputes the checkpoint of its window")
    func deleteRecomputes() throws {
        try ledger.checkpoint(checking, asOf: Day(iso: "2024-01-01")!, actual: 0, source: .manual)
        _ = ledger.save(rows(january, account: checking), importID: nil)
        try ledger.checkpoint(checking, asOf: Day(iso: "2024-01-31")!, actual: 1_000, source: .manual)
        let outflows = try ledger.transactions().filter { $0.direction == .debit }.map(\.id)
        let deletion = try ledger.deleteTransactions(outflows)
        #expect(deletion.refreshed.map(\.status) == [.reconciled])
    }

    @Test("an edit changes description, memo and status, keeps identity, and a re-import still finds a duplicate")
    func editKeepsIdentity() throws {
        _ = ledger.save(rows(january, account: checking), importID: nil)
        let coffee = try #require(try ledger.transactions().first { $0.description == "Coffee" })
        let edit = try ledger.editTransaction(
            coffee.id, TransactionEdit(description: "Café Central", memo: "with Ana"))
        #expect(edit.after.first?.description == "Café Central" && edit.after.first?.memo == "with Ana")
        #expect(ledger.save(rows(january, account: checking), importID: nil) == .saved(inserted: 0, duplicates: 3))
        #expect(try ledger.transactions().first { $0.id == coffee.id }?.description == "Café Central")
    }

    @Test("a status change moves the row in or out of the day's totals and recomputes checkpoints")
    func editStatus() throws {
        try ledger.checkpoint(checking, asOf: Day(iso: "2024-01-01")!, actual: 0, source: .manual)
        _ = ledger.save(rows(january, account: checking), importID: nil)
        try ledger.checkpoint(checking, asOf: Day(iso: "2024-01-31")!, actual: 420, source: .manual)
        let coffee = try #require(try ledger.transactions().first { $0.description == "Coffee" })
        let edit = try ledger.editTransaction(coffee.id, TransactionEdit(status: .pending))
        #expect(edit.refreshed.map(\.discrepancy) == [-380])
        #expect(try ledger.balance(of: checking) == 800)
        _ = try ledger.editTransaction(coffee.id, TransactionEdit(status: .booked))
        #expect(try ledger.balance(of: checking) == 420)
        #expect(ledger.check().isSound)
    }

    @Test("a merge keeps the merged account's deleted rows deleted in the account it joins")
    func mergeKeepsTombstones() throws {
        let old = try ledger.ensureAccount(
            AccountReference(name: "Old checking", currency: .EUR), fallbackCurrency: .EUR)
        _ = ledger.save(rows(january, account: old), importID: nil)
        _ = try ledger.deleteTransactions(try ledger.transactions().map(\.id))
        _ = try ledger.mergeAccount(old, into: checking)
        #expect(
            ledger.save(rows(january, account: checking), importID: nil)
                == .saved(inserted: 0, duplicates: 0, deletedBefore: 3))
    }

    #if DEBUG
        @Test("a deletion that fails midway changes nothing")
        func deleteWholeOrNothing() throws {
            _ = ledger.save(rows(january, account: checking), importID: nil)
            let ids = try ledger.transactions().map(\.id)
            ledger.injectFailure(onStep: 6, code: .ioError)
            #expect(throws: StoreError.self) { try ledger.deleteTransactions(ids) }
            #expect(try ledger.transactions().count == 3)
            #expect(try ledger.balance(of: checking) == 420)
        }
    #endif
}
