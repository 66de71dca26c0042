import LedgerCore
import Testing

@testable import LedgerStore

/// Corrections on SQLite only: an undo failing midway (its fault injection) changes nothing. What
/// the corrections do runs on both stores in `StoreCorrectionTests`.
@Suite("Ledger corrections")
struct LedgerCorrectionsTests {
    let ledger: Ledger
    let checking: StoredAccount

    init() throws {
        ledger = try Ledger(path: ":memory:")
        checking = try ledger.ensureAccount(AccountReference(name: "Checking", currency: .EUR), fallbackCurrency: .EUR)
    }

    #if DEBUG
        @Test("an undo that fails midway changes nothing", arguments: [1, 3, 6])
        func undoWholeOrNothing(failingStep: Int) throws {
            try ledger.checkpoint(checking, asOf: day("2024-01-01"), actual: 10_000, source: .manual)
            let first = try ledger.beginImport(sourcePath: "jan.csv", adapter: "csv", mapping: nil)
            try save(
                [makeDraft("Coffee", -380, on: "2024-01-02"), makeDraft("Tea", -200, on: "2024-01-03")],
                importID: first)
            let second = try ledger.beginImport(sourcePath: "jan2.csv", adapter: "csv", mapping: nil)
            try save([makeDraft("Tea", -200, on: "2024-01-03")], importID: second)
            try ledger.checkpoint(checking, asOf: day("2024-01-31"), actual: 9_420, source: .manual)
            let before = try dump()
            ledger.injectFailure(onStep: failingStep, code: .ioError)
            #expect(throws: StoreError.self) { try ledger.undoImport(first) }
            #expect(try dump() == before)
        }
    #endif

    // MARK: - Helpers

    private func day(_ text: String) -> Day { Day(iso: text)! }

    private func save(_ drafts: [Draft], importID: Int64?) throws {
        guard case .saved = ledger.save(rows(drafts, account: checking), importID: importID) else {
            Issue.record("the batch was not saved")
            return
        }
    }

    private func dump() throws -> [String] {
        try StoreUnderTest(sqlite: ledger).dump()
    }
}
