import LedgerCore

/// The changes by hand on PostgreSQL (issue 21), as `Ledger+Corrections.swift`,
/// `Ledger+TransactionChanges.swift` and `Ledger+Checkpoints.swift` make them on SQLite: each in
/// one transaction (a dry run rolls it back), the checkpoints whose windows changed recomputed
/// inside it.
extension PostgresLedger: CorrectionStore {
    /// Deletes an account's checkpoint on a day and recomputes the later ones, as on SQLite, in
    /// one transaction holding the account's row (`FOR NO KEY UPDATE`, as a batch's writes do).
    public func deleteCheckpoint(of account: StoredAccount, on day: Day, dryRun: Bool) throws(StoreError)
        -> CheckpointDeletion
    {
        try correction(dryRun: dryRun) { () throws(StoreError) in
            try connection.query("SELECT id FROM accounts WHERE id = $1 FOR NO KEY UPDATE", [String(account.id)])
            guard let existing = try checkpoints(of: account).first(where: { $0.asOf == day }) else {
                throw StoreError(
                    .correctionRefused(.noCheckpoint(account: account.name, day: day)), at: .file(location))
            }
            try connection.query("DELETE FROM checkpoints WHERE id = $1", [String(existing.id)])
            var deletion = CheckpointDeletion(deleted: existing)
            var changes = ChangedDays()
            changes.note(day, of: account)
            deletion.refreshed = try refreshCheckpoints(after: changes)
            return deletion
        }
    }

    /// Deletes transactions by id, as on SQLite: each one's identity goes to
    /// `transaction_tombstones` (replacing one already there), the row is deleted (the schema's
    /// triggers take it off the totals), and the checkpoints from the earliest day are recomputed.
    public func deleteTransactions(_ ids: [Int64], dryRun: Bool) throws(StoreError) -> TransactionCorrection {
        try correction(dryRun: dryRun) { () throws(StoreError) in
            try holdTransfers()
            let unique = Array(Set(ids)).sorted()
            let found = try transactions(ids: unique)
            let missing = Set(unique).subtracting(found.map(\.id))
            guard missing.isEmpty else {
                throw StoreError(.correctionRefused(.unknownTransactions(missing.sorted())), at: .file(location))
            }
            let accounts = Dictionary(uniqueKeysWithValues: try allAccounts().map { ($0.id, $0) })
            var changes = ChangedDays()
            let now = Ledger.now()
            for id in unique {
                let remembered = try connection.query(
                    """
                    INSERT INTO transaction_tombstones (account_id, day, fingerprint, discriminator, external_id,
                        deleted_at)
                    SELECT account_id, day, fingerprint, discriminator, external_id, $2 FROM transactions WHERE id = $1
                    ON CONFLICT (account_id, day, fingerprint, discriminator) DO UPDATE
                        SET external_id = excluded.external_id, deleted_at = excluded.deleted_at
                    RETURNING account_id, day
                    """,
                    [String(id), now])
                for row in remembered.rows {
                    let day = try storedDay(try row.text(1))
                    if let account = accounts[try row.int(0)] { changes.note(day, of: account) }
                }
                try connection.query("DELETE FROM transactions WHERE id = $1", [String(id)])
            }
            var correction = TransactionCorrection(before: found)
            correction.refreshed = try refreshCheckpoints(after: changes)
            return correction
        }
    }

    /// Takes an import back, as SQLite's `undoImport(_:dryRun:)` does, statement by statement.
    public func undoImport(_ id: Int64, dryRun: Bool) throws(StoreError) -> ImportUndo {
        try correction(dryRun: dryRun) { () throws(StoreError) in
            try holdTransfers()
            let found = try connection.query("SELECT undone_at FROM imports WHERE id = $1 FOR UPDATE", [String(id)])
            guard let record = found.rows.first else {
                throw StoreError(.correctionRefused(.unknownImport(id)), at: .file(location))
            }
            var undo = ImportUndo(importID: id)
            if let undoneAt = try record.optionalText(0) {
                undo.undoneBefore = undoneAt
                return undo
            }
            let accounts = Dictionary(uniqueKeysWithValues: try allAccounts().map { ($0.id, $0) })
            var changes = ChangedDays()
            func note(_ accountID: Int64, _ dayText: String) throws(StoreError) {
                guard let account = accounts[accountID] else { return }
                changes.note(try storedDay(dayText), of: account)
            }
            // Rows another import also brought: handed to the earliest such import not undone.
            let handed = try connection.query(
                """
                UPDATE transactions t SET import_id = (
                    SELECT min(claim.import_id) FROM import_claims claim JOIN imports ON imports.id = claim.import_id
                    WHERE claim.transaction_id = t.id AND claim.import_id <> $1 AND imports.undone_at IS NULL)
                WHERE t.import_id = $1 AND EXISTS (
                    SELECT 1 FROM import_claims claim JOIN imports ON imports.id = claim.import_id
                    WHERE claim.transaction_id = t.id AND claim.import_id <> $1 AND imports.undone_at IS NULL)
                RETURNING t.id, t.import_id
                """,
                [String(id)])
            for row in handed.rows {
                let owner = try row.int(1)
                try connection.query(
                    "DELETE FROM import_claims WHERE transaction_id = $1 AND import_id = $2",
                    [String(try row.int(0)), String(owner)])
                undo.handedOver[owner, default: 0] += 1
            }
            // The rest of its rows: deleted, their earliest day per account noted.
            let earliest = try connection.query(
                "SELECT account_id, min(day) FROM transactions WHERE import_id = $1 GROUP BY account_id", [String(id)])
            for row in earliest.rows { try note(try row.int(0), try row.text(1)) }
            undo.deletedTransactions =
                try connection.query("DELETE FROM transactions WHERE import_id = $1", [String(id)]).affectedRows
            // What this import claimed of others' rows: no longer claimed.
            try connection.query("DELETE FROM import_claims WHERE import_id = $1", [String(id)])
            undo.removedBalances =
                try connection.query("DELETE FROM statement_balances WHERE import_id = $1", [String(id)]).affectedRows
            let removed = try connection.query(
                "SELECT account_id, as_of FROM checkpoints WHERE import_id = $1 ORDER BY account_id, as_of",
                [String(id)])
            for row in removed.rows {
                let accountID = try row.int(0)
                let dayText = try row.text(1)
                guard let account = accounts[accountID], let day = Day(iso: dayText),
                    let checkpoint = try checkpoint(of: account, on: day)
                else { continue }
                undo.removedCheckpoints.append(checkpoint)
                try note(accountID, dayText)
            }
            try connection.query("DELETE FROM checkpoints WHERE import_id = $1", [String(id)])
            try connection.query("UPDATE imports SET undone_at = $1 WHERE id = $2", [Ledger.now(), String(id)])
            undo.refreshed = try refreshCheckpoints(after: changes)
            return undo
        }
    }

    /// The account's checkpoint on a day, if it has one.
    public func checkpoint(of account: StoredAccount, on day: Day) throws(StoreError) -> Checkpoint? {
        try checkpoints(of: account).first { $0.asOf == day }
    }

    /// Stores a checkpoint by hand and explains it, as on SQLite: a source's checkpoint on that
    /// day is refused unless `replacingSource`. The check and the write are one transaction
    /// holding the account's row, so no import's checkpoint slips in between.
    public func checkpointByHand(
        _ account: StoredAccount, asOf: Day, actual: Int64, isOpening: Bool, replacingSource: Bool
    ) throws(StoreError) -> Checkpoint {
        let stored = try correction(dryRun: false) { () throws(StoreError) -> Checkpoint in
            try connection.query("SELECT id FROM accounts WHERE id = $1 FOR NO KEY UPDATE", [String(account.id)])
            if !replacingSource, let existing = try checkpoint(of: account, on: asOf), existing.isFromSource {
                throw StoreError(.correctionRefused(.replacing(existing, of: account)), at: .file(location))
            }
            return try writeCheckpoint(
                account, asOf: asOf, actual: actual, source: isOpening ? .opening : .manual, importID: nil)
        }
        return try explained(stored, of: account)
    }

    /// Takes the `transfers` table as a matching does (`PostgresLedger+Transfers.swift`), before a
    /// change deletes rows. A deleted row's pair goes with it (`ON DELETE CASCADE`); without this,
    /// a matching running at the same moment could hold the table while it waits for a row the
    /// deletion holds, and the server would end one of the two as a deadlock. Now the second waits.
    func holdTransfers() throws(StoreError) {
        try connection.execute("LOCK TABLE transfers IN SHARE ROW EXCLUSIVE MODE")
    }

    /// Runs `body` in a transaction that commits, or for a dry run rolls back; rolls back when it throws.
    func correction<T>(dryRun: Bool, _ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        try connection.execute("BEGIN")
        do {
            let result = try body()
            try connection.execute(dryRun ? "ROLLBACK" : "COMMIT")
            return result
        } catch {
            if connection.isInTransaction { try? connection.execute("ROLLBACK") }
            throw error
        }
    }
}
