import LedgerCore
import Testing

@testable import LedgerStore

/// `save(inPlace:importID:)`, the importer's way in: each item is moved out of the batch while it
/// is saved and back in after, so the batch must come back as it went in, whatever became of it.
@Suite("Saving a batch in place")
struct SaveInPlaceTests {
    let ledger: Ledger
    let checking: StoredAccount

    init() throws {
        ledger = try Ledger(path: ":memory:")
        checking = try ledger.ensureAccount(AccountReference(name: "Checking", currency: .EUR), fallbackCurrency: .EUR)
    }

    @Test("a saved batch comes back unchanged, and is stored as the copying save stores it")
    func saved() throws {
        let drafts = [makeDraft("One", 100, on: "2024-01-01"), makeDraft("Two", -250, on: "2024-01-02", line: 3)]
        let original = rows(drafts, account: checking).map(BatchItem.insert)
        var batch = original
        #expect(ledger.save(inPlace: &batch, importID: nil) == .saved(inserted: 2, duplicates: 0))
        #expect(batch == original)
        #expect(ledger.save(inPlace: &batch, importID: nil) == .saved(inserted: 0, duplicates: 2))
        #expect(batch == original)
        #expect(try ledger.balance(of: checking) == -150)
    }

    @Test("a batch refused at a row in its middle (an id reused) comes back unchanged, nothing of it stored")
    func refusedInTheMiddle() throws {
        let stored = makeDraft("Stored", 100, on: "2024-01-01", id: "A1")
        #expect(ledger.save(rows([stored], account: checking), importID: nil) == .saved(inserted: 1, duplicates: 0))
        let drafts = [
            makeDraft("New", 200, on: "2024-01-02", line: 2),
            makeDraft("Reused", 300, on: "2024-01-03", id: "A1", line: 3),
            makeDraft("After", 400, on: "2024-01-04", line: 4),
        ]
        let original = rows(drafts, account: checking).map(BatchItem.insert)
        var batch = original
        guard case .notSaved(let error) = ledger.save(inPlace: &batch, importID: nil) else {
            Issue.record("the batch must be refused")
            return
        }
        #expect(error.location.line == 3)
        #expect(batch == original)
        #expect(try ledger.transactions().count == 1)
    }

    @Test("a batch refused after its rows (the account limit) comes back unchanged, with nothing stored")
    func refused() throws {
        let drafts = [
            makeDraft("Small", 500, on: "2024-01-01", line: 2), makeDraft("Huge", Int64.max, on: "2024-01-02", line: 3),
            makeDraft("Huge again", Int64.max, on: "2024-01-03", line: 4),
        ]
        let original = rows(drafts, account: checking).map(BatchItem.insert)
        var batch = original
        guard case .notSaved(let error) = ledger.save(inPlace: &batch, importID: nil) else {
            Issue.record("the batch must be refused")
            return
        }
        #expect(error.location.line == 3)
        #expect(batch == original)
        #expect(try ledger.transactions().isEmpty)
    }
}
