import LedgerCore

extension Ledger {
    /// The stored account an import of this reference would use, without creating one.
    ///
    /// - Returns: the account, or `nil` when the import would create it.
    /// - Throws: ``StoreError`` when the stored account keeps another currency (the import would
    ///   stop there too) or on a database failure.
    public func existingAccount(matching reference: AccountReference) throws(StoreError) -> StoredAccount? {
        guard let existing = try existingAccount(for: reference) else { return nil }
        try checkCurrency(of: existing, against: reference)
        return existing
    }

    /// Which rows of a batch the ledger already holds, by the identity ``save(_:importID:)-(_,_)``
    /// enforces (account, day, fingerprint and occurrence, or the source's own id), without
    /// writing: a dry run's count of what is new.
    ///
    /// One read transaction and one prepared statement per call, so a dry run looks rows up a
    /// batch at a time, on the same index an import uses.
    ///
    /// - Returns: for each row, in order, whether it is already stored.
    /// - Throws: ``StoreError`` on a database failure.
    public func isStored(_ rows: [PendingRow]) throws(StoreError) -> [Bool] {
        guard !rows.isEmpty else { return [] }
        return try read {
            let lookup = try database.prepare(
                """
                SELECT EXISTS (
                    SELECT 1 FROM transactions WHERE account_id = ?1 AND day = ?2 AND fingerprint = ?3
                        AND discriminator = ?4)
                    OR (?5 IS NOT NULL AND EXISTS (
                        SELECT 1 FROM transactions WHERE account_id = ?1 AND external_id = ?5))
                """)
            var stored: [Bool] = []
            stored.reserveCapacity(rows.count)
            for row in rows {
                lookup.reset()
                try lookup.bind(1, row.accountID)
                try lookup.bind(2, row.draft.bookingDay)
                try lookup.bind(3, row.fingerprint)
                try lookup.bind(4, row.discriminator)
                try lookup.bind(5, row.draft.externalID)
                stored.append(try lookup.step() && lookup.int(0) != 0)
            }
            lookup.reset()
            return stored
        }
    }
}
