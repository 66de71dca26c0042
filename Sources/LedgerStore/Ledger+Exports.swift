import LedgerCore

extension Ledger {
    /// The mark a named export left, or `nil` before its first run.
    public func exportMark(named name: String) throws(StoreError) -> ExportMark? {
        let query = try database.prepare(
            """
            SELECT name, format, last_transaction_id, last_checkpoint_id, opened_accounts
            FROM export_marks WHERE name = ?
            """)
        return try query.rows([.text(name)]) { row throws(StoreError) in
            ExportMark(
                name: row.text(0), format: row.text(1), lastTransactionID: row.int(2), lastCheckpointID: row.int(3),
                openedAccounts: row.text(4).split(separator: "\n").map(String.init))
        }.first
    }

    /// Saves a named export's mark, replacing the one before.
    public func saveExportMark(_ mark: ExportMark) throws(StoreError) {
        try write {
            let statement = try database.prepare(
                """
                INSERT INTO export_marks
                    (name, format, last_transaction_id, last_checkpoint_id, opened_accounts, exported_at)
                VALUES (?, ?, ?, ?, ?, ?)
                ON CONFLICT (name) DO UPDATE SET format = excluded.format,
                    last_transaction_id = excluded.last_transaction_id,
                    last_checkpoint_id = excluded.last_checkpoint_id,
                    opened_accounts = excluded.opened_accounts, exported_at = excluded.exported_at
                """)
            try statement.run([
                .text(mark.name), .text(mark.format), .int(mark.lastTransactionID), .int(mark.lastCheckpointID),
                .text(mark.openedAccounts.joined(separator: "\n")), .text(Self.now()),
            ])
        }
    }

    /// The largest transaction and checkpoint ids stored now (0 when there are none): what an
    /// export that starts now can see.
    public func lastIDs() throws(StoreError) -> (transaction: Int64, checkpoint: Int64) {
        let query = try database.prepare(
            "SELECT (SELECT coalesce(max(id), 0) FROM transactions), (SELECT coalesce(max(id), 0) FROM checkpoints)")
        let found = try query.rows { row throws(StoreError) in (row.int(0), row.int(1)) }
        return found.first ?? (0, 0)
    }

    /// The counter-accounts rules or hand edits set on the accounts' rows, each once, in order:
    /// an export checks them before it writes anything.
    public func counterAccountsInUse(on accounts: [StoredAccount]) throws(StoreError) -> [String] {
        var names: Set<String> = []
        let query = try database.prepare(
            "SELECT DISTINCT counter_account FROM transactions WHERE account_id = ? AND counter_account IS NOT NULL")
        for account in accounts {
            for name in try query.rows([.int(account.id)], { row throws(StoreError) in row.text(0) }) {
                names.insert(name)
            }
        }
        return names.sorted()
    }

    /// The signed sum of an account's pending transactions on days after `after` up to and
    /// including `through` (open bounds take everything), with ids up to `maxID`.
    public func pendingNet(of account: StoredAccount, after: Day?, through: Day?, maxID: Int64 = .max)
        throws(StoreError) -> Int64
    {
        let query = try database.prepare(
            """
            SELECT coalesce(sum(CASE direction WHEN 'credit' THEN amount ELSE -amount END), 0) FROM transactions
            WHERE account_id = ?1 AND status = 'pending' AND day > coalesce(?2, '')
                AND day <= coalesce(?3, '9999-12-31') AND id <= ?4
            """)
        let sums = try query.rows([
            .int(account.id), .optional(after?.description), .optional(through?.description), .int(maxID),
        ]) { row throws(StoreError) in row.int(0) }
        return sums.first ?? 0
    }

    /// Runs `body` inside one read transaction, so that every query it makes sees one snapshot:
    /// an export's rows, checkpoints and sums agree even while an import commits.
    public func reading<T>(_ body: () throws -> T) throws -> T {
        try database.inReadTransaction(body)
    }
}
