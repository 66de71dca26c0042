import LedgerCore
import Testing

@testable import LedgerStore

/// Corrections: a checkpoint by hand against a source's, deleting a checkpoint, undoing an import.
/// Each is one transaction, a dry run writes nothing, and later checkpoints are recomputed.
@Suite("Ledger corrections")
struct LedgerCorrectionsTests {
    let ledger: Ledger
    let checking: StoredAccount

    init() throws {
        ledger = try Ledger(path: ":memory:")
        checking = try ledger.ensureAccount(AccountReference(name: "Checking", currency: .EUR), fallbackCurrency: .EUR)
    }

    // MARK: - checkpoints by hand

    @Test("a checkpoint by hand on a day a source's checkpoint holds is refused, naming it, and changes nothing")
    func manualRefusedOverSource() throws {
        try ledger.checkpoint(checking, asOf: day("2024-01-31"), actual: -2390, source: .sync)
        let before = try dump()
        for source in [Checkpoint.Source.manual, .opening] {
            #expect {
                try ledger.checkpoint(checking, asOf: day("2024-01-31"), actual: 2390, source: source)
            } throws: { error in
                guard let error = error as? StoreError, case .correctionRefused(.sourceCheckpoint) = error.reason else {
                    return false
                }
                return error.message.contains("(source sync, statement balance -23.90)")
                    && error.message.contains("--replace")
            }
        }
        #expect(try dump() == before)
    }

    @Test("a checkpoint by hand replaces a source's when asked to")
    func manualReplacesWhenAsked() throws {
        let id = try ledger.beginImport(sourcePath: "jan.ofx", adapter: "ofx", mapping: nil)
        try ledger.checkpoint(checking, asOf: day("2024-01-31"), actual: -2390, source: .import, importID: id)
        let replaced = try ledger.checkpoint(
            checking, asOf: day("2024-01-31"), actual: 2390, source: .manual, replacingSource: true)
        #expect(replaced.actual == 2390 && replaced.source == .manual)
        #expect(try ledger.checkpoint(of: checking, on: day("2024-01-31"))?.importID == nil)
    }

    @Test("a checkpoint by hand replaces an earlier one by hand; an import's replaces a manual one")
    func manualOverManual() throws {
        try ledger.checkpoint(checking, asOf: day("2024-01-31"), actual: 100, source: .manual)
        try ledger.checkpoint(checking, asOf: day("2024-01-31"), actual: 200, source: .manual)
        #expect(try ledger.checkpoint(of: checking, on: day("2024-01-31"))?.actual == 200)
        try ledger.checkpoint(checking, asOf: day("2024-01-31"), actual: 300, source: .import)
        #expect(try ledger.checkpoint(of: checking, on: day("2024-01-31"))?.actual == 300)
    }

    // MARK: - checkpoints delete

    @Test("deleting a checkpoint recomputes the later one from the checkpoint before it")
    func deleteCheckpoint() throws {
        try save(
            [makeDraft("Coffee", -380, on: "2024-01-10"), makeDraft("Tea", -200, on: "2024-02-10")], importID: nil)
        try ledger.checkpoint(checking, asOf: day("2024-01-01"), actual: 10_000, source: .manual)
        try ledger.checkpoint(checking, asOf: day("2024-01-31"), actual: 5_000, source: .manual)
        try ledger.checkpoint(checking, asOf: day("2024-02-29"), actual: 9_420, source: .manual)
        #expect(try ledger.checkpoint(of: checking, on: day("2024-02-29"))?.status == .discrepancy)
        let deletion = try ledger.deleteCheckpoint(of: checking, on: day("2024-01-31"))
        #expect(deletion.deleted.actual == 5_000)
        #expect(deletion.refreshed.map(\.status) == [.reconciled])
        #expect(try ledger.checkpoint(of: checking, on: day("2024-01-31")) == nil)
        #expect(try ledger.checkpoint(of: checking, on: day("2024-02-29"))?.expected == 9_420)
    }

    @Test("a dry-run checkpoint deletion writes nothing; a day without one is refused")
    func deleteCheckpointDryRunAndRefusal() throws {
        try ledger.checkpoint(checking, asOf: day("2024-01-31"), actual: 5_000, source: .manual)
        let before = try dump()
        _ = try ledger.deleteCheckpoint(of: checking, on: day("2024-01-31"), dryRun: true)
        #expect(try dump() == before)
        #expect {
            try ledger.deleteCheckpoint(of: checking, on: day("2024-01-30"))
        } throws: { error in
            guard let error = error as? StoreError, case .correctionRefused(.noCheckpoint) = error.reason else {
                return false
            }
            return error.message.contains("2024-01-30")
        }
    }

    // MARK: - imports undo

    @Test("a re-import notes the rows it met as duplicates, and only those")
    func claimsOnlyForDuplicates() throws {
        let first = try ledger.beginImport(sourcePath: "jan.csv", adapter: "csv", mapping: nil)
        try save([makeDraft("Coffee", -380, on: "2024-01-02")], importID: first)
        #expect(try count("import_claims") == 0)
        let second = try ledger.beginImport(sourcePath: "jan2.csv", adapter: "csv", mapping: nil)
        try save(
            [makeDraft("Coffee", -380, on: "2024-01-02"), makeDraft("Rent", -90_000, on: "2024-01-03")],
            importID: second)
        #expect(try count("import_claims") == 1)
    }

    @Test("undo deletes the rows only that import brought; a row another import also brought is handed over")
    func undoHandsOverSharedRows() throws {
        let first = try ledger.beginImport(sourcePath: "jan.csv", adapter: "csv", mapping: nil)
        try save(
            [makeDraft("Coffee", -380, on: "2024-01-02"), makeDraft("Tea", -200, on: "2024-01-03")], importID: first)
        let second = try ledger.beginImport(sourcePath: "jan-feb.csv", adapter: "csv", mapping: nil)
        try save(
            [makeDraft("Tea", -200, on: "2024-01-03"), makeDraft("Rent", -90_000, on: "2024-02-01")], importID: second)
        let undo = try ledger.undoImport(first)
        #expect(undo.deletedTransactions == 1)
        #expect(undo.handedOver == [second: 1])
        #expect(try ledger.transactions().map(\.description).sorted() == ["Rent", "Tea"])
        #expect(try ledger.balance(of: checking) == -90_200)
        // The handed-over row is now the second import's: undoing that one removes it too.
        let again = try ledger.undoImport(second)
        #expect(again.deletedTransactions == 2)
        #expect(try ledger.transactions().isEmpty)
        #expect(try ledger.balance(of: checking) == 0)
        #expect(ledger.check().isSound)
    }

    @Test("undo removes the import's balances and checkpoints and recomputes the later ones")
    func undoRecomputesCheckpoints() throws {
        try ledger.checkpoint(checking, asOf: day("2024-01-01"), actual: 10_000, source: .manual)
        let id = try ledger.beginImport(sourcePath: "jan.ofx", adapter: "ofx", mapping: nil)
        try save([makeDraft("Coffee", -380, on: "2024-01-10")], importID: id)
        try ledger.recordStatementBalance(
            StatementBalance(
                account: "Checking", asOf: day("2024-01-31"), signedMinorUnits: 9_620, currency: .EUR,
                location: SourceLocation(file: "jan.ofx", line: 40, column: 5)), account: checking, importID: id)
        try ledger.checkpoint(checking, asOf: day("2024-01-31"), actual: 9_620, source: .import, importID: id)
        try ledger.checkpoint(checking, asOf: day("2024-02-29"), actual: 9_620, source: .manual)
        let undo = try ledger.undoImport(id)
        #expect(undo.deletedTransactions == 1 && undo.removedBalances == 1)
        #expect(undo.removedCheckpoints.map(\.asOf) == [day("2024-01-31")])
        // February now counts from 1 January, without the coffee: 100.00 expected, 96.20 stated.
        #expect(undo.refreshed.map(\.discrepancy) == [-380])
        #expect(try ledger.checkpoints(of: checking).map(\.asOf) == [day("2024-02-29"), day("2024-01-01")])
        #expect(try ledger.imports().first?.undoneAt != nil)
    }

    @Test("a second undo changes nothing and says when the first was")
    func secondUndo() throws {
        let id = try ledger.beginImport(sourcePath: "jan.csv", adapter: "csv", mapping: nil)
        try save([makeDraft("Coffee", -380, on: "2024-01-02")], importID: id)
        _ = try ledger.undoImport(id)
        let before = try dump()
        let again = try ledger.undoImport(id)
        #expect(again.wasUndoneBefore && again.deletedTransactions == 0)
        #expect(try dump() == before)
    }

    @Test("an unknown import id is refused")
    func unknownImport() throws {
        #expect {
            try ledger.undoImport(42)
        } throws: { error in
            guard let error = error as? StoreError, case .correctionRefused(.unknownImport(42)) = error.reason else {
                return false
            }
            return true
        }
    }

    @Test("a dry-run undo reports and writes nothing")
    func undoDryRun() throws {
        let id = try ledger.beginImport(sourcePath: "jan.csv", adapter: "csv", mapping: nil)
        try save([makeDraft("Coffee", -380, on: "2024-01-02")], importID: id)
        let before = try dump()
        #expect(try ledger.undoImport(id, dryRun: true).deletedTransactions == 1)
        #expect(try dump() == before)
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

    private func count(_ table: String) throws -> Int64 {
        try ledger.database.prepare("SELECT count(*) FROM \(table)").rows { $0.int(0) }.first ?? -1
    }

    private func dump() throws -> [String] {
        var lines: [String] = []
        for (table, columns) in [
            ("transactions", "id, account_id, day, amount, import_id"),
            ("statement_balances", "id, account_id, as_of, kind, amount"),
            ("checkpoints", "id, account_id, as_of, expected, actual, discrepancy, status, source"),
            ("daily_totals", "account_id, day, booked_net"),
            ("import_claims", "transaction_id, import_id"),
            ("imports", "id, undone_at"),
            ("accounts", "id, volume"),
        ] {
            let select =
                "SELECT '\(table)' || quote(" + columns.replacingOccurrences(of: ", ", with: ") || '|' || quote(")
            lines += try ledger.database.prepare(select + ") FROM \(table) ORDER BY 1").rows { $0.text(0) }
        }
        return lines
    }
}
