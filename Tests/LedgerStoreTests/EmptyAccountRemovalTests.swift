import LedgerCore
import LedgerStore
import Testing

/// `ensureAccountNotingCreation` and `removeEmptyAccounts`: how a stopped import takes back the
/// accounts it created (issue 14).
@Suite("removing empty accounts")
struct EmptyAccountRemovalTests {
    @Test("the first call creates the account and says so; the next finds it")
    func notesCreation() throws {
        let ledger = try Ledger(path: ":memory:")
        let reference = AccountReference(name: "Checking", currency: .EUR)
        let first = try ledger.ensureAccountNotingCreation(reference, fallbackCurrency: .EUR)
        let second = try ledger.ensureAccountNotingCreation(reference, fallbackCurrency: .EUR)
        #expect(first.isNew)
        #expect(!second.isNew)
        #expect(first.account.id == second.account.id)
    }

    @Test("an empty account is removed; one holding a transaction stays")
    func removesOnlyEmpty() throws {
        let ledger = try Ledger(path: ":memory:")
        let empty = try ledger.ensureAccount(AccountReference(name: "Empty", currency: .EUR), fallbackCurrency: .EUR)
        let used = try ledger.ensureAccount(AccountReference(name: "Used", currency: .EUR), fallbackCurrency: .EUR)
        _ = ledger.save(
            rows([makeDraft("Coffee", -380, on: "2024-01-02", account: "Used")], account: used), importID: nil)
        #expect(try ledger.removeEmptyAccounts([empty.id, used.id]) == 1)
        #expect(try ledger.account(named: "Empty") == nil)
        #expect(try ledger.account(named: "Used") != nil)
        #expect(try ledger.removeEmptyAccounts([]) == 0)
    }
}
