import LedgerCore
import Testing

@testable import LedgerStore

/// What schema version 13 stores: a transaction's category and its split lines.
@Suite("Ledger categories and split lines")
struct LedgerCategoryTests {
    let ledger: Ledger
    let checking: StoredAccount

    init() throws {
        ledger = try Ledger(path: ":memory:")
        checking = try ledger.ensureAccount(AccountReference(name: "Checking", currency: .EUR), fallbackCurrency: .EUR)
    }

    func filed(_ draft: Draft, _ category: String?, splits: [(String?, String, Int64)] = []) -> Draft {
        Draft(
            account: draft.account, bookingDay: draft.bookingDay, amount: draft.amount, direction: draft.direction,
            description: draft.description, category: category,
            splits: splits.map { category, memo, signed in
                let (money, direction) = Money.fromSigned(signed, currency: .EUR)!
                return SplitLine(category: category, memo: memo, amount: money, direction: direction)
            }, location: draft.location)
    }

    @Test("a draft's category and split lines are stored and read back in order; others store NULL and none")
    func stored() throws {
        let drafts = [
            filed(
                makeDraft("Corner Market", -10_000, on: "2024-01-02"), "Groceries",
                splits: [("Groceries", "food", -6_000), (nil, "", -5_000), ("[Savings]", "back", 1_000)]),
            filed(makeDraft("Transfer", -2_500, on: "2024-01-03"), "[Savings]"),
            makeDraft("Salary", 250_000, on: "2024-01-05"),
        ]
        #expect(ledger.save(rows(drafts, account: checking), importID: nil) == .saved(inserted: 3, duplicates: 0))
        let stored = try ledger.transactions(account: checking)
        #expect(stored.map(\.category) == ["Groceries", "[Savings]", nil])
        #expect(stored.map(\.splits) == drafts.map(\.splits))
        #expect(stored[0].splits.map(\.signedMinorUnits) == [-6_000, -5_000, 1_000])
        #expect(try ledger.transactions(ids: [stored[0].id]).first?.splits.count == 3)
    }

    @Test("the category is no part of a row's identity, and a duplicate's split lines are not stored twice")
    func notIdentity() throws {
        let market = makeDraft("Corner Market", -10_000, on: "2024-01-02")
        let split = filed(market, "Groceries", splits: [("Groceries", "", -6_000), ("Household", "", -4_000)])
        _ = ledger.save(rows([split], account: checking), importID: nil)
        let again = ledger.save(
            rows(
                [filed(split, "Other", splits: split.splits.map { ($0.category, "", $0.signedMinorUnits) })],
                account: checking), importID: nil)
        #expect(again == .saved(inserted: 0, duplicates: 1))
        let count = try ledger.database.prepare("SELECT count(*) FROM transaction_splits").rows {
            row throws(StoreError) in row.int(0)
        }
        #expect(count == [2])
    }

    @Test("deleting a split row deletes its lines")
    func deletedWithRow() throws {
        let split = filed(makeDraft("Market", -100, on: "2024-01-02"), nil, splits: [("A", "", -60), ("B", "", -40)])
        _ = ledger.save(rows([split], account: checking), importID: nil)
        try ledger.database.execute("DELETE FROM transactions")
        let count = try ledger.database.prepare("SELECT count(*) FROM transaction_splits").rows {
            row throws(StoreError) in row.int(0)
        }
        #expect(count == [0])
    }
}
