import LedgerCore

/// `accounts rename`, `accounts set` and `accounts merge` on PostgreSQL (issue 21): the changes
/// ``AccountChanging`` makes on both stores, with this store's SQL, each in one transaction
/// holding the accounts' rows.
extension PostgresLedger: AccountChangeStore, AccountChanging {
    @discardableResult
    public func renameAccount(_ account: StoredAccount, to name: String, dryRun: Bool) throws(StoreError)
        -> StoredAccount
    {
        try renamedAccount(account, to: name, dryRun: dryRun)
    }

    @discardableResult
    public func setAccount(_ account: StoredAccount, currency: Currency?, kind: AccountKind?, dryRun: Bool)
        throws(StoreError) -> StoredAccount
    {
        let changed = try changedAccount(account, currency: currency, kind: kind, dryRun: dryRun)
        if !dryRun, commodityTable.currency(code: changed.currency.code) == nil { try loadCommodities() }
        return changed
    }

    public func mergeAccount(_ from: StoredAccount, into: StoredAccount, dryRun: Bool) throws(StoreError)
        -> AccountMerge
    {
        try mergedAccount(from, into: into, dryRun: dryRun)
    }

    // MARK: - The store's part (AccountChanging)

    /// The accounts as stored now, their rows locked `FOR UPDATE` in id order (a merge deletes
    /// one; two changes of the same accounts wait for each other rather than deadlock).
    func heldAccounts(_ accounts: [StoredAccount]) throws(StoreError) -> [StoredAccount] {
        let result = try connection.query(
            """
            SELECT a.id, a.name, a.kind, a.currency, a.institution, a.masked_number, a.source_key
            FROM accounts a WHERE a.id = ANY ($1::bigint[]) ORDER BY a.id FOR UPDATE
            """,
            [PostgresArray.text(accounts.map { String($0.id) })])
        var stored: [Int64: StoredAccount] = [:]
        for row in result.rows {
            let account = try storedAccount(row)
            stored[account.id] = account
        }
        var held: [StoredAccount] = []
        for account in accounts {
            guard let found = stored[account.id] else {
                throw StoreError(.unknownAccount(account.name), at: .file(location))
            }
            held.append(found)
        }
        return held
    }

    func writeName(_ name: String, of account: StoredAccount) throws(StoreError) {
        try connection.query(
            "UPDATE accounts SET name = $1, named_by_user = 1 WHERE id = $2", [name, String(account.id)])
    }

    func rowCounts(of account: StoredAccount, notIn currency: Currency) throws(StoreError)
        -> [(currency: String, rows: Int)]
    {
        let result = try connection.query(
            """
            SELECT currency, count(*) FROM transactions WHERE account_id = $1 AND currency <> $2
            GROUP BY currency ORDER BY currency COLLATE "C"
            """,
            [String(account.id), currency.code])
        return try result.rows.map { row throws(StoreError) in (try row.text(0), Int(try row.int(1))) }
    }

    func figureCount(of account: StoredAccount) throws(StoreError) -> Int {
        let result = try connection.query(
            """
            SELECT (SELECT count(*) FROM checkpoints WHERE account_id = $1)
                + (SELECT count(*) FROM statement_balances WHERE account_id = $1)
            """,
            [String(account.id)])
        return Int(try result.rows.first?.int(0) ?? 0)
    }

    func writeCurrency(_ currency: Currency, of account: StoredAccount) throws(StoreError) {
        try register(currency)
        try connection.query("UPDATE accounts SET currency = $1 WHERE id = $2", [currency.code, String(account.id)])
    }

    func writeKind(_ kind: AccountKind, of account: StoredAccount) throws(StoreError) {
        try connection.query("UPDATE accounts SET kind = $1 WHERE id = $2", [kind.rawValue, String(account.id)])
    }

    /// SQLite's merge, statement for statement; the tombstones `into` has already stay its own
    /// (SQLite's `UPDATE OR IGNORE`), and `from`'s left over go with it (`ON DELETE CASCADE`).
    func moveAccount(_ merge: inout AccountMerge, changes: inout ChangedDays) throws(StoreError) {
        let source = merge.from
        var target = merge.into
        let ids = [String(source.id), String(target.id)]
        merge.duplicateTransactions =
            try connection.query(
                """
                DELETE FROM transactions t WHERE t.account_id = $1 AND (
                    EXISTS (SELECT 1 FROM transactions kept WHERE kept.account_id = $2
                        AND kept.day = t.day AND kept.fingerprint = t.fingerprint
                        AND kept.discriminator = t.discriminator)
                    OR (t.external_id IS NOT NULL AND EXISTS (SELECT 1 FROM transactions kept
                        WHERE kept.account_id = $2 AND kept.external_id = t.external_id)))
                """, ids
            ).affectedRows
        let movedDays = try connection.query(
            "UPDATE transactions SET account_id = $2 WHERE account_id = $1 RETURNING day", ids
        ).rows.map { row throws(StoreError) in try row.text(0) }
        merge.movedTransactions = movedDays.count
        if let earliest = movedDays.min() {
            changes.note(try storedDay(earliest, column: "transactions.day"), of: target)
        }
        try connection.query("DELETE FROM daily_totals WHERE account_id = $1", [ids[0]])
        // The update trigger moved the rows' report totals; the source's keys are left at zero.
        try connection.query("DELETE FROM report_totals WHERE account_id = $1", [ids[0]])

        merge.duplicateBalances =
            try connection.query(
                """
                DELETE FROM statement_balances b WHERE b.account_id = $1 AND EXISTS (
                    SELECT 1 FROM statement_balances kept WHERE kept.account_id = $2
                        AND kept.kind = b.kind AND kept.as_of = b.as_of)
                """, ids
            ).affectedRows
        merge.movedBalances =
            try connection.query("UPDATE statement_balances SET account_id = $2 WHERE account_id = $1", ids)
            .affectedRows

        merge.duplicateCheckpoints =
            try connection.query(
                """
                DELETE FROM checkpoints c WHERE c.account_id = $1 AND EXISTS (
                    SELECT 1 FROM checkpoints kept WHERE kept.account_id = $2 AND kept.as_of = c.as_of)
                """, ids
            ).affectedRows
        let checkpointDays = try connection.query(
            "UPDATE checkpoints SET account_id = $2 WHERE account_id = $1 RETURNING as_of", ids
        ).rows.map { row throws(StoreError) in try row.text(0) }
        merge.movedCheckpoints = checkpointDays.count
        if let earliest = checkpointDays.min() {
            changes.note(try storedDay(earliest, column: "checkpoints.as_of"), of: target)
        }

        if let key = source.key, target.key == nil {
            try connection.query("UPDATE accounts SET source_key = NULL WHERE id = $1", [ids[0]])
            // INTO's name is the person's choice now: the source no longer renames it.
            try connection.query("UPDATE accounts SET source_key = $1, named_by_user = 1 WHERE id = $2", [key, ids[1]])
            target.key = key
            merge.movedSourceKey = true
        }
        // Rows deleted from FROM stay deleted for INTO (`transactions delete`'s tombstones).
        try connection.query(
            """
            UPDATE transaction_tombstones t SET account_id = $2 WHERE t.account_id = $1 AND NOT EXISTS (
                SELECT 1 FROM transaction_tombstones kept WHERE kept.account_id = $2 AND kept.day = t.day
                    AND kept.fingerprint = t.fingerprint AND kept.discriminator = t.discriminator)
            """, ids)
        // The account limit: the moved rows reached INTO's volume by trigger; FROM's largest
        // balance becomes INTO's when larger.
        let largest = try connection.query("SELECT largest_balance FROM accounts WHERE id = $1", [ids[0]])
        var additions = AccountAdditions()
        additions.addBalance(
            try largest.rows.first?.int(0) ?? Ledger.accountLimit, account: target.id, at: .file(location))
        try recordAdditions(additions)
        try connection.query("DELETE FROM accounts WHERE id = $1", [ids[0]])
        merge.into = target
    }
}
