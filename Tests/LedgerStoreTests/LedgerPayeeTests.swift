import LedgerCore
import Testing

@testable import LedgerStore

/// What schema version 11 stores: a transaction's payee, and the adapter's version and digest in
/// the imports log.
@Suite("Ledger payees and adapter provenance")
struct LedgerPayeeTests {
    let ledger: Ledger
    let checking: StoredAccount

    init() throws {
        ledger = try Ledger(path: ":memory:")
        checking = try ledger.ensureAccount(AccountReference(name: "Checking", currency: .EUR), fallbackCurrency: .EUR)
    }

    func withPayee(_ draft: Draft, _ payee: String?) -> Draft {
        Draft(
            account: draft.account, bookingDay: draft.bookingDay, transactionDay: draft.transactionDay,
            amount: draft.amount, direction: draft.direction, description: draft.description, memo: draft.memo,
            payee: payee, status: draft.status, externalID: draft.externalID, runningBalance: draft.runningBalance,
            location: draft.location)
    }

    @Test("a draft's payee is stored and read back; a draft without one stores NULL")
    func stored() throws {
        let drafts = [
            withPayee(makeDraft("CARD 1234 BEAN BAR", -380, on: "2024-01-02"), "Bean Bar"),
            makeDraft("Salary", 250_000, on: "2024-01-05"),
        ]
        #expect(ledger.save(rows(drafts, account: checking), importID: nil) == .saved(inserted: 2, duplicates: 0))
        #expect(try ledger.transactions(account: checking).map(\.payee) == ["Bean Bar", nil])
        let nulls = try ledger.database.prepare("SELECT count(*) FROM transactions WHERE payee IS NULL")
            .rows { row throws(StoreError) in row.int(0) }
        #expect(nulls == [1])
    }

    @Test("the payee is no part of a row's identity: the same row with another payee is a duplicate")
    func notIdentity() throws {
        let coffee = makeDraft("Coffee", -380, on: "2024-01-02")
        _ = ledger.save(rows([withPayee(coffee, "Bean Bar")], account: checking), importID: nil)
        let again = ledger.save(rows([withPayee(coffee, "Another Name")], account: checking), importID: nil)
        #expect(again == .saved(inserted: 0, duplicates: 1))
        #expect(try ledger.transactions(account: checking).map(\.payee) == ["Bean Bar"])
    }

    @Test("the imports log keeps the adapter's version and digest")
    func provenance() throws {
        let external = try ledger.beginImport(
            sourcePath: "march.json", adapter: "wise", mapping: nil, adapterVersion: "1.2.0",
            adapterSHA256: String(repeating: "ab", count: 32))
        _ = try ledger.beginImport(sourcePath: "jan.csv", adapter: "csv", mapping: nil, adapterVersion: "0.1.0")
        let records = try ledger.imports()
        #expect(records.map(\.adapterVersion) == ["0.1.0", "1.2.0"])
        #expect(records.map(\.adapterSHA256) == [nil, String(repeating: "ab", count: 32)])
        #expect(records.last?.id == external)
    }
}
