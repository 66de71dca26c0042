import Foundation
import LedgerCore
import Testing

@testable import LedgerStore

@Suite("PostgresLedger copy sent in pieces")
struct PostgresCopyPiecesTests {
    /// 1,000 new rows of distinct days and amounts, with source ids: their text is several of the
    /// copy's pieces, so rows are on the server before the last one is written.
    static func drafts() -> [Draft] {
        let padding = String(repeating: "x", count: 100)
        return (0..<1_000).map { (index: Int) -> Draft in
            let day = String(format: "2024-%02d-%02d", 1 + index / 28 % 12, 1 + index % 28)
            return makeDraft("Row \(index) \(padding)", -Int64(1 + index), on: day, id: "R\(index)", line: index + 2)
        }
    }

    /// What the batch does on a ledger whose copy is on or off, then a batch of new rows after it.
    static func saved(_ batch: [Draft], copying: Bool) throws -> (
        outcomes: [BatchOutcome], stored: [[String?]], copied: Int
    ) {
        let (ledger, account) = try PostgresBatchTests.makeLedger()
        ledger.rowsToCopy = copying ? 1 : .max
        let next = [makeDraft("After", -7, on: "2025-01-01", id: "After-1", line: 5_000)]
        let outcomes = [
            ledger.save(pendingRows(batch, accountID: account), importID: nil),
            ledger.save(pendingRows(next, accountID: account), importID: nil),
        ]
        #expect(try totalsMismatches(ledger.connection) == 0)
        return (outcomes, try PostgresBatchStatementsTests.contents(ledger.connection), ledger.copiedRuns)
    }

    @Test(
        "a row meeting an earlier one of its batch after pieces were sent: the copy stores nothing, the statements decide"
    )
    func lateRowMeetsAnEarlierOne() throws {
        var batch = Self.drafts()
        #expect(
            PostgresLedger.copyText(of: pendingRows(batch, accountID: 1), importID: nil).map(\.count) ?? 0
                > 2 * PostgresLedger.copyPieceBytes)
        // The last row repeats the fourth's source id, with another amount.
        batch[999] = makeDraft("Repeated", -9_999, on: "2024-12-01", id: "R3", line: 1_001)
        let copied = try Self.saved(batch, copying: true)
        let statements = try Self.saved(batch, copying: false)
        #expect(copied.outcomes == statements.outcomes)
        #expect(copied.stored == statements.stored)
        // Not stored by the copy, and the copy still tried for the next batch.
        #expect(copied.copied == 1)
        #expect(statements.copied == 0)
        #expect(copied.outcomes[1] == .saved(inserted: 1, duplicates: 0))
    }

    @Test(
        "a NUL in a batch's last row after pieces were sent: nothing stored, refused at its record as without the copy"
    )
    func lateNUL() throws {
        var batch = Self.drafts()
        batch[999] = makeDraft("a\u{0}b", -9_999, on: "2024-12-01", id: "R999", line: 1_001)
        let copied = try Self.saved(batch, copying: true)
        let statements = try Self.saved(batch, copying: false)
        guard case .notSaved(let error) = copied.outcomes[0] else {
            Issue.record("a NUL was saved")
            return
        }
        #expect(error.location.line == 1_001)
        #expect(copied.outcomes == statements.outcomes)
        #expect(copied.stored == statements.stored)
        // The batch of 1,000 stored nothing; the next one went by copy.
        #expect(copied.stored.filter { $0.count == 16 }.count == 1)
        #expect(copied.copied == 1)
    }
}
