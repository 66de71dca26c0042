import LedgerCore

extension Ledger {
    /// Deletes an account's checkpoint on a day and recomputes the later ones, which then count
    /// from the checkpoint before it (or become a baseline). The statement balance a source stated
    /// that day stays as the source stated it (a re-import of that statement checks it again).
    /// One database transaction.
    ///
    /// - Parameters:
    ///   - account: the account.
    ///   - day: the checkpoint's day.
    ///   - dryRun: do it, report, then roll back: nothing is written.
    /// - Throws: ``StoreError`` with ``CorrectionRefusal/noCheckpoint(account:day:)`` when the
    ///   account has none that day; on any failure nothing is changed.
    public func deleteCheckpoint(of account: StoredAccount, on day: Day, dryRun: Bool = false) throws(StoreError)
        -> CheckpointDeletion
    {
        try correction(dryRun: dryRun) { () throws(StoreError) in
            guard let existing = try checkpoint(of: account, on: day) else {
                throw refusedCorrection(.noCheckpoint(account: account.name, day: day))
            }
            try database.prepare("DELETE FROM checkpoints WHERE id = ?").run([.int(existing.id)])
            var deletion = CheckpointDeletion(deleted: existing)
            var changes = ChangedDays()
            changes.note(day, of: account)
            deletion.refreshed = try refreshCheckpoints(after: changes)
            return deletion
        }
    }

    /// Takes an import back: removes exactly the rows it added, and the statement balances and
    /// checkpoints it brought, then recomputes the checkpoints whose windows changed.
    ///
    /// A row the import added that a later import also brought (met as a duplicate, noted in
    /// `import_claims`) is kept and handed to that import (the earliest one not undone). The
    /// import stays in the log, marked undone; a second undo changes nothing and says when the
    /// first was. Per-day totals and volumes follow the deleted rows (the schema's triggers).
    /// One database transaction: whole or nothing.
    ///
    /// - Parameters:
    ///   - id: the import's id, as `imports` lists it.
    ///   - dryRun: do it all, report, then roll back: nothing is written.
    /// - Throws: ``StoreError`` with ``CorrectionRefusal/unknownImport(_:)`` for an id no import
    ///   has; on any failure nothing is changed.
    public func undoImport(_ id: Int64, dryRun: Bool = false) throws(StoreError) -> ImportUndo {
        try correction(dryRun: dryRun) { () throws(StoreError) in
            let found = try database.prepare("SELECT undone_at FROM imports WHERE id = ?").rows([.int(id)]) {
                row throws(StoreError) in row.optionalText(0) ?? ""
            }
            guard let undoneAt = found.first else { throw refusedCorrection(.unknownImport(id)) }
            var undo = ImportUndo(importID: id)
            guard undoneAt.isEmpty else {
                undo.undoneBefore = undoneAt
                return undo
            }
            let accounts = Dictionary(uniqueKeysWithValues: try allAccounts().map { ($0.id, $0) })
            var changes = ChangedDays()
            let note = { (accountID: Int64, dayText: String) throws(StoreError) in
                guard let account = accounts[accountID] else { return }
                changes.note(try self.correctedDay(dayText), of: account)
            }

            // Rows another import also brought: handed to the earliest such import not undone.
            let handed = try database.prepare(
                """
                UPDATE transactions SET import_id = (
                    SELECT min(claim.import_id) FROM import_claims AS claim JOIN imports ON imports.id = claim.import_id
                    WHERE claim.transaction_id = transactions.id AND claim.import_id != ?1
                        AND imports.undone_at IS NULL)
                WHERE import_id = ?1 AND EXISTS (
                    SELECT 1 FROM import_claims AS claim JOIN imports ON imports.id = claim.import_id
                    WHERE claim.transaction_id = transactions.id AND claim.import_id != ?1
                        AND imports.undone_at IS NULL)
                RETURNING id, import_id
                """
            ).rows([.int(id)]) { row throws(StoreError) in (row.int(0), row.int(1)) }
            let unclaim = try database.prepare("DELETE FROM import_claims WHERE transaction_id = ? AND import_id = ?")
            for (transaction, owner) in handed {
                try unclaim.run([.int(transaction), .int(owner)])
                undo.handedOver[owner, default: 0] += 1
            }

            // The rest of its rows: deleted, their earliest day per account noted.
            for (accountID, day) in try database.prepare(
                "SELECT account_id, min(day) FROM transactions WHERE import_id = ? GROUP BY account_id"
            ).rows([.int(id)], { row throws(StoreError) in (row.int(0), row.text(1)) }) {
                try note(accountID, day)
            }
            try database.prepare("DELETE FROM transactions WHERE import_id = ?").run([.int(id)])
            undo.deletedTransactions = Int(database.changes)
            // What this import claimed of others' rows: no longer claimed.
            try database.prepare("DELETE FROM import_claims WHERE import_id = ?").run([.int(id)])

            undo.removedBalances = try database.prepare(
                "DELETE FROM statement_balances WHERE import_id = ? RETURNING id"
            ).rows([.int(id)]) { row throws(StoreError) in row.int(0) }.count
            let removed = try database.prepare(
                "SELECT account_id, as_of FROM checkpoints WHERE import_id = ? ORDER BY account_id, as_of"
            ).rows([.int(id)]) { row throws(StoreError) in (row.int(0), row.text(1)) }
            for (accountID, dayText) in removed {
                guard let account = accounts[accountID],
                    let checkpoint = try checkpoint(of: account, on: try correctedDay(dayText))
                else { continue }
                undo.removedCheckpoints.append(checkpoint)
                try note(accountID, dayText)
            }
            try database.prepare("DELETE FROM checkpoints WHERE import_id = ?").run([.int(id)])

            try database.prepare("UPDATE imports SET undone_at = ? WHERE id = ?").run([
                .text(Ledger.now()), .int(id),
            ])
            undo.refreshed = try refreshCheckpoints(after: changes)
            return undo
        }
    }

    // MARK: - Internal

    /// Runs a correction in one write transaction: committed, or rolled back after the body in a
    /// dry run.
    func correction<T>(dryRun: Bool, _ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        do {
            return try database.inTransaction {
                try startVerifyingSound()
                // A dry run reports as it goes (`rules apply --dry-run` prints each change): on a
                // damaged file it must say nothing but that, so it waits for the check first.
                if dryRun { try verifiedSound() }
                let result = try whenSound(body)
                return (result, dryRun ? .rollback : .commit)
            }
        } catch let error as StoreError {
            throw error
        } catch {
            preconditionFailure("corrections throw only StoreError: \(error)")
        }
    }

    func refusedCorrection(_ refusal: CorrectionRefusal) -> StoreError {
        StoreError(.correctionRefused(refusal), at: .file(path))
    }

    func correctedDay(_ text: String) throws(StoreError) -> Day {
        guard let day = Day(iso: text) else {
            throw StoreError(.corruptValue(column: "day", found: text), at: .file(path))
        }
        return day
    }
}
