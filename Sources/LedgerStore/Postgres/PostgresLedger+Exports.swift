import LedgerCore

/// What `export` reads on PostgreSQL (issue 21), as `Ledger+Exports.swift` reads it on SQLite;
/// the journal is written by the same `Exporter` from the rows of the listing
/// (``transactions(matching:_:)``), so the bytes are SQLite's for the same ledger.
extension PostgresLedger: ExportReading {
    /// Runs `body` in one `REPEATABLE READ` snapshot taken after the batches being written have
    /// committed; an error of the body's own (an export's, a write's to its output) is rethrown
    /// as it is. A snapshot already open is joined.
    ///
    /// A row's id comes from a sequence when it is written, and becomes visible when its batch
    /// commits: a batch still open when a snapshot is taken can later commit ids below the largest
    /// the snapshot saw, and a named export's mark (the largest id it wrote) would pass them for
    /// good. So the snapshot is taken under `LOCK … IN SHARE MODE` on `transactions` and
    /// `checkpoints`, which waits for every open batch and holds new ones off until the export has
    /// read (not written) what it exports; a batch meanwhile waits, and nothing fails.
    public func reading<T>(_ body: () throws -> T) throws -> T {
        var failure: (any Error)?
        let result = try inExportSnapshot { () throws(StoreError) -> T? in
            do {
                return try body()
            } catch let error as StoreError {
                throw error
            } catch {
                failure = error
                return nil
            }
        }
        if let failure { throw failure }
        guard let result else { preconditionFailure("the body returned or threw") }
        return result
    }

    /// ``reading(_:)``'s transaction: `REPEATABLE READ`, the tables locked before the first read
    /// takes the snapshot. (`READ ONLY` would refuse a `SHARE` lock; nothing here writes.)
    private func inExportSnapshot<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        guard !connection.isInTransaction else { return try body() }
        return try connection.inTransaction { () throws(StoreError) -> T in
            try connection.execute(
                "SET TRANSACTION ISOLATION LEVEL REPEATABLE READ; LOCK TABLE transactions, checkpoints IN SHARE MODE")
            return try body()
        }
    }

    /// The mark a named export left, or `nil` before its first run.
    public func exportMark(named name: String) throws(StoreError) -> ExportMark? {
        let result = try connection.query(
            """
            SELECT name, format, last_transaction_id, last_checkpoint_id, opened_accounts
            FROM export_marks WHERE name = $1
            """,
            [name])
        return try result.rows.first.map { row throws(StoreError) in
            ExportMark(
                name: try row.text(0), format: try row.text(1), lastTransactionID: try row.int(2),
                lastCheckpointID: try row.int(3),
                openedAccounts: try row.text(4).split(separator: "\n").map(String.init))
        }
    }

    /// Saves a named export's mark, replacing the one before, in a transaction of its own.
    public func saveExportMark(_ mark: ExportMark) throws(StoreError) {
        try connection.inTransaction { () throws(StoreError) in
            try connection.query(
                """
                INSERT INTO export_marks
                    (name, format, last_transaction_id, last_checkpoint_id, opened_accounts, exported_at)
                VALUES ($1, $2, $3, $4, $5, $6)
                ON CONFLICT (name) DO UPDATE SET format = excluded.format,
                    last_transaction_id = excluded.last_transaction_id,
                    last_checkpoint_id = excluded.last_checkpoint_id,
                    opened_accounts = excluded.opened_accounts, exported_at = excluded.exported_at
                """,
                [
                    mark.name, mark.format, String(mark.lastTransactionID), String(mark.lastCheckpointID),
                    mark.openedAccounts.joined(separator: "\n"), Ledger.now(),
                ])
        }
    }

    /// The largest transaction and checkpoint ids stored now (0 when there are none).
    public func lastIDs() throws(StoreError) -> (transaction: Int64, checkpoint: Int64) {
        let result = try connection.query(
            "SELECT (SELECT coalesce(max(id), 0) FROM transactions), (SELECT coalesce(max(id), 0) FROM checkpoints)")
        guard let row = result.rows.first else { return (0, 0) }
        return (try row.int(0), try row.int(1))
    }

    /// The counter-accounts set on the accounts' rows, each once, sorted.
    public func counterAccountsInUse(on accounts: [StoredAccount]) throws(StoreError) -> [String] {
        guard !accounts.isEmpty else { return [] }
        let result = try connection.query(
            """
            SELECT DISTINCT counter_account FROM transactions
            WHERE account_id = ANY ($1::bigint[]) AND counter_account IS NOT NULL
            """,
            [PostgresArray.text(accounts.map { String($0.id) })])
        return try result.rows.map { row throws(StoreError) in try row.text(0) }.sorted()
    }

    /// The signed sum of an account's pending rows after `after` through `through`, ids up to `maxID`.
    public func pendingNet(of account: StoredAccount, after: Day?, through: Day?, maxID: Int64 = .max)
        throws(StoreError) -> Int64
    {
        let result = try connection.query(
            """
            SELECT coalesce(sum(CASE direction WHEN 'credit' THEN amount ELSE -amount END), 0) FROM transactions
            WHERE account_id = $1 AND status = 'pending' AND day > coalesce($2, '')
                AND day <= coalesce($3, '9999-12-31') AND id <= $4
            """,
            [String(account.id), after?.description, through?.description, String(maxID)])
        guard let row = result.rows.first else { return 0 }
        let text = try row.text(0)
        guard let sum = Int64(text) else {
            throw StoreError(.overflow("the pending rows of \(account.name)"), at: .file(location))
        }
        return sum
    }

    /// For each row of `accountIDs` in a transfer, the other side.
    public func transferPartners(accountIDs: [Int64]) throws(StoreError) -> [Int64: TransferPartner] {
        guard !accountIDs.isEmpty else { return [:] }
        let wanted = Set(accountIDs)
        let result = try connection.query(TransferPartner.pairsSQL)
        var partners: [Int64: TransferPartner] = [:]
        for row in result.rows {
            func side(_ first: Int) throws(StoreError) -> TransferPartner {
                TransferPartner(
                    transferID: try row.int(0), rowID: try row.int(first), accountID: try row.int(first + 1),
                    day: try storedDay(try row.text(first + 2)), isPending: try row.text(first + 3) == "pending")
            }
            let out = try side(1)
            let into = try side(5)
            if wanted.contains(out.accountID) { partners[out.rowID] = into }
            if wanted.contains(into.accountID) { partners[into.rowID] = out }
        }
        return partners
    }
}
