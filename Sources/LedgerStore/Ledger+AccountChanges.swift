import LedgerCore

extension Ledger: AccountChangeStore, AccountChanging {
    /// Renames an account.
    ///
    /// A new name that differs from the old one only in case is allowed; one that another account
    /// has, even in another case, is refused (two accounts told apart only by case are one account
    /// split in two by a typo). One database transaction.
    ///
    /// - Parameters:
    ///   - account: the account.
    ///   - name: its new name.
    ///   - dryRun: check and report, then roll back: nothing is written.
    /// - Returns: the account with its new name.
    /// - Throws: ``StoreError`` with ``AccountChangeRefusal`` when the name is empty, the same or
    ///   taken; on a database failure nothing is changed.
    @discardableResult
    public func renameAccount(_ account: StoredAccount, to name: String, dryRun: Bool = false) throws(StoreError)
        -> StoredAccount
    {
        try renamedAccount(account, to: name, dryRun: dryRun)
    }

    /// Changes an account's currency, its kind, or both.
    ///
    /// The currency changes only when no transaction of the account is in another currency (an
    /// account with no transactions, or one whose rows are all in the new currency), and, when the
    /// account has checkpoints or statement balances, only to a currency with as many decimals
    /// (those figures are counted in minor units). The kind (asset or liability) says which side
    /// the account is on; it changes no stored amount. One database transaction.
    ///
    /// - Parameters:
    ///   - account: the account.
    ///   - currency: its new currency, or `nil` to keep it.
    ///   - kind: its new kind, or `nil` to keep it.
    ///   - dryRun: check and report, then roll back: nothing is written.
    /// - Returns: the account as it is (or would be) afterwards.
    /// - Throws: ``StoreError`` with ``AccountChangeRefusal`` when a row is in another currency.
    @discardableResult
    public func setAccount(
        _ account: StoredAccount, currency: Currency? = nil, kind: AccountKind? = nil, dryRun: Bool = false
    ) throws(StoreError) -> StoredAccount {
        try changedAccount(account, currency: currency, kind: kind, dryRun: dryRun)
    }

    /// Merges one account into another: `from`'s transactions, statement balances, checkpoints and
    /// source link move to `into`, and `from` is removed.
    ///
    /// Identity is kept: a transaction of `from` that `into` already holds (the same day,
    /// fingerprint and discriminator, or the same source id) is dropped and counted, so a row
    /// present in both is kept once. A statement balance or checkpoint of `from` on a day (and of
    /// a kind) `into` already has one for is dropped the same way, `into`'s kept. `into`'s
    /// per-day totals follow the moved rows (the schema's triggers), and its checkpoints are
    /// recomputed from the earliest day moved, before the commit. One database transaction:
    /// whole or nothing.
    ///
    /// - Parameters:
    ///   - from: the account merged away.
    ///   - into: the account that keeps everything.
    ///   - dryRun: do it all, report, then roll back: nothing is written.
    /// - Returns: what moved, what was dropped as a duplicate, and the checkpoints recomputed.
    /// - Throws: ``StoreError`` with ``AccountChangeRefusal`` for one account, two currencies or
    ///   two source links; on any failure nothing is changed.
    public func mergeAccount(_ from: StoredAccount, into: StoredAccount, dryRun: Bool = false) throws(StoreError)
        -> AccountMerge
    {
        try mergedAccount(from, into: into, dryRun: dryRun)
    }

    // MARK: - The store's part (AccountChanging)

    /// The accounts as stored now, read under the write lock (the correction's transaction
    /// holds the whole file).
    func heldAccounts(_ accounts: [StoredAccount]) throws(StoreError) -> [StoredAccount] {
        let query = try database.prepare(
            "SELECT id, name, kind, currency, institution, masked_number, source_key FROM accounts WHERE id = ?")
        var held: [StoredAccount] = []
        for account in accounts {
            guard
                let stored = try query.rows([.int(account.id)], { row throws(StoreError) in try storedAccount(row) })
                    .first
            else {
                throw StoreError(.unknownAccount(account.name), at: .file(path))
            }
            held.append(stored)
        }
        return held
    }

    func writeName(_ name: String, of account: StoredAccount) throws(StoreError) {
        try database.prepare("UPDATE accounts SET name = ? WHERE id = ?").run([.text(name), .int(account.id)])
        try markNameChosen(account)
    }

    func rowCounts(of account: StoredAccount, notIn currency: Currency) throws(StoreError)
        -> [(currency: String, rows: Int)]
    {
        try database.prepare(
            """
            SELECT currency, count(*) FROM transactions WHERE account_id = ? AND currency != ?
            GROUP BY currency ORDER BY currency
            """
        ).rows([.int(account.id), .text(currency.code)]) { row throws(StoreError) in (row.text(0), Int(row.int(1))) }
    }

    func figureCount(of account: StoredAccount) throws(StoreError) -> Int {
        try database.prepare(
            """
            SELECT (SELECT count(*) FROM checkpoints WHERE account_id = ?1)
                + (SELECT count(*) FROM statement_balances WHERE account_id = ?1)
            """
        ).rows([.int(account.id)]) { row throws(StoreError) in Int(row.int(0)) }.first ?? 0
    }

    func writeCurrency(_ currency: Currency, of account: StoredAccount) throws(StoreError) {
        try register(currency, at: .file(path))
        try database.prepare("UPDATE accounts SET currency = ? WHERE id = ?").run([
            .text(currency.code), .int(account.id),
        ])
    }

    func writeKind(_ kind: AccountKind, of account: StoredAccount) throws(StoreError) {
        try database.prepare("UPDATE accounts SET kind = ? WHERE id = ?").run([.text(kind.rawValue), .int(account.id)])
    }

    func moveAccount(_ merge: inout AccountMerge, changes: inout ChangedDays) throws(StoreError) {
        let source = merge.from
        var target = merge.into
        let ids: [Binding] = [.int(source.id), .int(target.id)]
        merge.duplicateTransactions = try database.prepare(
            """
            DELETE FROM transactions WHERE account_id = ?1 AND (
                EXISTS (SELECT 1 FROM transactions AS kept WHERE kept.account_id = ?2
                    AND kept.day = transactions.day AND kept.fingerprint = transactions.fingerprint
                    AND kept.discriminator = transactions.discriminator)
                OR (external_id IS NOT NULL AND EXISTS (SELECT 1 FROM transactions AS kept
                    WHERE kept.account_id = ?2 AND kept.external_id = transactions.external_id)))
            RETURNING id
            """
        ).rows(ids) { row throws(StoreError) in row.int(0) }.count
        let movedDays = try database.prepare(
            "UPDATE transactions SET account_id = ?2 WHERE account_id = ?1 RETURNING day"
        ).rows(ids) { row throws(StoreError) in row.text(0) }
        merge.movedTransactions = movedDays.count
        if let earliest = movedDays.min() {
            changes.note(try storedDay(earliest, column: "transactions.day"), of: target)
        }
        try database.prepare("DELETE FROM daily_totals WHERE account_id = ?").run([.int(source.id)])
        // The update trigger moved the rows' report totals; the source's keys are left at zero.
        try database.prepare("DELETE FROM report_totals WHERE account_id = ?").run([.int(source.id)])

        merge.duplicateBalances = try database.prepare(
            """
            DELETE FROM statement_balances WHERE account_id = ?1 AND EXISTS (
                SELECT 1 FROM statement_balances AS kept WHERE kept.account_id = ?2
                    AND kept.kind = statement_balances.kind AND kept.as_of = statement_balances.as_of)
            RETURNING id
            """
        ).rows(ids) { row throws(StoreError) in row.int(0) }.count
        merge.movedBalances = try database.prepare(
            "UPDATE statement_balances SET account_id = ?2 WHERE account_id = ?1 RETURNING id"
        ).rows(ids) { row throws(StoreError) in row.int(0) }.count

        merge.duplicateCheckpoints = try database.prepare(
            """
            DELETE FROM checkpoints WHERE account_id = ?1 AND EXISTS (
                SELECT 1 FROM checkpoints AS kept WHERE kept.account_id = ?2 AND kept.as_of = checkpoints.as_of)
            RETURNING id
            """
        ).rows(ids) { row throws(StoreError) in row.int(0) }.count
        let checkpointDays = try database.prepare(
            "UPDATE checkpoints SET account_id = ?2 WHERE account_id = ?1 RETURNING as_of"
        ).rows(ids) { row throws(StoreError) in row.text(0) }
        merge.movedCheckpoints = checkpointDays.count
        if let earliest = checkpointDays.min() {
            changes.note(try storedDay(earliest, column: "checkpoints.as_of"), of: target)
        }

        if let key = source.key, target.key == nil {
            try database.prepare("UPDATE accounts SET source_key = NULL WHERE id = ?").run([.int(source.id)])
            try database.prepare("UPDATE accounts SET source_key = ? WHERE id = ?").run([
                .text(key), .int(target.id),
            ])
            target.key = key
            merge.movedSourceKey = true
            // INTO's name is the person's choice now: the source no longer renames it.
            try markNameChosen(target)
        }
        // Rows deleted from FROM stay deleted for INTO (`transactions delete`'s tombstones).
        try database.prepare("UPDATE OR IGNORE transaction_tombstones SET account_id = ?2 WHERE account_id = ?1")
            .run(ids)
        try carryLimit(from: source.id, into: target.id)
        try database.prepare("DELETE FROM accounts WHERE id = ?").run([.int(source.id)])
        merge.into = target
    }
}
