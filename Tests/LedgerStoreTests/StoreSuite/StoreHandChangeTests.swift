import LedgerCore
import LedgerTestSupport
import Testing

@testable import LedgerStore

/// Changes by hand on both stores (issue 21), each test on a SQLite and a PostgreSQL ledger: dry
/// runs report what they would do and leave every row as it was; refusals throw their reason and
/// write nothing. What only a server can show (a change waiting for another writer's row lock,
/// concurrent catch-ups and quick adds) is in `PostgresHandChangesStoreTests`.
@Suite("Store changes by hand, on both stores")
struct StoreHandChangeTests {
    /// Two EUR accounts, Checking and Savings, each with a coffee on 1 March (a duplicate across
    /// them for a merge), and a row of its own.
    static func makeLedger(_ backend: StoreBackend) throws -> (StoreUnderTest, StoredAccount, StoredAccount) {
        let ledger = try backend.makeLedger()
        let checking = try ledger.account("Checking")
        let savings = try ledger.account("Savings")
        let rows =
            pendingRows(
                [makeDraft("Coffee", -350, on: "2024-03-01"), makeDraft("Rent", -90_000, on: "2024-03-02")],
                accountID: checking.id)
            + pendingRows(
                [
                    makeDraft("Coffee", -350, on: "2024-03-01", account: "Savings"),
                    makeDraft("Transfer", 50_000, on: "2024-03-03", account: "Savings"),
                ],
                accountID: savings.id)
        #expect(ledger.save(rows, importID: nil) == .saved(inserted: 4, duplicates: 0))
        return (ledger, checking, savings)
    }

    @Test(
        "dry runs of an edit, a rename, a set and a merge report what they would do and change nothing",
        arguments: StoreBackend.allCases)
    func dryRuns(backend: StoreBackend) throws {
        let (ledger, checking, savings) = try Self.makeLedger(backend)
        let before = try ledger.dump()
        let transactions = try ledger.transactions()
        let accounts = try ledger.store.allAccounts()
        let coffee = try #require(transactions.first { $0.description == "Coffee" })
        let edit = TransactionEdit(description: "Corner café", status: .pending, values: [.category: "Food"])
        let edited = try ledger.store.editTransaction(coffee.id, edit, dryRun: true)
        #expect(edited.after.first?.description == "Corner café")
        #expect(edited.after.first?.status == .pending)
        #expect(edited.after.first?.category == "Food")
        #expect(try ledger.store.renameAccount(checking, to: "Main", dryRun: true).name == "Main")
        #expect(try ledger.store.setAccount(savings, currency: nil, kind: .liability, dryRun: true).kind == .liability)
        let merge = try ledger.store.mergeAccount(savings, into: checking, dryRun: true)
        #expect(merge.duplicateTransactions == 1)
        #expect(merge.movedTransactions == 1)
        #expect(try ledger.dump() == before)
        #expect(try ledger.transactions() == transactions)
        #expect(try ledger.store.allAccounts() == accounts)
        #expect(try ledger.totalsMismatches() == 0)
    }

    @Test("a refused change throws its refusal and writes nothing", arguments: StoreBackend.allCases)
    func refusals(backend: StoreBackend) throws {
        let (ledger, checking, savings) = try Self.makeLedger(backend)
        let before = try ledger.dump()
        let transactions = try ledger.transactions()
        #expect(
            Self.reason { () throws(StoreError) in
                _ = try ledger.store.editTransaction(999_999, TransactionEdit(memo: "x"), dryRun: false)
            } == .correctionRefused(.unknownTransactions([999_999])))
        #expect(
            Self.reason { () throws(StoreError) in
                _ = try ledger.store.renameAccount(checking, to: "SAVINGS", dryRun: false)
            } == .accountChangeRefused(.nameTaken(wanted: "SAVINGS", existing: "Savings")))
        #expect(
            Self.reason { () throws(StoreError) in
                _ = try ledger.store.mergeAccount(savings, into: savings, dryRun: false)
            } == .accountChangeRefused(.mergeIntoItself("Savings")))
        #expect(
            Self.reason { () throws(StoreError) in
                _ = try ledger.store.setAccount(checking, currency: .USD, kind: .liability, dryRun: false)
            } == .accountChangeRefused(.currencyInUse(account: "Checking", rows: 2, currency: "EUR", wanted: "USD")))
        #expect(try ledger.dump() == before)
        #expect(try ledger.transactions() == transactions)
        #expect(try ledger.store.allAccounts().map(\.kind) == [.asset, .asset])
    }

    /// The reason a change was refused, or `nil` when it went through.
    static func reason(_ body: () throws(StoreError) -> Void) -> StoreError.Reason? {
        do {
            try body()
            return nil
        } catch {
            return error.reason
        }
    }
}
