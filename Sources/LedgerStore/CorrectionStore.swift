import LedgerCore

/// The changes by hand a ledger takes whichever store holds it (issue 21): so far the deletion
/// of a checkpoint (`checkpoints delete`). Each is one transaction, and a dry run does it all,
/// reports, and rolls back.
public protocol CorrectionStore: LedgerReading {
    /// Deletes an account's checkpoint on a day and recomputes the later ones.
    ///
    /// - Throws: ``StoreError`` with ``CorrectionRefusal/noCheckpoint(account:day:)`` when the
    ///   account has none that day; on any failure nothing is changed.
    func deleteCheckpoint(of account: StoredAccount, on day: Day, dryRun: Bool) throws(StoreError)
        -> CheckpointDeletion
}

extension Ledger: CorrectionStore {}

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

    /// Runs `body` in a transaction that commits, or for a dry run rolls back; rolls back when it throws.
    private func correction<T>(dryRun: Bool, _ body: () throws(StoreError) -> T) throws(StoreError) -> T {
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
