import LedgerCore

/// One transaction typed by a person (`ledgerport add`) on SQLite: the look-ups of
/// ``QuickAddStore``; the row is stored by its shared ``QuickAddStore/addTransaction(_:accountID:process:)``.
extension Ledger: QuickAddStore {
    public func latestTransaction(titled title: String) throws(StoreError) -> LatestTitledTransaction? {
        let query = try database.prepare(
            """
            SELECT t.id, t.day, a.name, t.category FROM transactions t JOIN accounts a ON a.id = t.account_id
            WHERE t.description = ?1 COLLATE NOCASE OR t.payee = ?1 COLLATE NOCASE
            ORDER BY t.day DESC, t.id DESC LIMIT 1
            """)
        return try query.rows([.text(title)]) { row throws(StoreError) in
            LatestTitledTransaction(
                id: row.int(0), day: row.text(1), account: row.text(2), category: row.optionalText(3))
        }.first
    }

    public func lastOccurrence(accountID: Int64, day: Day, fingerprint: Int64) throws(StoreError) -> Int64 {
        let found = try database.prepare(
            """
            SELECT coalesce(max(discriminator), 0) FROM transactions
            WHERE account_id = ? AND day = ? AND fingerprint = ? AND discriminator > 0
            """
        ).rows([.int(accountID), .text(day.description), .int(fingerprint)]) { row throws(StoreError) in row.int(0) }
        return found.first ?? 0
    }

    public func transactionID(accountID: Int64, day: Day, fingerprint: Int64, occurrence: Int) throws(StoreError)
        -> Int64?
    {
        try database.prepare(
            "SELECT id FROM transactions WHERE account_id = ? AND day = ? AND fingerprint = ? AND discriminator = ?"
        ).rows([.int(accountID), .text(day.description), .int(fingerprint), .int(Int64(occurrence))]) {
            row throws(StoreError) in row.int(0)
        }.first
    }
}
