import LedgerCore

/// One transaction typed by a person (`ledgerport add`) on PostgreSQL (issue 21): the look-ups
/// of ``QuickAddStore``, as SQLite's; the row goes through the same door as an import's batch.
extension PostgresLedger: QuickAddStore {
    /// The latest transaction titled `title`, ignoring ASCII case only: SQLite's `NOCASE` folds
    /// A-Z and nothing else, so the fold is spelled out rather than left to the server's locale.
    public func latestTransaction(titled title: String) throws(StoreError) -> LatestTitledTransaction? {
        let result = try connection.query(
            """
            SELECT t.id, t.day, a.name, t.category FROM transactions t JOIN accounts a ON a.id = t.account_id
            WHERE translate(t.description, $2, $3) = translate($1, $2, $3)
                OR translate(t.payee, $2, $3) = translate($1, $2, $3)
            ORDER BY t.day DESC, t.id DESC LIMIT 1
            """,
            [title, "ABCDEFGHIJKLMNOPQRSTUVWXYZ", "abcdefghijklmnopqrstuvwxyz"])
        guard let row = result.rows.first else { return nil }
        return LatestTitledTransaction(
            id: try row.int(0), day: try row.text(1), account: try row.text(2), category: try row.optionalText(3))
    }

    public func lastOccurrence(accountID: Int64, day: Day, fingerprint: Int64) throws(StoreError) -> Int64 {
        let result = try connection.query(
            """
            SELECT coalesce(max(discriminator), 0) FROM transactions
            WHERE account_id = $1 AND day = $2 AND fingerprint = $3 AND discriminator > 0
            """,
            [String(accountID), day.description, String(fingerprint)])
        return try result.rows.first?.int(0) ?? 0
    }

    public func transactionID(accountID: Int64, day: Day, fingerprint: Int64, occurrence: Int) throws(StoreError)
        -> Int64?
    {
        let result = try connection.query(
            "SELECT id FROM transactions WHERE account_id = $1 AND day = $2 AND fingerprint = $3 AND discriminator = $4",
            [String(accountID), day.description, String(fingerprint), String(occurrence)])
        return try result.rows.first?.int(0)
    }
}
