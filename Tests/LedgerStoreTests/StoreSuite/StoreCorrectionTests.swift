import LedgerCore
import LedgerTestSupport
import Testing

@testable import LedgerStore

/// Changes by hand on both stores (issue 21), each test on a SQLite and a PostgreSQL ledger: a
/// checkpoint by hand against a source's, deleting a checkpoint, deleting transactions, undoing an
/// import. Each is one transaction, a dry run or a refusal writes nothing, and later checkpoints
/// are recomputed. A change failing midway is forced on SQLite only (its fault injection):
/// `LedgerCorrectionsTests`; on PostgreSQL the server's faults: `PostgresFaultTests`.
@Suite("Store corrections, on both stores")
struct StoreCorrectionTests {
    static let january = [
        makeDraft("Coffee", -380, on: "2024-01-02"), makeDraft("Tea", -200, on: "2024-01-03"),
        makeDraft("Refund", 1_000, on: "2024-01-04", id: "R1"),
    ]

    // MARK: - checkpoints by hand

    @Test(
        "a checkpoint by hand on a day a source's checkpoint holds is refused, naming it, and changes nothing",
        arguments: StoreBackend.allCases)
    func manualRefusedOverSource(backend: StoreBackend) throws {
        let ledger = try backend.makeLedger()
        let checking = try ledger.account()
        try ledger.checkpoint(checking, on: "2024-01-31", actual: -2390, source: .sync)
        let before = try ledger.dump()
        for isOpening in [false, true] {
            #expect {
                try ledger.store.checkpointByHand(
                    checking, asOf: day("2024-01-31"), actual: 2390, isOpening: isOpening, replacingSource: false)
            } throws: { error in
                guard let error = error as? StoreError, case .correctionRefused(.sourceCheckpoint) = error.reason else {
                    return false
                }
                return error.message.contains("(source sync, statement balance -23.90)")
                    && error.message.contains("--replace")
            }
        }
        #expect(try ledger.dump() == before)
    }

    @Test("a checkpoint by hand replaces a source's when asked to", arguments: StoreBackend.allCases)
    func manualReplacesWhenAsked(backend: StoreBackend) throws {
        let ledger = try backend.makeLedger()
        let checking = try ledger.account()
        try ledger.checkpoint(checking, on: "2024-01-31", actual: -2390, source: .import)
        let replaced = try ledger.store.checkpointByHand(
            checking, asOf: day("2024-01-31"), actual: 2390, isOpening: false, replacingSource: true)
        #expect(replaced.actual == 2390 && replaced.source == .manual)
        #expect(try ledger.store.checkpoint(of: checking, on: day("2024-01-31"))?.source == .manual)
    }

    @Test(
        "a checkpoint by hand replaces an earlier one by hand; an import's replaces a manual one",
        arguments: StoreBackend.allCases)
    func manualOverManual(backend: StoreBackend) throws {
        let ledger = try backend.makeLedger()
        let checking = try ledger.account()
        for actual: Int64 in [100, 200] {
            try ledger.store.checkpointByHand(
                checking, asOf: day("2024-01-31"), actual: actual, isOpening: false, replacingSource: false)
        }
        #expect(try ledger.store.checkpoint(of: checking, on: day("2024-01-31"))?.actual == 200)
        try ledger.checkpoint(checking, on: "2024-01-31", actual: 300, source: .import)
        #expect(try ledger.store.checkpoint(of: checking, on: day("2024-01-31"))?.actual == 300)
        #expect(try ledger.store.checkpoints(of: checking).count == 1)
    }

    // MARK: - checkpoints delete

    @Test(
        "deleting a checkpoint recomputes the later one from the checkpoint before it", arguments: StoreBackend.allCases
    )
    func deleteCheckpoint(backend: StoreBackend) throws {
        let ledger = try backend.makeLedger()
        let checking = try ledger.account()
        try save(ledger, [makeDraft("Coffee", -380, on: "2024-01-10"), makeDraft("Tea", -200, on: "2024-02-10")])
        for (on, actual) in [("2024-01-01", 10_000), ("2024-01-31", 5_000), ("2024-02-29", 9_420)] as [(String, Int64)]
        {
            try ledger.store.checkpointByHand(
                checking, asOf: day(on), actual: actual, isOpening: false, replacingSource: false)
        }
        #expect(try ledger.store.checkpoint(of: checking, on: day("2024-02-29"))?.status == .discrepancy)
        let deletion = try ledger.store.deleteCheckpoint(of: checking, on: day("2024-01-31"), dryRun: false)
        #expect(deletion.deleted.actual == 5_000)
        #expect(deletion.refreshed.map(\.status) == [.reconciled])
        #expect(try ledger.store.checkpoint(of: checking, on: day("2024-01-31")) == nil)
        #expect(try ledger.store.checkpoint(of: checking, on: day("2024-02-29"))?.expected == 9_420)
    }

    @Test(
        "a dry-run checkpoint deletion writes nothing; a day without one is refused", arguments: StoreBackend.allCases)
    func deleteCheckpointDryRunAndRefusal(backend: StoreBackend) throws {
        let ledger = try backend.makeLedger()
        let checking = try ledger.account()
        try ledger.store.checkpointByHand(
            checking, asOf: day("2024-01-31"), actual: 5_000, isOpening: false, replacingSource: false)
        let before = try ledger.dump()
        #expect(
            try ledger.store.deleteCheckpoint(of: checking, on: day("2024-01-31"), dryRun: true).deleted.actual == 5_000
        )
        #expect(try ledger.dump() == before)
        #expect {
            try ledger.store.deleteCheckpoint(of: checking, on: day("2024-01-30"), dryRun: false)
        } throws: { error in
            guard let error = error as? StoreError, case .correctionRefused(.noCheckpoint) = error.reason else {
                return false
            }
            return error.message.contains("2024-01-30")
        }
        #expect(try ledger.dump() == before)
    }

    // MARK: - transactions delete

    @Test(
        "a deleted row is skipped by a re-import and counted as deleted before, not as new",
        arguments: StoreBackend.allCases)
    func deletedRowStaysDeleted(backend: StoreBackend) throws {
        let ledger = try backend.makeLedger()
        let checking = try ledger.account()
        #expect(
            ledger.save(pendingRows(Self.january, accountID: checking.id), importID: nil)
                == .saved(inserted: 3, duplicates: 0))
        let ids = try ledger.transactions().filter { $0.description != "Tea" }.map(\.id)
        _ = try ledger.store.deleteTransactions(ids, dryRun: false)
        #expect(try ledger.store.checkpointedBalance(of: checking) == -200)
        #expect(
            ledger.save(pendingRows(Self.january, accountID: checking.id), importID: nil)
                == .saved(inserted: 0, duplicates: 1, deletedBefore: 2))
        #expect(try ledger.transactions().map(\.description) == ["Tea"])
        #expect(try ledger.totalsMismatches() == 0)
    }

    @Test("an unknown id deletes nothing; a dry run writes nothing", arguments: StoreBackend.allCases)
    func deleteRefusedAndDryRun(backend: StoreBackend) throws {
        let ledger = try backend.makeLedger()
        let checking = try ledger.account()
        _ = ledger.save(pendingRows(Self.january, accountID: checking.id), importID: nil)
        let first = try #require(try ledger.transactions().first?.id)
        let before = try ledger.dump()
        #expect {
            try ledger.store.deleteTransactions([first, 999_999], dryRun: false)
        } throws: { error in
            guard let error = error as? StoreError, case .correctionRefused(.unknownTransactions) = error.reason else {
                return false
            }
            return error.message.contains("999999")
        }
        #expect(try ledger.dump() == before)
        #expect(try ledger.store.deleteTransactions([first], dryRun: true).before.map(\.id) == [first])
        #expect(try ledger.dump() == before)
    }

    @Test("deleting a row recomputes the checkpoint of its window", arguments: StoreBackend.allCases)
    func deleteRecomputes(backend: StoreBackend) throws {
        let ledger = try backend.makeLedger()
        let checking = try ledger.account()
        try ledger.store.checkpointByHand(
            checking, asOf: day("2024-01-01"), actual: 0, isOpening: false, replacingSource: false)
        _ = ledger.save(pendingRows(Self.january, accountID: checking.id), importID: nil)
        try ledger.store.checkpointByHand(
            checking, asOf: day("2024-01-31"), actual: 1_000, isOpening: false, replacingSource: false)
        let outflows = try ledger.transactions().filter { $0.direction == .debit }.map(\.id)
        let deletion = try ledger.store.deleteTransactions(outflows, dryRun: false)
        #expect(deletion.refreshed.map(\.status) == [.reconciled])
        #expect(try ledger.store.checkpoint(of: checking, on: day("2024-01-31"))?.discrepancy == 0)
    }

    // MARK: - imports undo

    @Test("a re-import notes the rows it met as duplicates, and only those", arguments: StoreBackend.allCases)
    func claimsOnlyForDuplicates(backend: StoreBackend) throws {
        let ledger = try backend.makeLedger()
        let first = try ledger.beginImport("jan.csv")
        try save(ledger, [makeDraft("Coffee", -380, on: "2024-01-02")], importID: first)
        #expect(try ledger.integer("SELECT count(*) FROM import_claims") == 0)
        let second = try ledger.beginImport("jan2.csv")
        try save(
            ledger, [makeDraft("Coffee", -380, on: "2024-01-02"), makeDraft("Rent", -90_000, on: "2024-01-03")],
            importID: second)
        #expect(try ledger.integer("SELECT count(*) FROM import_claims") == 1)
    }

    @Test(
        "undo deletes the rows only that import brought; a row another import also brought is handed over",
        arguments: StoreBackend.allCases)
    func undoHandsOverSharedRows(backend: StoreBackend) throws {
        let ledger = try backend.makeLedger()
        let checking = try ledger.account()
        let first = try ledger.beginImport("jan.csv")
        try save(
            ledger, [makeDraft("Coffee", -380, on: "2024-01-02"), makeDraft("Tea", -200, on: "2024-01-03")],
            importID: first)
        let second = try ledger.beginImport("jan-feb.csv")
        try save(
            ledger, [makeDraft("Tea", -200, on: "2024-01-03"), makeDraft("Rent", -90_000, on: "2024-02-01")],
            importID: second)
        let undo = try ledger.store.undoImport(first, dryRun: false)
        #expect(undo.deletedTransactions == 1)
        #expect(undo.handedOver == [second: 1])
        #expect(try ledger.transactions().map(\.description).sorted() == ["Rent", "Tea"])
        #expect(try ledger.store.checkpointedBalance(of: checking) == -90_200)
        // The handed-over row is now the second import's: undoing that one removes it too.
        let again = try ledger.store.undoImport(second, dryRun: false)
        #expect(again.deletedTransactions == 2)
        #expect(try ledger.transactions().isEmpty)
        #expect(try ledger.store.checkpointedBalance(of: checking) == 0)
        #expect(try ledger.totalsMismatches() == 0)
    }

    @Test(
        "undo removes the import's balances and checkpoints and recomputes the later ones",
        arguments: StoreBackend.allCases)
    func undoRecomputesCheckpoints(backend: StoreBackend) throws {
        let ledger = try backend.makeLedger()
        let checking = try ledger.account()
        try ledger.store.checkpointByHand(
            checking, asOf: day("2024-01-01"), actual: 10_000, isOpening: false, replacingSource: false)
        let id = try ledger.beginImport("jan.ofx")
        try save(ledger, [makeDraft("Coffee", -380, on: "2024-01-10")], importID: id)
        try ledger.store.recordStatementBalance(
            StatementBalance(
                account: "Checking", asOf: day("2024-01-31"), signedMinorUnits: 9_620, currency: .EUR,
                location: SourceLocation(file: "jan.ofx", line: 40, column: 5)), account: checking, importID: id)
        _ = try ledger.store.importCheckpoint(
            checking, asOf: day("2024-01-31"), actual: 9_620, source: .import, importID: id, yieldingToExisting: false)
        try ledger.store.checkpointByHand(
            checking, asOf: day("2024-02-29"), actual: 9_620, isOpening: false, replacingSource: false)
        let undo = try ledger.store.undoImport(id, dryRun: false)
        #expect(undo.deletedTransactions == 1 && undo.removedBalances == 1)
        #expect(undo.removedCheckpoints.map(\.asOf) == [day("2024-01-31")])
        // February now counts from 1 January, without the coffee: 100.00 expected, 96.20 stated.
        #expect(undo.refreshed.map(\.discrepancy) == [-380])
        #expect(try ledger.store.checkpoints(of: checking).map(\.asOf) == [day("2024-02-29"), day("2024-01-01")])
        #expect(try ledger.store.imports().first?.undoneAt != nil)
    }

    @Test("a second undo changes nothing and says when the first was", arguments: StoreBackend.allCases)
    func secondUndo(backend: StoreBackend) throws {
        let ledger = try backend.makeLedger()
        let id = try ledger.beginImport("jan.csv")
        try save(ledger, [makeDraft("Coffee", -380, on: "2024-01-02")], importID: id)
        _ = try ledger.store.undoImport(id, dryRun: false)
        let before = try ledger.dump()
        let again = try ledger.store.undoImport(id, dryRun: false)
        #expect(again.wasUndoneBefore && again.deletedTransactions == 0)
        #expect(try ledger.dump() == before)
    }

    @Test("an unknown import id is refused", arguments: StoreBackend.allCases)
    func unknownImport(backend: StoreBackend) throws {
        let ledger = try backend.makeLedger()
        #expect {
            try ledger.store.undoImport(42, dryRun: false)
        } throws: { error in
            guard let error = error as? StoreError, case .correctionRefused(.unknownImport(42)) = error.reason else {
                return false
            }
            return true
        }
    }

    @Test("a dry-run undo reports and writes nothing", arguments: StoreBackend.allCases)
    func undoDryRun(backend: StoreBackend) throws {
        let ledger = try backend.makeLedger()
        let id = try ledger.beginImport("jan.csv")
        try save(ledger, [makeDraft("Coffee", -380, on: "2024-01-02")], importID: id)
        let before = try ledger.dump()
        #expect(try ledger.store.undoImport(id, dryRun: true).deletedTransactions == 1)
        #expect(try ledger.dump() == before)
    }

    // MARK: - Helpers

    private func day(_ text: String) -> Day { Day(iso: text)! }

    /// Saves drafts of the account "Checking" as one batch; records an issue when it isn't stored.
    private func save(_ ledger: StoreUnderTest, _ drafts: [Draft], importID: Int64? = nil) throws {
        let account = try ledger.account()
        guard case .saved = ledger.save(pendingRows(drafts, accountID: account.id), importID: importID) else {
            Issue.record("the batch was not saved")
            return
        }
    }
}
