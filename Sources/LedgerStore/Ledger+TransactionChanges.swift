import LedgerCore

extension Ledger {
    /// Deletes transactions and remembers their identities, so that a re-import skips them
    /// (counted as deleted before) unless it is asked to restore them.
    ///
    /// Per-day totals and volumes follow (the schema's triggers); the checkpoints from the
    /// earliest day deleted are recomputed before the commit. One database transaction.
    ///
    /// - Parameters:
    ///   - ids: the transactions' ids, as `transactions --json` shows them.
    ///   - dryRun: do it, report, then roll back: nothing is written.
    /// - Throws: ``StoreError`` with ``CorrectionRefusal/unknownTransactions(_:)`` when an id is
    ///   unknown (nothing is deleted then); on any failure nothing is changed.
    public func deleteTransactions(_ ids: [Int64], dryRun: Bool = false) throws(StoreError) -> TransactionCorrection {
        try correction(dryRun: dryRun) { () throws(StoreError) in
            let unique = Array(Set(ids)).sorted()
            let found = try transactions(ids: unique)
            let missing = Set(unique).subtracting(found.map(\.id))
            guard missing.isEmpty else { throw refusedCorrection(.unknownTransactions(missing.sorted())) }
            let identities = try database.prepare(
                """
                INSERT OR REPLACE INTO transaction_tombstones (account_id, day, fingerprint, discriminator,
                    external_id, deleted_at)
                SELECT account_id, day, fingerprint, discriminator, external_id, ?2 FROM transactions WHERE id = ?1
                RETURNING account_id, day
                """)
            let delete = try database.prepare("DELETE FROM transactions WHERE id = ?")
            let accounts = Dictionary(uniqueKeysWithValues: try allAccounts().map { ($0.id, $0) })
            var changes = ChangedDays()
            let now = Ledger.now()
            for id in unique {
                for (accountID, day) in try identities.rows(
                    [.int(id), .text(now)],
                    { row throws(StoreError) in
                        (row.int(0), row.text(1))
                    })
                {
                    if let account = accounts[accountID] { changes.note(try correctedDay(day), of: account) }
                }
                try delete.run([.int(id)])
            }
            var correction = TransactionCorrection(before: found)
            correction.refreshed = try refreshCheckpoints(after: changes)
            return correction
        }
    }

    /// The identities of deleted transactions, loaded once per batch: empty (and free) for a
    /// ledger where nothing was ever deleted.
    func tombstones() throws(StoreError) -> Tombstones {
        var tombstones = Tombstones()
        let query = try prepared(
            "SELECT account_id, day, fingerprint, discriminator, external_id FROM transaction_tombstones")
        _ = try query.rows { row throws(StoreError) in
            tombstones.identities.insert(
                Tombstones.Identity(
                    account: row.int(0), day: row.text(1), fingerprint: row.int(2), discriminator: row.int(3)))
            if let external = row.optionalText(4) {
                tombstones.externalIDs.insert(Tombstones.ExternalID(account: row.int(0), id: external))
            }
        }
        return tombstones
    }
}

/// The identities of rows `transactions delete` removed.
struct Tombstones {
    struct Identity: Hashable {
        let account: Int64
        let day: String
        let fingerprint: Int64
        let discriminator: Int64
    }

    struct ExternalID: Hashable {
        let account: Int64
        let id: String
    }

    var identities: Set<Identity> = []
    var externalIDs: Set<ExternalID> = []

    var isEmpty: Bool { identities.isEmpty }

    /// Whether a batch skips `row` as deleted before (counted in its `deletedBefore`): a row
    /// `transactions delete` removed, unless the batch restores deleted rows, in which case
    /// `forget` drops its tombstone first and the row is saved as any other. Both stores' doors
    /// decide it here.
    func skips(
        _ row: PendingRow, restoring: Bool, forget: (PendingRow) throws(StoreError) -> Void
    ) throws(StoreError) -> Bool {
        guard !isEmpty, contains(row) else { return false }
        guard restoring else { return true }
        try forget(row)
        return false
    }

    /// Whether a row about to be saved is one that was deleted.
    func contains(_ row: PendingRow) -> Bool {
        if let external = row.draft.externalID, externalIDs.contains(ExternalID(account: row.accountID, id: external)) {
            return true
        }
        return identities.contains(
            Identity(
                account: row.accountID, day: row.draft.bookingDay.description, fingerprint: row.fingerprint,
                discriminator: row.discriminator))
    }
}
