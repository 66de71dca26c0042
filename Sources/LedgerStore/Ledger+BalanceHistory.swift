import LedgerCore

extension Ledger {
    /// The net of an account's booked transactions per day, for the days from `first` through
    /// `last` that have any, oldest first.
    ///
    /// Reads the per-day totals the triggers keep (`daily_totals`), so the cost grows with the
    /// days, not with the rows: ten years of a million rows are 3,650 values.
    ///
    /// - Parameters:
    ///   - account: the account.
    ///   - first: the first day, included.
    ///   - last: the last day, included.
    /// - Returns: each day with a nonzero net and that net, in signed minor units.
    public func dailyNets(of account: StoredAccount, from first: Day, through last: Day) throws(StoreError)
        -> [(day: Day, net: Int64)]
    {
        let query = try database.prepare(
            """
            SELECT day, booked_net FROM daily_totals
            WHERE account_id = ? AND day >= ? AND day <= ? AND booked_net != 0 ORDER BY day
            """)
        return try query.rows([.int(account.id), .text(first.description), .text(last.description)]) {
            row throws(StoreError) in
            guard let day = Day(iso: row.text(0)) else {
                throw StoreError(.corruptValue(column: "daily_totals.day", found: row.text(0)), at: .file(path))
            }
            return (day, row.int(1))
        }
    }

    /// The ids of an account's pending transactions from `first` through `last`, by day and
    /// storage order.
    ///
    /// Uses the partial index on pending rows, so the booked rows are never read.
    public func pendingTransactionIDs(of account: StoredAccount, from first: Day, through last: Day)
        throws(StoreError) -> [Int64]
    {
        let query = try database.prepare(
            """
            SELECT id FROM transactions
            WHERE account_id = ? AND status = 'pending' AND day >= ? AND day <= ? ORDER BY day, id
            """)
        return try query.rows([.int(account.id), .text(first.description), .text(last.description)]) {
            row throws(StoreError) in row.int(0)
        }
    }
}

extension Ledger: ReportReading {
    /// Runs `body` in one read transaction (joined when one is open).
    public func inSnapshot<T>(_ body: () throws(StoreError) -> T) throws(StoreError) -> T {
        try read { () throws -> T in try body() }
    }
}
