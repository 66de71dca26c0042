import LedgerCore
import Testing

@testable import LedgerStore

/// Editing transactions (identity kept, checkpoints recomputed, one transaction each), and a
/// deletion failing midway. Deleting them runs on both stores in `StoreCorrectionTests`.
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
